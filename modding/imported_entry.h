#pragma once

// What every importer hands the patcher: DAT entries as the encoder wrote them, each with the
// id it goes to (docs/modding.md).

#include "datreader/container/dat_kind.h"

#include <QString>
#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::modding {

struct ImportedEntry {
    std::uint32_t id = 0;
    std::vector<std::uint8_t> bytes; // the record as its encoder writes it
    QString what;                    // for people: "RenderSurface 256×256 DXT1, 9 levels"
};

// Throws dat::DatError (field "--as") unless `id` is a `type` id in a DAT of `kind`: an import
// must not put a texture where the client will look for a sound.
void requireType(dat::DatKind kind, std::uint32_t id, std::string_view type);

} // namespace portalkit::modding
