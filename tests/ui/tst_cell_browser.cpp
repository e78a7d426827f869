// The Browser and Inspector on a cell DAT beside a portal DAT (support/cell_world.h): the
// landblock tree in the dock, go to id opening an EnvCell's landblock, the background sort
// keeping what is selected, and links that open the right DAT's entry.

#include "support/cell_world.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/record_links.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLineEdit>
#include <QModelIndex>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItem>

using namespace portalkit;
using namespace portalkit::testing::cellworld;
using ui::LinkScope;
using ui::RecordLink;

namespace {

using Dats = std::vector<std::shared_ptr<const dat::DatFile>>;

// The Inspector item at `path` below the record's root ("buildings", "0", "modelId").
QTreeWidgetItem* itemAt(ui::InspectorDock& inspector, const QStringList& path) {
    QTreeWidgetItem* item = inspector.tree()->topLevelItem(0);
    for (const QString& key : path) {
        QTreeWidgetItem* next = nullptr;
        for (int i = 0; item && i < item->childCount() && !next; ++i)
            if (item->child(i)->text(0) == key)
                next = item->child(i);
        item = next;
    }
    return item;
}

} // namespace

class TestCellBrowser : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::shared_ptr<const dat::DatFile> m_portal;
    std::shared_ptr<const dat::DatFile> m_cell;

    // The Inspector wired as the studio wires it: links resolved among `dats`.
    void wire(ui::InspectorDock& inspector, const Dats& dats) {
        inspector.setLinkResolver([&inspector, dats](const RecordLink& link) {
            const auto dat = ui::linkTarget(dats, inspector.shownDat(), link);
            return dat ? ui::typeNameOf(*dat, link.id) : QString();
        });
    }
    void show(ui::InspectorDock& inspector, const dat::DatFile& dat, std::uint32_t id) {
        inspector.showRecord(dat, id, dat.read(id));
    }

  private slots:
    void initTestCase() {
        writeCellDat(m_dir.filePath("client_cell_1.dat"));
        writePortalDat(m_dir.filePath("client_portal.dat"));
        m_cell = std::make_shared<const dat::DatFile>(
            dat::DatFile::open(m_dir.filePath("client_cell_1.dat")));
        m_portal = std::make_shared<const dat::DatFile>(
            dat::DatFile::open(m_dir.filePath("client_portal.dat")));
        // The collision the link rule is for: both DATs hold the environment's number.
        QVERIFY(m_portal->find(kEnvironment) && m_cell->find(kEnvironment));
    }

    void recordLinksByFieldMeaning() {
        // A cell record's ids name portal-side entries; its own id is no link.
        QCOMPARE(ui::recordLink(dat::DatKind::Cell, did(kTown, 0x0100), {"environmentId"},
                                QJsonValue("0x0D000123")),
                 (RecordLink{kEnvironment, LinkScope::NotCell}));
        QVERIFY(!ui::recordLink(dat::DatKind::Cell, did(kTown, 0x0100), {"cellId"},
                                QJsonValue("0xA9B40100")));
        // Its cell numbers name EnvCells of its landblock; 0xFFFF (outside) names none.
        QCOMPARE(ui::recordLink(dat::DatKind::Cell, did(kTown, 0x0100), {"visibleCells", "0"},
                                QJsonValue(0x0101)),
                 (RecordLink{did(kTown, 0x0101), LinkScope::CellOnly}));
        QCOMPARE(ui::recordLink(dat::DatKind::Cell, did(kTown, 0xFFFE),
                                {"buildings", "0", "portals", "0", "stabs", "1"},
                                QJsonValue(0x0101)),
                 (RecordLink{did(kTown, 0x0101), LinkScope::CellOnly}));
        QVERIFY(!ui::recordLink(dat::DatKind::Cell, did(kTown, 0x0100),
                                {"portals", "0", "otherCellId"}, QJsonValue(0xFFFF)));
        QVERIFY(!ui::recordLink(dat::DatKind::Cell, did(kTown, 0x0100), {"cellStructure"},
                                QJsonValue(0x0101)));
        // A portal record's ids are looked up as before: its own DAT first.
        QCOMPARE(ui::recordLink(dat::DatKind::Portal, 0x02000001, {"parts", "0"},
                                QJsonValue("0x01000001")),
                 (RecordLink{0x01000001, LinkScope::Anywhere}));

        const Dats both{m_portal, m_cell};
        QCOMPARE(ui::linkTarget(both, m_cell.get(), {kEnvironment, LinkScope::NotCell}), m_portal);
        QCOMPARE(ui::linkTarget(both, m_cell.get(), {kEnvironment, LinkScope::CellOnly}), m_cell);
        QCOMPARE(ui::linkTarget({m_cell}, m_cell.get(), {kEnvironment, LinkScope::NotCell}),
                 nullptr);
        // Anywhere: the shown DAT first, then the lookup order.
        QCOMPARE(ui::linkTarget(both, m_cell.get(), {kEnvironment, LinkScope::Anywhere}), m_cell);
        QCOMPARE(ui::linkTarget(both, m_portal.get(), {kEnvironment, LinkScope::Anywhere}),
                 m_portal);
    }

    void inspectorLinksAcrossTheOpenDats() {
        ui::InspectorDock inspector;
        wire(inspector, {m_portal, m_cell});
        QSignalSpy links(&inspector, &ui::InspectorDock::linkActivated);

        // An EnvCell: environment, surfaces and statics open the portal DAT's entries.
        show(inspector, *m_cell, did(kTown, 0x0100));
        QTreeWidgetItem* environment = itemAt(inspector, {"environmentId"});
        QVERIFY(environment);
        QCOMPARE(ui::InspectorDock::recordLinkOf(environment),
                 (RecordLink{kEnvironment, LinkScope::NotCell}));
        QCOMPARE(ui::linkTarget({m_portal, m_cell}, m_cell.get(),
                                *ui::InspectorDock::recordLinkOf(environment)),
                 m_portal);
        QVERIFY(environment->font(1).underline());
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(inspector, {"surfaces", "0"})), kSurface);
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(inspector, {"statics", "0", "id"})), kStatic);
        // Its visible cell and its portal's other cell open EnvCells of the cell DAT.
        QCOMPARE(ui::InspectorDock::recordLinkOf(itemAt(inspector, {"visibleCells", "0"})),
                 (RecordLink{did(kTown, 0x0101), LinkScope::CellOnly}));
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(inspector, {"portals", "0", "otherCellId"})), 0u);

        // Activating the link says which link, once the view is done with the event.
        emit inspector.tree()->itemActivated(environment, 1);
        QTRY_COMPARE(links.count(), 1);
        QCOMPARE(links.first().first().value<RecordLink>(),
                 (RecordLink{kEnvironment, LinkScope::NotCell}));

        // A LandBlockInfo: its objects and building models open the portal DAT, the building's
        // doorway its interior cell.
        show(inspector, *m_cell, did(kTown, 0xFFFE));
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(inspector, {"objects", "0", "id"})), kTownObject);
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(inspector, {"buildings", "0", "modelId"})),
                 kBuildingModel);
        QCOMPARE(ui::InspectorDock::recordLinkOf(
                     itemAt(inspector, {"buildings", "0", "portals", "0", "otherCellId"})),
                 (RecordLink{did(kTown, 0x0100), LinkScope::CellOnly}));

        // With the cell DAT alone, the environment's number is no link (the cell of landblock
        // 0x0D00 with that number is not what the field means).
        ui::InspectorDock alone;
        wire(alone, {m_cell});
        show(alone, *m_cell, did(kTown, 0x0100));
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(alone, {"environmentId"})), 0u);
        QCOMPARE(ui::InspectorDock::linkOf(itemAt(alone, {"visibleCells", "0"})),
                 did(kTown, 0x0101));
    }

    void goToIdOpensTheLandblock() {
        ui::BrowserDock dock;
        dock.resize(400, 700);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setDats({m_portal, m_cell});
        QTRY_VERIFY(dock.model()->isSorted());
        ui::DatBrowserModel* model = dock.model();
        const QModelIndex cellRow = model->index(1, 0);
        QCOMPARE(model->rowCount(cellRow), 3);
        QCOMPARE(model->index(0, 0, cellRow).data().toString(),
                 QString("Outdoors (10 landblocks)"));
        QCOMPARE(model->index(1, 0, cellRow).data().toString(), QString("Dungeons (3 landblocks)"));
        QVERIFY(model->groupIndex(m_cell.get(), "Dungeons").isValid());

        // A dungeon's EnvCell: the tree selects it with Dungeons and its landblock open.
        const std::uint32_t deep = did(kDungeon, 0x0103);
        QVERIFY(dock.goToId("0x01D90103"));
        QTreeView* tree = dock.treeView();
        const QModelIndex current = tree->currentIndex();
        QCOMPARE(model->idAt(current), std::optional<std::uint32_t>(deep));
        QCOMPARE(current.data().toString(), QString("0x01D90103  EnvCell"));
        QCOMPARE(current.parent().data().toString(), QString("Landblock 0x01D9 (8 entries)"));
        QVERIFY(tree->isExpanded(current.parent()));
        QVERIFY(tree->isExpanded(current.parent().parent()));
        QCOMPARE(current.parent().parent().data().toString(), QString("Dungeons (3 landblocks)"));
        QCOMPARE(dock.currentDat(), m_cell);

        // A town cell: Outdoors → Column 0xA9 → Landblock 0xA9B4.
        QVERIFY(dock.goToId("A9B40101"));
        QCOMPARE(tree->currentIndex().parent().parent().data().toString(),
                 QString("Column 0xA9 (3 landblocks)"));
        QVERIFY(tree->isExpanded(tree->currentIndex().parent().parent()));

        // The filter opens a landblock typed in it, down to its entries.
        dock.filterEdit()->setText("0x01D9");
        const QModelIndex dungeons = model->groupIndex(m_cell.get(), "Dungeons");
        QVERIFY(tree->isExpanded(dungeons));
        QVERIFY(tree->isExpanded(model->index(0, 0, dungeons)));
        QCOMPARE(model->rowCount(model->index(0, 0, dungeons)), kDungeonCells + 2);
    }

    // The sort answers after the tree is shown: what was expanded and selected stays so.
    void theSortKeepsTheSelection() {
        ui::BrowserDock dock;
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setDats({m_cell});
        // The answer comes through the event loop, so it is still sorting here: the dungeon
        // sits in its column for now.
        QVERIFY(!dock.model()->isSorted());
        QCOMPARE(dock.model()->index(1, 0, dock.model()->index(0, 0)).data().toString(),
                 QString("Dungeons (sorting…)"));
        QVERIFY(dock.navigateTo(did(kDungeon, 0x0102)));
        QCOMPARE(dock.treeView()->currentIndex().parent().parent().data().toString(),
                 QString("Column 0x01 (1 landblock)"));
        QTRY_VERIFY(dock.model()->isSorted());
        QTreeView* tree = dock.treeView();
        QCOMPARE(dock.model()->idAt(tree->currentIndex()),
                 std::optional<std::uint32_t>(did(kDungeon, 0x0102)));
        QCOMPARE(tree->currentIndex().parent().parent().data().toString(),
                 QString("Dungeons (3 landblocks)"));
        QVERIFY(tree->isExpanded(tree->currentIndex().parent()));
    }
};

QTEST_MAIN(TestCellBrowser)
#include "tst_cell_browser.moc"
