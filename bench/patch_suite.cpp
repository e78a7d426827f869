// The 'patch' suite (issue 25): DatPatcher on the container suite's DATs. On the portal-like DAT,
// `cp` + sync of the file (the yardstick) against replacing one 10 KiB entry with a
// copy-and-rename commit, pair by pair, then the same replacement committed in place. On the
// cell-like DAT, 10,000 inserts committed in place, in three id patterns, each on a fresh copy;
// every patched DAT is verified strictly, its tree's shape checked and every entry read back.

#include "bench/cell_dat.h"
#include "bench/patch_steps.h"
#include "bench/portal_dat.h"
#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"

#include <QFile>
#include <array>

namespace portalkit::bench {
namespace {

// Writing a 950 MiB file varies several-fold from copy to copy on a shared VM's disk (0.6-4.9 s
// measured for the same cached cp), so seven pairs for a median that holds.
constexpr int kPortalRuns = 7;
constexpr int kInsertRuns = 3;
constexpr std::uint32_t kReplaceBytes = 10 * 1024;
constexpr std::uint32_t kCellsPerDungeon = 250;
// Issue 25's targets.
constexpr double kInPlaceTargetMs = 50;
constexpr double kCopyTargetRatio = 1.5;
constexpr double kInsertTargetSeconds = 2;
constexpr std::array kPatterns{InsertPattern::Spread, InsertPattern::Clustered,
                               InsertPattern::LandblockInfos};

// The median of each phase over a list of runs (so the phases need not add up to the total).
PatchTiming medianTiming(const std::vector<PatchTiming>& runs) {
    auto phase = [&](double PatchTiming::*field) {
        std::vector<double> values;
        for (const PatchTiming& run : runs)
            values.push_back(run.*field);
        return median(values);
    };
    return {phase(&PatchTiming::open), phase(&PatchTiming::edit), phase(&PatchTiming::commit),
            phase(&PatchTiming::close), phase(&PatchTiming::total)};
}

// What the patcher says its commit wrote; the runs of one measurement make the same changes.
QJsonObject statsJson(const dat::PatchStats& stats) {
    return {{"nodesWritten", qint64(stats.nodesWritten)},
            {"bytesWritten", qint64(stats.bytesWritten)},
            {"blocksTaken", qint64(stats.blocksTaken)},
            {"blocksGrown", qint64(stats.blocksGrown)},
            {"blocksReleased", qint64(stats.blocksReleased)}};
}

QJsonObject timingJson(const std::vector<PatchTiming>& runs) {
    const PatchTiming middle = medianTiming(runs);
    QJsonArray totals;
    for (const PatchTiming& run : runs)
        totals.append(run.total);
    return {{"openSeconds", middle.open},
            {"editSeconds", middle.edit},
            {"commitSeconds", middle.commit},
            {"closeSeconds", middle.close},
            {"totalSeconds", middle.total},
            {"totalSecondsRuns", totals},
            {"patcher", runs.empty() ? QJsonObject{} : statsJson(runs.back().stats)}};
}

QJsonObject checkJson(const PatchCheck& check) {
    return {{"verifyErrors", qint64(check.verifyErrors)},
            {"verifyWarnings", qint64(check.verifyWarnings)},
            {"firstProblem", QString::fromStdString(check.firstProblem)},
            {"treeDepth", int(check.shape.depth)},
            {"directoryNodes", qint64(check.shape.nodes)},
            {"rootKeys", qint64(check.shape.rootKeys)},
            {"minKeysNonRoot", qint64(check.shape.minKeys)},
            {"maxKeysNonRoot", qint64(check.shape.maxKeys)},
            {"leavesAtOneDepth", check.shape.leavesLevel},
            {"withinTreeRules", check.shape.withinRules()},
            {"mismatchedEntries", qint64(check.mismatches)},
            {"ok", check.ok()}};
}

QString phases(const PatchTiming& t) {
    return QStringLiteral("open %1 + edit %2 + commit %3 + close %4 ms")
        .arg(fixed(t.open * 1000, 1), fixed(t.edit * 1000, 1), fixed(t.commit * 1000, 1),
             fixed(t.close * 1000, 1));
}

QString passText(bool pass) {
    return pass ? "pass" : "FAIL";
}

struct PortalFigures {
    std::uint64_t entries = 0;
    std::uint64_t fileBytes = 0;
    double writeSeconds = 0;
    std::vector<std::uint32_t> replacedSizes; // stored sizes before, copy runs then in-place runs
    std::vector<double> cpSeconds;
    std::vector<PatchTiming> copyPatch;
    std::vector<double> copyToCp; // pair by pair
    std::vector<PatchTiming> inPlace;
    QString inPlaceError; // why in-place could not be measured
    PatchCheck check;

    double cp() const { return median(cpSeconds); }
    double copyRatio() const { return median(copyToCp); }
    double inPlaceMs() const { return medianTiming(inPlace).total * 1000; }
    bool copyPass() const { return !copyToCp.empty() && copyRatio() <= kCopyTargetRatio; }
    bool inPlacePass() const { return !inPlace.empty() && inPlaceMs() <= kInPlaceTargetMs; }
};

struct InsertFigures {
    InsertPattern pattern = InsertPattern::Spread;
    std::size_t inserted = 0;
    std::vector<PatchTiming> runs;
    std::vector<PatchCheck> checks; // one per run
    QString error;

    double seconds() const { return medianTiming(runs).total; }
    bool pass() const { return !runs.empty() && seconds() <= kInsertTargetSeconds; }
    bool checked() const {
        return error.isEmpty() && !checks.empty() &&
               std::all_of(checks.begin(), checks.end(), [](const auto& c) { return c.ok(); });
    }
};

struct CellFigures {
    std::uint64_t entries = 0;
    std::uint64_t fileBytes = 0;
    double writeSeconds = 0;
    TreeShape before;
    std::vector<InsertFigures> patterns;
};

struct Figures {
    std::uint64_t seed = 0;
    PortalFigures portal;
    CellFigures cell;
    bool checksOk() const {
        return portal.check.ok() && std::all_of(cell.patterns.begin(), cell.patterns.end(),
                                                [](const auto& p) { return p.checked(); });
    }
};

// The replacement of run `run`: seeded bytes, different every run.
std::vector<PatchEntry> replacement(std::uint32_t id, std::uint64_t seed, int run) {
    return {{id, seededBytes(kReplaceBytes, seed ^ (0x9A7C4 + std::uint64_t(run)))}};
}

// cp + sync against a copy-and-rename replacement, pair by pair, then in-place replacements;
// false when cp could not run. `puts` collects every replacement for the final check.
bool timePortal(const QString& path, const QString& copyPath, std::uint64_t seed,
                PortalFigures& figures, std::vector<PatchEntry>& puts) {
    std::vector<std::uint32_t> targets;
    {
        const dat::DatFile dat = dat::DatFile::open(path);
        targets = entriesNearSize(dat, kReplaceBytes, 2 * kPortalRuns);
        for (std::uint32_t id : targets)
            figures.replacedSizes.push_back(dat.find(id)->size);
    }
    // A first copy, untimed, brings the file into the page cache as every later run finds it.
    if (!timeCopyAndSync(path, copyPath))
        return false;
    for (int run = 0; run < kPortalRuns; ++run) {
        QFile::remove(copyPath);
        settleDisk(copyPath);
        const auto cp = timeCopyAndSync(path, copyPath);
        if (!cp)
            return false;
        QFile::remove(copyPath); // the patch below needs the disk space, not the copy
        const auto entry = replacement(targets[std::size_t(run)], seed, run);
        figures.cpSeconds.push_back(*cp);
        settleDisk(path);
        figures.copyPatch.push_back(timePatch(path, entry, dat::CommitMode::CopyAndRename));
        figures.copyToCp.push_back(figures.copyPatch.back().total / *cp);
        puts.insert(puts.end(), entry.begin(), entry.end());
    }
    try {
        for (int run = kPortalRuns; run < 2 * kPortalRuns; ++run) {
            const auto entry = replacement(targets[std::size_t(run)], seed, run);
            settleDisk(path);
            figures.inPlace.push_back(timePatch(path, entry, dat::CommitMode::InPlace));
            puts.insert(puts.end(), entry.begin(), entry.end());
        }
    } catch (const dat::DatError& error) { // an in-place commit this build does not have
        figures.inPlaceError = QString::fromUtf8(error.what());
        printError("in-place patch: " + figures.inPlaceError);
    }
    return true;
}

void timeInserts(const QString& pristine, const QString& work, std::span<const PatchEntry> entries,
                 const std::vector<EntrySum>& before, InsertFigures& figures) {
    figures.inserted = entries.size();
    for (int run = 0; run < kInsertRuns; ++run) {
        // A fresh, synced copy: the commit's own sync must not pay for the copy's dirty pages.
        QFile::remove(work);
        if (!timeCopyAndSync(pristine, work)) {
            figures.error = "cannot copy " + pristine;
            return;
        }
        settleDisk(work);
        try {
            figures.runs.push_back(timePatch(work, entries, dat::CommitMode::InPlace));
        } catch (const dat::DatError& error) {
            figures.error = QString::fromUtf8(error.what());
            printError(QString("inserts (") + patternName(figures.pattern) + "): " + figures.error);
            return;
        }
        figures.checks.push_back(checkPatched(work, before, entries));
        if (!figures.checks.back().ok())
            printError(QString("inserts (") + patternName(figures.pattern) +
                       ") left a DAT that fails its checks: " +
                       QString::fromStdString(figures.checks.back().firstProblem));
    }
}

void timeCell(const QString& pristine, const QString& work, std::uint64_t inserts,
              std::uint64_t seed, CellFigures& figures) {
    std::vector<EntrySum> before;
    std::vector<std::vector<PatchEntry>> batches;
    {
        const dat::DatFile dat = dat::DatFile::open(pristine);
        figures.entries = dat.entries().size();
        figures.fileBytes = dat.fileSize();
        figures.before = treeShape(dat);
        before = sumEntries(dat);
        for (InsertPattern pattern : kPatterns) {
            std::mt19937_64 rng(seed ^ (0x1A5E47 + std::uint64_t(pattern)));
            batches.push_back(newCellEntries(dat, pattern, inserts, kCellsPerDungeon, rng));
        }
    }
    for (std::size_t i = 0; i < kPatterns.size(); ++i) {
        printOut(QStringLiteral("cell: %1 inserts, %2, %3 runs\n")
                     .arg(batches[i].size())
                     .arg(patternName(kPatterns[i]))
                     .arg(kInsertRuns));
        figures.patterns.emplace_back().pattern = kPatterns[i];
        timeInserts(pristine, work, batches[i], before, figures.patterns.back());
    }
}

void printTable(const Figures& f) {
    const PortalFigures& p = f.portal;
    QString text =
        QStringLiteral("\npatch benchmark, seed %1, %2\n\n").arg(f.seed).arg(coresAndCpu());
    text += QStringLiteral("portal-like DAT: %1 entries, %2 MiB; replacing one entry of about "
                           "%3 bytes with %4 bytes\n")
                .arg(count(p.entries), fixed(p.fileBytes / kMiB, 1))
                .arg(p.replacedSizes.empty() ? 0 : p.replacedSizes.front())
                .arg(kReplaceBytes);
    text +=
        QStringLiteral("  cp + sync, median of %1: %2 s\n").arg(kPortalRuns).arg(fixed(p.cp(), 3));
    text += QStringLiteral("  copy-and-rename patch: %1 s (%2), %3 x cp, target <= %4: %5\n")
                .arg(fixed(medianTiming(p.copyPatch).total, 3), phases(medianTiming(p.copyPatch)),
                     fixed(p.copyRatio(), 2), fixed(kCopyTargetRatio, 1), passText(p.copyPass()));
    if (p.inPlace.empty())
        text += "  in-place patch: not measured (" + p.inPlaceError + "): FAIL\n";
    else
        text += QStringLiteral("  in-place patch: %1 ms (%2), %3 x cp, target <= %4 ms: %5\n")
                    .arg(fixed(p.inPlaceMs(), 1), phases(medianTiming(p.inPlace)),
                         fixed(p.inPlaceMs() / 1000 / p.cp(), 4), fixed(kInPlaceTargetMs, 0),
                         passText(p.inPlacePass()));
    text += QStringLiteral("  patched DAT: %1 verify errors, %2 warnings, %3 entries read back "
                           "otherwise\n")
                .arg(p.check.verifyErrors)
                .arg(p.check.verifyWarnings)
                .arg(p.check.mismatches);
    const CellFigures& c = f.cell;
    text += QStringLiteral("\ncell-like DAT: %1 entries, %2 MiB, depth %3, non-root nodes hold "
                           "%4-%5 keys\n")
                .arg(count(c.entries), fixed(c.fileBytes / kMiB, 1))
                .arg(c.before.depth)
                .arg(c.before.minKeys)
                .arg(c.before.maxKeys);
    for (const InsertFigures& i : c.patterns) {
        text += QStringLiteral("  %1 inserts, %2: ")
                    .arg(count(double(i.inserted)), patternName(i.pattern));
        if (i.runs.empty()) {
            text += "not measured (" + i.error + "): FAIL\n";
            continue;
        }
        const PatchCheck& last = i.checks.empty() ? PatchCheck{} : i.checks.back();
        text += QStringLiteral("%1 s median of %2 (%3), target <= %4 s: %5; depth %6, non-root "
                               "%7-%8 keys, root %9, checks %10\n")
                    .arg(fixed(i.seconds(), 3))
                    .arg(i.runs.size())
                    .arg(phases(medianTiming(i.runs)), fixed(kInsertTargetSeconds, 0),
                         passText(i.pass()))
                    .arg(last.shape.depth)
                    .arg(last.shape.minKeys)
                    .arg(last.shape.maxKeys)
                    .arg(last.shape.rootKeys)
                    .arg(i.checked() ? "ok" : "FAILED");
        text += QStringLiteral("    the commit wrote %1 nodes, %2 MiB\n")
                    .arg(count(double(i.runs.back().stats.nodesWritten)))
                    .arg(fixed(i.runs.back().stats.bytesWritten / kMiB, 1));
    }
    printOut(text);
}

QJsonObject toJson(const Figures& f) {
    const PortalFigures& p = f.portal;
    QJsonArray sizes;
    for (std::uint32_t size : p.replacedSizes)
        sizes.append(qint64(size));
    QJsonObject portal{
        {"entries", qint64(p.entries)},
        {"fileBytes", qint64(p.fileBytes)},
        {"writeSeconds", p.writeSeconds},
        {"replacementBytes", qint64(kReplaceBytes)},
        {"replacedStoredSizes", sizes},
        {"cpSyncSeconds", p.cp()},
        {"cpSyncSecondsRuns", toJsonArray(p.cpSeconds)},
        {"copyAndRename", timingJson(p.copyPatch)},
        {"copyAndRenameToCpRatio", p.copyRatio()},
        {"copyAndRenameToCpRatioRuns", toJsonArray(p.copyToCp)},
        {"copyAndRenameTargetRatio", kCopyTargetRatio},
        {"copyAndRenamePass", p.copyPass()},
        {"inPlaceTargetMs", kInPlaceTargetMs},
        {"inPlacePass", p.inPlacePass()},
        {"check", checkJson(p.check)},
    };
    if (p.inPlace.empty()) {
        portal["inPlaceError"] = p.inPlaceError;
    } else {
        portal["inPlace"] = timingJson(p.inPlace);
        portal["inPlaceMs"] = p.inPlaceMs();
        portal["inPlaceToCpRatio"] = p.inPlaceMs() / 1000 / p.cp();
    }
    QJsonObject inserts;
    for (const InsertFigures& i : f.cell.patterns) {
        QJsonArray checks;
        for (const PatchCheck& check : i.checks)
            checks.append(checkJson(check));
        QJsonObject pattern{{"inserted", qint64(i.inserted)},
                            {"targetSeconds", kInsertTargetSeconds},
                            {"pass", i.pass()},
                            {"checksOk", i.checked()},
                            {"checks", checks},
                            {"timing", timingJson(i.runs)}};
        if (!i.error.isEmpty())
            pattern["error"] = i.error;
        inserts[patternName(i.pattern)] = pattern;
    }
    const CellFigures& c = f.cell;
    const QJsonObject cell{{"entries", qint64(c.entries)},
                           {"fileBytes", qint64(c.fileBytes)},
                           {"writeSeconds", c.writeSeconds},
                           {"treeDepthBefore", int(c.before.depth)},
                           {"directoryNodesBefore", qint64(c.before.nodes)},
                           {"minKeysNonRootBefore", qint64(c.before.minKeys)},
                           {"maxKeysNonRootBefore", qint64(c.before.maxKeys)},
                           {"inserts", inserts}};
    return report("patch", f.seed,
                  {{"portal", portal}, {"cell", cell}, {"checksOk", f.checksOk()}});
}

} // namespace

Outcome runPatchSuite(const Output& output, PortalSize portal, std::uint64_t cellEntries,
                      std::uint64_t inserts, std::uint64_t seed) {
    GeneratedDats generated(output.dir, output.keepDats);
    if (!generated.prepare())
        return Outcome::Error;
    Figures figures;
    figures.seed = seed;
    try {
        const QString portalPath = generated.add("bench_patch_portal.dat");
        printOut(QStringLiteral("portal: writing %1 entries, %2 MiB to %3\n")
                     .arg(portal.entries)
                     .arg(portal.payloadMiB)
                     .arg(portalPath));
        auto start = Clock::now();
        writePortalBenchDat(portalPath, portal, seed);
        if (!syncFile(portalPath))
            return Outcome::Error;
        figures.portal.writeSeconds = secondsSince(start);
        std::vector<EntrySum> portalBefore;
        {
            const dat::DatFile dat = dat::DatFile::open(portalPath);
            figures.portal.entries = dat.entries().size();
            figures.portal.fileBytes = dat.fileSize();
            portalBefore = sumEntries(dat);
        }
        printOut(
            QStringLiteral("portal: cp + sync against patches, %1 runs each\n").arg(kPortalRuns));
        std::vector<PatchEntry> puts;
        if (!timePortal(portalPath, generated.add("bench_patch_cp.dat"), seed, figures.portal,
                        puts))
            return Outcome::Error;
        figures.portal.check = checkPatched(portalPath, portalBefore, puts);

        const QString cellPath = generated.add("bench_patch_cell.dat");
        printOut(QStringLiteral("cell: writing %1 entries to %2\n").arg(cellEntries).arg(cellPath));
        start = Clock::now();
        writeCellBenchDat(cellEntries, seed, cellPath);
        if (!syncFile(cellPath))
            return Outcome::Error;
        figures.cell.writeSeconds = secondsSince(start);
        timeCell(cellPath, generated.add("bench_patch_cell_work.dat"), inserts, seed, figures.cell);
    } catch (const std::exception& error) {
        return failed(error);
    }
    printTable(figures);
    if (!writeReport(output.jsonPath, toJson(figures)))
        return Outcome::Error;
    return figures.checksOk() ? Outcome::Success : Outcome::CheckFailed;
}

} // namespace portalkit::bench
