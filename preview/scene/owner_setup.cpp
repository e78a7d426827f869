#include "preview/scene/owner_setup.h"

#include "datreader/records/motion_table.h"
#include "datreader/records/setup.h"
#include "preview/appearance/compose.h"
#include "preview/scene/effect_playback.h"
#include "preview/scene/owner_animation.h"
#include "preview/scene/owner_physics.h"
#include "preview/scene/owner_state.h"

namespace portalkit::preview {

namespace {

void initBody(Owner& owner, const dat::Setup& setup, const OwnerDesc& desc) {
    PhysicsBody& body = owner.body;
    body.id = desc.guid.value_or(owner.id);
    body.frame = desc.frame;
    body.scale = desc.scale;
    body.setShape(setup, desc.scale);
    body.transientState = desc.grounded ? transient::Contact | transient::OnWalkable : 0;
    if (desc.friction)
        body.setFriction(*desc.friction);
    if (desc.elasticity)
        body.setElasticity(*desc.elasticity);
    body.creature = desc.creature;
    body.targetId = desc.targetId;
    body.player = desc.player;
}

void initParts(Owner& owner, const dat::Setup& setup) {
    owner.parts.resize(setup.parts.size());
    for (std::size_t i = 0; i < setup.parts.size(); ++i) {
        OwnerPart& part = owner.parts[i];
        part.gfxObj = setup.parts[i];
        part.world = owner.body.frame;
        const Vec3 base =
            i < setup.defaultScales.size() ? Vec3(setup.defaultScales[i]) : Vec3{1, 1, 1};
        part.gfxScale = base * owner.scale;
    }
    for (const auto& [key, frame] : setup.placementFrames)
        if (key == 0)
            owner.sequencer.setPlacementFrame(&frame);
}

// The ObjDesc's changes (CPartArray::DoObjDescChanges): the parts it swaps draw their new
// GfxObj; the surfaces' textures and palettes travel to the renderer in the snapshot.
void applyObjDesc(SceneContext& scene, Owner& owner, const dat::Setup& setup,
                  const OwnerDesc& desc) {
    if (!desc.objDesc || desc.objDesc->empty())
        return;
    auto composed = std::make_shared<appearance::Appearance>(
        appearance::compose(scene.assets, setup.parts, *desc.objDesc));
    for (std::size_t i = 0; i < owner.parts.size() && i < composed->parts.size(); ++i)
        owner.parts[i].gfxObj = composed->parts[i]->gfxObj;
    owner.appearance = std::move(composed);
}

// InitDefaults (R10): the Setup's direct script and its tables.
void initDefaults(SceneContext& scene, Owner& owner, const dat::Setup& setup) {
    if (setup.defaultScript)
        playScript(scene, owner, setup.defaultScript);
    owner.motionTable = setup.defaultMotionTable;
    owner.soundTable = setup.defaultSoundTable;
    owner.scriptTable = setup.defaultScriptTable;
    if (setup.defaultAnimation) {
        owner.sequencer.clear();
        owner.sequencer.appendAnimation(dat::AnimData{setup.defaultAnimation, 0, -1, 30.0f});
    }
}

// set_description: what the description names replaces the Setup's; a description's PeTable
// replaces it even when zero (R8).
void applyDescription(SceneContext& scene, Owner& owner, const OwnerDesc& desc) {
    if (desc.motionTable && *desc.motionTable)
        owner.motionTable = *desc.motionTable;
    if (desc.soundTable)
        owner.soundTable = *desc.soundTable;
    if (desc.scriptTable)
        owner.scriptTable = *desc.scriptTable;
    owner.defaultScriptType = desc.defaultScriptType;
    owner.defaultScriptIntensity = desc.defaultScriptIntensity;
    if (!owner.motionTable)
        return;
    owner.motion.emplace(scene.assets, owner.motionTable);
    if (owner.motion->table()) {
        owner.motion->initializeState(owner.sequencer);
        return;
    }
    owner.motion.reset();
    if (scene.events.active())
        scene.publish(owner, MotionTableMissing{
                                 owner.motionTable,
                                 scene.assets.whyMissing<dat::MotionTable>(owner.motionTable)});
}

// The constructor's state, then the description's through set_state: only real changes have
// side effects, so a visible create makes no UnHide (R14). Lights that the starting state
// already has switched on are created here (the preview's InitPartArrayObject).
void applyStartingState(SceneContext& scene, Owner& owner, const OwnerDesc& desc) {
    owner.state = state::kDefault;
    changeState(scene, owner, desc.state, StateCause::Create);
    if ((owner.state & state::Lighting) && owner.lights.empty() && !owner.setup->lights.empty())
        setLights(scene, owner, true);
}

} // namespace

Owner& setUpOwner(SceneContext& scene, std::uint32_t id, const dat::Setup& setup,
                  const OwnerDesc& desc) {
    auto created = std::make_unique<Owner>(id, scene.assets, scene.random, scene.events);
    Owner& owner = *created;
    scene.owners.emplace(id, std::move(created));

    owner.guid = desc.guid;
    owner.setupId = desc.setup;
    owner.setup = &setup;
    owner.scale = desc.scale;
    initBody(owner, setup, desc);
    // Placed in the world before anything is posed: contact from what it stands on.
    owner.inCell = desc.placed;
    if (owner.inCell)
        placeOwnerBody(scene, owner);
    owner.translucency = owner.originalTranslucency = desc.translucency;
    owner.updateTime = owner.physicsTime = scene.now;
    initParts(owner, setup);
    applyObjDesc(scene, owner, setup, desc);

    scene.publish(owner, OwnerCreated{desc.setup, desc.guid, desc.scale, desc.frame.origin});

    initDefaults(scene, owner, setup);
    applyDescription(scene, owner, desc);
    publishPose(scene, owner);
    applyStartingState(scene, owner, desc);
    owner.body.velocity = desc.velocity;
    owner.body.omega = desc.omega;
    return owner;
}

} // namespace portalkit::preview
