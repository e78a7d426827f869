#pragma once

// One physics quantum of an owner: the body integrated to a candidate frame with the animation's
// root motion, swept through the scene's world and the other owners, and what it did published as
// `physics` and `collision`.

#include "preview/scene/scene_context.h"

namespace portalkit::preview {

// Without a world there is no transition: the candidate commits unswept and contact stays as
// created, which keeps an effects preview standing where it was put.
void stepOwnerBody(SceneContext& scene, Owner& owner, const Frame& rootMotion, double quantum);

} // namespace portalkit::preview
