#pragma once

// A read glTF model (gltf_reader.h) → GfxObj geometry (docs/modding.md#importing-models-gltf):
// glTF's +Y-up axes back to AC's +Z-up (the inverse of export/gltf_axes.h), one vertex per glTF
// vertex with its UV as stored (both use Direct3D's v-down convention), one triangle polygon per
// glTF triangle for drawing and for physics, a one-node drawing BSP and a physics BSP from our
// builder (datreader/authoring/bsp_builder.h).

#include "datreader/records/gfx_obj.h"
#include "modding/gltf_reader.h"

#include <cstdint>
#include <vector>

namespace portalkit::modding {

struct GltfGfxObj {
    dat::GfxObj gfxObj; // surfaces: placeholders, 0 each; importGltf fills in the real ids
    // The glTF material behind each entry of gfxObj.surfaces (-1 = glTF's default material).
    std::vector<int> materials;
    std::size_t degenerateTriangles = 0; // drawn, but left out of the physics polygons
};

// `physics` false gives a drawing-only GfxObj. Throws dat::DatError when the model has no
// triangle with area (nothing to draw or collide with).
GltfGfxObj gfxObjFromGltf(const GltfModel& model, std::uint32_t id, bool physics);

} // namespace portalkit::modding
