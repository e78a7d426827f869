// `portalkit audit --hash-all`, `decode-all` and `unpack` on a DAT that shrinks while they run
// (docs/formats.md#a-dat-that-changes-under-its-map): each ends with one error naming the file
// and exit 2, never a signal. The test stops the process as soon as its map of the DAT exists,
// shrinks the file and lets it go on, so the shrink always lands mid-run.

#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <unistd.h>

using namespace portalkit;

namespace {

constexpr std::size_t kEntries = 384;
constexpr std::size_t kEntrySize = 96 * 1024; // 36 MiB of Wave-range entries

// True once /proc/PID/maps shows a map of `path`: the command opened the DAT.
bool mapsFile(qint64 pid, const QString& path) {
    QFile maps(QStringLiteral("/proc/%1/maps").arg(pid));
    return maps.open(QIODevice::ReadOnly) && maps.readAll().contains(QFile::encodeName(path));
}

struct Outcome {
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray err;
    bool shrunkMidRun = false;
};

// Runs portalkit with `arguments`, shrinks `path` to `size` while the command has it mapped.
Outcome runAndShrink(const QStringList& arguments, const QString& path, qint64 size) {
    QProcess process;
    process.start(PORTALKIT_CLI, arguments);
    Outcome outcome;
    if (!process.waitForStarted())
        return outcome;
    const qint64 pid = process.processId();
    QElapsedTimer clock;
    clock.start();
    while (process.state() == QProcess::Running && clock.elapsed() < 30000) {
        if (mapsFile(pid, path)) {
            ::kill(pid_t(pid), SIGSTOP);
            outcome.shrunkMidRun = ::truncate(QFile::encodeName(path).constData(), size) == 0;
            ::kill(pid_t(pid), SIGCONT);
            break;
        }
        QThread::usleep(100);
    }
    process.waitForFinished(120000);
    outcome.status = process.exitStatus();
    outcome.exitCode = process.exitCode();
    outcome.err = process.readAllStandardError();
    return outcome;
}

} // namespace

class TruncationCliTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QByteArray m_bytes; // the DAT as written, put back before every run

    QString datPath() const { return m_dir.filePath("big.dat"); }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        dat::DatWriter writer(dat::DatKind::Portal, 1024);
        for (std::size_t i = 0; i < kEntries; ++i)
            writer.put(testing::entry(0x0A000001u + std::uint32_t(i), kEntrySize));
        m_bytes = writer.build();
    }

    void shrinkMidRunIsAnErrorNotASignal_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("audit --hash-all") << QStringList{"audit", "--hash-all", "--jobs", "2"};
        QTest::newRow("decode-all") << QStringList{"decode-all"};
        QTest::newRow("unpack") << QStringList{"unpack"};
    }

    void shrinkMidRunIsAnErrorNotASignal() {
        QFETCH(QStringList, arguments);
        QFile file(datPath());
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(m_bytes), m_bytes.size());
        file.close();
        arguments.insert(1, datPath());
        if (arguments.front() == "unpack")
            arguments << m_dir.filePath("unpacked");

        const Outcome outcome = runAndShrink(arguments, datPath(), m_bytes.size() / 8);
        QVERIFY(outcome.shrunkMidRun);
        QCOMPARE(outcome.status, QProcess::NormalExit); // a signal would be a CrashExit
        QCOMPARE(outcome.exitCode, 2);
        const QString err = QString::fromLocal8Bit(outcome.err);
        QVERIFY2(err.contains(datPath()), qPrintable(err));
        QVERIFY2(err.contains("changed on disk"), qPrintable(err));
        QVERIFY2(err.count("changed on disk") == 1,
                 qPrintable(err)); // one error, not one per entry
    }
};

QTEST_GUILESS_MAIN(TruncationCliTest)
#include "tst_truncation_cli.moc"
