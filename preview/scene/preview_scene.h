#pragma once

// The effect runtime: owners, their effects, and one explicit clock (docs/architecture.md). Every
// step publishes what happened on events(); nothing reads the wall clock, and one seed gives one
// history. This class is the registry, the clock and the tick order; how an owner is set up,
// changes state, plays effects, runs hooks and moves lives in the rooms beside it (owner_setup,
// owner_state, effect_playback, hook_interpreter, appearance, owner_animation, owner_physics).

#include "preview/scene/scene_context.h"
#include "preview/scene/snapshot.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace portalkit::preview {

// An effect packet as the server sends it: F754 names the script, F755 a type and intensity
// resolved through the target's table when it plays (R7).
struct DirectEffect {
    std::uint32_t script = 0;
};
struct TypedEffect {
    std::uint32_t type = 0;
    float intensity = 0;
};
using Effect = std::variant<DirectEffect, TypedEffect>;

class PreviewScene {
  public:
    PreviewScene(std::shared_ptr<const Assets> assets, std::uint32_t seed);
    ~PreviewScene();

    Events& events() { return m_scene.events; }
    const Assets& assets() const { return m_scene.assets; }
    double now() const { return m_scene.now; }

    // InitDefaults then set_description (docs/retail-behaviour.md#r10): the Setup's default
    // script plays, its tables install unless the description names others, then the
    // description's state applies with its side effects. Returns the owner's local id, or 0 when
    // the Setup is missing (logged). Effects queued for the description's guid play now, in
    // arrival order (R6).
    std::uint32_t createOwner(const OwnerDesc& desc);
    // An owner of no Setup standing at `frame`: no parts, tables or default script, only the
    // effects given to it (docs/preview.md#assets-alone). What plays an emitter on its own. It
    // has no shape, so it stays put (R40), unless `movable`: then it is a point without
    // friction that setVelocity moves.
    std::uint32_t createBareOwner(const Frame& frame = {}, bool movable = false);
    // CreateParticle as the hook runs it: `emitterInfo` at the owner's part (-1: the root) and
    // `offset`, under an anonymous logical id. Returns that id, or 0 when nothing was created
    // (no such owner, or the info is missing: logged as the hook's would be).
    std::uint32_t createEmitter(std::uint32_t owner, std::uint32_t emitterInfo,
                                std::int32_t part = -1, const Frame& offset = {});
    // Replaces the owner's sequence with `animation` looping at `framerate` frames a second, as
    // InitDefaults plays a Setup's default animation. False when there is no such owner or the
    // Animation is missing; the sequence is then left as it was.
    bool playAnimation(std::uint32_t owner, std::uint32_t animation, float framerate = 30.0f);
    void removeOwner(std::uint32_t id);
    Owner* owner(std::uint32_t id) { return m_scene.owner(id); }
    const Owner* owner(std::uint32_t id) const { return m_scene.owner(id); }
    std::vector<std::uint32_t> ownerIds() const;
    // Holds `child` at the parent's part (-1 = root) through `holding`, as a wielded item.
    bool attach(std::uint32_t child, std::uint32_t parent, std::int32_t part, const Frame& holding);

    // play_script(DID): straight onto the owner's FIFO, never through a table.
    bool playScript(std::uint32_t owner, std::uint32_t script);
    // play_script(type, intensity): through the owner's current table, now.
    bool playTyped(std::uint32_t owner, std::uint32_t type, float intensity);
    // An effect packet for a server guid: played at once when that object exists, else kept
    // (whole, in order) until an owner with that guid is created (R6).
    void deliver(std::uint32_t guid, const Effect& effect);
    std::size_t pendingFor(std::uint32_t guid) const;

    // A motion command through the owner's MotionTable (GetObjectSequence).
    bool performMotion(std::uint32_t owner, std::uint32_t motion, float speed = 1.0f);
    // set_state with side effects: NoDraw, then Hidden (R12–R15), and Lighting.
    void setState(std::uint32_t owner, std::uint32_t state);

    // The ground, walls and target spheres bodies collide with. Without a world there is no
    // transition: frames commit unswept and contact stays as created, which keeps an effects
    // preview standing where it was put. Other owners collide through their Setup spheres.
    void setWorld(PreviewWorld world) { m_scene.world = std::move(world); }
    const std::optional<PreviewWorld>& world() const { return m_scene.world; }
    // set_velocity and the angular velocity (world axes), as VectorUpdate installs them.
    void setVelocity(std::uint32_t owner, Vec3 velocity, Vec3 omega);
    // Places the root where a Position message says, keeping velocity (docs/wire.md).
    void setFrame(std::uint32_t owner, const Frame& frame);
    // Moves the clock forward and, once 1/30 s has passed since the last object pass (R35), runs
    // every owner's tick(s) in the R47 order; then publishes a `particles` sample.
    void advance(double dt);

    // What to draw now: parts not hidden by Hidden, NoDraw or full translucency, every live
    // particle (particles of a hidden owner keep drawing: Hidden never destroys, R15), lights.
    FrameSnapshot snapshot() const;

    // The global UV scroll registry of TextureVelocity hooks (docs/preview.md#hooks).
    using TextureScroll = preview::TextureScroll;
    const std::map<std::uint32_t, TextureScroll>& textureScrolls() const { return m_scene.scrolls; }

  private:
    void updateObject(Owner& owner);
    void updateObjectInternal(Owner& owner, double quantum);
    void updateChildren(Owner& owner);
    void runScripts(Owner& owner);
    void stepParticles(Owner& owner);
    void scrollTextures(double dt);
    void publishParticleSample();

    SceneContext m_scene;
    std::uint32_t m_nextOwnerId = 1;
    double m_lastPass = 0; // CPhysics::UseTime's last object pass
    std::map<std::uint32_t, std::vector<Effect>> m_pendingEffects;
};

} // namespace portalkit::preview
