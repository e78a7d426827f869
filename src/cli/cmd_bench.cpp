// `portalkit bench SUITE`: parses the options and runs the suite from bench/ (suites.h); the
// suites print their tables and write their reports themselves.

#include "bench/suites.h"
#include "command.h"
#include "preview/timeline/scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <cstdint>
#include <optional>
#include <vector>

#ifdef PORTALKIT_HAS_RENDER
#include "bench/render_suite.h"
#include "bench/thumbnails_suite.h"
#endif

namespace portalkit::cli {
namespace {

std::optional<std::uint64_t> numberOption(const QCommandLineParser& parser, const QString& name,
                                          std::uint64_t fallback, std::uint64_t min,
                                          std::uint64_t max) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const std::uint64_t value = parser.value(name).toULongLong(&ok);
    if (!ok || value < min || value > max) {
        printError(
            QStringLiteral("--%1 must be a number from %2 to %3").arg(name).arg(min).arg(max));
        return std::nullopt;
    }
    return value;
}

std::optional<std::vector<int>> jobsListOption(const QCommandLineParser& parser) {
    constexpr int kMaxJobs = 256;
    std::vector<int> jobs;
    for (const QString& item : parser.value("jobs-list").split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int count = item.trimmed().toInt(&ok);
        if (!ok || count < 1 || count > kMaxJobs) {
            printError(QStringLiteral("--jobs-list takes thread counts from 1 to %1, like 1,2")
                           .arg(kMaxJobs));
            return std::nullopt;
        }
        jobs.push_back(count);
    }
    return jobs.empty() ? std::vector<int>{1, 2} : jobs;
}

void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Benchmarks the reader, the audit, the particles and the renderer. The 'container' suite "
        "writes a portal-like and a cell-like DAT with seeded contents, then measures open + "
        "index, index memory, extracting every entry (against cat of the same file), random "
        "lookups and verify; on the cell-like DAT, whose entries are real LandBlocks, "
        "LandBlockInfos and EnvCells, also decode-all and ls --json against cat (exit 1 if "
        "decode-all finds a failure). The 'records' suite writes a portal DAT of seeded records of "
        "every decodable type, then measures decoding and encoding them per type and checks that "
        "every entry re-encodes to its stored bytes (exit 1 if not). The 'audit' suite writes the "
        "portal-like DAT, then times hashing every entry (length + SHA-256, as the audit pins "
        "them) on 1 and 2 threads against sha256sum and openssl dgst -sha256 of the same file. "
        "The 'particles' suite steps the preview's particle emitters (10k and 100k live "
        "particles, a mix of types and each type alone) and reports particle-steps per second on "
        "one thread. The 'physics' suite flies missiles through the retail collision sweep over "
        "a seeded 3x3 of landblocks with houses and reports transition steps per second on one "
        "thread; then, on this build's demo DATs, times building the demo town's collision "
        "geometry (against decoding its records alone) and plays a 100-missile volley over the "
        "town headless (against the same volley over a ground plane), as real-time factors. The "
        "'render' suite (GUI builds, needs an X display) times a "
        "simulation step "
        "plus an offscreen frame with 1k, 10k and 50k particles, and cold start to the first "
        "frame, on the demo DAT (--dat). The 'thumbnails' suite (GUI builds, needs an X display) "
        "times 128x128 thumbnails of the demo DAT's Setups and GfxObjs (drawn) and textures "
        "(decoded) as the studio's Gallery makes them, against the same read from the disk cache "
        "and plain renders. The 'appearance' suite applies an ObjDesc (ten parts dressed, ten "
        "palette ranges) to a hand-built 34-part Setup, cold and with the recolouring cached, "
        "against the same Setup with no ObjDesc. The 'weenies' suite writes an ACE-shaped corpus "
        "of SQL weenie files (--weenie-files) and times importing it into the weenie index "
        "against reading its files, opening the index against a bare SQLite open, and finding "
        "weenies by name and DID against by WCID. The 'patch' suite writes the portal-like and "
        "cell-like DATs, then times replacing a 10 KiB entry of the portal DAT by copy and "
        "rename (against cp + sync of the file) and in place, and --inserts new entries into "
        "the cell DAT in place (exit 1 if a patched DAT fails verify --strict, the directory's "
        "bounds or reading back). MiB = 2^20 bytes.");
#ifdef PORTALKIT_HAS_RENDER
    parser.addPositionalArgument(
        "SUITE",
        "The suite to run: container, records, audit, particles, physics, appearance, weenies, "
        "patch, render or thumbnails.");
#else
    parser.addPositionalArgument(
        "SUITE",
        "The suite to run: container, records, audit, particles, physics, appearance, weenies or "
        "patch.");
#endif
    parser.addOption({"dir", "Where the DATs are written (default ./bench-data).", "DIR"});
    parser.addOption({"json", "Also write every figure to this JSON file.", "FILE"});
    parser.addOption({"portal-entries", "Entries in the portal-like DAT (default 80000).", "N"});
    parser.addOption({"portal-mb", "Payload MiB in the portal-like DAT (default 900).", "MB"});
    parser.addOption({"cell-entries", "Entries in the cell-like DAT (default 805000).", "N"});
    parser.addOption({"records", "Records in the records suite's DAT (default 40000).", "N"});
    parser.addOption({"jobs-list",
                      "Thread counts the audit suite hashes with, comma-separated (default 1,2).",
                      "N,N"});
    parser.addOption({"weenie-files", "Files in the weenies suite's corpus (default 30000).", "N"});
    parser.addOption({"inserts", "New entries the patch suite inserts (default 10000).", "N"});
    parser.addOption({"seed", "Seed for ids, sizes and bytes (default 1).", "N"});
    parser.addOption({"keep", "Keep the generated DATs."});
#ifdef PORTALKIT_HAS_RENDER
    parser.addOption(
        {"dat", "The render and thumbnails suites' DAT (default: this build's demo DAT).", "FILE"});
    parser.addOption(
        {"world-only", "Render suite: only the world cases (the cell DAT beside --dat)."});
#endif
}

int exitCode(bench::Outcome outcome) {
    switch (outcome) {
    case bench::Outcome::Success:
        return kSuccess;
    case bench::Outcome::CheckFailed:
        return kCheckFailed;
    case bench::Outcome::Error:
        break;
    }
    return kUsageOrIo;
}

} // namespace

int runBench(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    const QString suite = parser.positionalArguments().at(0);
#ifdef PORTALKIT_HAS_RENDER
    if (suite == "render" || suite == "thumbnails") {
        const QString dat = parser.isSet("dat")
                                ? parser.value("dat")
                                : preview::bundledDemoFile(QCoreApplication::applicationDirPath(),
                                                           "client_portal.dat");
        if (suite == "thumbnails")
            return exitCode(bench::runThumbnailsSuite(dat, parser.value("json")));
        return exitCode(
            bench::runRenderSuite(dat, parser.value("json"), parser.isSet("world-only")));
    }
#endif
    if (suite == "appearance") // hand-built records in memory
        return exitCode(bench::runAppearanceSuite(parser.value("json")));
    if (suite != "container" && suite != "records" && suite != "audit" && suite != "particles" &&
        suite != "physics" && suite != "weenies" && suite != "patch") {
        printError("unknown suite '" + suite +
                   "' (container, records, audit, particles, physics, appearance, weenies or "
                   "patch)");
        return kUsageOrIo;
    }

    const auto portalEntries = numberOption(parser, "portal-entries", 80'000, 1, 2'000'000);
    const auto portalMiB = numberOption(parser, "portal-mb", 900, 0, bench::kMaxPortalMiB);
    const auto cellEntries = numberOption(parser, "cell-entries", 805'000, 1, 8'000'000);
    // At least one record of every type; at most what the 64Ki-id type ranges hold.
    const auto records = numberOption(parser, "records", 40'000, 200, 200'000);
    const auto weenieFiles = numberOption(parser, "weenie-files", 30'000, 1, 1'000'000);
    const auto inserts = numberOption(parser, "inserts", 10'000, 1, 1'000'000);
    const auto seed = numberOption(parser, "seed", 1, 0, UINT64_MAX);
    const auto jobsList = jobsListOption(parser);
    if (!portalEntries || !portalMiB || !cellEntries || !records || !weenieFiles || !inserts ||
        !seed || !jobsList)
        return kUsageOrIo;

    if (suite == "particles") // nothing to write to disk
        return exitCode(bench::runParticlesSuite(parser.value("json"), *seed));
    if (suite == "physics") // nor here
        return exitCode(bench::runPhysicsSuite(parser.value("json"), *seed));
    const bench::Output output{
        parser.value("dir").isEmpty() ? "bench-data" : parser.value("dir"),
        parser.value("json"),
        parser.isSet("keep"),
    };
    const bench::PortalSize portal{*portalEntries, *portalMiB};
    if (suite == "records")
        return exitCode(bench::runRecordsSuite(output, *records, *seed));
    if (suite == "audit")
        return exitCode(bench::runAuditSuite(output, *jobsList, portal, *seed));
    if (suite == "weenies")
        return exitCode(bench::runWeeniesSuite(output, *weenieFiles, *seed));
    if (suite == "patch")
        return exitCode(bench::runPatchSuite(output, portal, *cellEntries, *inserts, *seed));
    return exitCode(bench::runContainerSuite(output, portal, *cellEntries, *seed));
}

} // namespace portalkit::cli
