#pragma once

// GfxObj and Setup → glTF 2.0 (docs/export.md): one mesh per GfxObj with a primitive per Surface
// and side, materials with their textures embedded as PNG, the Setup's parts as a node
// hierarchy (parent indices, Default placement), optionally a motion baked into an animation
// and the Setup's spheres as empty nodes. Coordinates are converted to glTF's +Y up
// (gltf_axes.h). `portalkit export` and the studio's File → Export call the same two functions.

#include "export/gltf_writer.h"
#include "export/motion_bake.h"
#include "preview/appearance/obj_desc.h"
#include "preview/core/assets.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace portalkit::exports {

enum class Interpolation {
    Linear, // smooth between the animation's frames (what Blender and engines expect)
    Step,   // each frame held until the next, exactly as the client shows it
};

struct ModelExportOptions {
    Container container = Container::Glb; // exportModelToFile takes it from the suffix
    std::optional<MotionRequest> motion;  // Setups only: bake this motion as an animation
    Interpolation interpolation = Interpolation::Linear;
    // Setups only: collision spheres, cylinder spheres, the selection and sorting spheres as
    // empty nodes (translation = centre, scale = radius; cylinders scale (r, height, r)).
    bool spheres = false;
    // Setups only: dress the model (docs/appearance.md): the parts swapped, and the surfaces
    // whose texture is swapped or recoloured get their own materials and images.
    std::optional<preview::appearance::ObjDesc> objDesc;
};

struct ModelExport {
    QByteArray bytes;     // the whole .glb or .gltf file
    QStringList warnings; // what was exported with a stand-in: a missing texture, bad polygons
};

// Options that do not apply to the record, or a file that cannot be written.
class ExportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// GfxObj (0x01…) and Setup (0x02…) export; anything else does not.
bool isModelId(std::uint32_t id);

// `assets` caches what it decodes and is not thread-safe: export on the thread that uses it, or
// give a worker its own Assets over the same DatFile.
// Throws dat::DatError naming the DID and field when the record or a part it needs cannot be
// read (a Setup naming a missing GfxObj names both), or the motion does not resolve; and
// ExportError when the id is not a GfxObj or Setup, or options do not apply to it.
ModelExport exportModel(const preview::Assets& assets, std::uint32_t id,
                        const ModelExportOptions& options);

// exportModel, then the bytes written atomically to `path`; the container follows the suffix
// (.glb or .gltf, any case) whatever options.container says. Returns the warnings. Throws as
// exportModel, and ExportError for another suffix or a failed write.
QStringList exportModelToFile(const preview::Assets& assets, std::uint32_t id, const QString& path,
                              ModelExportOptions options);

} // namespace portalkit::exports
