// The corpus `portalkit bench weenies` writes (bench/weenie_corpus.h,
// docs/benchmarks.md#weenies-suite-issue-26): what it holds, not how fast anything is. Every
// file reads through the SQL reader to the weenie the generator says it wrote, the same seed
// writes the same files, and the suite's JSON report has its figures.

#include "bench/weenie_corpus.h"
#include "support/cli_run.h"
#include "weenies/sql_reader.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;

namespace {

// A digest of every file's path and bytes under `dir`.
QByteArray treeDigest(const QString& dir) {
    QStringList paths;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << it.next().mid(dir.size());
    paths.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& path : paths) {
        QFile file(dir + path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        hash.addData(path.toUtf8());
        hash.addData(file.readAll());
    }
    return hash.result();
}

} // namespace

class TestWeenieBenchCorpus : public QObject {
    Q_OBJECT
  private slots:
    void everyFileReadsToTheWeenieWritten() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const bench::WeenieCorpus corpus = bench::writeWeenieCorpus(dir.path(), 400, 7);
        QCOMPARE(corpus.files, std::uint64_t(400));
        const std::vector<weenies::Weenie> read = weenies::readSqlFolder(dir.path());
        QCOMPARE(read.size(), std::size_t(400));
        std::uint64_t dids = 0;
        for (std::size_t i = 0; i < read.size(); ++i) {
            // WCIDs ascend with gaps, as ACE's do; each file's weenie is the one recorded.
            QCOMPARE(read[i].wcid, corpus.wcids[i]);
            QCOMPARE(read[i].name, corpus.names[i]);
            QCOMPARE(read[i].did(weenies::did::kSetup), corpus.setups[i]);
            QVERIFY(!read[i].className.isEmpty());
            dids += read[i].dids.size();
        }
        QCOMPARE(dids, corpus.didProperties);
        QVERIFY(corpus.wcids.back() > 400); // gaps
        // Names repeat across weenies, as in a real corpus, so a search has several answers.
        QStringList names;
        for (const QString& name : corpus.names)
            names << name;
        names.removeDuplicates();
        QVERIFY(names.size() < 400);
    }

    void theSameSeedWritesTheSameFiles() {
        QTemporaryDir a, b, c;
        bench::writeWeenieCorpus(a.path(), 50, 3);
        bench::writeWeenieCorpus(b.path(), 50, 3);
        bench::writeWeenieCorpus(c.path(), 50, 4);
        QVERIFY(!treeDigest(a.path()).isEmpty());
        QCOMPARE(treeDigest(a.path()), treeDigest(b.path()));
        QVERIFY(treeDigest(a.path()) != treeDigest(c.path()));
    }

    void theSuiteReportsItsFigures() {
        QTemporaryDir dir;
        const QString json = dir.filePath("weenies.json");
        const auto run = testing::runPortalkit({"bench", "weenies", "--weenie-files", "300",
                                                "--dir", dir.filePath("data"), "--json", json});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(report["suite"].toString(), QStringLiteral("weenies"));
        QCOMPARE(report["files"].toInteger(), 300);
        for (const char* key : {"import", "open", "openCheckingSource", "lookups", "targets"})
            QVERIFY2(report.contains(key), key);
        QVERIFY(report["lookups"]["name, whole"]["msMedian"].toDouble() > 0);
        // Nothing is left behind but the report.
        QCOMPARE(QDir(dir.filePath("data")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }
};

QTEST_GUILESS_MAIN(TestWeenieBenchCorpus)
#include "tst_weenie_bench_corpus.moc"
