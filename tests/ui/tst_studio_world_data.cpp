// The server's world data in the studio (issue 26): names beside the Browser's ids, the filter
// finding entries by name, the Inspector's weenie rows and their links, the launcher creating a
// weenie with its tables, the source remembered across runs, folders imported into the cache,
// and sources that do not load. The index is built here from resources/weenies through the
// weenie library, as `portalkit weenies import` builds it.

#include "datreader/io/dat_error.h"
#include "preview/scene/owner.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/studio_session.h"
#include "ui/session/weenie_picker.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/browser_names.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/world_data.h"
#include "weenies/index.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItem>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

constexpr std::uint32_t kFlameBoltSetup = 0x0200040D;
constexpr std::uint32_t kFlameBoltTable = 0x34000005;
constexpr std::uint32_t kFlameBoltSounds = 0x20000001;

std::shared_ptr<const dat::DatFile> demo() {
    static auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT));
    return dat;
}

std::shared_ptr<const preview::Assets> demoAssets() {
    static auto assets = std::make_shared<const preview::Assets>(demo());
    return assets;
}

// A root child of the Inspector's tree by its field name, or null.
QTreeWidgetItem* child(QTreeWidgetItem* parent, const QString& name) {
    for (int i = 0; parent && i < parent->childCount(); ++i)
        if (parent->child(i)->text(0) == name)
            return parent->child(i);
    return nullptr;
}

QStringList childNames(QTreeWidgetItem* parent) {
    QStringList names;
    for (int i = 0; parent && i < parent->childCount(); ++i)
        names << parent->child(i)->text(0);
    return names;
}

// The Browser's row of portal entry `id` (what it displays, or `role`).
QString rowText(MainWindow& window, std::uint32_t id, int role = Qt::DisplayRole) {
    return window.browserDock()
        ->model()
        ->indexOf(window.portalDat().get(), id)
        .data(role)
        .toString();
}

// A window on the demo DAT with the world data at `source` loaded.
struct Window {
    explicit Window(const QString& source, const QString& cache) {
        window.worldData()->setCacheFolder(cache);
        window.show();
        if (!window.openDat(PORTALKIT_DEMO_DAT))
            qFatal("the demo DAT does not open");
        if (!source.isEmpty()) {
            window.openWorldData(source);
            window.worldData()->waitForLoad();
        }
    }
    MainWindow window;
};

} // namespace

class TestStudioWorldData : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_index;

    QString cache() const { return m_dir.filePath("cache"); }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath("conf"));
        QSettings("PortalKit", "Studio").clear();
        m_index = m_dir.filePath("world.sqlite");
        weenies::WeenieIndex::write(m_index, weenies::readSource(PORTALKIT_WEENIES),
                                    weenies::stampSource(PORTALKIT_WEENIES));
    }

    void namesBesideIds() {
        Window w({}, cache());
        // File → Open World Data… and its folder twin follow Open Recent.
        const QList<QAction*> file = w.window.fileMenu()->actions();
        const qsizetype recent = file.indexOf(w.window.recentMenu()->menuAction());
        QCOMPARE(file.value(recent + 1)->text(), QString("Open &World Data…"));
        QCOMPARE(file.value(recent + 2)->text(), QString("Open World Data &Folder…"));

        const QString bare = rowText(w.window, kFlameBoltSetup);
        QCOMPARE(bare, QString("0x0200040D"));

        w.window.openWorldData(m_index);
        WorldData* world = w.window.worldData();
        world->waitForLoad();
        QVERIFY2(world->isOpen(), qPrintable(world->lastError()));
        QCOMPARE(world->count(), std::size_t(12));
        // A Setup two weenies use lists both, by WCID.
        QCOMPARE(rowText(w.window, kFlameBoltSetup),
                 bare + "  Flame Bolt, Mage's Spent Flame Bolt");
        QVERIFY(rowText(w.window, kFlameBoltSetup, Qt::ToolTipRole)
                    .endsWith("Named by the world data: Flame Bolt, Mage's Spent Flame Bolt"));
        // An entry no weenie names keeps its bare id.
        std::uint32_t unnamed = 0;
        for (const auto& entry : demo()->entries())
            if (entry.id >> 24 == 0x02 && world->namesOf(entry.id).isEmpty()) {
                unnamed = entry.id;
                break;
            }
        QVERIFY(unnamed != 0);
        QCOMPARE(rowText(w.window, unnamed), QString::fromStdString(dat::formatDid(unnamed)));
        QCOMPARE(QSettings("PortalKit", "Studio").value(WorldData::kSettingsKey).toString(),
                 QFileInfo(m_index).absoluteFilePath());
    }

    void filterFindsNames() {
        Window w(m_index, cache());
        BrowserDock* browser = w.window.browserDock();
        NameMatchList* matches = browser->nameMatches();
        QVERIFY(matches->isHidden());

        browser->filterEdit()->setText("flame"); // any case
        QVERIFY(!matches->isHidden());
        const auto ids = matches->ids();
        // Flame Bolt's Setup, sound table and table; each once although two weenies share one.
        QCOMPARE(std::count(ids.begin(), ids.end(), kFlameBoltSetup), 1);
        QVERIFY(std::count(ids.begin(), ids.end(), kFlameBoltTable) == 1);
        QVERIFY(std::count(ids.begin(), ids.end(), kFlameBoltSounds) == 1);
        QVERIFY(matches->item(0)->text().contains("Setup — Flame Bolt"));

        // A click shows the entry and keeps the list for the next match.
        const int row = int(std::find(ids.begin(), ids.end(), kFlameBoltTable) - ids.begin());
        QTest::mouseClick(matches->viewport(), Qt::LeftButton, {},
                          matches->visualItemRect(matches->item(row)).center());
        QCOMPARE(w.window.currentId(), kFlameBoltTable);
        QCOMPARE(browser->filterEdit()->text(), QString("flame"));
        QCOMPARE(matches->currentRow(), row);

        browser->filterEdit()->setText("7277"); // a WCID finds its weenie's DIDs
        QVERIFY(!matches->isHidden());
        QCOMPARE(matches->ids().front(), kFlameBoltSetup);

        browser->filterEdit()->setText("no weenie is called this");
        QVERIFY(matches->isHidden());
        browser->filterEdit()->setText("Setup"); // the tree's type filter is untouched
        QVERIFY(browser->model()->indexOf(w.window.portalDat().get(), kFlameBoltSetup).isValid());
    }

    void inspectorLinksWeenies() {
        Window w(m_index, cache());
        QVERIFY(w.window.selectEntry(kFlameBoltSetup));
        QTreeWidget* tree = w.window.recordView();
        QTreeWidgetItem* world = child(tree->topLevelItem(0), "World data");
        QVERIFY(world);
        QCOMPARE(tree->topLevelItem(0)->indexOfChild(world), 0); // above the decoded fields
        QVERIFY(child(tree->topLevelItem(0), "defaultScriptTable"));
        QCOMPARE(world->text(1), QString("used by 2 weenies"));
        QCOMPARE(childNames(world), QStringList({"Flame Bolt", "Mage's Spent Flame Bolt"}));
        QTreeWidgetItem* bolt = world->child(0);
        QCOMPARE(childNames(bolt), QStringList({"Setup", "SoundTable", "PhysicsEffectTable"}));
        // The shown Setup is not a link; the weenie's other DIDs are.
        QCOMPARE(InspectorDock::linkOf(child(bolt, "Setup")), 0u);
        QTreeWidgetItem* table = child(bolt, "PhysicsEffectTable");
        QCOMPARE(InspectorDock::linkOf(table), kFlameBoltTable);

        w.window.inspectorDock()->raise();
        tree->scrollToItem(table);
        QRect rect = tree->visualItemRect(table);
        rect.setLeft(tree->header()->sectionViewportPosition(1));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.topLeft() + QPoint(8, 4));
        QTRY_COMPARE(w.window.currentId(), kFlameBoltTable);
        // The table's weenie links back to the Setup.
        world = child(w.window.recordView()->topLevelItem(0), "World data");
        QVERIFY(world);
        QCOMPARE(childNames(world), QStringList({"Flame Bolt"}));
        QCOMPARE(InspectorDock::linkOf(child(world->child(0), "Setup")), kFlameBoltSetup);

        // Going back shows the Setup's rows again.
        QVERIFY(w.window.browserDock()->back());
        QCOMPARE(childNames(child(w.window.recordView()->topLevelItem(0), "World data")),
                 QStringList({"Flame Bolt", "Mage's Spent Flame Bolt"}));

        // Closing the world data takes the rows away from what is shown.
        w.window.worldData()->close();
        QVERIFY(!child(w.window.recordView()->topLevelItem(0), "World data"));
        QVERIFY(!rowText(w.window, kFlameBoltSetup).contains("Flame"));
    }

    void launcherCreatesWeenie() {
        Window w(m_index, cache());
        StudioSession session(demoAssets());
        EffectLauncher launcher(&session);
        WeeniePicker* picker = launcher.weeniePicker();
        picker->setWorldData(w.window.worldData());
        QVERIFY(picker->edit()->isEnabled());
        QVERIFY(picker->suggestions("FLAME").contains("Flame Bolt (7277)"));
        QVERIFY(picker->suggestions("FLAME").contains("Mage's Spent Flame Bolt (90001)"));

        // The weenie's Setup with the tables its DIDs name: the CreateObject replaces the
        // Setup's own tables even with none (R8), so each comes from the weenie.
        picker->edit()->setText("Flame Bolt");
        QVERIFY(picker->pickFromInput());
        QCOMPARE(session.mode(), StudioSession::Mode::Scenario);
        QCOMPARE(session.targetSetup(), kFlameBoltSetup);
        QCOMPARE(session.targetScriptTable(), kFlameBoltTable);
        const preview::Owner* owner = session.scenePtr()->owner(session.targetOwner());
        QVERIFY(owner);
        QCOMPARE(owner->soundTable, kFlameBoltSounds);
        QCOMPARE(picker->edit()->text(), QString("Flame Bolt (7277)"));
        // The launcher's typed effects follow the weenie's table.
        QVERIFY(launcher.typeCombo()->count() > 0);

        // Mage's Spent Flame Bolt names no table: the CreateObject brings none (R8).
        picker->edit()->setText("90001");
        QVERIFY(picker->pickFromInput());
        QCOMPARE(session.targetSetup(), kFlameBoltSetup);
        QCOMPARE(session.targetScriptTable(), 0u);

        QSignalSpy failed(picker, &WeeniePicker::failed);
        picker->edit()->setText("no weenie is called this");
        QVERIFY(!picker->pickFromInput());
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.front().front().toString().contains("no weenie is named like"));
        QCOMPARE(session.targetSetup(), kFlameBoltSetup); // nothing changed
    }

    void importsFolderIntoCache() {
        // A copy of the samples, so the test can see what the import writes beside them.
        QTemporaryDir corpus;
        QDirIterator it(PORTALKIT_WEENIES, {"*.sql"}, QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            QVERIFY(QFile::copy(path, corpus.filePath(QFileInfo(path).fileName())));
        }
        const QStringList before = QDir(corpus.path()).entryList(QDir::Files);
        const QString folder = m_dir.filePath("import-cache");

        Window w(corpus.path(), folder);
        WorldData* world = w.window.worldData();
        QVERIFY2(world->isOpen(), qPrintable(world->lastError()));
        QVERIFY(world->wasImported());
        QCOMPARE(world->count(), std::size_t(12));
        QCOMPARE(QFileInfo(world->indexPath()).absolutePath(),
                 QFileInfo(folder).absoluteFilePath());
        QCOMPARE(QDir(corpus.path()).entryList(QDir::Files), before);
        QVERIFY(rowText(w.window, kFlameBoltSetup).contains("Flame Bolt"));

        // The second open finds the cache's index; a changed source is imported again.
        world->open(corpus.path());
        world->waitForLoad();
        QVERIFY(world->isOpen());
        QVERIFY(!world->wasImported());
        QFile spent(corpus.filePath("90001 Mage's Spent Flame Bolt.sql"));
        QVERIFY(spent.remove());
        world->open(corpus.path());
        world->waitForLoad();
        QVERIFY(world->wasImported());
        QCOMPARE(world->count(), std::size_t(11));
        QCOMPARE(world->namesOf(kFlameBoltSetup), QStringList({"Flame Bolt"}));
    }

    void importsJsonExport() {
        // The single-file export: one weenie naming Flame Bolt's Setup under another name.
        const QString json = m_dir.filePath("export.json");
        QFile file(json);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"([{"wcid": 500, "className": "jsonbolt", "weenieType": 33,
                        "stringStats": [{"key": 1, "value": "Json Bolt"}],
                        "didStats": [{"key": 1, "value": 33555469}]}])");
        file.close();
        Window w(json, m_dir.filePath("json-cache"));
        WorldData* world = w.window.worldData();
        QVERIFY2(world->isOpen(), qPrintable(world->lastError()));
        QVERIFY(world->wasImported());
        QCOMPARE(world->count(), std::size_t(1));
        QCOMPARE(rowText(w.window, kFlameBoltSetup), QString("0x0200040D  Json Bolt"));
        QVERIFY(world->indexPath().startsWith(
            QFileInfo(m_dir.filePath("json-cache")).absoluteFilePath()));
    }

    void badSourcesSayWhy() {
        Window w(m_index, cache());
        WorldData* world = w.window.worldData();
        QSignalSpy failed(world, &WorldData::failed);

        const QString broken = m_dir.filePath("broken.sql");
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`)\nVALUES (1, 'x', ;\n");
        file.close();
        world->open(broken);
        world->waitForLoad();
        QCOMPARE(failed.size(), 1);
        const QString message = failed.front().front().toString();
        QVERIFY2(message.startsWith(QFileInfo(broken).absoluteFilePath() + ":2:"),
                 qPrintable(message));
        // What was open stays open.
        QVERIFY(world->isOpen());
        QCOMPARE(world->source(), QFileInfo(m_index).absoluteFilePath());

        world->open(m_dir.filePath("missing"));
        world->waitForLoad();
        QCOMPARE(failed.size(), 2);
        QVERIFY(failed.back().front().toString().contains("missing"));

        QFile notIndex(m_dir.filePath("not-an-index.sqlite"));
        QVERIFY(notIndex.open(QIODevice::WriteOnly));
        notIndex.write("this is no SQLite file");
        notIndex.close();
        world->open(notIndex.fileName());
        world->waitForLoad();
        QCOMPARE(failed.size(), 3);
        QVERIFY(failed.back().front().toString().contains("not-an-index.sqlite"));
        QCOMPARE(world->source(), QFileInfo(m_index).absoluteFilePath());
    }

    void rememberedAcrossRuns() {
        {
            Window w(m_index, cache());
            QVERIFY(w.window.worldData()->isOpen());
        }
        QCOMPARE(WorldData::rememberedSource(), QFileInfo(m_index).absoluteFilePath());
        // The next run opens it again (as portalkit-studio does with no --world-data).
        Window next(WorldData::rememberedSource(), cache());
        QVERIFY(next.window.worldData()->isOpen());
        QVERIFY(rowText(next.window, kFlameBoltSetup).contains("Flame Bolt"));
    }
};

QTEST_MAIN(TestStudioWorldData)
#include "tst_studio_world_data.moc"
