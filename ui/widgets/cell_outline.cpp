#include "ui/widgets/cell_outline.h"

#include "datreader/container/dat_kind.h"
#include "datreader/records/land_block_info.h"

#include <QObject>
#include <algorithm>
#include <exception>

namespace portalkit::ui {
namespace {

constexpr std::uint32_t kFirstCell = 0x0100;
constexpr std::uint32_t kTerrain = 0xFFFF;
constexpr std::uint32_t kInfo = 0xFFFE;

bool isLandblockEntry(std::uint32_t id) {
    return id != dat::kIterationDid && (id & 0xFFFF) >= kFirstCell;
}

QString hex(std::uint32_t value, int digits) {
    return QStringLiteral("0x") + QStringLiteral("%1").arg(value, digits, 16, QChar('0')).toUpper();
}

QString sectionName(std::uint32_t section) {
    switch (section) {
    case CellOutline::Outdoors:
        return QObject::tr("Outdoors");
    case CellOutline::Dungeons:
        return QObject::tr("Dungeons");
    default:
        return QObject::tr("Other");
    }
}

// Where `id` falls among entries `first`..`first + count` of the sorted index, or -1.
int rowInRun(std::span<const dat::EntryInfo> entries, std::uint32_t first, std::uint32_t count,
             std::uint32_t id) {
    const auto begin = entries.begin() + first;
    const auto end = begin + count;
    const auto found =
        std::lower_bound(begin, end, id, [](const dat::EntryInfo& entry, std::uint32_t value) {
            return entry.id < value;
        });
    return found != end && found->id == id ? int(found - begin) : -1;
}

template <typename T> int rowInSorted(const std::vector<T>& list, T value) {
    const auto found = std::lower_bound(list.begin(), list.end(), value);
    return found != list.end() && *found == value ? int(found - list.begin()) : -1;
}

} // namespace

std::vector<LandblockSort> sortLandblocks(const dat::DatFile& dat,
                                          const std::vector<LandblockSummary>& table) {
    std::vector<LandblockSort> sort;
    for (std::uint32_t index = 0; index < table.size(); ++index) {
        const LandblockSummary& landblock = table[index];
        if (landblock.place != LandblockPlace::Pending)
            continue;
        LandblockSort answer{index, LandblockPlace::Dungeon, 0, false};
        // EnvCells and no LandBlockInfo: no building to be the interior of.
        if (landblock.hasInfo) {
            const std::uint32_t infoId = std::uint32_t(landblock.id) << 16 | kInfo;
            try {
                const auto info = dat::LandBlockInfo::decode(dat.read(infoId), infoId);
                answer.buildings = int(info.buildings.size());
                answer.place =
                    info.buildings.empty() ? LandblockPlace::Dungeon : LandblockPlace::Outdoors;
            } catch (const std::exception&) {
                answer = {index, LandblockPlace::Outdoors, -1, true};
            }
        }
        sort.push_back(answer);
    }
    return sort;
}

CellOutline::CellOutline(const dat::DatFile& dat) : m_dat(dat) {
    const auto entries = dat.entries();
    for (std::uint32_t i = 0; i < entries.size(); ++i) {
        const std::uint32_t id = entries[i].id;
        if (!isLandblockEntry(id)) {
            m_others.push_back(id);
            continue;
        }
        // The index ascends, so a landblock's entries are one run (its odd low ids before it).
        if (m_landblocks.empty() || m_landblocks.back().id != id >> 16)
            m_landblocks.push_back({.id = std::uint16_t(id >> 16), .first = i});
        LandblockSummary& landblock = m_landblocks.back();
        ++landblock.count;
        const std::uint32_t low = id & 0xFFFF;
        landblock.hasTerrain |= low == kTerrain;
        landblock.hasInfo |= low == kInfo;
        landblock.cells += low < kInfo;
    }
    for (LandblockSummary& landblock : m_landblocks)
        if (landblock.cells > 0) {
            landblock.place = LandblockPlace::Pending;
            ++m_pending;
        }
    applySort({});
}

void CellOutline::applySort(const std::vector<LandblockSort>& sort) {
    for (const LandblockSort& answer : sort) {
        LandblockSummary& landblock = m_landblocks.at(answer.index);
        if (landblock.place == LandblockPlace::Pending)
            --m_pending;
        landblock.place = answer.place;
        landblock.buildings = answer.buildings;
        landblock.infoUnreadable = answer.infoUnreadable;
    }
    m_columnTotals.fill(0);
    m_dungeonTotal = 0;
    for (const LandblockSummary& landblock : m_landblocks) {
        if (listedOutdoors(landblock))
            ++m_columnTotals[columnOf(landblock)];
        else
            ++m_dungeonTotal;
    }
    setFilter(m_filter);
}

void CellOutline::sortNow() {
    applySort(sortLandblocks(m_dat, m_landblocks));
}

std::optional<std::uint32_t> CellOutline::landblockIndex(std::uint16_t landblock) const {
    const auto found = std::lower_bound(
        m_landblocks.begin(), m_landblocks.end(), landblock,
        [](const LandblockSummary& summary, std::uint16_t id) { return summary.id < id; });
    if (found == m_landblocks.end() || found->id != landblock)
        return std::nullopt;
    return std::uint32_t(found - m_landblocks.begin());
}

void CellOutline::setFilter(const EntryFilter& filter) {
    m_filter = filter;
    m_named = {filter.matchesName(QStringLiteral("LandBlock")),
               filter.matchesName(QStringLiteral("LandBlockInfo")),
               filter.matchesName(QStringLiteral("EnvCell")),
               filter.matchesName(sectionName(Outdoors)),
               filter.matchesName(sectionName(Dungeons))};
    m_cut.clear();
    m_visibleCount.assign(m_landblocks.size(), 0);
    for (auto& column : m_columns)
        column.clear();
    m_visibleColumns.clear();
    m_dungeons.clear();
    m_visibleEntries = 0;
    for (std::uint32_t index = 0; index < m_landblocks.size(); ++index) {
        const LandblockSummary& landblock = m_landblocks[index];
        const std::uint32_t visible = countVisible(landblock);
        m_visibleCount[index] = visible;
        m_visibleEntries += visible;
        if (visible == 0)
            continue;
        if (listedOutdoors(landblock))
            m_columns[columnOf(landblock)].push_back(index);
        else
            m_dungeons.push_back(index);
    }
    for (std::uint32_t x = 0; x < m_columns.size(); ++x)
        if (!m_columns[x].empty())
            m_visibleColumns.push_back(std::uint8_t(x));

    const bool allOthers = filter.matchesName(sectionName(Other));
    m_visibleOthers.clear();
    for (std::uint32_t id : m_others)
        if (allOthers || filter.matchesId(id) || filter.matchesName(typeNameOf(m_dat, id)))
            m_visibleOthers.push_back(id);
    m_visibleEntries += m_visibleOthers.size();

    m_sections.clear();
    if (!m_visibleColumns.empty())
        m_sections.push_back(Outdoors);
    // While sorting, dungeons may yet arrive: the section says so.
    if (!m_dungeons.empty() || m_pending > 0)
        m_sections.push_back(Dungeons);
    if (!m_visibleOthers.empty())
        m_sections.push_back(Other);
}

std::uint32_t CellOutline::countVisible(const LandblockSummary& landblock) const {
    if (m_filter.isEmpty() || (listedOutdoors(landblock) ? m_named.outdoors : m_named.dungeons))
        return landblock.count;
    const std::uint32_t named = (m_named.terrain && landblock.hasTerrain ? 1 : 0) +
                                (m_named.info && landblock.hasInfo ? 1 : 0) +
                                (m_named.cell ? landblock.cells : 0);
    const auto& range = m_filter.idRange();
    const std::uint32_t low = std::uint32_t(landblock.id) << 16;
    if (!range || range->last < (low | kFirstCell) || range->first > (low | kTerrain))
        return named;
    if (range->first <= (low | kFirstCell) && range->last >= (low | kTerrain))
        return landblock.count;
    // The prefix ends inside this landblock (at most two landblocks per filter): one by one.
    return std::uint32_t(filteredEntries(std::uint32_t(&landblock - m_landblocks.data())).size());
}

const std::vector<std::uint32_t>& CellOutline::filteredEntries(std::uint32_t index) const {
    const auto cached = m_cut.find(index);
    if (cached != m_cut.end())
        return cached->second;
    const LandblockSummary& landblock = m_landblocks[index];
    const auto entries = m_dat.entries().subspan(landblock.first, landblock.count);
    std::vector<std::uint32_t> ids;
    for (const dat::EntryInfo& entry : entries)
        if (entryShown(entry.id))
            ids.push_back(entry.id);
    return m_cut.emplace(index, std::move(ids)).first->second;
}

// For an entry of a landblock that neither the section's name nor a whole-landblock prefix keeps.
bool CellOutline::entryShown(std::uint32_t id) const {
    const std::uint32_t low = id & 0xFFFF;
    const bool named = low == kTerrain ? m_named.terrain
                       : low == kInfo  ? m_named.info
                                       : m_named.cell;
    return named || m_filter.matchesId(id);
}

int CellOutline::groupCount(OutlineNode node) const {
    switch (node.kind) {
    case OutlineNode::Kind::Dat:
        return int(m_sections.size());
    case OutlineNode::Kind::Section:
        return node.key == Outdoors   ? int(m_visibleColumns.size())
               : node.key == Dungeons ? int(m_dungeons.size())
                                      : 0;
    case OutlineNode::Kind::Column:
        return int(m_columns[node.key].size());
    default:
        return 0;
    }
}

OutlineNode CellOutline::group(OutlineNode node, int row) const {
    const auto at = std::size_t(row);
    switch (node.kind) {
    case OutlineNode::Kind::Dat:
        return {OutlineNode::Kind::Section, m_sections[at]};
    case OutlineNode::Kind::Section:
        return node.key == Outdoors ? OutlineNode{OutlineNode::Kind::Column, m_visibleColumns[at]}
                                    : OutlineNode{OutlineNode::Kind::Landblock, m_dungeons[at]};
    default:
        return {OutlineNode::Kind::Landblock, m_columns[node.key][at]};
    }
}

int CellOutline::entryCount(OutlineNode node) const {
    if (node.kind == OutlineNode::Kind::Landblock)
        return int(m_visibleCount[node.key]);
    if (node.kind == OutlineNode::Kind::Section && node.key == Other)
        return int(m_visibleOthers.size());
    return 0;
}

std::uint32_t CellOutline::entry(OutlineNode node, int row) const {
    if (node.kind == OutlineNode::Kind::Section)
        return m_visibleOthers[std::size_t(row)];
    const LandblockSummary& landblock = m_landblocks[node.key];
    if (m_visibleCount[node.key] == landblock.count)
        return m_dat.entries()[landblock.first + std::uint32_t(row)].id;
    return filteredEntries(node.key)[std::size_t(row)];
}

OutlineNode CellOutline::parentOf(OutlineNode node) const {
    switch (node.kind) {
    case OutlineNode::Kind::Column:
        return {OutlineNode::Kind::Section, Outdoors};
    case OutlineNode::Kind::Landblock: {
        const LandblockSummary& landblock = m_landblocks[node.key];
        return listedOutdoors(landblock)
                   ? OutlineNode{OutlineNode::Kind::Column, columnOf(landblock)}
                   : OutlineNode{OutlineNode::Kind::Section, Dungeons};
    }
    default:
        return {};
    }
}

int CellOutline::rowOf(OutlineNode node) const {
    switch (node.kind) {
    case OutlineNode::Kind::Section:
        return rowInSorted(m_sections, node.key);
    case OutlineNode::Kind::Column:
        return rowInSorted(m_visibleColumns, std::uint8_t(node.key));
    case OutlineNode::Kind::Landblock: {
        const LandblockSummary& landblock = m_landblocks[node.key];
        return rowInSorted(listedOutdoors(landblock) ? m_columns[columnOf(landblock)] : m_dungeons,
                           node.key);
    }
    default:
        return 0;
    }
}

std::optional<EntryPlace> CellOutline::locate(std::uint32_t id) const {
    if (!isLandblockEntry(id)) {
        const int row = rowInSorted(m_visibleOthers, id);
        if (row < 0)
            return std::nullopt;
        return EntryPlace{{OutlineNode::Kind::Section, Other}, row};
    }
    const auto index = landblockIndex(std::uint16_t(id >> 16));
    if (!index || m_visibleCount[*index] == 0)
        return std::nullopt;
    const LandblockSummary& landblock = m_landblocks[*index];
    const int row = m_visibleCount[*index] == landblock.count
                        ? rowInRun(m_dat.entries(), landblock.first, landblock.count, id)
                        : rowInSorted(filteredEntries(*index), id);
    if (row < 0)
        return std::nullopt;
    return EntryPlace{{OutlineNode::Kind::Landblock, *index}, row};
}

QString CellOutline::name(OutlineNode node) const {
    switch (node.kind) {
    case OutlineNode::Kind::Section:
        return sectionName(node.key);
    case OutlineNode::Kind::Column:
        return QObject::tr("Column %1").arg(hex(node.key, 2));
    case OutlineNode::Kind::Landblock:
        return QObject::tr("Landblock %1").arg(hex(m_landblocks[node.key].id, 4));
    default:
        return {};
    }
}

QString CellOutline::countText(std::size_t shown, std::size_t all, const QString& unit) const {
    return shown == all ? QStringLiteral("(%1 %2)").arg(all).arg(unit)
                        : QObject::tr("(%1 of %2 %3)").arg(shown).arg(all).arg(unit);
}

QString CellOutline::label(OutlineNode node) const {
    std::size_t shown = 0;
    std::size_t all = 0;
    bool ofEntries = false; // else of landblocks
    switch (node.kind) {
    case OutlineNode::Kind::Section:
        if (node.key == Outdoors) {
            for (std::uint8_t x : m_visibleColumns)
                shown += m_columns[x].size();
            all = m_landblocks.size() - m_dungeonTotal;
        } else if (node.key == Dungeons) {
            if (m_pending > 0)
                return QObject::tr("Dungeons (sorting…)");
            shown = m_dungeons.size();
            all = m_dungeonTotal;
        } else {
            shown = m_visibleOthers.size();
            all = m_others.size();
            ofEntries = true;
        }
        break;
    case OutlineNode::Kind::Column:
        shown = m_columns[node.key].size();
        all = m_columnTotals[node.key];
        break;
    case OutlineNode::Kind::Landblock:
        shown = m_visibleCount[node.key];
        all = m_landblocks[node.key].count;
        ofEntries = true;
        break;
    default:
        return {};
    }
    const QString unit = ofEntries
                             ? (all == 1 ? QObject::tr("entry") : QObject::tr("entries"))
                             : (all == 1 ? QObject::tr("landblock") : QObject::tr("landblocks"));
    return name(node) + ' ' + countText(shown, all, unit);
}

QString CellOutline::toolTip(OutlineNode node) const {
    if (node.kind == OutlineNode::Kind::Section && node.key == Outdoors)
        return QObject::tr("Landblocks on the map, by X column (0xXX of 0xXXYY); their EnvCells "
                           "are the interiors of the buildings their LandBlockInfo lists");
    if (node.kind == OutlineNode::Kind::Section && node.key == Dungeons)
        return QObject::tr("Landblocks with EnvCells whose LandBlockInfo lists no building");
    if (node.kind != OutlineNode::Kind::Landblock)
        return name(node);
    const LandblockSummary& landblock = m_landblocks[node.key];
    QStringList parts;
    parts << QObject::tr("%n EnvCell(s)", nullptr, int(landblock.cells));
    if (landblock.buildings >= 0)
        parts << QObject::tr("%n building(s)", nullptr, landblock.buildings);
    if (!landblock.hasTerrain)
        parts << QObject::tr("no LandBlock");
    if (!landblock.hasInfo)
        parts << QObject::tr("no LandBlockInfo");
    if (landblock.infoUnreadable)
        parts << QObject::tr("its LandBlockInfo does not decode");
    if (landblock.place == LandblockPlace::Pending)
        parts << QObject::tr("not sorted yet");
    return name(node) + QStringLiteral(": ") + parts.join(QStringLiteral(", "));
}

} // namespace portalkit::ui
