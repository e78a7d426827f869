// The studio's browsing side on the demo DAT: the Browser dock's type groups, filter, go to id
// and history; the Inspector's id links; recent DATs; several DATs at once; drag and drop; and
// DATs that do not open.

#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/entry_table_model.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QByteArray>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QIODevice>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QList>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QModelIndex>
#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <QUrl>
#include <QWidget>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

QString typeOf(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    return QString::fromUtf8(type.data(), qsizetype(type.size()));
}

// "Setup (12)" or "Setup (3 of 12)" → type and visible count.
std::pair<QString, int> parseGroup(const QString& text) {
    const int open = int(text.lastIndexOf(" ("));
    const QString counts = text.mid(open + 2).chopped(1);
    return {text.left(open), counts.section(' ', 0, 0).toInt()};
}

QString tableCurrentId(ui::MainWindow& window) {
    return window.entryView()->currentIndex().siblingAtColumn(0).data().toString();
}

QString inspectorId(ui::MainWindow& window) {
    QTreeWidgetItem* root = window.recordView()->topLevelItem(0);
    return root ? root->text(0) : QString();
}

QTreeWidgetItem* field(ui::MainWindow& window, const QString& name) {
    QTreeWidgetItem* root = window.recordView()->topLevelItem(0);
    for (int i = 0; root && i < root->childCount(); ++i)
        if (root->child(i)->text(0) == name)
            return root->child(i);
    return nullptr;
}

// Drags the file at `path` onto `window` and, when the drag is accepted, drops it there.
struct FileDrop {
    bool entered = false; // the drag-enter was accepted
    bool dropped = false; // the drop was accepted
};
FileDrop dropFile(QWidget& window, const QString& path) {
    QMimeData file;
    file.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted())
        return {};
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    return {true, drop.isAccepted()};
}

} // namespace

class TestBrowser : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;

    QString writeDat(const QString& name, dat::DatKind kind, std::vector<std::uint32_t> ids) {
        dat::DatWriter writer(kind);
        for (std::uint32_t id : ids)
            writer.put(entry(id, 40));
        const QString path = m_dir.filePath(name);
        writer.save(path);
        return path;
    }

    std::shared_ptr<const dat::DatFile> demo() {
        static auto dat = std::make_shared<const dat::DatFile>(
            dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT)));
        return dat;
    }

    // The first id of `type` in the demo DAT.
    std::uint32_t firstOf(const QString& type) {
        for (const auto& e : demo()->entries())
            if (typeOf(*demo(), e.id) == type)
                return e.id;
        return 0;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        // Recent DATs go to a scratch settings file, never the user's.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings("PortalKit", "Studio").clear();
        QVERIFY(demo()->entries().size() > 50);
    }

    void typeGroupsCountTheDatsEntries() {
        ui::MainWindow window;
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QMap<QString, int> expected;
        for (const auto& e : demo()->entries())
            ++expected[typeOf(*demo(), e.id)];

        ui::DatBrowserModel* model = window.browserDock()->model();
        QCOMPARE(model->rowCount(), 1);
        const QModelIndex datRow = model->index(0, 0);
        QVERIFY(datRow.data().toString().startsWith("client_portal.dat — portal"));
        QVERIFY(datRow.data().toString().contains(QString::number(demo()->entries().size())));
        QMap<QString, int> shown;
        std::uint32_t previousFirst = 0;
        for (int row = 0; row < model->rowCount(datRow); ++row) {
            const QModelIndex group = model->index(row, 0, datRow);
            const auto [type, count] = parseGroup(group.data().toString());
            QCOMPARE(model->rowCount(group), count);
            shown[type] = count;
            // Every entry of the group is of its type, in ascending order.
            std::uint32_t previous = 0;
            for (int e = 0; e < count; ++e) {
                const std::uint32_t id = *model->idAt(model->index(e, 0, group));
                QCOMPARE(typeOf(*demo(), id), type);
                QVERIFY(e == 0 || id > previous);
                previous = id;
            }
            // Groups come in the order of their first id.
            const std::uint32_t first = *model->idAt(model->index(0, 0, group));
            QVERIFY(row == 0 || first > previousFirst);
            previousFirst = first;
        }
        QCOMPARE(shown, expected);
        QVERIFY(shown.contains("Setup") && shown.contains("PhysicsScriptTable"));
    }

    void filterByIdPrefixOrTypeName() {
        ui::MainWindow window;
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        ui::DatBrowserModel* model = window.browserDock()->model();
        QLineEdit* filter = window.browserDock()->filterEdit();
        const QModelIndex datRow = model->index(0, 0);
        auto visibleIds = [&] {
            std::vector<std::uint32_t> ids;
            for (int g = 0; g < model->rowCount(datRow); ++g) {
                const QModelIndex group = model->index(g, 0, datRow);
                for (int e = 0; e < model->rowCount(group); ++e)
                    ids.push_back(*model->idAt(model->index(e, 0, group)));
            }
            return ids;
        };
        auto expectedIds = [&](auto&& keep) {
            std::vector<std::uint32_t> ids;
            for (const auto& e : demo()->entries())
                if (keep(e.id))
                    ids.push_back(e.id);
            return ids;
        };

        QTest::keyClicks(filter, "0x0200");
        QCOMPARE(model->rowCount(datRow), 1);
        QVERIFY(model->index(0, 0, datRow).data().toString().startsWith("Setup ("));
        QCOMPARE(visibleIds(), expectedIds([](std::uint32_t id) { return id >> 16 == 0x0200; }));

        filter->setText("3300011");
        const auto scripts = expectedIds([](std::uint32_t id) { return id >> 4 == 0x3300011; });
        QVERIFY(!scripts.empty());
        QCOMPARE(visibleIds(), scripts);
        // A partial group says how many of its entries show.
        const int allScripts = int(expectedIds([&](std::uint32_t id) {
                                       return typeOf(*demo(), id) == "PhysicsScript";
                                   }).size());
        if (int(scripts.size()) < allScripts)
            QCOMPARE(model->index(0, 0, datRow).data().toString(),
                     QString("PhysicsScript (%1 of %2)").arg(scripts.size()).arg(allScripts));

        filter->setText("script"); // type names, any case
        QStringList types;
        for (int g = 0; g < model->rowCount(datRow); ++g)
            types << parseGroup(model->index(g, 0, datRow).data().toString()).first;
        QCOMPARE(types, QStringList({"PhysicsScript", "PhysicsScriptTable"}));

        filter->setText("nothing-like-this");
        QCOMPARE(model->rowCount(datRow), 0);
        QVERIFY(datRow.data().toString().contains(
            QString("0 of %1 entries").arg(demo()->entries().size())));

        filter->clear();
        QCOMPARE(int(visibleIds().size()), int(demo()->entries().size()));
    }

    void goToIdBackAndForward() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        ui::BrowserDock* browser = window.browserDock();
        const std::uint32_t first = demo()->entries().front().id;
        QCOMPARE(window.currentId(), first);
        QVERIFY(!browser->canGoBack());
        QVERIFY(!browser->backAction()->isEnabled());
        QCOMPARE(browser->goToAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_G));

        QSignalSpy entries(&window, &ui::MainWindow::entrySelected);
        QSignalSpy setups(&window, &ui::MainWindow::setupSelected);
        const std::uint32_t setup = firstOf("Setup");
        const std::uint32_t table = firstOf("PhysicsScriptTable");
        const QString setupText = QString::fromStdString(dat::formatDid(setup));
        const QString tableText = QString::fromStdString(dat::formatDid(table));

        QVERIFY(browser->goToId(setupText));
        QCOMPARE(inspectorId(window), setupText);
        QCOMPARE(tableCurrentId(window), setupText);
        QCOMPARE(browser->treeView()->currentIndex().data().toString(), setupText);
        QCOMPARE(setups.count(), 1);
        QCOMPARE(setups.first().first().value<std::uint32_t>(), setup);
        QVERIFY(browser->goToId(tableText.mid(2))); // without 0x
        QCOMPARE(inspectorId(window), tableText);
        QCOMPARE(entries.count(), 2);

        QSignalSpy notFound(browser, &ui::BrowserDock::notFound);
        QVERIFY(!browser->goToId("0xDEADBEEF"));
        QVERIFY(!browser->goToId("not an id"));
        QCOMPARE(notFound.count(), 2);
        QCOMPARE(window.currentId(), table);

        // Back and forward retrace the steps, through the actions and their shortcuts.
        QVERIFY(browser->backAction()->isEnabled());
        browser->backAction()->trigger();
        QCOMPARE(inspectorId(window), setupText);
        QCOMPARE(tableCurrentId(window), setupText);
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(window.currentId(), first);
        QVERIFY(!browser->canGoBack());
        QVERIFY(!browser->back());
        QTest::keyClick(&window, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(window.currentId(), setup);
        QVERIFY(browser->forwardAction()->isEnabled());
        QVERIFY(browser->forward());
        QCOMPARE(window.currentId(), table);
        QVERIFY(!browser->canGoForward());

        // A new step from the middle drops what lay ahead.
        QVERIFY(browser->back());
        const std::uint32_t script = firstOf("PhysicsScript");
        QVERIFY(window.selectEntry(script));
        QVERIFY(!browser->canGoForward());
        QVERIFY(browser->back());
        QCOMPARE(window.currentId(), setup);

        // A click in the tree and in the table are steps too.
        const QModelIndex scriptRow = browser->model()->indexOf(window.dats()[0].get(), script);
        QVERIFY(scriptRow.isValid());
        browser->treeView()->setCurrentIndex(scriptRow);
        QCOMPARE(inspectorId(window), QString::fromStdString(dat::formatDid(script)));
        window.entryView()->setCurrentIndex(window.filterModel()->index(0, 0));
        QCOMPARE(window.currentId(), first);
        QVERIFY(browser->back());
        QCOMPARE(window.currentId(), script);

        // Activating (double-click, Enter) the shown Setup shows it again, as a studio leaving a
        // scenario needs, without a history step; activating another row is ignored.
        QVERIFY(browser->goToId(setupText));
        const int stepsBack = int(browser->canGoBack());
        setups.clear();
        const QModelIndex setupRow = browser->model()->indexOf(window.dats()[0].get(), setup);
        emit browser->treeView()->activated(setupRow);
        QCOMPARE(setups.count(), 1);
        QCOMPARE(setups.first().first().value<std::uint32_t>(), setup);
        emit browser->treeView()->activated(scriptRow);
        QCOMPARE(setups.count(), 1);
        QCOMPARE(window.currentId(), setup);
        QCOMPARE(int(browser->canGoBack()), stepsBack);
        QVERIFY(browser->back());
        QCOMPARE(window.currentId(), script);
    }

    void inspectorIdsAreLinks() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        // A Setup with a script table that the DAT holds.
        std::uint32_t setup = 0;
        QString tableText;
        for (const auto& e : demo()->entries()) {
            if (typeOf(*demo(), e.id) != "Setup")
                continue;
            QVERIFY(window.selectEntry(e.id));
            QTreeWidgetItem* tableField = field(window, "defaultScriptTable");
            if (tableField && demo()->find(tableField->text(1).mid(2).toUInt(nullptr, 16))) {
                setup = e.id;
                tableText = tableField->text(1);
                break;
            }
        }
        QVERIFY2(setup != 0, "no demo Setup names a script table the DAT holds");
        const std::uint32_t table = tableText.mid(2).toUInt(nullptr, 16);

        QTreeWidgetItem* link = field(window, "defaultScriptTable");
        QCOMPARE(ui::InspectorDock::linkOf(link), table);
        QVERIFY(link->font(1).underline());
        // Ids no open DAT holds are plain text.
        QTreeWidgetItem* animation = field(window, "defaultAnimation");
        QVERIFY(animation);
        if (!demo()->find(animation->text(1).mid(2).toUInt(nullptr, 16)))
            QCOMPARE(ui::InspectorDock::linkOf(animation), 0u);
        // The parts list links each GfxObj.
        QTreeWidgetItem* parts = field(window, "parts");
        QVERIFY(parts && parts->childCount() > 0);
        QCOMPARE(typeOf(*demo(), ui::InspectorDock::linkOf(parts->child(0))), QString("GfxObj"));

        QSignalSpy tables(&window, &ui::MainWindow::physicsScriptTableSelected);
        QTreeWidget* tree = window.recordView();
        window.inspectorDock()->raise();
        tree->scrollToItem(link);
        QRect rect = tree->visualItemRect(link);
        rect.setLeft(tree->header()->sectionViewportPosition(1));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.topLeft() + QPoint(8, 4));
        QTRY_COMPARE(tables.count(), 1);
        QCOMPARE(tables.first().first().value<std::uint32_t>(), table);
        QCOMPARE(window.currentId(), table);
        QCOMPARE(inspectorId(window), tableText);
        QCOMPARE(window.recordView()->topLevelItem(0)->text(1), QString("PhysicsScriptTable"));
        // The link was a step: back returns to the Setup.
        QVERIFY(window.browserDock()->back());
        QCOMPARE(window.currentId(), setup);
    }

    void recentDatsArePersisted() {
        QSettings("PortalKit", "Studio").clear();
        const QString other = writeDat("recent_cell.dat", dat::DatKind::Cell, {0x7D64FFFF});
        {
            ui::MainWindow window;
            QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
            QVERIFY(window.openDat(other));
            QVERIFY(window.openDat(PORTALKIT_DEMO_DAT)); // again: moves to the front, once
        }
        const QString demoPath = QFileInfo(PORTALKIT_DEMO_DAT).absoluteFilePath();
        QCOMPARE(QSettings("PortalKit", "Studio").value("recentDats").toStringList(),
                 QStringList({demoPath, QFileInfo(other).absoluteFilePath()}));

        ui::MainWindow later; // a new session
        QCOMPARE(later.recentDats(), QStringList({demoPath, QFileInfo(other).absoluteFilePath()}));
        const QList<QAction*> actions = later.recentMenu()->actions();
        QCOMPARE(actions.size(), 2);
        QCOMPARE(actions[1]->data().toString(), QFileInfo(other).absoluteFilePath());
        actions[1]->trigger();
        QCOMPARE(int(later.dats().size()), 1);
        QCOMPARE(later.dats()[0]->kind(), dat::DatKind::Cell);
    }

    // Portal and cell open together; ids resolve portal first, and the cell's own ids in it.
    void twoDatsOpenTogether() {
        const std::uint32_t setup = firstOf("Setup");
        // The cell DAT also holds an entry with the Setup's id.
        const QString cell =
            writeDat("client_cell_1.dat", dat::DatKind::Cell, {0x7D64FFFF, 0x7D64FFFE, setup});
        ui::MainWindow window;
        QSignalSpy changed(&window, &ui::MainWindow::datsChanged);
        QVERIFY(window.openDat(cell));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QCOMPARE(changed.count(), 2);
        QCOMPARE(int(window.dats().size()), 2);
        QCOMPARE(window.dats()[0]->kind(), dat::DatKind::Portal);
        QCOMPARE(window.dats()[1]->kind(), dat::DatKind::Cell);
        QCOMPARE(window.portalDat(), window.dats()[0]);
        QVERIFY(window.windowTitle().contains("client_cell_1.dat"));

        ui::DatBrowserModel* model = window.browserDock()->model();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->index(0, 0).data().toString().startsWith("client_portal.dat"));
        QVERIFY(model->index(1, 0).data().toString().startsWith(
            QString("client_cell_1.dat — cell, %1 entries")
                .arg(window.dats()[1]->entries().size())));
        // A cell DAT is grouped by landblock, not by type.
        QVERIFY(model->groupIndex(window.dats()[1].get(), "Outdoors").isValid());
        QVERIFY(!model->groupIndex(window.dats()[1].get(), "LandBlock").isValid());

        QVERIFY(window.browserDock()->goToId("0x7D64FFFF"));
        QCOMPARE(window.currentDat(), window.dats()[1]);
        QCOMPARE(window.recordView()->topLevelItem(0)->text(1), QString("LandBlock"));
        // The table shows the cell DAT now.
        QCOMPARE(window.entryModel()->rowCount(), int(window.dats()[1]->entries().size()));

        QVERIFY(window.browserDock()->goToId(QString::fromStdString(dat::formatDid(setup))));
        QCOMPARE(window.currentDat(), window.dats()[0]);
        QCOMPARE(window.recordView()->topLevelItem(0)->text(1), QString("Setup"));
        // The cell's copy is still reachable from its group in the tree.
        const QModelIndex cellCopy = model->indexOf(window.dats()[1].get(), setup);
        QVERIFY(cellCopy.isValid());
        window.browserDock()->treeView()->setCurrentIndex(cellCopy);
        QCOMPARE(window.currentDat(), window.dats()[1]);

        // A second portal DAT replaces the first.
        const QString portal = writeDat("other_portal.dat", dat::DatKind::Portal, {0x02000001});
        QVERIFY(window.openDat(portal));
        QCOMPARE(int(window.dats().size()), 2);
        QCOMPARE(window.portalDat()->path(), portal);
        QCOMPARE(window.currentId(), 0x02000001u);
        QVERIFY(window.browserDock()->back()); // history survives: the cell's copy again
        QCOMPARE(window.currentDat(), window.dats()[1]);
    }

    void droppingAFileOpensIt() {
        const QString cell = writeDat("dropped.dat", dat::DatKind::Cell, {0x0102FFFF, 0x01020100});
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));

        QMimeData text;
        text.setText("just text");
        QDragEnterEvent refused(QPoint(20, 20), Qt::CopyAction, &text, Qt::LeftButton,
                                Qt::NoModifier);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());

        const FileDrop drop = dropFile(window, cell);
        QVERIFY(drop.entered);
        QVERIFY(drop.dropped);
        QCOMPARE(int(window.dats().size()), 2);
        QCOMPARE(window.dats()[1]->path(), cell);
        QCOMPARE(window.currentDat(), window.dats()[1]);
        QCOMPARE(inspectorId(window), QString("0x01020100"));
    }

    void badDatsSayWhyAndKeepWhatWasOpen() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        const QString shown = inspectorId(window);

        const QString missing = m_dir.filePath("no_such.dat");
        QVERIFY(!window.openDat(missing));
        QVERIFY(window.lastError().contains(missing));
        // Said in a message box that does not block the window.
        QMessageBox* box = window.findChild<QMessageBox*>();
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY(box->text().contains(missing));
        box->close();

        // A DAT cut short: its directory lies past the end.
        QFile demoFile(PORTALKIT_DEMO_DAT);
        QVERIFY(demoFile.open(QIODevice::ReadOnly));
        const QByteArray bytes = demoFile.readAll();
        QFile truncated(m_dir.filePath("truncated.dat"));
        QVERIFY(truncated.open(QIODevice::WriteOnly));
        truncated.write(bytes.left(bytes.size() / 3));
        truncated.close();
        const FileDrop drop = dropFile(window, truncated.fileName());
        QVERIFY(drop.entered);
        QVERIFY(!drop.dropped);
        QVERIFY2(window.lastError().contains("truncated.dat"), qPrintable(window.lastError()));

        QCOMPARE(int(window.dats().size()), 1);
        QCOMPARE(inspectorId(window), shown);
        QCOMPARE(window.browserDock()->model()->rowCount(), 1);
        QVERIFY(window.selectEntry(firstOf("Setup"))); // still browsing
    }

    // `portalkit-studio missing.dat`: the DAT fails before the window shows; showing says why.
    void anErrorBeforeShowingIsSaidOnShow() {
        ui::MainWindow window;
        const QString missing = m_dir.filePath("missing_at_start.dat");
        QVERIFY(!window.openDat(missing));
        QVERIFY(!window.findChild<QMessageBox*>());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.findChild<QMessageBox*>() &&
                    window.findChild<QMessageBox*>()->isVisible());
        QVERIFY(window.findChild<QMessageBox*>()->text().contains(missing));
        QCOMPARE(int(window.findChildren<QMessageBox*>().size()), 1);
        QVERIFY(window.dats().empty());
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT)); // and then opens what it is given
    }

    void aViewCanTakeTheCentre() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(window.centralWidget()->isAncestorOf(window.entryView()));
        QVERIFY(!window.entriesDock());

        auto* viewport = new QLabel("viewport");
        window.setCentralView(viewport);
        QCOMPARE(window.centralWidget(), viewport);
        QVERIFY(window.entriesDock());
        QVERIFY(window.entriesDock()->isAncestorOf(window.entryView()));
        QVERIFY(window.inspectorDock()->tree() == window.recordView());

        // Browsing still drives the table and the inspector.
        const std::uint32_t setup = firstOf("Setup");
        QVERIFY(window.selectEntry(setup));
        const QString setupText = QString::fromStdString(dat::formatDid(setup));
        QCOMPARE(tableCurrentId(window), setupText);
        QCOMPARE(inspectorId(window), setupText);

        window.setCentralView(nullptr);
        QVERIFY(window.centralWidget()->isAncestorOf(window.entryView()));
        QVERIFY(window.entriesDock()->isHidden());
    }
};

QTEST_MAIN(TestBrowser)
#include "tst_browser.moc"
