#pragma once

// Which entry, in which open DAT, a value of a decoded record names: the Inspector's links
// (docs/studio-browser.md). Ids are looked up by what the field means, not by number alone,
// since a cell DAT's ids (0xXXYYnnnn) can have the number of any portal id: an EnvCell's
// environment 0x0D000123 is the portal DAT's Environment even when landblock 0x0D00 has a cell
// 0x0123.

#include "datreader/container/dat_file.h"

#include <QJsonValue>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::ui {

enum class LinkScope : std::uint8_t {
    Anywhere, // the record's own DAT first, then the lookup order (portal, highres, local, cell)
    NotCell,  // a cell record's reference to a model, surface, environment…: not the cell DAT
    CellOnly, // a cell id: only the cell DAT
};

struct RecordLink {
    std::uint32_t id = 0;
    LinkScope scope = LinkScope::Anywhere;
    bool operator==(const RecordLink&) const = default;
};

// The link the value at `path` (keys from the record's root: "portals", "0", "otherCellId") of
// record `recordId` of a `kind` DAT makes, if it can name an entry: an id in the JSON form's
// "0x%08X" spelling, and in cell records the 16-bit cell numbers (visible cells, portals' other
// cells, stab lists), which name EnvCells of the record's own landblock. Never the record itself.
std::optional<RecordLink> recordLink(dat::DatKind kind, std::uint32_t recordId,
                                     const QStringList& path, const QJsonValue& value);

// The DAT of `dats` (in lookup order) that `link`, found in a record of `shown`, opens; null when
// none that the scope allows holds the id.
std::shared_ptr<const dat::DatFile>
linkTarget(const std::vector<std::shared_ptr<const dat::DatFile>>& dats, const dat::DatFile* shown,
           const RecordLink& link);

} // namespace portalkit::ui
