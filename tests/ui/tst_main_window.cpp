#include "datreader/records/physics_script.h"
#include "support/dat_fixtures.h"
#include "ui/studio/studio.h"
#include "ui/widgets/entry_table_model.h"
#include "ui/widgets/main_window.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QLineEdit>
#include <QModelIndex>
#include <QObject>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <set>

using namespace portalkit;
using namespace portalkit::testing;

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    // The window remembers recent DATs in QSettings: keep them out of the user's settings.
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void listsAndFiltersTheEntriesOfADat() {
        dat::DatWriter writer(dat::DatKind::Portal);
        writer.put(entry(0x02000124, 812));
        writer.put(entry(0x02000001, 10));
        writer.put(entry(0x33000005, 64));
        const QString path = m_dir.filePath("studio.dat");
        writer.save(path);

        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(path));
        QCOMPARE(window.entryModel()->rowCount(), 4);
        QVERIFY(window.windowTitle().contains("studio.dat"));

        const QModelIndex first = window.filterModel()->index(0, ui::EntryTableModel::Id);
        QCOMPARE(first.data().toString(), QString("0x02000001"));
        QCOMPARE(window.filterModel()->index(0, ui::EntryTableModel::Type).data().toString(),
                 QString("Setup"));

        QTest::keyClicks(window.filterEdit(), "physicsscript");
        QCOMPARE(window.filterModel()->rowCount(), 1);
        QCOMPARE(window.filterModel()->index(0, ui::EntryTableModel::Id).data().toString(),
                 QString("0x33000005"));
        window.filterEdit()->clear();
        QCOMPARE(window.filterModel()->rowCount(), 4);

        // Selecting an entry shows its bytes in hex: 0x02000124's payload starts like this.
        const QByteArray payload = payloadFor(0x02000124, 812);
        window.entryView()->setCurrentIndex(window.filterModel()->index(1, 0));
        const QString shown = window.bytesView()->toPlainText();
        QVERIFY2(shown.startsWith("000000  " + QString::fromLatin1(payload.left(4).toHex(' '))),
                 qPrintable(shown.left(80)));
        QVERIFY(shown.contains("000320  ")); // 812 bytes end on row 0x320
        QVERIFY(!shown.contains("more bytes"));
    }

    void decodedRecordShowsAsATree() {
        dat::PhysicsScript script;
        script.id = 0x33000005;
        dat::hooks::CreateBlockingParticle blocking;
        blocking.emitterInfoId = 0x32000009;
        script.entries.push_back({0.5, dat::AnimationHook{0, blocking}, 0});
        dat::DatWriter writer(dat::DatKind::Portal);
        const auto bytes = script.encode();
        dat::WriterEntry e;
        e.id = script.id;
        e.data = QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        writer.put(e);
        writer.put(entry(0x02000001, 3)); // too short to be a Setup
        const QString path = m_dir.filePath("records.dat");
        writer.save(path);

        ui::MainWindow window;
        QVERIFY(window.openDat(path));
        window.entryView()->setCurrentIndex(window.filterModel()->index(1, 0));
        QTreeWidgetItem* root = window.recordView()->topLevelItem(0);
        QCOMPARE(root->text(0), QString("0x33000005"));
        QCOMPARE(root->text(1), QString("PhysicsScript"));
        const auto found = window.recordView()->findItems("CreateBlockingParticle",
                                                          Qt::MatchExactly | Qt::MatchRecursive, 1);
        // The hook's row names its type, and so does its "type" field.
        QCOMPARE(found.size(), 2);
        QVERIFY(std::any_of(found.begin(), found.end(),
                            [](QTreeWidgetItem* item) { return item->text(0) == "type"; }));
        const auto emitter =
            window.recordView()->findItems("0x32000009", Qt::MatchExactly | Qt::MatchRecursive, 1);
        QCOMPARE(emitter.size(), 1);

        window.entryView()->setCurrentIndex(window.filterModel()->index(0, 0));
        root = window.recordView()->topLevelItem(0);
        QCOMPARE(root->text(1), QString("Setup"));
        QCOMPARE(root->child(0)->text(0), QString("decode error"));
        QVERIFY(root->child(0)->text(1).contains("DID 0x02000001"));
    }

    void badDatKeepsThePreviousOneAndSaysWhy() {
        QFile junk(m_dir.filePath("junk.dat"));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write(QByteArray(2048, 'x'));
        junk.close();
        ui::MainWindow window; // not shown: no modal dialog in tests
        QVERIFY(!window.openDat(junk.fileName()));
        QCOMPARE(window.entryModel()->rowCount(), 0);
    }

    // portalkit-studio without a DAT: the demo portal DAT, and the demo cell, local and highres
    // DATs beside it that the build (or the install) made; in the build tree and in the
    // installed layout.
    void theDefaultDatsAreTheFourDemoDats() {
        for (const QString& demo :
             {QStringLiteral("built/demo"), QStringLiteral("installed/share/portalkit/demo")}) {
            const QString root = m_dir.filePath(demo.section('/', 0, 0));
            const QString bin = root + "/bin";
            QVERIFY(QDir().mkpath(bin));
            QVERIFY(QDir().mkpath(m_dir.filePath(demo)));
            const QDir dir(m_dir.filePath(demo));
            const QString portal = dir.filePath("client_portal.dat");
            dat::DatWriter portalWriter(dat::DatKind::Portal);
            portalWriter.put(entry(0x02000001, 16));
            portalWriter.save(portal);
            QCOMPARE(ui::defaultDats(bin), QStringList({QDir::cleanPath(portal)}));

            // Each comes along once it exists, in a fixed order whatever order they were made.
            const QString highres = dir.filePath("client_highres.dat");
            dat::DatWriter highresWriter(dat::DatKind::HighRes);
            highresWriter.put(entry(0x06000001, 16));
            highresWriter.save(highres);
            QCOMPARE(ui::defaultDats(bin),
                     QStringList({QDir::cleanPath(portal), QDir::cleanPath(highres)}));
            const QString cell = dir.filePath("client_cell_1.dat");
            dat::DatWriter cellWriter(dat::DatKind::Cell);
            cellWriter.put(entry(0xA9B4FFFF, 16));
            cellWriter.save(cell);
            const QString local = dir.filePath("client_local_English.dat");
            dat::DatWriter localWriter(dat::DatKind::Local);
            localWriter.put(entry(0x23000001, 16));
            localWriter.save(local);
            const QStringList dats = ui::defaultDats(bin);
            QCOMPARE(dats, QStringList({QDir::cleanPath(portal), QDir::cleanPath(cell),
                                        QDir::cleanPath(local), QDir::cleanPath(highres)}));

            // All four open, side by side.
            ui::MainWindow window;
            for (const QString& path : dats)
                QVERIFY(window.openDat(path));
            QCOMPARE(int(window.dats().size()), 4);
            std::set<dat::DatKind> kinds;
            for (const auto& open : window.dats())
                kinds.insert(open->kind());
            QVERIFY(kinds == std::set<dat::DatKind>({dat::DatKind::Portal, dat::DatKind::Cell,
                                                     dat::DatKind::Local, dat::DatKind::HighRes}));
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
