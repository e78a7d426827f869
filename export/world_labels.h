#pragma once

// What each drawn part of a landblock or cell came from, for the glTF node names and extras
// (docs/export.md#the-world): "0x02000C01 @ static 3". world/scene keeps only each part's GfxObj
// and matrix, so the objects are listed again from the same records in the same order as
// world_builder places them; when that listing does not match the parts one for one (a record
// changed, or the builder's order did), there are no labels and the export names parts by GfxObj.

#include "world/scene/world_builder.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::exports {

struct PartLabel {
    std::uint32_t object = 0; // the GfxObj or Setup placed
    QString placed;           // "static", "building", "scenery" or "cell 0x01D90102 static"
    int index = 0;            // which of those in the record (LandBlockInfo, EnvCell, scenery)
    int part = 0;             // the part of a Setup; 0 for a GfxObj
    int parts = 1;            // how many parts the object has
    std::uint32_t gfxObj = 0; // the part's GfxObj, to check against the WorldPart

    // "0x02000C01 @ static 3", with " part 1" when the object has several parts.
    QString name() const;
};

// One label per block.parts entry, in order; empty when the records do not match them.
std::vector<PartLabel> blockPartLabels(const world::WorldSources& sources,
                                       const world::WorldBlock& block);
// One label per cell.statics entry, in order; empty when the EnvCell does not match them.
std::vector<PartLabel> cellPartLabels(const world::WorldSources& sources,
                                      const world::WorldCell& cell);

} // namespace portalkit::exports
