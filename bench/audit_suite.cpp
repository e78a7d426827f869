// The 'audit' suite: hashes every entry of the portal-like DAT the way the audit pins them
// (length + SHA-256 of the stored bytes) and sets the throughput against sha256sum of the same
// file, the yardstick of issue 5, and `openssl dgst -sha256`, which runs the same OpenSSL code as
// the audit.

#include "audit/hashing.h"
#include "bench/bench_common.h"
#include "bench/portal_dat.h"
#include "datreader/container/dat_file.h"

#include <QFile>
#include <QProcess>
#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

namespace portalkit::bench {
namespace {

constexpr int kRuns = 3;

// Issue 5: hashing with one thread keeps up with sha256sum, two threads nearly double that.
struct Target {
    int jobs;
    double minRatio; // hashed payload MiB/s over sha256sum's file MiB/s
};
constexpr std::array kTargets{Target{1, 0.95}, Target{2, 1.8}};

struct HashRuns {
    int jobs = 0;
    std::vector<double> freshSeconds;   // each over a new map, as one audit run pays it
    std::vector<double> touchedSeconds; // over a map whose pages an earlier run touched
};

struct Figures {
    std::uint64_t seed = 0;
    std::uint64_t entries = 0; // hashed: all but the iteration record
    std::uint64_t payloadBytes = 0;
    std::uint64_t fileBytes = 0;
    double writeSeconds = 0;
    std::vector<double> sha256sumSeconds;
    std::vector<double> opensslSeconds; // empty when the openssl command could not run
    std::vector<HashRuns> hashRuns;

    double fileMiBPerSecond(const std::vector<double>& runs) const {
        return double(fileBytes) / kMiB / best(runs);
    }
    double sha256sumMiBPerSecond() const { return fileMiBPerSecond(sha256sumSeconds); }
    double hashMiBPerSecond(const std::vector<double>& runs) const {
        return double(payloadBytes) / kMiB / best(runs);
    }
    double ratio(const std::vector<double>& runs) const {
        return hashMiBPerSecond(runs) / sha256sumMiBPerSecond();
    }
    const HashRuns* runsWith(int jobs) const {
        for (const HashRuns& runs : hashRuns)
            if (runs.jobs == jobs)
                return &runs;
        return nullptr;
    }
};

// Reads the file once, so that sha256sum and the map both start from a warm page cache.
bool warmPageCache(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        printError("cannot read " + path + ": " + file.errorString());
        return false;
    }
    while (!file.read(4 << 20).isEmpty()) {
    }
    return true;
}

// The wall time of `program arguments`; nothing, and why in `failure`, when it did not succeed.
std::optional<double> timeCommand(const QString& program, const QStringList& arguments,
                                  QString& failure) {
    QProcess process;
    const auto start = Clock::now();
    process.start(program, arguments);
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        failure = program + " failed: " + process.errorString() + " " +
                  QString::fromLocal8Bit(process.readAllStandardError());
        return std::nullopt;
    }
    return secondsSince(start);
}

// Best of kRuns of each reference command; false when sha256sum, the yardstick, cannot run.
bool timeReferences(const QString& path, Figures& figures) {
    QString failure;
    for (int run = 0; run < kRuns; ++run) {
        const auto seconds = timeCommand("sha256sum", {path}, failure);
        if (!seconds) {
            printError(failure);
            return false;
        }
        figures.sha256sumSeconds.push_back(*seconds);
    }
    for (int run = 0; run < kRuns; ++run) {
        const auto seconds = timeCommand("openssl", {"dgst", "-sha256", path}, failure);
        if (!seconds) {
            printOut("audit: skipping openssl dgst: " + failure.trimmed() + "\n");
            figures.opensslSeconds.clear();
            break;
        }
        figures.opensslSeconds.push_back(*seconds);
    }
    return true;
}

bool sameHashes(const std::vector<audit::EntryHash>& a, const std::vector<audit::EntryHash>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.id == y.id && x.length == y.length && x.sha256 == y.sha256;
    });
}

// Times hashEntries over a fresh map of the DAT for each run, as one audit pays it: the first
// touch of the map's pages counts, the open (a few milliseconds) does not. Then again over the
// last run's map, whose pages are touched: the difference is the cost of that first touch. Every
// run must hash every entry to the digests of the first run; returns the first fault, if any.
std::optional<QString> timeHashing(const QString& path, Figures& figures) {
    std::vector<audit::EntryHash> reference;
    auto timeOnce = [&](const dat::DatFile& dat, int jobs,
                        std::vector<double>& seconds) -> std::optional<QString> {
        const auto start = Clock::now();
        const std::vector<audit::EntryHash> hashes = audit::hashEntries(dat, {}, jobs);
        seconds.push_back(secondsSince(start));
        if (!reference.empty()) {
            if (!sameHashes(hashes, reference))
                return QStringLiteral("%1 jobs gave other digests than the first run").arg(jobs);
            return std::nullopt;
        }
        for (const audit::EntryHash& hash : hashes) {
            if (!hash.error.isEmpty())
                return hash.error;
            figures.payloadBytes += hash.length;
        }
        figures.entries = hashes.size();
        figures.fileBytes = dat.fileSize();
        reference = hashes;
        return std::nullopt;
    };
    for (HashRuns& runs : figures.hashRuns) {
        std::optional<dat::DatFile> dat;
        for (int run = 0; run < kRuns; ++run) {
            dat.emplace(dat::DatFile::open(path));
            if (auto fault = timeOnce(*dat, runs.jobs, runs.freshSeconds))
                return fault;
        }
        for (int run = 0; run < kRuns; ++run)
            if (auto fault = timeOnce(*dat, runs.jobs, runs.touchedSeconds))
                return fault;
    }
    return std::nullopt;
}

void printTable(const Figures& f) {
    QString text =
        QStringLiteral("\naudit benchmark, seed %1, %2\n").arg(f.seed).arg(coresAndCpu());
    text += QStringLiteral("%1 entries hashed, %2 MiB of payload, file %3 MiB, written in %4 s\n\n")
                .arg(count(double(f.entries)), fixed(f.payloadBytes / kMiB, 1),
                     fixed(f.fileBytes / kMiB, 1), fixed(f.writeSeconds, 2));
    auto row = [&](const QString& label, const std::vector<double>& seconds, double mibPerSecond,
                   double ratio) {
        QStringList runs;
        for (double run : seconds)
            runs << fixed(run, 3);
        text += QStringLiteral("%1%2%3%4%5\n")
                    .arg(label, -34)
                    .arg(fixed(best(seconds), 3), 10)
                    .arg(count(mibPerSecond), 10)
                    .arg(fixed(ratio, 2), 8)
                    .arg("   " + runs.join(" "));
    };
    text += QStringLiteral("%1%2%3%4   %5\n")
                .arg("", -34)
                .arg("best s", 10)
                .arg("MiB/s", 10)
                .arg("ratio", 8)
                .arg("runs (s)");
    row("sha256sum FILE (file bytes)", f.sha256sumSeconds, f.sha256sumMiBPerSecond(), 1.0);
    if (!f.opensslSeconds.empty())
        row("openssl dgst -sha256 FILE", f.opensslSeconds, f.fileMiBPerSecond(f.opensslSeconds),
            f.fileMiBPerSecond(f.opensslSeconds) / f.sha256sumMiBPerSecond());
    for (const HashRuns& runs : f.hashRuns) {
        const QString label =
            QStringLiteral("hashEntries, %1 job%2").arg(runs.jobs).arg(runs.jobs == 1 ? "" : "s");
        row(label + ", fresh map", runs.freshSeconds, f.hashMiBPerSecond(runs.freshSeconds),
            f.ratio(runs.freshSeconds));
        row(label + ", touched map", runs.touchedSeconds, f.hashMiBPerSecond(runs.touchedSeconds),
            f.ratio(runs.touchedSeconds));
    }
    text += "\n";
    for (const Target& target : kTargets)
        if (const HashRuns* runs = f.runsWith(target.jobs)) {
            const double ratio = f.ratio(runs->freshSeconds);
            text += QStringLiteral("target: %1 job%2, fresh map >= %3x sha256sum: %4 (%5x)\n")
                        .arg(target.jobs)
                        .arg(target.jobs == 1 ? "" : "s")
                        .arg(fixed(target.minRatio, 2))
                        .arg(ratio >= target.minRatio ? "pass" : "FAIL")
                        .arg(fixed(ratio, 3));
        }
    printOut(text);
}

QJsonObject runsJson(const Figures& f, const std::vector<double>& seconds) {
    return {{"secondsBest", best(seconds)},
            {"secondsRuns", toJsonArray(seconds)},
            {"MiBPerSecond", f.hashMiBPerSecond(seconds)},
            {"ratioToSha256sum", f.ratio(seconds)}};
}

QJsonObject toJson(const Figures& f) {
    QJsonArray hashing;
    for (const HashRuns& runs : f.hashRuns)
        hashing.append(QJsonObject{{"jobs", runs.jobs},
                                   {"freshMap", runsJson(f, runs.freshSeconds)},
                                   {"touchedMap", runsJson(f, runs.touchedSeconds)}});
    QJsonArray targets;
    for (const Target& target : kTargets)
        if (const HashRuns* runs = f.runsWith(target.jobs))
            targets.append(QJsonObject{{"jobs", target.jobs},
                                       {"minRatio", target.minRatio},
                                       {"ratio", f.ratio(runs->freshSeconds)},
                                       {"pass", f.ratio(runs->freshSeconds) >= target.minRatio}});
    return report("audit", f.seed,
                  {
                      {"entries", qint64(f.entries)},
                      {"payloadBytes", qint64(f.payloadBytes)},
                      {"fileBytes", qint64(f.fileBytes)},
                      {"writeSeconds", f.writeSeconds},
                      {"sha256sum", QJsonObject{{"secondsBest", best(f.sha256sumSeconds)},
                                                {"secondsRuns", toJsonArray(f.sha256sumSeconds)},
                                                {"MiBPerSecond", f.sha256sumMiBPerSecond()}}},
                      {"opensslDgst",
                       f.opensslSeconds.empty()
                           ? QJsonValue()
                           : QJsonObject{{"secondsBest", best(f.opensslSeconds)},
                                         {"secondsRuns", toJsonArray(f.opensslSeconds)},
                                         {"MiBPerSecond", f.fileMiBPerSecond(f.opensslSeconds)}}},
                      {"hashEntries", hashing},
                      {"targets", targets},
                  });
}

} // namespace

Outcome runAuditSuite(const Output& output, const std::vector<int>& jobsList, PortalSize portal,
                      std::uint64_t seed) {
    GeneratedDats generated(output.dir, output.keepDats);
    if (!generated.prepare())
        return Outcome::Error;
    const QString datPath = generated.add("bench_audit.dat");
    Figures figures;
    figures.seed = seed;
    for (int jobs : jobsList)
        figures.hashRuns.push_back({.jobs = jobs, .freshSeconds = {}, .touchedSeconds = {}});
    try {
        printOut(QStringLiteral("audit: writing %1 entries, %2 MiB to %3\n")
                     .arg(portal.entries)
                     .arg(portal.payloadMiB)
                     .arg(datPath));
        const auto start = Clock::now();
        writePortalBenchDat(datPath, portal, seed);
        figures.writeSeconds = secondsSince(start);

        if (!warmPageCache(datPath))
            return Outcome::Error;
        printOut(QStringLiteral("audit: sha256sum and openssl dgst, best of %1\n").arg(kRuns));
        if (!timeReferences(datPath, figures))
            return Outcome::Error;
        printOut(
            QStringLiteral("audit: hashEntries, best of %1 for each thread count\n").arg(kRuns));
        if (const auto fault = timeHashing(datPath, figures)) {
            printError("hashing the generated DAT went wrong: " + *fault);
            return Outcome::CheckFailed;
        }
    } catch (const std::exception& error) {
        return failed(error);
    }
    return finishSuite(output.jsonPath, figures);
}

} // namespace portalkit::bench
