// The studio watches its open DATs: a DAT that shrinks, grows, is rewritten, replaced or deleted
// is reported in the change bar with an offer to reopen, and browsing it afterwards shows
// errors, never crashes (docs/formats.md#a-dat-that-changes-under-its-map).

#include "datreader/container/dat_file.h"
#include "support/dat_fixtures.h"
#include "ui/session/dat_watcher.h"
#include "ui/widgets/main_window.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kFirst = 0x0A000001;
constexpr int kEntries = 64;

QByteArray datBytes() {
    dat::DatWriter writer(dat::DatKind::Portal, 1024);
    for (int i = 0; i < kEntries; ++i)
        writer.put(entry(kFirst + std::uint32_t(i), 8 * 1024));
    return writer.build();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

bool shrink(const QString& path, qint64 size) {
    return ::truncate(QFile::encodeName(path).constData(), size) == 0;
}

} // namespace

class TestDatWatcher : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void saysWhatHappenedToTheFile_data() {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("what");
        QTest::newRow("shrunk") << "shrink"
                                << "shrank";
        QTest::newRow("grown") << "append"
                               << "grew";
        QTest::newRow("rewritten") << "rewrite"
                                   << "was rewritten";
        QTest::newRow("replaced") << "rename"
                                  << "was replaced";
        QTest::newRow("deleted") << "delete"
                                 << "was deleted";
    }

    void saysWhatHappenedToTheFile() {
        QFETCH(QString, change);
        QFETCH(QString, what);
        const QString path = m_dir.filePath("watched_" + change + ".dat");
        QVERIFY(writeFile(path, QByteArray(4096, 'a')));
        ui::DatWatcher watcher;
        watcher.setSettleMilliseconds(50);
        watcher.watch({path});
        QSignalSpy spy(&watcher, &ui::DatWatcher::datChanged);
        QTest::qWait(20); // a different modification time for "rewritten"

        if (change == "shrink") {
            QVERIFY(shrink(path, 1000));
        } else if (change == "append") {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("more");
        } else if (change == "rewrite") {
            QVERIFY(writeFile(path, QByteArray(4096, 'b')));
        } else if (change == "rename") {
            const QString other = m_dir.filePath("other_" + change + ".dat");
            QVERIFY(writeFile(other, QByteArray(4096, 'c')));
            QVERIFY(::rename(QFile::encodeName(other).constData(),
                             QFile::encodeName(path).constData()) == 0);
        } else {
            QVERIFY(QFile::remove(path));
        }
        QVERIFY(spy.wait(5000));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(spy.at(0).at(1).toString(), what);
    }

    void burstsOfWritesAreOneChange() {
        const QString path = m_dir.filePath("burst.dat");
        QVERIFY(writeFile(path, QByteArray(4096, 'a')));
        ui::DatWatcher watcher;
        watcher.setSettleMilliseconds(200);
        watcher.watch({path});
        QSignalSpy spy(&watcher, &ui::DatWatcher::datChanged);
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        for (int i = 0; i < 10; ++i) {
            file.write(QByteArray(100, 'x'));
            file.flush();
            QTest::qWait(10);
        }
        QVERIFY(spy.wait(5000));
        QTest::qWait(300);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("grew"));
    }

    void theWindowSaysSoBrowsesWithoutCrashingAndReopens() {
        const QString path = m_dir.filePath("studio_shrinking.dat");
        const QByteArray bytes = datBytes();
        QVERIFY(writeFile(path, bytes));
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(path));
        auto* bar = window.findChild<ui::DatChangeBar*>();
        QVERIFY(bar);
        QVERIFY(!bar->isVisible());
        QCOMPARE(bar->watcher()->watched(), QStringList{QFileInfo(path).absoluteFilePath()});

        QVERIFY(shrink(path, bytes.size() / 4));
        QTRY_VERIFY_WITH_TIMEOUT(bar->isVisible(), 5000);
        QVERIFY2(bar->text().contains("studio_shrinking.dat shrank on disk"),
                 qPrintable(bar->text()));
        QVERIFY(bar->reopenButton()->isEnabled());

        // Browsing every entry of the shrunk DAT: the lost ones say why, nothing crashes.
        int unreadable = 0;
        for (int i = 0; i < kEntries; ++i) {
            QVERIFY(window.selectEntry(kFirst + std::uint32_t(i)));
            unreadable += window.bytesView()->toPlainText().contains("changed on disk");
        }
        QVERIFY(unreadable > 0);
        QVERIFY(window.currentDat()->changedOnDisk());

        // Reopening a DAT whose header no longer matches its size fails and says so; the file
        // put back reopens, and its entries read again.
        bar->reopenButton()->click();
        QVERIFY(!bar->isVisible());
        QVERIFY2(window.lastError().contains("studio_shrinking.dat"),
                 qPrintable(window.lastError()));
        QVERIFY(writeFile(path, bytes));
        QTRY_VERIFY_WITH_TIMEOUT(bar->isVisible(), 5000);
        QVERIFY2(bar->text().contains("was rewritten") || bar->text().contains("grew"),
                 qPrintable(bar->text()));
        bar->reopenButton()->click();
        QVERIFY(window.lastError().isEmpty());
        QVERIFY(!bar->isVisible());
        QVERIFY(!window.currentDat()->changedOnDisk());
        QVERIFY(window.selectEntry(kFirst + kEntries - 1));
        QVERIFY(!window.bytesView()->toPlainText().contains("changed on disk"));
    }

    void aDeletedDatStaysBrowsableAndCannotBeReopened() {
        const QString path = m_dir.filePath("studio_deleted.dat");
        QVERIFY(writeFile(path, datBytes()));
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(path));
        auto* bar = window.findChild<ui::DatChangeBar*>();
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY_WITH_TIMEOUT(bar->isVisible(), 5000);
        QVERIFY2(bar->text().contains("was deleted"), qPrintable(bar->text()));
        QVERIFY(!bar->reopenButton()->isEnabled());
        QVERIFY(window.selectEntry(kFirst + 5)); // the map keeps the old file's bytes
        QVERIFY(!window.bytesView()->toPlainText().contains("changed on disk"));
        bar->dismissButton()->click();
        QVERIFY(!bar->isVisible());
    }
};

QTEST_MAIN(TestDatWatcher)
#include "tst_dat_watcher.moc"
