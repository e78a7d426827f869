#include "ui/widgets/record_links.h"

#include <QRegularExpression>

namespace portalkit::ui {
namespace {

constexpr std::uint16_t kOutside = 0xFFFF; // a portal's other cell when it leads outdoors

// The 16-bit cell numbers of cell records: EnvCell visibleCells and portals[].otherCellId,
// LandBlockInfo buildings[].portals[].otherCellId and .stabs.
bool isCellNumber(const QStringList& path) {
    if (path.size() >= 2 && (path.last() == QLatin1String("otherCellId")))
        return path.contains(QLatin1String("portals"));
    return path.size() >= 2 && (path[path.size() - 2] == QLatin1String("visibleCells") ||
                                path[path.size() - 2] == QLatin1String("stabs"));
}

// A LandBlockInfo's restriction table is keyed by cell ids.
bool isCellId(const QStringList& path) {
    return path.size() >= 3 && path[0] == QLatin1String("restrictions") &&
           path.last() == QLatin1String("key");
}

} // namespace

std::optional<RecordLink> recordLink(dat::DatKind kind, std::uint32_t recordId,
                                     const QStringList& path, const QJsonValue& value) {
    const bool cellRecord = kind == dat::DatKind::Cell;
    std::optional<RecordLink> link;
    if (value.isString()) {
        static const QRegularExpression didPattern("^0x[0-9A-Fa-f]{8}$");
        const QString text = value.toString();
        if (!didPattern.match(text).hasMatch())
            return std::nullopt;
        const std::uint32_t id = text.mid(2).toUInt(nullptr, 16);
        const LinkScope scope = !cellRecord      ? LinkScope::Anywhere
                                : isCellId(path) ? LinkScope::CellOnly
                                                 : LinkScope::NotCell;
        link = RecordLink{id, scope};
    } else if (cellRecord && value.isDouble() && isCellNumber(path)) {
        const double number = value.toDouble();
        if (number < 0x0100 || number >= kOutside || number != double(std::uint16_t(number)))
            return std::nullopt;
        link = RecordLink{(recordId & 0xFFFF0000) | std::uint16_t(number), LinkScope::CellOnly};
    }
    if (!link || link->id == recordId)
        return std::nullopt;
    return link;
}

std::shared_ptr<const dat::DatFile>
linkTarget(const std::vector<std::shared_ptr<const dat::DatFile>>& dats, const dat::DatFile* shown,
           const RecordLink& link) {
    auto allowed = [&](const dat::DatFile& dat) {
        switch (link.scope) {
        case LinkScope::NotCell:
            return dat.kind() != dat::DatKind::Cell;
        case LinkScope::CellOnly:
            return dat.kind() == dat::DatKind::Cell;
        case LinkScope::Anywhere:
            break;
        }
        return true;
    };
    for (const auto& dat : dats)
        if (dat.get() == shown && link.scope == LinkScope::Anywhere && dat->find(link.id))
            return dat;
    for (const auto& dat : dats)
        if (allowed(*dat) && dat->find(link.id))
            return dat;
    return nullptr;
}

} // namespace portalkit::ui
