#pragma once

// What the retail transition knows of the mover (docs/physics.md#the-retail-transition):
// CPhysicsObj::get_object_info and OBJECTINFO::init (R52), the step heights a part array reports
// and the heights and walkable limits step up, the transitional step-down and the walkable probe
// choose from them (R51). Pure functions; the sweep that uses them is still to come (issue 23).

#include "preview/physics/transition_types.h"

#include <cstdint>

namespace portalkit::preview {

// The client's z_for_landing, sin 5°: the walkable limit of a mover not standing on a floor.
inline constexpr float kZForLanding = 0.0871557f;
// The step height a mover not on a walkable floor uses, up and down.
inline constexpr float kDefaultStepHeight = 0.039999999f;
// What a part array without a Setup reports as its step heights.
inline constexpr float kNoSetupStepHeight = 0.0099999998f;

// The physics object as get_object_info and OBJECTINFO::init read it.
struct MoverDescription {
    std::uint32_t physicsState = 0; // Ethereal 0x4, Missile 0x40, EdgeSlide 0x400000
    std::uint32_t transient = 0;    // Contact 0x1, OnWalkable 0x2
    bool contactPlaneFound = true;  // check_contact(1): the contact plane is still there
    bool adminMove = false;
    bool freeHeading = false; // the part array allows a free heading
    float scale = 1;
    enum class Parts { None, WithoutSetup, WithSetup } parts = Parts::WithSetup;
    float setupStepUpHeight = 0; // the Setup's values
    float setupStepDownHeight = 0;
    float partScaleZ = 1; // the part array's scale.z
    // The weenie's answers (IsImpenetrable, IsPlayer, IsPK, IsPKLite).
    bool impenetrable = false, player = false, pk = false, pkLite = false;
};

// CPartArray::GetStepUpHeight / GetStepDownHeight: the Setup's value × the part array's
// scale.z, 0.0099999998 without a Setup, 0 without a part array.
float partArrayStepUpHeight(const MoverDescription& mover);
float partArrayStepDownHeight(const MoverDescription& mover);

// get_object_info then OBJECTINFO::init. A Missile paths clipped (never perfectly, R39) and does
// not step down; contact bits count only while the contact plane is still found.
ObjectInfo makeObjectInfo(const MoverDescription& mover);

// A step's height and the walkable limit it lands with.
struct StepChoice {
    float height = 0;
    float walkableZ = 0;
    int tries = 1; // the transitional step-down may try half the height twice
};

// step_up: the Setup's step-up height and FloorZ on a walkable floor, else 0.04 and
// z_for_landing.
StepChoice stepUpChoice(const ObjectInfo& info);
// transitional_insert's step-down after losing the contact plane: like step_up's choice with the
// step-down height; a single sphere with 2r0 below the height steps r0/2; a height still above
// 2r0 is tried as two halves.
StepChoice transitionalStepDownChoice(const ObjectInfo& info, int numSphere, float radius0);
// check_walkable's probe depth: the step-down height, clamped to r0/2 for a single sphere with
// 2r0 below it, halved if still above 2r0.
float walkableProbeHeight(const ObjectInfo& info, int numSphere, float radius0);

} // namespace portalkit::preview
