#include "support/dat_fixtures.h"

#include "widgets/entry_table_model.h"
#include "widgets/main_window.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableView>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace portalkit;
using namespace portalkit::testing;

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
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

    void badDatKeepsThePreviousOneAndSaysWhy() {
        QFile junk(m_dir.filePath("junk.dat"));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write(QByteArray(2048, 'x'));
        junk.close();
        ui::MainWindow window; // not shown: no modal dialog in tests
        QVERIFY(!window.openDat(junk.fileName()));
        QCOMPARE(window.entryModel()->rowCount(), 0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
