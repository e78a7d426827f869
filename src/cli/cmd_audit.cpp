#include "audit/checks.h"
#include "audit/hashing.h"
#include "audit/projectile_map.h"
#include "audit/snapshot.h"
#include "command.h"
#include "datreader/io/dat_error.h"
#include "weenies/index.h"

#include <QJsonDocument>
#include <QMutex>
#include <cstdio>
#include <unistd.h>

namespace portalkit::cli {
namespace {

// "\raudit [#####.....] 312/640" on stderr, only when stderr is a terminal, redrawn at most
// once per percent.
class ProgressBar {
  public:
    explicit ProgressBar(const char* label) : m_label(label), m_enabled(isatty(STDERR_FILENO)) {}
    ~ProgressBar() {
        if (m_enabled && m_drawn)
            std::fputs("\r\033[K", stderr);
    }

    void update(std::size_t done, std::size_t total) {
        if (!m_enabled || total == 0)
            return;
        QMutexLocker lock(&m_mutex);
        const int percent = int(done * 100 / total);
        if (percent == m_percent)
            return;
        m_percent = percent;
        m_drawn = true;
        constexpr int kWidth = 30;
        const int filled = percent * kWidth / 100;
        std::fprintf(stderr, "\r%s [%s%s] %zu/%zu", m_label, std::string(filled, '#').c_str(),
                     std::string(kWidth - filled, '.').c_str(), done, total);
        std::fflush(stderr);
    }

  private:
    const char* m_label;
    bool m_enabled;
    bool m_drawn = false;
    int m_percent = -1;
    QMutex m_mutex;
};

std::optional<int> jobsFrom(const QCommandLineParser& parser) {
    if (!parser.isSet("jobs"))
        return 1;
    bool ok = false;
    const int jobs = parser.value("jobs").toInt(&ok);
    if (!ok || jobs < 0 || jobs > 256) {
        printError("--jobs must be 0 (one per core) to 256");
        return std::nullopt;
    }
    return jobs;
}

int hashAll(const QString& datPath, int jobs) {
    const auto dat = openDat(datPath);
    if (!dat)
        return kUsageOrIo;
    ProgressBar progress("hashing");
    const auto hashes = audit::hashEntries(
        *dat, {}, jobs, [&](std::size_t done, std::size_t total) { progress.update(done, total); });
    bool failed = false;
    QByteArray lines;
    for (const audit::EntryHash& hash : hashes) {
        QJsonObject line{{"id", didText(hash.id)}, {"length", qint64(hash.length)}};
        if (hash.error.isEmpty()) {
            line["sha256"] = QString::fromLatin1(hash.sha256.toHex().toUpper());
        } else {
            line["error"] = hash.error;
            failed = true;
        }
        lines += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    }
    writeOut(lines);
    return failed ? kCheckFailed : kSuccess;
}

std::optional<std::vector<std::uint32_t>> idsFrom(const QString& text) {
    std::vector<std::uint32_t> ids;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        const auto id = dat::parseDid(part.trimmed());
        if (!id) {
            printError("not an id: " + part);
            return std::nullopt;
        }
        ids.push_back(*id);
    }
    return ids;
}

// One WCID's projectile pin from the index, named after its weenie (its class name when it has
// no Name), or why there is none.
audit::CorpusProjectile corpusProjectile(const weenies::WeenieIndex& index, std::uint32_t wcid,
                                         const QString& indexName) {
    audit::CorpusProjectile entry{wcid, std::nullopt, {}};
    const auto weenie = index.byWcid(wcid);
    if (!weenie) {
        entry.reason = "absent from " + indexName;
        return entry;
    }
    const QString name = weenie->name.isEmpty() ? weenie->className : weenie->name;
    const std::uint32_t setup = weenie->did(weenies::did::kSetup);
    if (!setup) {
        entry.reason = QStringLiteral("%1 names no Setup").arg(name);
        return entry;
    }
    const std::uint32_t table = weenie->did(weenies::did::kPhysicsEffectTable);
    entry.pin =
        audit::ProjectilePin{wcid, name, setup, table ? std::optional(table) : std::nullopt};
    return entry;
}

// --weenies INDEX [--projectiles LIST]: the projectile map from the user's weenie corpus
// (docs/audit.md#projectiles-from-a-weenie-corpus). Nothing (said on stderr) on a bad list or
// an index that does not open; an empty list when --weenies is not given.
std::optional<std::vector<audit::CorpusProjectile>>
corpusProjectiles(const QCommandLineParser& parser) {
    if (!parser.isSet("weenies")) {
        if (parser.isSet("projectiles")) {
            printError("--projectiles needs --weenies INDEX");
            return std::nullopt;
        }
        return std::vector<audit::CorpusProjectile>{};
    }
    auto wcids = parser.isSet("projectiles") ? audit::parseWcidList(parser.value("projectiles"))
                                             : audit::seedProjectileWcids();
    if (!wcids) {
        printError("--projectiles takes WCIDs and ranges, e.g. 300,305,7276-7282,23144");
        return std::nullopt;
    }
    try {
        bool rebuilt = false;
        const weenies::WeenieIndex index = weenies::openCurrent(parser.value("weenies"), &rebuilt);
        if (rebuilt)
            std::fprintf(stderr, "portalkit: %s was rebuilt from its changed source\n",
                         qPrintable(parser.value("weenies")));
        std::vector<audit::CorpusProjectile> corpus;
        for (std::uint32_t wcid : *wcids)
            corpus.push_back(corpusProjectile(index, wcid, parser.value("weenies")));
        return corpus;
    } catch (const weenies::WeenieError& error) {
        printError(QString::fromUtf8(error.what()));
        return std::nullopt;
    }
}

int snapshot(const QCommandLineParser& parser, const QString& datPath, int jobs,
             const std::vector<audit::CorpusProjectile>& corpus) {
    for (const audit::CorpusProjectile& entry : corpus)
        if (!entry.pin) {
            printError(QStringLiteral("WCID %1: %2").arg(entry.wcid).arg(entry.reason));
            return kUsageOrIo;
        }
    if (!requireOption(parser, "output", "--snapshot needs -o MANIFEST.json"))
        return kUsageOrIo;
    const auto dat = openDat(datPath);
    if (!dat)
        return kUsageOrIo;
    audit::SnapshotOptions options;
    options.allEntries = parser.isSet("all");
    if (parser.isSet("ids")) {
        auto ids = idsFrom(parser.value("ids"));
        if (!ids)
            return kUsageOrIo;
        options.ids = std::move(*ids);
    }
    const auto known = dat::typeNames(dat->kind());
    for (const QString& type : parser.value("types").split(',', Qt::SkipEmptyParts)) {
        if (std::find(known.begin(), known.end(), type.toStdString()) == known.end()) {
            printError("no type '" + type + "' in a " +
                       QString::fromUtf8(dat::kindName(dat->kind()).data()) + " DAT");
            return kUsageOrIo;
        }
        options.types.push_back(type.toStdString());
    }
    for (const QString& closure : parser.values("closure")) {
        const QStringList parts = closure.split(':');
        std::vector<std::uint32_t> ids;
        for (const QString& part : parts)
            if (const auto id = dat::parseDid(part))
                ids.push_back(*id);
        if (parts.size() != 3 || ids.size() != 3) {
            printError("--closure takes MOTIONTABLE:STYLE:COMMAND, e.g. "
                       "0x09000001:0x8000003D:0x10000153");
            return kUsageOrIo;
        }
        options.closures.push_back({ids[0], ids[1], ids[2]});
    }
    options.projectiles = audit::corpusPins(corpus);
    options.about = "Snapshot of " + datPath;
    const audit::Manifest manifest = audit::snapshotManifest(*dat, options, jobs);
    if (!writeFileAtomically(parser.value("output"), QJsonDocument(manifest.toJson()).toJson()))
        return kUsageOrIo;
    printOut(QStringLiteral("%1: %2 pins (%3 entries, %4 setups, %5 tables, %6 closures)\n")
                 .arg(parser.value("output"))
                 .arg(manifest.pinCount())
                 .arg(manifest.entries.size())
                 .arg(manifest.setups.size())
                 .arg(manifest.tables.size())
                 .arg(manifest.closures.size()));
    return kSuccess;
}

// audit's description and options; kept apart so runAudit reads as what it does.
void addAuditOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Checks a DAT against a manifest of pins: entry lengths and SHA-256, Setup sphere "
        "shapes, PhysicsScriptTable order, motion closures, the CreateBlocking inventory and "
        "projectiles. Exit 0 when every pin holds, 1 when one does not, 2 on usage or I/O "
        "errors. --snapshot writes a manifest pinning a DAT as it is; --hash-all prints length "
        "and SHA-256 of every entry as JSON lines. --weenies takes the projectile map from a "
        "weenie index (portalkit weenies import). See docs/audit.md.");
    parser.addPositionalArgument("DAT", "The DAT to audit.");
    parser.addOption({{"m", "manifest"}, "The manifest to check against.", "MANIFEST.json"});
    parser.addOption({"json", "Print the result as one JSON object."});
    parser.addOption({"junit", "Also write a JUnit XML report.", "FILE"});
    parser.addOption({{"j", "jobs"}, "Threads for hashing (0: one per core; default 1).", "N"});
    parser.addOption({"snapshot", "Write a manifest pinning the DAT (with -o)."});
    parser.addOption({{"o", "output"}, "Where --snapshot writes the manifest.", "MANIFEST.json"});
    parser.addOption({"ids", "--snapshot: pin these entries' hashes (comma-separated).", "IDS"});
    parser.addOption({"types",
                      "--snapshot: pin the hashes of these types' entries "
                      "(default: Setup, Animation, MotionTable, PhysicsScript, "
                      "PhysicsScriptTable, ParticleEmitterInfo).",
                      "TYPES"});
    parser.addOption({"all", "--snapshot: pin every entry's hash."});
    parser.addOption({"closure",
                      "--snapshot: pin this closure (default: every MotionTable's recall).",
                      "TABLE:STYLE:COMMAND"});
    parser.addOption({"hash-all", "Print length + SHA-256 of every entry as JSON lines."});
    parser.addOption({"weenies",
                      "Check (or, with --snapshot, pin) the projectile map of this weenie index "
                      "instead of the manifest's copy.",
                      "INDEX"});
    parser.addOption({"projectiles",
                      "--weenies: the projectile WCIDs (default 300,305,7276-7282,23144).",
                      "WCIDS"});
}

} // namespace

int runAudit(const QStringList& arguments) {
    QCommandLineParser parser;
    addAuditOptions(parser);
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    const auto jobs = jobsFrom(parser);
    if (!jobs)
        return kUsageOrIo;
    const QString datPath = parser.positionalArguments().at(0);

    try {
        if (parser.isSet("hash-all"))
            return hashAll(datPath, *jobs);
        const auto corpus = corpusProjectiles(parser);
        if (!corpus)
            return kUsageOrIo;
        if (parser.isSet("snapshot"))
            return snapshot(parser, datPath, *jobs, *corpus);
        if (!parser.isSet("weenies") &&
            !requireOption(parser, "manifest",
                           "audit needs --manifest MANIFEST.json or --weenies INDEX (or "
                           "--snapshot / --hash-all)"))
            return kUsageOrIo;
        audit::Manifest manifest = parser.isSet("manifest")
                                       ? audit::Manifest::load(parser.value("manifest"))
                                       : audit::Manifest{};
        // The corpus's map replaces the manifest's copy, which it is checked against.
        const std::vector<audit::ProjectilePin> pinned = std::move(manifest.projectiles);
        manifest.projectiles = parser.isSet("weenies") ? audit::corpusPins(*corpus) : pinned;
        const auto dat = openDat(datPath);
        if (!dat)
            return kUsageOrIo;
        if (manifest.kind && *manifest.kind != dat->kind()) {
            printError("the manifest pins a " +
                       QString::fromUtf8(dat::kindName(*manifest.kind).data()) + " DAT; " +
                       datPath + " is a " + QString::fromUtf8(dat::kindName(dat->kind()).data()) +
                       " DAT");
            return kUsageOrIo;
        }
        ProgressBar progress("auditing");
        audit::AuditResult result = audit::runAudit(
            *dat, manifest,
            {*jobs, [&](std::size_t done, std::size_t total) { progress.update(done, total); }});
        if (parser.isSet("weenies"))
            result.pins.push_back(
                audit::checkProjectileMap(*corpus, pinned, parser.value("weenies")));
        if (parser.isSet("junit") &&
            !writeFileAtomically(parser.value("junit"), audit::toJUnit(result, datPath)))
            return kUsageOrIo;
        printResult(parser, QJsonDocument(audit::toJson(result)), audit::toText(result));
        return result.passed() ? kSuccess : kCheckFailed;
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
}

} // namespace portalkit::cli
