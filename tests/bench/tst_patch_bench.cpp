// The patch suite's steps (bench/patch_steps.h) on tiny DATs: what they measure and check, not
// how fast: the entries it replaces, the ids it inserts, that a patched DAT passes its checks and
// that the checks catch a wrong one; then the whole suite through the CLI at a small size.

#include "bench/cell_dat.h"
#include "bench/patch_steps.h"
#include "bench/portal_dat.h"
#include "datreader/container/dat_file.h"
#include "support/cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::bench;

namespace {

constexpr std::uint64_t kCellEntries = 6000;
constexpr std::size_t kInserts = 1500; // a quarter of the DAT: leaves split, the root may too

std::uint32_t distance(std::uint32_t size, std::uint32_t wanted) {
    return size > wanted ? size - wanted : wanted - size;
}

// The CRCs of the stored records of one type: EnvCells (0x0100) or LandBlockInfos (0xFFFE).
std::set<std::uint32_t> crcsOfType(const dat::DatFile& dat, std::uint32_t low16) {
    std::set<std::uint32_t> crcs;
    for (const dat::EntryInfo& entry : dat.entries())
        if (const std::uint32_t low = entry.id & 0xFFFF;
            entry.id != 0xFFFF0001 &&
            (low16 == 0x0100 ? low >= 0x0100 && low <= 0xFFFD : low == low16))
            crcs.insert(crcOf(dat.read(entry)));
    return crcs;
}

} // namespace

class TestPatchBench : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_portal;
    QString m_cell;

    // A fresh copy of the pristine cell DAT to patch.
    QString cellCopy(const QString& name) {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        if (!QFile::copy(m_cell, path))
            qFatal("cannot copy the cell DAT");
        return path;
    }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_portal = m_dir.filePath("portal.dat");
        m_cell = m_dir.filePath("cell.dat");
        writePortalBenchDat(m_portal, {400, 4}, 1);
        writeCellBenchDat(kCellEntries, 1, m_cell);
    }

    void picksTheEntriesNearestInSize() {
        const dat::DatFile dat = dat::DatFile::open(m_portal);
        const std::vector<std::uint32_t> ids = entriesNearSize(dat, 10240, 6);
        QCOMPARE(ids.size(), std::size_t(6));
        std::uint32_t farthest = 0;
        for (std::uint32_t id : ids) {
            QVERIFY(id != 0xFFFF0001);
            const std::uint32_t d = distance(dat.find(id)->size, 10240);
            QVERIFY(d >= farthest); // nearest first
            farthest = d;
        }
        for (const dat::EntryInfo& entry : dat.entries()) // nothing left out is nearer
            if (std::find(ids.begin(), ids.end(), entry.id) == ids.end() && entry.id != 0xFFFF0001)
                QVERIFY(distance(entry.size, 10240) >= farthest);
    }

    void copiesAndSyncs() {
        const QString copy = m_dir.filePath("copy.dat");
        const auto seconds = timeCopyAndSync(m_portal, copy);
        QVERIFY(seconds && *seconds > 0);
        QFile a(m_portal), b(copy);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY(a.readAll() == b.readAll());
        QVERIFY(!timeCopyAndSync(m_dir.filePath("missing.dat"), m_dir.filePath("x.dat")));
    }

    void replacesAnEntryBothWays_data() {
        QTest::addColumn<bool>("inPlace");
        QTest::newRow("copy and rename") << false;
        QTest::newRow("in place") << true;
    }
    void replacesAnEntryBothWays() {
        QFETCH(bool, inPlace);
        const QString path = m_dir.filePath("replace.dat");
        QFile::remove(path);
        QVERIFY(QFile::copy(m_portal, path));
        std::vector<EntrySum> before;
        std::uint32_t id = 0;
        {
            const dat::DatFile dat = dat::DatFile::open(path);
            before = sumEntries(dat);
            id = entriesNearSize(dat, 10240, 1).front();
        }
        const std::vector<PatchEntry> put{{id, seededBytes(10240, 7)}};
        const PatchTiming timing = timePatch(
            path, put, inPlace ? dat::CommitMode::InPlace : dat::CommitMode::CopyAndRename);
        QVERIFY(timing.total >= timing.open + timing.edit + timing.commit);

        const PatchCheck check = checkPatched(path, before, put);
        QVERIFY2(check.ok(), check.firstProblem.c_str());
        QCOMPARE(check.mismatches, std::size_t(0));
        QCOMPARE(dat::DatFile::open(path).read(id), put.front().bytes);
        // The read-back check sees the replacement when it is not told of it.
        QCOMPARE(checkPatched(path, before, {}).mismatches, std::size_t(1));
    }

    void newCellIdsFollowTheirPattern_data() {
        QTest::addColumn<int>("pattern");
        QTest::newRow("spread") << int(InsertPattern::Spread);
        QTest::newRow("clustered") << int(InsertPattern::Clustered);
        QTest::newRow("landblock infos") << int(InsertPattern::LandblockInfos);
    }
    void newCellIdsFollowTheirPattern() {
        QFETCH(int, pattern);
        const dat::DatFile dat = dat::DatFile::open(m_cell);
        std::mt19937_64 rng(3);
        const auto kind = InsertPattern(pattern);
        const std::vector<PatchEntry> entries = newCellEntries(dat, kind, kInserts, 100, rng);
        QCOMPARE(entries.size(), kInserts);
        const std::set<std::uint32_t> donors =
            crcsOfType(dat, kind == InsertPattern::LandblockInfos ? 0xFFFE : 0x0100);
        std::set<std::uint32_t> ids, landblocks;
        for (const PatchEntry& entry : entries) {
            QVERIFY(!dat.find(entry.id));
            QVERIFY(ids.insert(entry.id).second);
            QVERIFY(donors.contains(crcOf(entry.bytes))); // a stored record's bytes
            QVERIFY((entry.id >> 24) < 0xFF && ((entry.id >> 16) & 0xFF) < 0xFF);
            const std::uint32_t low = entry.id & 0xFFFF;
            landblocks.insert(entry.id & 0xFFFF0000);
            if (kind == InsertPattern::LandblockInfos)
                QCOMPARE(low, 0xFFFEu);
            else
                QVERIFY(low >= 0x0100 && low <= 0xFFFD);
        }
        if (kind == InsertPattern::Clustered) {
            // Dungeons of 100 consecutive cells from 0x0100, written in id order, in
            // landblocks that had none.
            QVERIFY(std::is_sorted(entries.begin(), entries.end(),
                                   [](const auto& a, const auto& b) { return a.id < b.id; }));
            QCOMPARE(landblocks.size(), kInserts / 100);
            for (std::uint32_t landblock : landblocks) {
                QVERIFY(ids.contains(landblock | 0x0100) && ids.contains(landblock | 0x0163));
                QVERIFY(!ids.contains(landblock | 0x0164));
                const auto next = std::lower_bound(
                    dat.entries().begin(), dat.entries().end(), landblock | 0x0100,
                    [](const dat::EntryInfo& e, std::uint32_t id) { return e.id < id; });
                QVERIFY(next == dat.entries().end() || next->id >= (landblock | 0xFFFE));
            }
        } else {
            QVERIFY(landblocks.size() > kInserts / 2); // spread over the map, not in a few
        }
    }

    void insertsKeepTheTreeWithinRules_data() { newCellIdsFollowTheirPattern_data(); }
    void insertsKeepTheTreeWithinRules() {
        QFETCH(int, pattern);
        const QString path = cellCopy("inserts.dat");
        std::vector<EntrySum> before;
        std::vector<PatchEntry> entries;
        TreeShape shape;
        {
            const dat::DatFile dat = dat::DatFile::open(path);
            before = sumEntries(dat);
            shape = treeShape(dat);
            std::mt19937_64 rng(5);
            entries = newCellEntries(dat, InsertPattern(pattern), kInserts, 30, rng);
        }
        QVERIFY(shape.withinRules());
        timePatch(path, entries, dat::CommitMode::InPlace);
        const PatchCheck check = checkPatched(path, before, entries);
        QVERIFY2(check.ok(), check.firstProblem.c_str());
        QVERIFY(check.shape.withinRules());
        QVERIFY(check.shape.nodes > shape.nodes);
        QCOMPARE(dat::DatFile::open(path).entries().size(), before.size() + kInserts);
        // Leaving the inserts out of what is expected is caught, one entry each.
        QCOMPARE(checkPatched(path, before, {}).mismatches, kInserts);
    }

    void treeRulesAreTheClientBounds() {
        TreeShape shape{.depth = 3, .nodes = 40, .rootKeys = 2, .minKeys = 30, .maxKeys = 61};
        QVERIFY(shape.withinRules());
        shape.minKeys = 29; // a non-root node under half full
        QVERIFY(!shape.withinRules());
        shape.minKeys = 30;
        shape.leavesLevel = false;
        QVERIFY(!shape.withinRules());
        shape.leavesLevel = true;
        shape.rootKeys = 0;
        QVERIFY(!shape.withinRules());
        // A root leaf alone may hold any count from 1.
        QVERIFY((TreeShape{.depth = 1, .nodes = 1, .rootKeys = 3}).withinRules());
    }

    // The suite end to end at a small size: every figure in the report, every check passed.
    void suiteRunsThroughTheCli() {
        const QString json = m_dir.filePath("patch.json");
        const auto run = testing::runPortalkit(
            {"bench", "patch", "--dir", m_dir.filePath("suite"), "--json", json, "--portal-entries",
             "300", "--portal-mb", "3", "--cell-entries", "4000", "--inserts", "400"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(report["suite"].toString(), QString("patch"));
        QVERIFY(report["checksOk"].toBool());
        const QJsonObject portal = report["portal"].toObject();
        QCOMPARE(portal["entries"].toInt(), 301); // the iteration record too
        QCOMPARE(portal["cpSyncSecondsRuns"].toArray().size(), 7);
        QCOMPARE(portal["copyAndRenameToCpRatioRuns"].toArray().size(), 7);
        QVERIFY(portal["copyAndRenamePass"].isBool() && portal["inPlacePass"].isBool());
        QVERIFY(portal["inPlaceMs"].toDouble() > 0);
        QVERIFY(portal["check"].toObject()["ok"].toBool());
        const QJsonObject inserts = report["cell"].toObject()["inserts"].toObject();
        for (const char* name : {"spread", "clustered", "landblockInfos"}) {
            const QJsonObject pattern = inserts[name].toObject();
            QCOMPARE(pattern["inserted"].toInt(), 400);
            QVERIFY(pattern["checksOk"].toBool());
            QCOMPARE(pattern["timing"].toObject()["totalSecondsRuns"].toArray().size(), 3);
            for (const auto check : pattern["checks"].toArray())
                QVERIFY(check.toObject()["withinTreeRules"].toBool());
        }
        QVERIFY(!QFile::exists(m_dir.filePath("suite/bench_patch_portal.dat"))); // not --keep
    }
};

QTEST_GUILESS_MAIN(TestPatchBench)
#include "tst_patch_bench.moc"
