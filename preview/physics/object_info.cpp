#include "preview/physics/object_info.h"

#include "preview/core/physics_state.h"
#include "preview/physics/body.h"

namespace portalkit::preview {

namespace {

namespace oi = object_info;

float partArrayHeight(const MoverDescription& mover, float setupHeight) {
    switch (mover.parts) {
    case MoverDescription::Parts::None:
        return 0;
    case MoverDescription::Parts::WithoutSetup:
        return kNoSetupStepHeight;
    case MoverDescription::Parts::WithSetup:
        break;
    }
    return setupHeight * mover.partScaleZ;
}

// get_object_info: the bits the mover's state and contact give.
std::uint32_t objectInfoState(const MoverDescription& mover) {
    std::uint32_t state = 0;
    if (mover.physicsState & state::EdgeSlide)
        state |= oi::kEdgeSlide;
    if (!mover.adminMove && (mover.transient & transient::Contact) && mover.contactPlaneFound) {
        state |= oi::kContact;
        if (mover.transient & transient::OnWalkable)
            state |= oi::kOnWalkable;
    }
    if (mover.freeHeading)
        state |= oi::kFreeRotate;
    if (mover.physicsState & state::Missile)
        state |= oi::kPathClipped; // never PerfectClip (R39)
    return state;
}

} // namespace

float partArrayStepUpHeight(const MoverDescription& mover) {
    return partArrayHeight(mover, mover.setupStepUpHeight);
}

float partArrayStepDownHeight(const MoverDescription& mover) {
    return partArrayHeight(mover, mover.setupStepDownHeight);
}

ObjectInfo makeObjectInfo(const MoverDescription& mover) {
    ObjectInfo info;
    info.state = objectInfoState(mover);
    info.scale = mover.scale;
    info.stepUpHeight = partArrayStepUpHeight(mover);
    info.stepDownHeight = partArrayStepDownHeight(mover);
    info.ethereal = (mover.physicsState & state::Ethereal) != 0;
    info.missile = (mover.physicsState & state::Missile) != 0;
    info.stepDown = !info.missile;
    if (mover.impenetrable)
        info.state |= oi::kIsImpenetrable;
    if (mover.player)
        info.state |= oi::kIsPlayer;
    if (mover.pk)
        info.state |= oi::kIsPK;
    if (mover.pkLite)
        info.state |= oi::kIsPKLite;
    return info;
}

StepChoice stepUpChoice(const ObjectInfo& info) {
    if (info.has(oi::kOnWalkable))
        return {info.stepUpHeight, kFloorZ, 1};
    return {kDefaultStepHeight, kZForLanding, 1};
}

StepChoice transitionalStepDownChoice(const ObjectInfo& info, int numSphere, float radius0) {
    StepChoice choice{kDefaultStepHeight, kZForLanding, 1};
    if (info.has(oi::kOnWalkable))
        choice = {info.stepDownHeight, kFloorZ, 1};
    if (numSphere < 2 && 2 * radius0 < choice.height)
        choice.height = 0.5f * radius0;
    if (2 * radius0 < choice.height) { // still above: two halves
        choice.height *= 0.5f;
        choice.tries = 2;
    }
    return choice;
}

float walkableProbeHeight(const ObjectInfo& info, int numSphere, float radius0) {
    float h = info.stepDownHeight;
    if (numSphere < 2 && h > 2 * radius0)
        h = 0.5f * radius0;
    if (h > 2 * radius0)
        h *= 0.5f;
    return h;
}

} // namespace portalkit::preview
