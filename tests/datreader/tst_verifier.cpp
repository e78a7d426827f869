#include "datreader/container/verifier.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

QByteArray cleanDat() {
    DatWriter writer(DatKind::Portal);
    for (std::uint32_t i = 0; i < 100; ++i)
        writer.put(entry(0x01000000 + i, 1500));
    writer.put(entry(0x0A000001, 5000, true));
    return writer.build();
}

// Appends one zeroed block and fixes the header's file size; returns its offset.
std::uint32_t appendBlock(QByteArray& bytes) {
    const std::uint32_t offset = std::uint32_t(bytes.size());
    bytes.append(QByteArray(1024, '\0'));
    poke32(bytes, 0x148, std::uint32_t(bytes.size()));
    return offset;
}

bool has(const VerifyReport& report, VerifyProblem::Severity severity, const char* text) {
    return std::any_of(report.problems.begin(), report.problems.end(), [&](const auto& p) {
        return p.severity == severity && p.message.find(text) != std::string::npos;
    });
}

} // namespace

class TestVerifier : public QObject {
    Q_OBJECT
  private slots:
    void cleanDatHasNoProblems() {
        const VerifyReport report = verifyDat(cleanDat());
        QVERIFY(report.problems.empty());
        QCOMPARE(report.entries, std::size_t(102));
        QCOMPARE(report.nodes, std::size_t(3));
        QCOMPARE(report.usedBlocks, report.blocks);
        QVERIFY(report.ok(true));
    }

    void unopenableDatReportsTheOpenError() {
        QByteArray bytes = cleanDat();
        poke32(bytes, 0x140, 0);
        const VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.errorCount(), std::size_t(1));
        QCOMPARE(report.problems.front().field, std::string("header.magic"));
    }

    void blockOwnedTwice() {
        QByteArray bytes = cleanDat();
        const auto map = mapDirectory(bytes);
        const std::uint64_t second = map.entries[1].second;
        // Entry 1 now starts where entry 0 does.
        poke32(bytes, second + 8, map.entries[0].first.offset);
        const VerifyReport report = verifyDat(bytes);
        QVERIFY(has(report, VerifyProblem::Severity::Error, "also used by entry 0x01000000"));
        QVERIFY(!report.ok());
    }

    void entriesSharingOneChainAreEachReportedOnce() {
        // Every entry pointed at one compressed chain: each sharer is one error, and only the
        // owner is followed and inflated (a crafted DAT must not cost entries x chain length).
        QByteArray bytes = cleanDat();
        const auto map = mapDirectory(bytes);
        const DatFile dat = DatFile::fromBytes(bytes);
        const EntryInfo shared = *dat.find(0x0A000001);
        for (const auto& [info, where] : map.entries) {
            poke32(bytes, where, shared.flags);
            poke32(bytes, where + 8, shared.offset);
            poke32(bytes, where + 12, shared.size);
        }
        const VerifyReport report = verifyDat(bytes);
        const auto sharers = std::count_if(report.problems.begin(), report.problems.end(),
                                           [](const auto& p) { return p.field == "chain"; });
        QCOMPARE(std::size_t(sharers), map.entries.size() - 1);
        QVERIFY(has(report, VerifyProblem::Severity::Error, "also used by entry 0x01000000"));
        // The iteration record now holds the shared payload instead of its own.
        QCOMPARE(report.errorCount(), map.entries.size());
        const std::size_t chainBlocks = (shared.size + 1019) / 1020;
        QCOMPARE(report.usedBlocks, report.nodes * 2 + chainBlocks);
    }

    void cycleInsideOneChain() {
        QByteArray bytes = cleanDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(0x01000005)->offset;
        poke32(bytes, first, first); // 1500 bytes need two blocks; the link returns to the first
        const VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.errorCount(), std::size_t(1));
        QCOMPARE(*report.problems.front().did, 0x01000005u);
        QVERIFY(has(report, VerifyProblem::Severity::Error, "cycle"));
    }

    void collectsEveryBrokenChainNotJustTheFirst() {
        QByteArray bytes = cleanDat();
        const DatFile dat = DatFile::fromBytes(bytes);
        for (std::uint32_t id : {0x01000003u, 0x01000040u})
            poke32(bytes, dat.find(id)->offset, 0);
        const VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.errorCount(), std::size_t(2));
        QCOMPARE(*report.problems[0].did, 0x01000003u);
        QCOMPARE(*report.problems[1].did, 0x01000040u);
        // The orphaned tails of the cut chains show up as leaked blocks.
        QVERIFY(has(report, VerifyProblem::Severity::Warning, "belong to no entry"));
    }

    void corruptCompressedEntry() {
        QByteArray bytes = cleanDat();
        const DatFile dat = DatFile::fromBytes(bytes);
        poke32(bytes, dat.find(0x0A000001)->offset + 4, 1);
        const VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.errorCount(), std::size_t(1));
        QCOMPARE(report.problems.front().field, std::string("zlib.uncompressedSize"));
    }

    void consistentFreeListIsAccepted() {
        QByteArray bytes = cleanDat();
        const std::uint32_t a = appendBlock(bytes);
        const std::uint32_t b = appendBlock(bytes);
        poke32(bytes, a, b | 0x80000000u); // free links may carry bit 31
        poke32(bytes, 0x154, a);
        poke32(bytes, 0x158, b);
        poke32(bytes, 0x15C, 2);
        const VerifyReport report = verifyDat(bytes);
        QVERIFY(report.problems.empty());
        QCOMPARE(report.freeBlocks, std::size_t(2));
    }

    void freeListDisagreeingWithHeader() {
        QByteArray bytes = cleanDat();
        const std::uint32_t a = appendBlock(bytes);
        poke32(bytes, 0x154, a);
        poke32(bytes, 0x158, a);
        poke32(bytes, 0x15C, 3);
        VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.problems.size(), std::size_t(1));
        QCOMPARE(report.problems.front().field, std::string("header.freeCount"));

        poke32(bytes, 0x15C, 0);
        report = verifyDat(bytes);
        QVERIFY(has(report, VerifyProblem::Severity::Error, "free count is 0"));

        // A free list running into a live block.
        QByteArray live = cleanDat();
        poke32(live, 0x154, DatFile::fromBytes(live).find(0x01000000)->offset);
        poke32(live, 0x15C, 1);
        report = verifyDat(live);
        QVERIFY(has(report, VerifyProblem::Severity::Error, "also used by entry 0x01000000"));
    }

    void underfilledNodeAndLeakedBlocksAreWarnings() {
        QByteArray bytes = cleanDat();
        const auto map = mapDirectory(bytes);
        const auto leaf = std::find_if(map.nodes.begin(), map.nodes.end(),
                                       [](const auto& node) { return node.leaf; });
        poke32(bytes, leaf->offset + 4 + DirectoryNode::kCountPosition, leaf->count - 25);
        const VerifyReport report = verifyDat(bytes);
        QCOMPARE(report.errorCount(), std::size_t(0));
        QVERIFY(has(report, VerifyProblem::Severity::Warning, "needs at least 30"));
        QVERIFY(has(report, VerifyProblem::Severity::Warning, "belong to no entry"));
        QVERIFY(report.ok(false));
        QVERIFY(!report.ok(true));
    }

    void missingIterationRecordIsAWarning() {
        DatWriter writer(DatKind::Portal);
        writer.put(entry(0x02000001, 10));
        QByteArray bytes = writer.build();
        const std::uint64_t where = mapDirectory(bytes).entryWhere(kIterationDid);
        poke32(bytes, where + 4, 0xFFFF0000); // still in order, no longer the record
        const VerifyReport report = verifyDat(bytes);
        QVERIFY(has(report, VerifyProblem::Severity::Warning, "no iteration record"));
    }
};

QTEST_APPLESS_MAIN(TestVerifier)
#include "tst_verifier.moc"
