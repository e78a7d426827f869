#pragma once

// The world → one glTF 2.0 scene (docs/export.md#the-world): `portalkit export --landblock` and
// `--dungeon`. Per landblock its terrain mesh with the block's texture atlas embedded, every
// static, building and scenery part as a node, its EnvCells with their statics; for a dungeon the
// landblock's EnvCells alone. A GfxObj is one mesh however many nodes place it (instancing), built
// by the model export's own code (gfx_obj_meshes.h), in the same +Y-up axes (gltf_axes.h).
// The blocks come from world/scene (world_builder.h, cell_builder.h), as the renderer draws them.

#include "export/model_export.h"
#include "world/scene/world_builder.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::exports {

struct WorldRequest {
    enum class Kind {
        Landblock, // terrain, statics, buildings, scenery and EnvCells of `radius` rings of blocks
        Dungeon,   // the EnvCells of one landblock, no terrain
    };
    Kind kind = Kind::Landblock;
    std::uint32_t block = 0; // 0xXXYYFFFF
    int radius = 0;          // Landblock only: rings of neighbours, 0..kMaxWorldRadius
};

inline constexpr int kMaxWorldRadius = 8;

// The landblock an id names: a short 0xXXYY, or any 0xXXYYnnnn (landblock, LandBlockInfo,
// outdoor cell or EnvCell); nothing when X or Y is off the world (0xFF).
std::optional<std::uint32_t> landblockFromId(std::uint32_t id);

// What a request builds, for exportWorld and for tests to count.
struct WorldContent {
    std::uint32_t origin = 0;              // the block whose south-west corner is glTF's origin
    std::vector<world::WorldBlock> blocks; // Landblock: those the cell DAT holds
    std::vector<world::WorldCell> cells;   // Dungeon: the block's EnvCells
    QStringList notes;                     // neighbours the cell DAT does not hold
};

// Throws ExportError when the request cannot be met: a DAT not given, the Region missing
// (landblocks), the landblock not in the cell DAT, a dungeon without EnvCells, a radius out of
// range.
WorldContent buildWorld(const world::WorldSources& sources, const WorldRequest& request);

// The glTF of built content. `sources` names the records again for the node names (what each
// part was placed as). Never throws on bad data: stand-ins and warnings, as the model export;
// ExportError only without a portal DAT.
ModelExport exportWorld(const world::WorldSources& sources, const WorldContent& content,
                        Container container);

// Opens the Region from `portal`, buildWorld, exportWorld, and writes the file atomically; the
// container follows the suffix (.glb or .gltf). Returns the warnings and notes. Throws
// ExportError as buildWorld, for another suffix or a failed write.
QStringList exportWorldToFile(const preview::Assets& portal, const preview::Assets& cells,
                              const WorldRequest& request, const QString& path);

} // namespace portalkit::exports
