#pragma once

// A cell DAT as the Browser shows it (docs/studio-browser.md): landblocks, not one flat group of
// 734,976 EnvCells.
//
//   Outdoors      landblocks on the map, by X column:  Column 0xA9 → Landblock 0xA9B4 → its
//                 LandBlock, LandBlockInfo and building-interior EnvCells
//   Dungeons      landblocks whose EnvCells are no building's interior → their entries
//   Other         entries that are no landblock's (the iteration record, low halves < 0x0100)
//
// The rule (sortLandblocks): a landblock is a dungeon when it has EnvCells and its
// LandBlockInfo lists no building (or it has none). It costs one LandBlockInfo read and decode
// per landblock that has EnvCells, and none for the rest, so the model runs it off the GUI
// thread; until it answers, those landblocks show under Outdoors and Dungeons says "sorting…".
// Everything else comes from the ids alone: one pass over the sorted index builds the landblock
// table, and rows are answered from it (and the filter's per-landblock counts) on demand.

#include "ui/widgets/dat_outline.h"

#include <array>
#include <unordered_map>

namespace portalkit::ui {

// Where a landblock is listed. Pending: it has EnvCells and has not been sorted yet.
enum class LandblockPlace : std::uint8_t { Pending, Outdoors, Dungeon };

struct LandblockSummary {
    std::uint16_t id = 0;    // 0xXXYY
    std::uint32_t first = 0; // index of its first entry in the DAT's entries()
    std::uint32_t count = 0; // its entries, a contiguous run of entries()
    std::uint32_t cells = 0; // EnvCells (low half 0x0100..0xFFFD)
    bool hasTerrain = false; // 0xXXYYFFFF
    bool hasInfo = false;    // 0xXXYYFFFE
    LandblockPlace place = LandblockPlace::Outdoors;
    int buildings = -1;          // from its LandBlockInfo once sorted; -1 unknown
    bool infoUnreadable = false; // its LandBlockInfo did not read or decode
};

// The sort's answer for each landblock that was Pending (in table order).
struct LandblockSort {
    std::uint32_t index = 0; // into the table
    LandblockPlace place = LandblockPlace::Outdoors;
    int buildings = -1;
    bool infoUnreadable = false;
};

// Sorts the Pending landblocks of `table` by the rule above, reading `dat` (thread-safe: it only
// reads). A LandBlockInfo that does not read or decode leaves its landblock Outdoors, where its
// coordinates put it, marked unreadable.
std::vector<LandblockSort> sortLandblocks(const dat::DatFile& dat,
                                          const std::vector<LandblockSummary>& table);

class CellOutline : public DatOutline {
  public:
    enum Section : std::uint32_t { Outdoors, Dungeons, Other, SectionCount };

    explicit CellOutline(const dat::DatFile& dat);

    const std::vector<LandblockSummary>& landblocks() const { return m_landblocks; }
    bool sorted() const { return m_pending == 0; }
    // Puts the sort's answers in place (keeps the filter).
    void applySort(const std::vector<LandblockSort>& sort);
    // sortLandblocks and applySort at once, on this thread.
    void sortNow();
    // The landblock table's row of landblock 0xXXYY, if the DAT has entries of it.
    std::optional<std::uint32_t> landblockIndex(std::uint16_t landblock) const;

    void setFilter(const EntryFilter& filter) override;
    int groupCount(OutlineNode node) const override;
    OutlineNode group(OutlineNode node, int row) const override;
    int entryCount(OutlineNode node) const override;
    std::uint32_t entry(OutlineNode node, int row) const override;
    OutlineNode parentOf(OutlineNode node) const override;
    int rowOf(OutlineNode node) const override;
    std::optional<EntryPlace> locate(std::uint32_t id) const override;
    QString name(OutlineNode node) const override;
    QString label(OutlineNode node) const override;
    QString toolTip(OutlineNode node) const override;
    std::size_t visibleEntries() const override { return m_visibleEntries; }

  private:
    static std::uint8_t columnOf(const LandblockSummary& landblock) { return landblock.id >> 8; }
    bool listedOutdoors(const LandblockSummary& landblock) const {
        return landblock.place != LandblockPlace::Dungeon;
    }
    std::uint32_t countVisible(const LandblockSummary& landblock) const;
    bool entryShown(std::uint32_t id) const;
    const std::vector<std::uint32_t>& filteredEntries(std::uint32_t landblock) const;
    QString countText(std::size_t shown, std::size_t all, const QString& unit) const;

    const dat::DatFile& m_dat;
    std::vector<LandblockSummary> m_landblocks; // ascending ids
    std::vector<std::uint32_t> m_others;        // ids of no landblock, ascending
    std::size_t m_pending = 0;
    std::array<std::uint32_t, 256> m_columnTotals{};
    std::uint32_t m_dungeonTotal = 0;

    // The filter's view.
    EntryFilter m_filter;
    struct Named { // which type and section names the filter contains
        bool terrain = true, info = true, cell = true, outdoors = true, dungeons = true;
    } m_named;
    std::vector<std::uint32_t> m_visibleCount;             // per landblock
    std::array<std::vector<std::uint32_t>, 256> m_columns; // visible outdoor landblocks per X
    std::vector<std::uint8_t> m_visibleColumns;            // X of the columns with any
    std::vector<std::uint32_t> m_dungeons;                 // visible dungeon landblocks
    std::vector<std::uint32_t> m_visibleOthers;
    std::vector<std::uint32_t> m_sections; // the sections shown, in order
    std::size_t m_visibleEntries = 0;
    // Entries of a landblock the filter cuts, listed when first asked for.
    mutable std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_cut;
};

} // namespace portalkit::ui
