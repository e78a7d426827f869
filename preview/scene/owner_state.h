#pragma once

// An owner's PhysicsState and its side effects: set_state, set_hidden, NoDraw and the Setup's
// lights (docs/retail-behaviour.md#r12 to #r15).

#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// set_state: lights, then NoDraw before Hidden (R12). Publishes `state` on a real change, and
// always for the owner's creation.
void changeState(SceneContext& scene, Owner& owner, std::uint32_t next, StateCause cause);
void publishState(const SceneContext& scene, const Owner& owner, std::uint32_t before,
                  StateCause cause);
// set_hidden (R13): the typed Hidden/UnHide script, the children's NoDraw and the collision bits;
// Hidden never destroys scripts or particles (R15).
void setHidden(SceneContext& scene, Owner& owner, bool hidden);
void setNoDraw(Owner& owner, bool noDraw);
// Lighting on creates the Setup's lights at the root; off removes them. Publishes `light`.
void setLights(SceneContext& scene, Owner& owner, bool on);
// Lights follow the root, not animated parts (docs/preview.md#owners).
void refreshLights(Owner& owner);

} // namespace portalkit::preview
