#pragma once

// A glTF 2.0 reader for the model import (docs/modding.md#importing-models-gltf): .gltf (buffers
// in .bin files beside it or in data: URIs) and .glb. It reads what a GfxObj can hold: the
// triangles of every mesh the default scene draws, flattened through the nodes' transforms,
// with POSITION, NORMAL and TEXCOORD_0, and each material's base colour (factor and image).
// Every accessor and buffer view is checked against its buffer before a byte is read, and the
// vertex and index counts are capped, so a hostile file gives an error, not a crash or a huge
// allocation.

#include <QByteArray>
#include <QImage>
#include <QString>
#include <array>
#include <cstdint>
#include <vector>

namespace portalkit::modding {

struct GltfVertex {
    std::array<float, 3> position{}; // glTF space (+Y up), node transforms applied
    std::array<float, 3> normal{};   // unit, or all 0 when the primitive has none
    std::array<float, 2> uv{};       // TEXCOORD_0 as stored (0, 0 when absent)
};

// One primitive as drawn: its own vertices and triangles (three indices each, in range).
struct GltfPrimitive {
    int material = -1; // index into GltfModel::materials, -1 = glTF's default material
    std::vector<GltfVertex> vertices;
    std::vector<std::uint32_t> indices;
};

struct GltfMaterial {
    QString name;
    std::array<float, 4> baseColor{1, 1, 1, 1}; // linear RGBA, baseColorFactor
    QImage image;                               // baseColorTexture's image; null when none
    bool blend = false;                         // alphaMode BLEND
    bool mask = false;                          // alphaMode MASK
    bool doubleSided = false;
};

struct GltfModel {
    std::vector<GltfPrimitive> primitives;
    std::vector<GltfMaterial> materials;
};

// Limits that bound what a file can make us allocate; a GfxObj stores vertex ids as i16, so
// more vertices could not be imported anyway.
constexpr std::size_t kMaxGltfVertices = 32767;
constexpr std::size_t kMaxGltfTriangles = 65535;

// Reads `file` (.glb when it starts with the GLB magic, else JSON). Throws dat::DatError whose
// field is the JSON path ("meshes[0].primitives[1].indices") and whose context names the file.
GltfModel readGltfFile(const QString& file);
// The same over bytes in memory; relative URIs resolve against `baseDir`, and are refused when
// it is empty (the fuzz target reads .glb bytes only).
GltfModel readGltf(const QByteArray& bytes, const QString& name, const QString& baseDir);

} // namespace portalkit::modding
