// The 'weenies' suite (docs/benchmarks.md#weenies-suite-issue-26): writes an ACE-shaped corpus of
// SQL weenie files (bench/weenie_corpus.h), then times importing it into the SQLite index
// against reading the same files' bytes, opening the index against opening a bare SQLite
// connection on the same file, and name, DID and WCID lookups, where a WCID lookup (the primary
// key) is the yardstick, and the check of the source `weenies find` makes before it reads the
// index against listing and stat(2)ing the corpus. Issue 26's targets: import <= 20 s on 2 cores, a
// name search <= 5 ms, opening <= 200 ms.

#include "bench/bench_common.h"
#include "bench/weenie_corpus.h"
#include "weenies/index.h"

#include <QDirIterator>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <random>
#include <sys/stat.h>

namespace portalkit::bench {
namespace {

constexpr int kImportRuns = 3;
constexpr int kOpenRuns = 50;
constexpr int kCheckRuns = 5;
constexpr int kQueries = 100; // of each kind
constexpr double kTargetImportSeconds = 20;
constexpr double kTargetSearchMs = 5;
constexpr double kTargetOpenMs = 200;

// Lookup times of one kind of query, milliseconds each.
struct Lookups {
    QString kind;
    std::vector<double> ms;
    std::uint64_t found = 0; // weenies returned in all
};

struct Figures {
    std::uint64_t seed = 0;
    WeenieCorpus corpus;
    double writeSeconds = 0;
    std::uint64_t indexBytes = 0;
    std::vector<double> readSeconds;   // every file's bytes, on every core
    std::vector<double> importSeconds; // stamp + read + write the index
    std::vector<double> bareOpenMs;    // QSQLITE open + one query
    std::vector<double> openMs;        // WeenieIndex::open
    std::vector<double> walkMs;        // listing the corpus and stat(2) of every file
    std::vector<double> checkedOpenMs; // openCurrent: open + is the source unchanged?
    std::vector<Lookups> lookups;      // by WCID first: the yardstick

    double nameP95() const {
        std::vector<double> all;
        for (const Lookups& l : lookups)
            if (l.kind.startsWith("name"))
                all.insert(all.end(), l.ms.begin(), l.ms.end());
        std::sort(all.begin(), all.end());
        return all.empty() ? 0 : all[std::min(all.size() - 1, all.size() * 95 / 100)];
    }
};

// Reads every .sql file under `dir` as the importer does, on the same thread pool.
double timeRead(const QString& dir) {
    const auto start = Clock::now();
    QStringList paths;
    QDirIterator it(dir, {QStringLiteral("*.sql")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << it.next();
    const QList<qint64> sizes = QtConcurrent::blockingMapped(paths, [](const QString& path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? qint64(file.readAll().size()) : qint64(-1);
    });
    if (std::count(sizes.begin(), sizes.end(), -1) > 0)
        throw std::runtime_error("cannot read a generated file");
    return secondsSince(start);
}

// The least a check of the source can cost: every file listed and stat(2)ed once.
double walkMs(const QString& dir) {
    const auto start = Clock::now();
    QDirIterator it(dir, {QStringLiteral("*.sql")}, QDir::Files, QDirIterator::Subdirectories);
    std::uint64_t bytes = 0;
    while (it.hasNext()) {
        struct stat status {};
        if (::stat(QFile::encodeName(it.next()).constData(), &status) == 0)
            bytes += std::uint64_t(status.st_size);
    }
    if (bytes == 0)
        throw std::runtime_error("the generated corpus is gone");
    return secondsSince(start) * 1000;
}

double bareOpenMs(const QString& path) {
    const auto start = Clock::now();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "bench-bare");
        db.setDatabaseName(path);
        db.setConnectOptions("QSQLITE_OPEN_READONLY");
        QSqlQuery query(db);
        if (!db.open() || !query.exec("SELECT value FROM meta") || !query.next())
            throw std::runtime_error("cannot open the index as plain SQLite");
    }
    QSqlDatabase::removeDatabase("bench-bare");
    return secondsSince(start) * 1000;
}

template <typename Lookup>
Lookups timeLookups(const QString& kind, int count, std::mt19937_64& rng, Lookup lookup) {
    Lookups out{kind, {}, 0};
    for (int i = 0; i < count; ++i) {
        const auto start = Clock::now();
        out.found += lookup(rng);
        out.ms.push_back(secondsSince(start) * 1000);
    }
    return out;
}

// The lookups; false when one misses a weenie it must find.
bool timeLookups(const QString& indexPath, Figures& f) {
    const weenies::WeenieIndex index = weenies::WeenieIndex::open(indexPath);
    const WeenieCorpus& c = f.corpus;
    std::mt19937_64 rng(f.seed);
    const auto any = [&](std::mt19937_64& r) {
        return std::uniform_int_distribution<std::size_t>(0, c.wcids.size() - 1)(r);
    };
    bool ok = true;
    f.lookups.push_back(timeLookups("WCID", kQueries, rng, [&](std::mt19937_64& r) {
        const std::size_t i = any(r);
        ok &= index.byWcid(c.wcids[i]).has_value();
        return std::uint64_t(1);
    }));
    f.lookups.push_back(timeLookups("name, whole", kQueries, rng, [&](std::mt19937_64& r) {
        const std::size_t i = any(r);
        const auto found = index.byName(c.names[i].toLower());
        ok &= std::any_of(found.begin(), found.end(),
                          [&](const auto& w) { return w.name == c.names[i]; });
        return std::uint64_t(found.size());
    }));
    f.lookups.push_back(timeLookups("name, one word", kQueries, rng, [&](std::mt19937_64& r) {
        const QString word = c.names[any(r)].section(' ', 1, 1); // the noun
        const auto found = index.byName(word);
        ok &= !found.empty();
        return std::uint64_t(found.size());
    }));
    f.lookups.push_back(timeLookups("name, no match", kQueries, rng, [&](std::mt19937_64& r) {
        const auto found = index.byName(QStringLiteral("Nothing %1").arg(any(r)));
        ok &= found.empty();
        return std::uint64_t(found.size());
    }));
    f.lookups.push_back(timeLookups("Setup DID", kQueries, rng, [&](std::mt19937_64& r) {
        const std::size_t i = any(r);
        const auto found = index.byDid(c.setups[i]);
        ok &= std::any_of(found.begin(), found.end(),
                          [&](const auto& w) { return w.wcid == c.wcids[i]; });
        return std::uint64_t(found.size());
    }));
    return ok;
}

QJsonObject timesJson(const std::vector<double>& ms, const std::vector<double>& yardstick) {
    return {{"msMedian", median(ms)},
            {"msMax", *std::max_element(ms.begin(), ms.end())},
            {"ratioToYardstick", median(ms) / median(yardstick)}};
}

void printTable(const Figures& f) {
    const double read = best(f.readSeconds), import = best(f.importSeconds);
    QString text =
        QStringLiteral("\nweenies benchmark, seed %1, %2\n%3 files, %4 MiB, %5 DID properties, "
                       "written in %6 s; index %7 MiB\n\n")
            .arg(f.seed)
            .arg(coresAndCpu(), count(double(f.corpus.files)), fixed(f.corpus.bytes / kMiB, 1),
                 count(double(f.corpus.didProperties)), fixed(f.writeSeconds, 2),
                 fixed(f.indexBytes / kMiB, 1));
    text += QStringLiteral("%1%2%3\n").arg("", -34).arg("best s", 10).arg("ratio", 8);
    text += QStringLiteral("%1%2%3\n")
                .arg("read every file (yardstick)", -34)
                .arg(fixed(read, 3), 10)
                .arg(fixed(1, 2), 8);
    text += QStringLiteral("%1%2%3\n")
                .arg("import into the index", -34)
                .arg(fixed(import, 3), 10)
                .arg(fixed(import / read, 2), 8);
    text += QStringLiteral("\n%1%2%3%4\n")
                .arg("", -34)
                .arg("median ms", 10)
                .arg("max ms", 10)
                .arg("ratio", 8);
    const auto row = [&](const QString& label, const std::vector<double>& ms,
                         const std::vector<double>& yardstick) {
        text += QStringLiteral("%1%2%3%4\n")
                    .arg(label, -34)
                    .arg(fixed(median(ms), 3), 10)
                    .arg(fixed(*std::max_element(ms.begin(), ms.end()), 3), 10)
                    .arg(fixed(median(ms) / median(yardstick), 2), 8);
    };
    row("open bare SQLite (yardstick)", f.bareOpenMs, f.bareOpenMs);
    row("open the index", f.openMs, f.bareOpenMs);
    row("list + stat each file (yardstick)", f.walkMs, f.walkMs);
    row("open, checking the source", f.checkedOpenMs, f.walkMs);
    for (const Lookups& l : f.lookups)
        row("find by " + l.kind + (l.kind == "WCID" ? " (yardstick)" : ""), l.ms,
            f.lookups.front().ms);
    const auto verdict = [](bool pass) { return pass ? "pass" : "FAIL"; };
    text += QStringLiteral("\ntarget: import <= %1 s: %2 (%3 s)\n")
                .arg(kTargetImportSeconds)
                .arg(verdict(import <= kTargetImportSeconds))
                .arg(fixed(import, 2));
    text += QStringLiteral("target: name search <= %1 ms (95th percentile): %2 (%3 ms)\n")
                .arg(kTargetSearchMs)
                .arg(verdict(f.nameP95() <= kTargetSearchMs))
                .arg(fixed(f.nameP95(), 3));
    text += QStringLiteral("target: open <= %1 ms (median): %2 (%3 ms; %4 ms checking the source: "
                           "%5)\n")
                .arg(kTargetOpenMs)
                .arg(verdict(median(f.openMs) <= kTargetOpenMs))
                .arg(fixed(median(f.openMs), 3))
                .arg(fixed(median(f.checkedOpenMs), 1))
                .arg(verdict(median(f.checkedOpenMs) <= kTargetOpenMs));
    printOut(text);
}

QJsonObject toJson(const Figures& f) {
    QJsonObject lookups;
    for (const Lookups& l : f.lookups) {
        QJsonObject one = timesJson(l.ms, f.lookups.front().ms);
        one["weeniesFound"] = qint64(l.found);
        lookups[l.kind] = one;
    }
    const double import = best(f.importSeconds);
    return report(
        "weenies", f.seed,
        {{"files", qint64(f.corpus.files)},
         {"bytes", qint64(f.corpus.bytes)},
         {"didProperties", qint64(f.corpus.didProperties)},
         {"writeSeconds", f.writeSeconds},
         {"indexBytes", qint64(f.indexBytes)},
         {"readFiles", QJsonObject{{"secondsBest", best(f.readSeconds)},
                                   {"secondsRuns", toJsonArray(f.readSeconds)}}},
         {"import", QJsonObject{{"secondsBest", import},
                                {"secondsRuns", toJsonArray(f.importSeconds)},
                                {"ratioToReadFiles", import / best(f.readSeconds)}}},
         {"openBare", timesJson(f.bareOpenMs, f.bareOpenMs)},
         {"open", timesJson(f.openMs, f.bareOpenMs)},
         {"walkSource", timesJson(f.walkMs, f.walkMs)},
         {"openCheckingSource", timesJson(f.checkedOpenMs, f.walkMs)},
         {"lookups", lookups},
         {"targets",
          QJsonObject{{"importSeconds", QJsonObject{{"max", kTargetImportSeconds},
                                                    {"pass", import <= kTargetImportSeconds}}},
                      {"nameSearchMsP95", QJsonObject{{"max", kTargetSearchMs},
                                                      {"value", f.nameP95()},
                                                      {"pass", f.nameP95() <= kTargetSearchMs}}},
                      {"openMsMedian", QJsonObject{{"max", kTargetOpenMs},
                                                   {"pass", median(f.openMs) <= kTargetOpenMs},
                                                   {"checkingSourcePass",
                                                    median(f.checkedOpenMs) <= kTargetOpenMs}}}}}});
}

} // namespace

Outcome runWeeniesSuite(const Output& output, std::uint64_t files, std::uint64_t seed) {
    GeneratedDats generated(output.dir, output.keepDats);
    if (!generated.prepare())
        return Outcome::Error;
    QTemporaryDir corpusDir(output.dir + "/weenies-corpus-XXXXXX");
    corpusDir.setAutoRemove(!output.keepDats);
    if (!corpusDir.isValid()) {
        printError("cannot make a folder in " + output.dir);
        return Outcome::Error;
    }
    const QString indexPath = generated.add("bench_weenies.sqlite");
    Figures f;
    f.seed = seed;
    try {
        printOut(QStringLiteral("weenies: writing %1 weenie files to %2\n")
                     .arg(files)
                     .arg(corpusDir.path()));
        auto start = Clock::now();
        f.corpus = writeWeenieCorpus(corpusDir.path(), files, seed);
        f.writeSeconds = secondsSince(start);
        printOut(
            QStringLiteral("weenies: reading and importing them, best of %1\n").arg(kImportRuns));
        for (int run = 0; run < kImportRuns; ++run) {
            f.readSeconds.push_back(timeRead(corpusDir.path()));
            start = Clock::now();
            const weenies::SourceStamp stamp = weenies::stampSource(corpusDir.path());
            weenies::WeenieIndex::write(indexPath, weenies::readSource(corpusDir.path()), stamp);
            f.importSeconds.push_back(secondsSince(start));
        }
        f.indexBytes = std::uint64_t(QFile(indexPath).size());
        if (weenies::WeenieIndex::open(indexPath).count() != f.corpus.files) {
            printError("the index does not hold every generated weenie");
            return Outcome::CheckFailed;
        }
        for (int run = 0; run < kOpenRuns; ++run) {
            f.bareOpenMs.push_back(bareOpenMs(indexPath));
            start = Clock::now();
            weenies::WeenieIndex::open(indexPath);
            f.openMs.push_back(secondsSince(start) * 1000);
        }
        // What `weenies find` and `audit --weenies` pay before their lookup.
        for (int run = 0; run < kCheckRuns; ++run) {
            f.walkMs.push_back(walkMs(corpusDir.path()));
            start = Clock::now();
            bool rebuilt = false;
            weenies::openCurrent(indexPath, &rebuilt);
            f.checkedOpenMs.push_back(secondsSince(start) * 1000);
            if (rebuilt) {
                printError("the index was rebuilt though its source did not change");
                return Outcome::CheckFailed;
            }
        }
        if (!timeLookups(indexPath, f)) {
            printError("a lookup missed a weenie the corpus has");
            return Outcome::CheckFailed;
        }
    } catch (const std::exception& error) {
        return failed(error);
    }
    return finishSuite(output.jsonPath, f);
}

} // namespace portalkit::bench
