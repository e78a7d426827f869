// A DAT that shrinks, is replaced or fails under an open map
// (docs/formats.md#a-dat-that-changes-under-its-map): reads give the stored bytes or throw a
// DatError naming the file, never a signal; a SIGBUS that is not about a DAT's map still ends the
// process; the handler that was there before comes back when the last DAT closes.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace portalkit;

namespace {

constexpr std::size_t kEntries = 96;
constexpr std::size_t kEntrySize = 16 * 1024;

std::uint32_t idOf(std::size_t i) {
    return 0x0A000001u + std::uint32_t(i);
}

// A DAT of kEntries entries of kEntrySize bytes each (about 1.6 MB), compressed when asked.
QString writeDat(const QTemporaryDir& dir, bool compress = false) {
    dat::DatWriter writer(dat::DatKind::Portal, 1024);
    for (std::size_t i = 0; i < kEntries; ++i) {
        dat::WriterEntry e = testing::entry(idOf(i), kEntrySize);
        if (compress) {
            e.data = testing::payloadFor(idOf(i), kEntrySize / 4).repeated(4);
            e.compress = true;
        }
        writer.put(e);
    }
    const QString path = dir.filePath("shrinking.dat");
    writer.save(path);
    return path;
}

QByteArray expected(std::uint32_t id, bool compress) {
    return compress ? testing::payloadFor(id, kEntrySize / 4).repeated(4)
                    : testing::payloadFor(id, kEntrySize);
}

QByteArray asBytes(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

bool shrink(const QString& path, qint64 size) {
    return ::truncate(QFile::encodeName(path).constData(), size) == 0;
}

void checkChangedError(const dat::DatError& error, const QString& path) {
    QCOMPARE(QString::fromStdString(error.field()), QStringLiteral("file"));
    const QString text = QString::fromUtf8(error.what());
    QVERIFY2(text.contains(path), qPrintable(text));
    QVERIFY2(text.contains("changed on disk"), qPrintable(text));
}

// Runs `child` in a forked process and returns its wait status.
template <typename Child> int inChild(Child&& child) {
    const pid_t pid = fork();
    if (pid == 0) {
        signal(SIGBUS, SIG_DFL); // not QtTest's crash handler: it would wait for a debugger
        child();
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

// Maps `path` directly (no DatFile, no guard), shrinks it and touches the lost part.
void touchPastTheEndOfAnUnguardedMap(const QString& path) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    const std::size_t size = std::size_t(QFileInfo(path).size());
    auto* bytes =
        static_cast<volatile const char*>(mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0));
    if (!shrink(path, 0))
        _exit(3);
    (void)bytes[size - 1];
}

void previousHandler(int, siginfo_t*, void*) {
    _exit(42);
}

} // namespace

class TruncationTest : public QObject {
    Q_OBJECT
  private slots:
    void readsAfterShrinkThrowNamingTheFile_data() {
        QTest::addColumn<bool>("compress");
        QTest::newRow("stored") << false;
        QTest::newRow("compressed") << true;
    }

    void readsAfterShrinkThrowNamingTheFile() {
        QFETCH(bool, compress);
        QTemporaryDir dir;
        const QString path = writeDat(dir, compress);
        const dat::DatFile dat = dat::DatFile::open(path);
        QCOMPARE(dat.entries().size(), kEntries + 1); // and the iteration record
        QCOMPARE(asBytes(dat.read(idOf(0))), expected(idOf(0), compress));

        QVERIFY(shrink(path, qint64(dat.fileSize() / 3)));
        std::size_t good = 0, failed = 0;
        for (std::size_t i = 0; i < kEntries; ++i) {
            try {
                QCOMPARE(asBytes(dat.read(idOf(i))), expected(idOf(i), compress));
                QCOMPARE(failed, std::size_t(0)); // once failing, every read fails
                ++good;
            } catch (const dat::DatError& error) {
                checkChangedError(error, path);
                QCOMPARE(error.did(), std::optional<std::uint32_t>(idOf(i)));
                QVERIFY(error.offset() >= dat.fileSize() / 3 - 4096);
                ++failed;
            }
        }
        QVERIFY(good > 0);   // the entries still on disk were read
        QVERIFY(failed > 0); // and the first one past the end failed, as did all after it
        QVERIFY(dat.changedOnDisk());
        QVERIFY_THROWS_EXCEPTION(dat::DatError, dat.checkUnchanged());
    }

    void zerosInTheLastPageAreTheChangeToo() {
        // Cut the file one byte into an entry's second block, where that block starts a page:
        // the rest of that page reads as zeros without a fault, so the link reads 0 ("chain
        // ends"). The reader must see the file's new size and report the change instead.
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        const dat::DatFile dat = dat::DatFile::open(path);
        const dat::EntryInfo* cut = nullptr;
        for (std::size_t i = 0; i < kEntries && !cut; ++i)
            if ((dat.find(idOf(i))->offset + 1024) % 4096 == 0)
                cut = dat.find(idOf(i));
        QVERIFY(cut);
        QVERIFY(shrink(path, qint64(cut->offset) + 1024 + 1));
        try {
            dat.read(*cut);
            QFAIL("read past the new end succeeded");
        } catch (const dat::DatError& error) {
            checkChangedError(error, path);
        }
        QVERIFY(dat.changedOnDisk());
    }

    void replacedFileKeepsReadingTheOldBytes() {
        // Unlinking or replacing by rename keeps the old inode behind the map: nothing changes
        // for the reader (the studio's watcher tells the user).
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        const dat::DatFile dat = dat::DatFile::open(path);
        QVERIFY(QFile::remove(path));
        QFile replacement(path);
        QVERIFY(replacement.open(QIODevice::WriteOnly));
        replacement.write("not a DAT");
        replacement.close();
        for (std::size_t i = 0; i < kEntries; ++i) {
            QCOMPARE(asBytes(dat.read(idOf(i))), expected(idOf(i), false));
        }
        QVERIFY(!dat.changedOnDisk());
    }

    void threadsReadingWhileTheFileShrinks() {
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        const dat::DatFile dat = dat::DatFile::open(path);
        std::atomic<bool> shrunk{false};
        std::atomic<int> wrong{0}, changed{0}, other{0};
        auto reader = [&] {
            // Every read gives the stored bytes or the "changed on disk" error, until the
            // reader has seen the error after the shrink.
            for (int pass = 0; pass < 1000; ++pass) {
                const bool after = shrunk.load();
                for (std::size_t i = 0; i < kEntries; ++i) {
                    try {
                        if (asBytes(dat.read(idOf(i))) != expected(idOf(i), false))
                            ++wrong;
                    } catch (const dat::DatError& error) {
                        ++(error.field() == "file" ? changed : other);
                        if (after)
                            return;
                    }
                }
            }
        };
        {
            std::jthread a(reader), b(reader), c(reader);
            QTest::qWait(20);
            QVERIFY(shrink(path, 8192));
            shrunk = true;
        }
        QCOMPARE(wrong.load(), 0);
        QCOMPARE(other.load(), 0);
        QVERIFY(changed.load() >= 3);
        QVERIFY(dat.changedOnDisk());
    }

    void verifyReportsTheChangeNotTheZeros() {
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        const dat::DatFile dat = dat::DatFile::open(path);
        QVERIFY(dat::verifyDat(dat).ok());
        QVERIFY(shrink(path, 4096));
        const dat::VerifyReport report = dat::verifyDat(dat);
        QCOMPARE(report.problems.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(report.problems[0].field), QStringLiteral("file"));
        QVERIFY(QString::fromStdString(report.problems[0].message).contains(path));
    }

    void aSigbusElsewhereStillEndsTheProcess() {
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        const QString other = dir.filePath("other.bin");
        QFile file(other);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(64 * 1024, 'x'));
        file.close();

        // A fault in a map no DatFile guards, with a DAT open: the default action, SIGBUS.
        int status = inChild([&] {
            const dat::DatFile dat = dat::DatFile::open(path);
            touchPastTheEndOfAnUnguardedMap(other);
        });
        QVERIFY(WIFSIGNALED(status));
        QCOMPARE(WTERMSIG(status), SIGBUS);

        // A SIGBUS sent by kill(), inside no map at all: the same.
        status = inChild([&] {
            const dat::DatFile dat = dat::DatFile::open(path);
            raise(SIGBUS);
        });
        QVERIFY(WIFSIGNALED(status));
        QCOMPARE(WTERMSIG(status), SIGBUS);

        // A handler installed before the DAT opened gets the faults that are not ours.
        file.open(QIODevice::WriteOnly);
        file.write(QByteArray(64 * 1024, 'x'));
        file.close();
        status = inChild([&] {
            struct sigaction action {};
            action.sa_sigaction = previousHandler;
            action.sa_flags = SA_SIGINFO;
            sigemptyset(&action.sa_mask);
            sigaction(SIGBUS, &action, nullptr);
            const dat::DatFile dat = dat::DatFile::open(path);
            touchPastTheEndOfAnUnguardedMap(other);
        });
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 42);
    }

    void thePreviousHandlerReturnsWhenTheLastDatCloses() {
        QTemporaryDir dir;
        const QString path = writeDat(dir);
        struct sigaction mine {};
        mine.sa_sigaction = previousHandler;
        mine.sa_flags = SA_SIGINFO;
        sigemptyset(&mine.sa_mask);
        struct sigaction before {};
        sigaction(SIGBUS, &mine, &before);
        auto current = [] {
            struct sigaction now {};
            sigaction(SIGBUS, nullptr, &now);
            return now.sa_sigaction;
        };
        {
            const dat::DatFile a = dat::DatFile::open(path);
            QVERIFY(current() != previousHandler);
            {
                const dat::DatFile b = dat::DatFile::open(path);
                QVERIFY(current() != previousHandler);
            }
            QVERIFY(current() != previousHandler); // `a` is still open
        }
        QVERIFY(current() == previousHandler);
        sigaction(SIGBUS, &before, nullptr);
    }
};

QTEST_GUILESS_MAIN(TruncationTest)
#include "tst_truncation.moc"
