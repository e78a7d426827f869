#pragma once

// How an owner comes to be: CPhysicsObj's constructor state, InitDefaults from its Setup, then
// set_description from what the network (or the caller) says of it (docs/retail-behaviour.md#r8,
// #r10, #r14).

#include "datreader/records/setup.h"
#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// Creates owner `id` from `setup` and `desc`, registers it in the scene and runs its creation in
// the client's order: `owner_created`, the Setup's default script and tables, the description's
// tables, the first pose, then the description's state through set_state.
Owner& setUpOwner(SceneContext& scene, std::uint32_t id, const dat::Setup& setup,
                  const OwnerDesc& desc);

} // namespace portalkit::preview
