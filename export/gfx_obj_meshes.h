#pragma once

// GfxObj → glTF mesh, Surface → material, texture → embedded PNG (docs/export.md): the part of
// the model export that the world export reuses, so a GfxObj looks the same in both. Each is
// added to the document once and its index reused (instancing): a mesh per GfxObj with a
// primitive per Surface and side, a material per Surface, an image per (RenderSurface, Palette).
// A part an ObjDesc dresses (docs/appearance.md) gets its own mesh, materials and images for
// what the ObjDesc changes; undressed parts share the plain ones.

#include "export/gltf_writer.h"
#include "export/surface_material.h"
#include "preview/core/assets.h"

#include <QStringList>
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

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

    // The mesh of GfxObj `id`, built on first use; -1 when it has no drawing polygons. With
    // `look` (the part's composed appearance, its surfaces in the GfxObj's order), the surfaces
    // it changes take its textures and palette.
    int gfxObj(std::uint32_t id, const dat::GfxObj& gfx,
               const preview::appearance::PartLook* look = nullptr);
    // The mesh of an EnvCell's geometry (cell_builder.h): a GfxObj whose id is the cell's, kept
    // apart from real GfxObjs because a cell id such as 0x01D90102 reads like a GfxObj id.
    int cell(std::uint32_t cellId, const dat::GfxObj& geometry);
    // The material of a Surface (the magenta stand-in when it cannot be read), as `swap`
    // changes it when given.
    int material(std::uint32_t surface, const preview::appearance::SurfaceSwap* swap = nullptr);

  private:
    // Per surface what a look changes: its texture (0: unchanged) and composed palette key.
    using LookKey = std::vector<std::pair<std::uint32_t, std::uint64_t>>;
    static LookKey lookKey(const preview::appearance::PartLook* look);

    int build(const QString& label, const char* extrasKey, std::uint32_t id, const dat::GfxObj& gfx,
              const preview::appearance::PartLook* look);
    int texture(const SurfaceMaterial& material);

    const preview::Assets& m_assets;
    GltfDocument& m_doc;
    QStringList& m_warnings;
    std::map<std::pair<std::uint32_t, LookKey>, int> m_meshes; // (GfxObj, look) → mesh, -1 = none
    std::map<std::uint32_t, int> m_cellMeshes;                 // EnvCell → mesh
    // (Surface, texture swapped in or 0, composed palette key or 0) → material
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>, int> m_materials;
    // (mip, palette record, composed palette key) → texture
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>, int> m_textures;
    int m_sampler = -1;
};

} // namespace portalkit::exports
