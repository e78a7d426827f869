#pragma once

// One simulated object (CPhysicsObj as far as effects need it): its Setup's parts, where they
// are, its state bits and tables, and the managers that run its effects.

#include "datreader/records/setup.h"
#include "preview/anim/motion_table_manager.h"
#include "preview/anim/sequencer.h"
#include "preview/core/math.h"
#include "preview/core/physics_state.h"
#include "preview/effects/particle_manager.h"
#include "preview/effects/script_manager.h"
#include "preview/effects/timed_hooks.h"
#include "preview/physics/body.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::preview {

namespace appearance {
struct ObjDesc;
struct Appearance;
} // namespace appearance

// What a caller knows when an object appears: the network's PhysicsDesc as far as effects go.
// Tables left unset come from the Setup; `scriptTable` set (even to 0) replaces the Setup's (R8).
struct OwnerDesc {
    std::uint32_t setup = 0;
    std::optional<std::uint32_t> guid; // the server's id, for effects sent before it appeared
    Frame frame;
    float scale = 1;
    std::uint32_t state = state::kDefault;
    std::optional<std::uint32_t> motionTable;
    std::optional<std::uint32_t> soundTable;
    std::optional<std::uint32_t> scriptTable;
    std::uint32_t defaultScriptType = 0;
    float defaultScriptIntensity = 0;
    float translucency = 0;
    // Only without a world: starts with Contact and OnWalkable, standing on the ground, so root
    // motion applies and gravity does not (docs/retail-behaviour.md#root-motion, R37). With a
    // world the scene places the object and takes contact from what it finds there.
    bool grounded = true;
    // The object has a position, so it is in a cell: unplaced, its effects are dropped (R6)
    // and update_object skips it.
    bool placed = true;
    Vec3 velocity;                   // set_velocity
    Vec3 omega;                      // world axes
    std::optional<float> friction;   // absent: the constructor's 0.95
    std::optional<float> elasticity; // absent: the constructor's 0.05
    bool creature = false;           // what missile_ignore asks of a target (R44)
    std::uint32_t targetId = 0;      // a missile's designated target (guid); 0: none
    bool player = false; // a player's weenie: EnvCells' entry restrictions apply to it (R53)
    // The CreateObject's ModelData (or the caller's appearance); null: the Setup's own look.
    std::shared_ptr<const appearance::ObjDesc> objDesc;
};

struct OwnerPart {
    std::uint32_t gfxObj = 0;
    Frame world;
    Vec3 gfxScale{1, 1, 1}; // Setup default scale × object scale
    float translucency = 0;
    float luminosity = 0;
    float diffuse = 1;
    bool noDraw = false;
};

struct OwnerLight {
    dat::LightInfo info;
    std::int32_t type = 0; // 0 point, 1 distant, 2 spot (docs/retail-behaviour.md#light-records)
    Frame world;
};

struct Owner {
    Owner(std::uint32_t id, const Assets& assets, Ran2& rng, const Events& events)
        : id(id), sequencer(assets), scripts(id, events), particles(id, assets, rng, events) {}

    std::uint32_t id;
    std::optional<std::uint32_t> guid;
    std::uint32_t setupId = 0;
    const dat::Setup* setup = nullptr;

    // The root frame, velocity, omega, contact and collision spheres. The owner's `state` is
    // the authority for the state bits; each tick hands them to the body.
    PhysicsBody body;
    const Frame& root() const { return body.frame; }
    float scale = 1;
    std::uint32_t state = state::kDefault;
    float translucency = 0;
    float originalTranslucency = 0;

    std::uint32_t motionTable = 0;
    std::uint32_t soundTable = 0;
    std::uint32_t scriptTable = 0;
    std::uint32_t defaultScriptType = 0;
    float defaultScriptIntensity = 0;

    std::vector<OwnerPart> parts;
    // The ObjDesc applied to the Setup (docs/appearance.md); null when it has none.
    std::shared_ptr<const appearance::Appearance> appearance;
    std::vector<OwnerLight> lights; // live while Lighting is set

    Sequencer sequencer;
    std::optional<MotionTableManager> motion;
    std::vector<FiredHook> pendingAnimHooks;
    std::uint32_t shownAnimation = 0;
    std::int32_t shownFrame = -1;

    ScriptManager scripts;
    TimedHooks timedHooks;
    ParticleManager particles;

    // Attachment: a child follows its parent's part (or root) through `holding`.
    std::uint32_t parent = 0;
    std::int32_t parentPart = -1;
    Frame holding;
    std::vector<std::uint32_t> children;

    bool inCell = true;     // placed in the world; false: no effects, no update (R6)
    double updateTime = 0;  // update_object's last time
    double physicsTime = 0; // PhysicsTimer while this owner steps

    std::vector<Frame> partWorldFrames() const;
    OwnerPose pose() const { return OwnerPose{body.frame, m_poseFrames}; }
    void refreshPoseFrames() { m_poseFrames = partWorldFrames(); }

  private:
    std::vector<Frame> m_poseFrames;
};

} // namespace portalkit::preview
