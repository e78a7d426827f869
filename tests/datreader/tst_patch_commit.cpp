// How a patch reaches the disk (datreader/container/patch_writer.h): copy and rename, in place
// through the journal, repair, and fault injection at every step of each.

#include "datreader/container/dat_patcher.h"
#include "datreader/container/patch_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QDir>
#include <QFile>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

std::vector<std::uint8_t> payload(std::size_t size, std::uint8_t seed) {
    std::vector<std::uint8_t> bytes(size);
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = std::uint8_t(seed + i * 7);
    return bytes;
}

// 120 entries over a two-level tree, with 6 freed blocks spread out: the patch below takes some
// from the list, grows the file, splits a leaf and gives blocks back.
QByteArray startDat() {
    DatWriter writer(DatKind::Portal, 256);
    for (std::uint32_t i = 0; i < 120; ++i)
        writer.put(entry(0x01000000 + 4 * i, 40 + (i * 53) % 600));
    DatPatcher patcher = DatPatcher::fromBytes([&] {
        const QByteArray built = writer.build();
        return std::vector<std::uint8_t>(built.begin(), built.end());
    }());
    patcher.remove(0x01000000 + 4 * 7);
    patcher.remove(0x01000000 + 4 * 70);
    const auto bytes = patcher.bytes();
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

// The patch every fault-injection case makes: a replacement larger than before, a removal,
// and enough inserts into one leaf's range to split it.
void applyPatch(DatPatcher& patcher) {
    patcher.put(0x01000000 + 4 * 3, payload(900, 1));
    patcher.remove(0x01000000 + 4 * 40);
    for (std::uint32_t i = 0; i < 70; ++i)
        patcher.put(0x01000001 + 4 * i, payload(30 + i, std::uint8_t(i)));
}

void checkStrict(const QByteArray& bytes) {
    const VerifyReport report = verifyDat(bytes);
    for (const auto& problem : report.problems)
        qWarning("%s", problem.describe().c_str());
    QVERIFY(report.ok(true));
}

} // namespace

class TestPatchCommit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QByteArray m_old;
    QByteArray m_new;

    QString fresh(const QString& name) {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        QFile::remove(journalPath(path));
        QFile::remove(journalPath(path) + ".tmp");
        writeFile(path, m_old);
        return path;
    }

    // Crashes the commit at each step in turn; after repair the DAT must be the old one or the
    // new one byte for byte, and once the crash point passes the end, the new one.
    void crashAtEveryStep(CommitMode mode) {
        bool sawOld = false;
        bool sawNew = false;
        for (int step = 0;; ++step) {
            const QString path = fresh("dat");
            FaultPlan plan{step, 0};
            bool crashed = false;
            {
                DatPatcher patcher = DatPatcher::open(path);
                applyPatch(patcher);
                try {
                    patcher.commit(mode, &plan);
                } catch (const SimulatedCrash&) {
                    crashed = true;
                }
            } // the process is gone: so is its lock on the DAT
            if (mode == CommitMode::InPlace && QFile::exists(journalPath(path)))
                QVERIFY_THROWS_EXCEPTION(DatError, DatFile::open(path)); // readers wait
            DatPatcher::repair(path);
            const QByteArray after = readFile(path);
            QVERIFY2(after == m_old || after == m_new,
                     qPrintable(QStringLiteral("a mix after a crash at step %1").arg(step)));
            sawOld |= after == m_old;
            sawNew |= after == m_new;
            QVERIFY(!QFile::exists(journalPath(path)));
            if (!crashed) {
                QCOMPARE(after, m_new);
                QVERIFY(step > 4); // the plan really counted the commit's steps
                break;
            }
        }
        QVERIFY(sawOld && sawNew);
    }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_old = startDat();
        checkStrict(m_old);
        // The new DAT as a patch without faults writes it.
        const QString path = fresh("reference");
        DatPatcher patcher = DatPatcher::open(path);
        applyPatch(patcher);
        patcher.commit();
        m_new = readFile(path);
        QVERIFY(m_new != m_old);
        checkStrict(m_new);
    }

    void bothModesWriteTheSameDat() {
        const QString path = fresh("inplace");
        DatPatcher patcher = DatPatcher::open(path);
        applyPatch(patcher);
        patcher.commit(CommitMode::InPlace);
        QCOMPARE(readFile(path), m_new);
        QVERIFY(!QFile::exists(journalPath(path)));
        // Only the touched blocks and the header were written, not the file.
        QVERIFY(patcher.stats().bytesWritten < std::uint64_t(m_new.size()));
    }

    void untouchedEntriesReadBackIdentically() {
        const DatFile before = DatFile::fromBytes(m_old);
        const DatFile after = DatFile::fromBytes(m_new);
        int untouched = 0;
        for (const EntryInfo& entry : before.entries()) {
            if (entry.id == 0x01000000 + 4 * 3 || entry.id == 0x01000000 + 4 * 40)
                continue;
            const EntryInfo* now = after.find(entry.id);
            QVERIFY(now);
            QCOMPARE(now->offset, entry.offset); // not moved
            QCOMPARE(after.read(*now), before.read(entry));
            ++untouched;
        }
        QVERIFY(untouched > 100);
    }

    void copyAndRenameSurvivesACrashAtEveryStep() { crashAtEveryStep(CommitMode::CopyAndRename); }
    void inPlaceSurvivesACrashAtEveryStep() { crashAtEveryStep(CommitMode::InPlace); }

    void aRepairInterruptedInTurnIsRepairedAgain() {
        // Crash the commit right after the journal became whole, then crash each replay.
        for (int step = 0;; ++step) {
            const QString path = fresh("replay");
            {
                DatPatcher patcher = DatPatcher::open(path);
                applyPatch(patcher);
                FaultPlan commitPlan{5, 0}; // after the rename and the folder sync
                QVERIFY_THROWS_EXCEPTION(SimulatedCrash,
                                         patcher.commit(CommitMode::InPlace, &commitPlan));
            }
            QVERIFY(QFile::exists(journalPath(path)));
            FaultPlan repairPlan{step, 0};
            bool crashed = false;
            try {
                QCOMPARE(DatPatcher::repair(path, &repairPlan), JournalRepair::Replayed);
            } catch (const SimulatedCrash&) {
                crashed = true;
            }
            if (crashed) {
                // Replayed again, or nothing left to do when the crash came after the removal.
                const JournalRepair again = DatPatcher::repair(path);
                QVERIFY(again == JournalRepair::Replayed || again == JournalRepair::Nothing);
            }
            QCOMPARE(readFile(path), m_new);
            if (!crashed)
                break;
        }
    }

    void onePatchAtATime() {
        const QString path = fresh("locked");
        {
            DatPatcher first = DatPatcher::open(path);
            first.put(0x01000002, payload(10, 1));
            // Another process or window patching the same DAT is refused, and so is a repair.
            QVERIFY_THROWS_EXCEPTION(DatError, DatPatcher::open(path));
            QVERIFY_THROWS_EXCEPTION(DatError, DatPatcher::repair(path));
            first.commit(CommitMode::InPlace);
            QVERIFY_THROWS_EXCEPTION(DatError, DatPatcher::open(path)); // still open
        }
        {
            DatPatcher second = DatPatcher::open(path); // the first is gone
            second.put(0x01000006, payload(10, 2));
            second.commit(); // copy and rename: the lock stayed on the replaced file...
            DatPatcher third = DatPatcher::open(path); // ...so the new one is free
            QVERIFY(third.directory().find(0x01000006));
            QVERIFY(third.directory().find(0x01000002));
            // After its commit the second patcher starts again from the new file, which the
            // third holds.
            QVERIFY_THROWS_EXCEPTION(DatError, second.put(0x0100000A, payload(10, 3)));
        }
        checkStrict(readFile(path));
    }

    void aDamagedJournalIsRefusedAndKept() {
        const QString path = fresh("damaged");
        PatchImage image;
        image.size = std::uint64_t(m_old.size());
        image.writes.push_back({1024, std::vector<std::uint8_t>(256, 0xAB)});
        auto journal = serializeJournal(image);
        QCOMPARE(parseJournal(journal).writes.size(), std::size_t(1));
        journal[20] ^= 1;
        writeFile(journalPath(path), QByteArray(reinterpret_cast<const char*>(journal.data()),
                                                qsizetype(journal.size())));
        try {
            DatPatcher::repair(path);
            QFAIL("a damaged journal was replayed");
        } catch (const DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), QStringLiteral("journal.checksum"));
        }
        QCOMPARE(readFile(path), m_old);
        QVERIFY(QFile::exists(journalPath(path)));
        journal.resize(journal.size() / 2);
        QVERIFY_THROWS_EXCEPTION(DatError, parseJournal(journal));
    }

    void aJournalThatNeverBecameWholeIsDropped() {
        const QString path = fresh("partial");
        writeFile(journalPath(path) + ".tmp", "PKJRN");
        QCOMPARE(DatPatcher::repair(path), JournalRepair::Dropped);
        QCOMPARE(DatPatcher::repair(path), JournalRepair::Nothing);
        QCOMPARE(readFile(path), m_old);
    }

    void saveAsLeavesTheSourceAlone() {
        const QString path = fresh("source");
        DatPatcher patcher = DatPatcher::open(path);
        applyPatch(patcher);
        patcher.saveAs(m_dir.filePath("copy"));
        QCOMPARE(readFile(path), m_old);
        QCOMPARE(readFile(m_dir.filePath("copy")), m_new);
    }

    void changesAreNet() {
        const QString path = fresh("changes");
        DatPatcher patcher = DatPatcher::open(path);
        patcher.put(0x01000000, payload(10, 0)); // replaced
        patcher.put(0x01000002, payload(10, 0)); // added
        patcher.put(0x01000006, payload(10, 0)); // added, then removed: nothing
        patcher.remove(0x01000006);
        patcher.remove(0x01000004); // removed
        patcher.remove(0x01000008); // removed, then put: replaced
        patcher.put(0x01000008, payload(12, 0));
        const auto changes = patcher.changes();
        QCOMPARE(changes.size(), std::size_t(4));
        QCOMPARE(changes[0].kind, PatchChange::Kind::Replaced);
        QCOMPARE(changes[1].kind, PatchChange::Kind::Added);
        QCOMPARE(changes[1].oldSize, 0u);
        QCOMPARE(changes[2].kind, PatchChange::Kind::Removed);
        QCOMPARE(changes[2].id, 0x01000004u);
        QCOMPARE(changes[3].kind, PatchChange::Kind::Replaced);
        QCOMPARE(changes[3].newSize, 12u);
        QCOMPARE(std::uint64_t(changes[3].oldSize),
                 std::uint64_t(DatFile::fromBytes(m_old).find(0x01000008)->size));
    }

    void theIterationGoesUpByOne() {
        const QString path = fresh("iteration");
        const auto before = DatFile::fromBytes(m_old).iteration();
        QVERIFY(before && before->complete());
        DatPatcher patcher = DatPatcher::open(path);
        patcher.put(0x01000002, payload(10, 3));
        patcher.setIteration(before->current + 1);
        patcher.commit();
        const DatFile dat = DatFile::open(path);
        QCOMPARE(dat.iteration()->current, before->current + 1);
        QVERIFY(dat.iteration()->complete());
        QCOMPARE(std::int64_t(dat.find(0x01000002)->iteration), std::int64_t(before->current + 1));
        QCOMPARE(dat.find(0x01000000)->iteration,
                 DatFile::fromBytes(m_old).find(0x01000000)->iteration);
        checkStrict(readFile(path));

        DatPatcher gap = DatPatcher::open(path);
        gap.put(0x01000002, payload(11, 3));
        gap.setIteration(before->current + 5);
        QVERIFY_THROWS_EXCEPTION(DatError, gap.prepare());
    }

    void aFreeBlockThatIsAlsoDataIsRefusedWhenTouched() {
        // Point the free list's head at the first block of an entry: a put replacing that entry
        // would otherwise hand the block out twice.
        QByteArray bytes = m_old;
        const DatFile dat = DatFile::fromBytes(bytes);
        const EntryInfo victim = *dat.find(0x01000000 + 4 * 10);
        std::vector<std::uint8_t> raw(bytes.begin(), bytes.end());
        DatHeader header = dat.header();
        const std::uint32_t oldHead = header.firstFree;
        header.firstFree = victim.offset;
        header.freeCount += 1;
        const auto serialized = header.serialize();
        std::copy(serialized.begin(), serialized.end(), raw.begin());
        // The victim's first block now links on to the old head, as a free block would.
        const std::uint32_t link = oldHead | 0x80000000u;
        std::memcpy(raw.data() + victim.offset, &link, 4);
        const QString path = m_dir.filePath("twice");
        writeFile(path,
                  QByteArray(reinterpret_cast<const char*>(raw.data()), qsizetype(raw.size())));
        DatPatcher patcher = DatPatcher::open(path); // the cheap open checks nodes, not chains
        QVERIFY_THROWS_EXCEPTION(DatError, patcher.put(victim.id, payload(10, 1)));
    }
};

QTEST_GUILESS_MAIN(TestPatchCommit)
#include "tst_patch_commit.moc"
