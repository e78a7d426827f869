#pragma once

// A glTF 2.0 model (.gltf or .glb) → a GfxObj with its Surfaces, SurfaceTextures and
// RenderSurfaces (docs/modding.md#importing-models-gltf). The meshes are flattened through
// their nodes' transforms into one vertex list; every triangle becomes a drawing polygon and a
// physics polygon; the physics BSP comes from our builder (docs/formats.md#bsp-trees).

#include "modding/gltf_reader.h"
#include "modding/imported_entry.h"

#include <QString>
#include <cstdint>
#include <set>
#include <vector>

namespace portalkit::modding {

struct GltfImportOptions {
    // Where the records the GfxObj needs go. 0 = derived from the GfxObj id's low 16 bits
    // (GfxObj ids are 0x0100XXXX): Surfaces from 0x0800XXXX, SurfaceTextures from 0x0500XXXX,
    // RenderSurfaces (one per mip level, consecutive) from 0x0600XXXX, each further one the next
    // free id up. An id found in `usedIds` is skipped (the next
    // free one is taken) unless `overwrite` is set, so an import never replaces an existing
    // entry by accident.
    std::uint32_t firstSurfaceId = 0;        // 0x08…
    std::uint32_t firstSurfaceTextureId = 0; // 0x05…
    std::uint32_t firstRenderSurfaceId = 0;  // 0x06…
    std::set<std::uint32_t> usedIds;         // the target DAT's ids (entries already there)
    bool overwrite = false;
    // Textures wider or taller than this are scaled down (AC's textures are at most 2048).
    int maxTextureSize = 1024;
    // Build physics polygons and a physics BSP (the GfxObj collides); off = drawing only.
    bool physics = true;
};

// Returns the GfxObj first (id `gfxObjId`), then its Surfaces, SurfaceTextures and
// RenderSurfaces, each encoded. Throws dat::DatError naming the file and the JSON path (or
// byte offset) of what is wrong; never reads outside the file's buffers.
std::vector<ImportedEntry> importGltf(const QString& file, std::uint32_t gfxObjId,
                                      const GltfImportOptions& options = {});
// The same for a model already read (readGltf); `source` names it in errors.
std::vector<ImportedEntry> importGltfModel(const GltfModel& model, std::uint32_t gfxObjId,
                                           const GltfImportOptions& options, const QString& source);

} // namespace portalkit::modding
