// The Browser's cell-DAT outline, headless, on a small cell DAT of real records
// (support/cell_world.h): sections, columns and landblocks with their counts, the dungeon rule,
// every entry reachable exactly once where locate() says, and the filter.

#include "support/cell_world.h"
#include "ui/widgets/cell_outline.h"

#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using namespace portalkit::testing::cellworld;
using ui::CellOutline;
using ui::OutlineNode;
using Kind = ui::OutlineNode::Kind;

namespace {

// Every entry the outline shows, walked from the root, with the node it is under.
struct Walk {
    std::vector<std::uint32_t> ids;
    QMap<std::uint32_t, OutlineNode> parents;
    QMap<std::uint32_t, int> rows;
    QStringList labels; // every group's label, depth-first
};

void walk(const ui::DatOutline& outline, OutlineNode node, Walk& out) {
    for (int row = 0; row < outline.groupCount(node); ++row) {
        const OutlineNode child = outline.group(node, row);
        // The parent and row the outline gives a group are where the walk found it.
        QCOMPARE(outline.parentOf(child), node);
        QCOMPARE(outline.rowOf(child), row);
        out.labels << outline.label(child);
        walk(outline, child, out);
    }
    for (int row = 0; row < outline.entryCount(node); ++row) {
        const std::uint32_t id = outline.entry(node, row);
        out.ids.push_back(id);
        out.parents[id] = node;
        out.rows[id] = row;
    }
}

Walk walkAll(const ui::DatOutline& outline) {
    Walk out;
    walk(outline, {}, out);
    return out;
}

QStringList groupNames(const ui::DatOutline& outline, OutlineNode node) {
    QStringList names;
    for (int row = 0; row < outline.groupCount(node); ++row)
        names << outline.name(outline.group(node, row));
    return names;
}

OutlineNode landblockNode(const CellOutline& outline, std::uint16_t landblock) {
    return {Kind::Landblock, *outline.landblockIndex(landblock)};
}

} // namespace

class TestCellOutline : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<dat::DatFile> m_dat;

    std::vector<std::uint32_t> idsOf(std::uint16_t landblock) const {
        std::vector<std::uint32_t> ids;
        for (const auto& entry : m_dat->entries())
            if (entry.id >> 16 == landblock && (entry.id & 0xFFFF) >= 0x0100)
                ids.push_back(entry.id);
        return ids;
    }

  private slots:
    void initTestCase() {
        writeCellDat(m_dir.filePath("cell.dat"));
        m_dat = std::make_unique<dat::DatFile>(dat::DatFile::open(m_dir.filePath("cell.dat")));
    }

    void beforeSortingEveryLandblockIsOutdoors() {
        CellOutline outline(*m_dat);
        QVERIFY(!outline.sorted());
        QCOMPARE(groupNames(outline, {}), QStringList({"Outdoors", "Dungeons", "Other"}));
        QCOMPARE(outline.label({Kind::Section, CellOutline::Dungeons}),
                 QString("Dungeons (sorting…)"));
        QCOMPARE(outline.groupCount({Kind::Section, CellOutline::Dungeons}), 0);
        // 9 town-area landblocks and the four with cells, all on the map for now.
        QCOMPARE(outline.label({Kind::Section, CellOutline::Outdoors}),
                 QString("Outdoors (13 landblocks)"));
        QCOMPARE(outline.label({Kind::Section, CellOutline::Other}), QString("Other (1 entry)"));
        QCOMPARE(outline.parentOf(landblockNode(outline, kDungeon)),
                 (OutlineNode{Kind::Column, 0x01}));
    }

    void sortingMovesDungeonsByTheRule() {
        CellOutline outline(*m_dat);
        outline.sortNow();
        QVERIFY(outline.sorted());
        QCOMPARE(groupNames(outline, {}), QStringList({"Outdoors", "Dungeons", "Other"}));
        // A dungeon: EnvCells and a LandBlockInfo without buildings, or none at all.
        QCOMPARE(groupNames(outline, {Kind::Section, CellOutline::Dungeons}),
                 QStringList({"Landblock 0x01D9", "Landblock 0x0D00", "Landblock 0x3344"}));
        QCOMPARE(outline.label({Kind::Section, CellOutline::Dungeons}),
                 QString("Dungeons (3 landblocks)"));
        // The town (a building) and the unreadable LandBlockInfo stay on the map.
        QCOMPARE(groupNames(outline, {Kind::Section, CellOutline::Outdoors}),
                 QStringList({"Column 0x7D", "Column 0xA8", "Column 0xA9", "Column 0xAA"}));
        QCOMPARE(outline.label({Kind::Section, CellOutline::Outdoors}),
                 QString("Outdoors (10 landblocks)"));
        const OutlineNode column{Kind::Column, 0xA9};
        QCOMPARE(groupNames(outline, column),
                 QStringList({"Landblock 0xA9B3", "Landblock 0xA9B4", "Landblock 0xA9B5"}));
        QCOMPARE(outline.label(column), QString("Column 0xA9 (3 landblocks)"));
        const auto& table = outline.landblocks();
        const auto& town = table[*outline.landblockIndex(kTown)];
        QCOMPARE(town.place, ui::LandblockPlace::Outdoors);
        QCOMPARE(town.buildings, 1);
        QCOMPARE(town.cells, 2u);
        const auto& bad = table[*outline.landblockIndex(kBadInfo)];
        QCOMPARE(bad.place, ui::LandblockPlace::Outdoors);
        QVERIFY(bad.infoUnreadable);
        QVERIFY(outline.toolTip(landblockNode(outline, kBadInfo)).contains("does not decode"));
        QCOMPARE(table[*outline.landblockIndex(kNoInfo)].place, ui::LandblockPlace::Dungeon);
        QCOMPARE(table[*outline.landblockIndex(kDungeon)].buildings, 0);

        // A landblock lists its LandBlock, LandBlockInfo and EnvCells, ascending.
        const OutlineNode townNode = landblockNode(outline, kTown);
        QCOMPARE(outline.label(townNode),
                 QString("Landblock 0xA9B4 (%1 entries)").arg(idsOf(kTown).size()));
        std::vector<std::uint32_t> shown;
        for (int row = 0; row < outline.entryCount(townNode); ++row)
            shown.push_back(outline.entry(townNode, row));
        QCOMPARE(shown, idsOf(kTown));
        QCOMPARE(shown.size(), std::size_t(4));
        const OutlineNode dungeon = landblockNode(outline, kDungeon);
        QCOMPARE(outline.entryCount(dungeon), kDungeonCells + 2);
        QCOMPARE(outline.parentOf(dungeon), (OutlineNode{Kind::Section, CellOutline::Dungeons}));
    }

    // Each entry shows once, and locate() finds it where the walk did (go to id relies on it).
    void everyEntryOnceWhereLocateSays() {
        CellOutline outline(*m_dat);
        for (bool sorted : {false, true}) {
            if (sorted)
                outline.sortNow();
            const Walk found = walkAll(outline);
            std::vector<std::uint32_t> ids = found.ids;
            std::sort(ids.begin(), ids.end());
            std::vector<std::uint32_t> expected;
            for (const auto& entry : m_dat->entries())
                expected.push_back(entry.id);
            QCOMPARE(ids, expected);
            QCOMPARE(outline.visibleEntries(), expected.size());
            for (std::uint32_t id : expected) {
                const auto place = outline.locate(id);
                QVERIFY(place);
                QCOMPARE(place->parent, found.parents[id]);
                QCOMPARE(place->row, found.rows[id]);
            }
            QVERIFY(!outline.locate(did(kTown, 0x0105)));
            QVERIFY(!outline.locate(0x12345678));
        }
        // The writer's iteration record is nobody's landblock.
        QCOMPARE(outline.locate(dat::kIterationDid)->parent,
                 (OutlineNode{Kind::Section, CellOutline::Other}));
    }

    void filterByPrefixTypeOrSection() {
        CellOutline outline(*m_dat);
        outline.sortNow();
        QStringList countsDisagree; // filters whose visibleEntries() is not what the tree shows
        auto shownIds = [&](const QString& text) {
            outline.setFilter(ui::EntryFilter(text));
            std::vector<std::uint32_t> ids = walkAll(outline).ids;
            std::sort(ids.begin(), ids.end());
            if (outline.visibleEntries() != ids.size())
                countsDisagree << text;
            return ids;
        };
        auto expected = [&](auto&& keep) {
            std::vector<std::uint32_t> ids;
            for (const auto& entry : m_dat->entries())
                if (keep(entry.id))
                    ids.push_back(entry.id);
            return ids;
        };

        QCOMPARE(shownIds("0xA9B4"), idsOf(kTown));
        QCOMPARE(groupNames(outline, {}), QStringList({"Outdoors"}));
        QCOMPARE(outline.label({Kind::Section, CellOutline::Outdoors}),
                 QString("Outdoors (1 of 10 landblocks)"));
        QCOMPARE(outline.label({Kind::Column, 0xA9}), QString("Column 0xA9 (1 of 3 landblocks)"));

        // Part of a landblock: its label says how much.
        QCOMPARE(shownIds("01D9010"),
                 expected([](std::uint32_t id) { return id >> 4 == 0x01D9010; }));
        QCOMPARE(outline.label(landblockNode(outline, kDungeon)),
                 QString("Landblock 0x01D9 (%1 of %2 entries)")
                     .arg(kDungeonCells)
                     .arg(kDungeonCells + 2));
        QCOMPARE(groupNames(outline, {}), QStringList({"Dungeons"}));

        // A column by its digits.
        QCOMPARE(shownIds("a9"), expected([](std::uint32_t id) { return id >> 24 == 0xA9; }));

        // Type names: only those entries, only the landblocks that have them.
        const auto cells = shownIds("envcell");
        QCOMPARE(cells, expected([&](std::uint32_t id) {
                     return ui::typeNameOf(*m_dat, id) == "EnvCell";
                 }));
        QCOMPARE(outline.entryCount(landblockNode(outline, kTown)), 2);
        QVERIFY(!outline.locate(did(kTown, 0xFFFF)));
        QCOMPARE(groupNames(outline, {Kind::Section, CellOutline::Outdoors}),
                 QStringList({"Column 0x7D", "Column 0xA9"}));
        QCOMPARE(shownIds("LandBlockInfo"),
                 expected([](std::uint32_t id) { return (id & 0xFFFF) == 0xFFFE; }));

        // A section's name keeps it whole.
        QCOMPARE(shownIds("dungeon"), expected([](std::uint32_t id) {
                     return id >> 16 == kDungeon || id >> 16 == kCollidingDungeon ||
                            id >> 16 == kNoInfo;
                 }));
        QCOMPARE(groupNames(outline, {}), QStringList({"Dungeons"}));

        QVERIFY(shownIds("nothing-like-this").empty());
        QCOMPARE(outline.groupCount({}), 0);
        QCOMPARE(shownIds("").size(), m_dat->entries().size());
        QCOMPARE(countsDisagree, QStringList());
    }
};

QTEST_GUILESS_MAIN(TestCellOutline)
#include "tst_cell_outline.moc"
