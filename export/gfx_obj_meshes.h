#pragma once

// GfxObj → glTF mesh, Surface → material, texture → embedded PNG (docs/export.md): the part of
// the model export that the world export reuses, so a GfxObj looks the same in both. Each is
// added to the document once and its index reused (instancing): a mesh per GfxObj with a
// primitive per Surface and side, a material per Surface, an image per (RenderSurface, Palette).

#include "export/gltf_writer.h"
#include "export/surface_material.h"
#include "preview/core/assets.h"

#include <QStringList>
#include <cstdint>
#include <map>
#include <utility>

namespace portalkit::dat {
struct GfxObj;
} // namespace portalkit::dat

namespace portalkit::exports {

class GfxObjMeshes {
  public:
    // Adds to `doc` and appends what was exported with a stand-in to `warnings`; both outlive
    // this. `assets` resolves Surfaces, textures and palettes.
    GfxObjMeshes(const preview::Assets& assets, GltfDocument& doc, QStringList& warnings)
        : m_assets(assets), m_doc(doc), m_warnings(warnings) {}

    // The mesh of GfxObj `id`, built on first use; -1 when it has no drawing polygons.
    int gfxObj(std::uint32_t id, const dat::GfxObj& gfx);
    // The mesh of an EnvCell's geometry (cell_builder.h): a GfxObj whose id is the cell's, kept
    // apart from real GfxObjs because a cell id such as 0x01D90102 reads like a GfxObj id.
    int cell(std::uint32_t cellId, const dat::GfxObj& geometry);
    // The material of a Surface (the magenta stand-in when it cannot be read).
    int material(std::uint32_t surface);

  private:
    int build(const QString& label, const char* extrasKey, std::uint32_t id,
              const dat::GfxObj& gfx);
    int texture(const SurfaceMaterial& material);

    const preview::Assets& m_assets;
    GltfDocument& m_doc;
    QStringList& m_warnings;
    std::map<std::uint32_t, int> m_meshes;     // GfxObj → mesh, -1 = nothing to draw
    std::map<std::uint32_t, int> m_cellMeshes; // EnvCell → mesh
    std::map<std::uint32_t, int> m_materials;  // Surface → material
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> m_textures; // (mip, palette) → texture
    int m_sampler = -1;
};

} // namespace portalkit::exports
