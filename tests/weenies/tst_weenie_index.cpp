// The SQLite weenie index (docs/world-data.md#index): what goes in comes out, lookups by WCID,
// name and DID, the samples give the demo's projectile map, the index is rebuilt when its
// source changes (and only then), and files that are no index are refused by name.

#include "support/weenie_samples.h"
#include "weenies/index.h"
#include "weenies/sql_reader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::weenies;
using namespace portalkit::testing;

namespace {

const QString kSamples = QStringLiteral(PORTALKIT_WEENIE_SAMPLES);
const QString kDemoManifest = QStringLiteral(PORTALKIT_MANIFESTS "/demo.json");

std::vector<std::uint32_t> wcids(const std::vector<Weenie>& weenies) {
    std::vector<std::uint32_t> ids;
    for (const Weenie& weenie : weenies)
        ids.push_back(weenie.wcid);
    return ids;
}

} // namespace

class TestWeenieIndex : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_index;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_index = m_dir.filePath("world.sqlite");
        WeenieIndex::write(m_index, readSource(kSamples), stampSource(kSamples));
    }

    void whatIsWrittenIsRead() {
        const WeenieIndex index = WeenieIndex::open(m_index);
        const std::vector<Weenie> samples = readSqlFolder(kSamples);
        QCOMPARE(index.count(), samples.size());
        QCOMPARE(index.all(), samples);
        QCOMPARE(index.stamp(), stampSource(kSamples));
        QCOMPARE(index.stamp().source, QDir(kSamples).absolutePath());
        // A relative path to the same folder stamps the same, so an index imported from
        // "corpus" is current when found through its absolute path.
        QCOMPARE(stampSource(QDir::current().relativeFilePath(kSamples)), index.stamp());
        QCOMPARE(index.path(), m_index);
    }

    void findsByWcid() {
        const WeenieIndex index = WeenieIndex::open(m_index);
        const auto bolt = index.byWcid(7277);
        QVERIFY(bolt);
        QCOMPARE(bolt->name, QStringLiteral("Flame Bolt"));
        QCOMPARE(bolt->className, QStringLiteral("flamewall"));
        QCOMPARE(bolt->did(did::kSetup), 0x0200040Du);
        QCOMPARE(bolt->did(did::kPhysicsEffectTable), 0x34000005u);
        QVERIFY(!index.byWcid(7277000));
    }

    void findsByName_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("limit");
        QTest::addColumn<std::vector<std::uint32_t>>("expected");
        QTest::newRow("whole name")
            << "Flame Bolt" << 200 << std::vector<std::uint32_t>{7277, 90001};
        QTest::newRow("any case") << "fLAME bOLT" << 200 << std::vector<std::uint32_t>{7277, 90001};
        // No whole-name match: by name, Flame < Force < Frost < Lightning < Mage's.
        QTest::newRow("part of names")
            << "bolt" << 200 << std::vector<std::uint32_t>{7277, 7278, 7279, 7280, 90001};
        QTest::newRow("limit") << "bolt" << 2 << std::vector<std::uint32_t>{7277, 7278};
        QTest::newRow("whole name first") << "Human" << 200 << std::vector<std::uint32_t>{1};
        QTest::newRow("a quote") << "Mage's" << 200 << std::vector<std::uint32_t>{90001};
        // LIKE's wildcards are letters the user typed.
        QTest::newRow("percent") << "%" << 200 << std::vector<std::uint32_t>{};
        QTest::newRow("underscore") << "Fl_me" << 200 << std::vector<std::uint32_t>{};
        QTest::newRow("nothing") << "Drudge" << 200 << std::vector<std::uint32_t>{};
    }
    void findsByName() {
        QFETCH(QString, text);
        QFETCH(int, limit);
        QFETCH(std::vector<std::uint32_t>, expected);
        const WeenieIndex index = WeenieIndex::open(m_index);
        QCOMPARE(wcids(index.byName(text, limit)), expected);
    }

    // The trigram index and the scan for short text both find what a plain walk over every
    // weenie finds, in the same order.
    void nameSearchMatchesAWalkOverEveryName() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::vector<Weenie> weenies;
        const QStringList words{"Flame", "Frost", "Bolt",       "Mage's", "flame", "Dr\u00fcdge",
                                "50%",   "a_b",   "\"Quoted\"", "Tusker", "Fist"};
        for (std::uint32_t wcid = 1; wcid <= 400; ++wcid) {
            Weenie weenie;
            weenie.wcid = wcid * 7 % 401; // not in name order
            weenie.name = words[wcid % words.size()] + ' ' + words[wcid * 3 % words.size()];
            weenies.push_back(weenie);
        }
        const QString path = dir.filePath("names.sqlite");
        WeenieIndex::write(path, weenies, {"x", "y"});
        {
            QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "names");
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery meta(db);
            QVERIFY(meta.exec("SELECT value FROM meta WHERE key = 'nameSearch'") && meta.next());
            QCOMPARE(meta.value(0).toString(), QStringLiteral("trigram")); // Debian's SQLite
        }
        QSqlDatabase::removeDatabase("names");
        const WeenieIndex index = WeenieIndex::open(path);
        for (const QString& text :
             {"flame bolt", "FLAME", "lt", "e", "", "ost Bo", "50%", "%", "a_b", "_", "\"quoted",
              "\"", "Dr\u00fcdge", "Mage's Frost", "none", "Fist Tusker", "sker Fi"}) {
            std::vector<Weenie> expected;
            for (const Weenie& weenie : weenies)
                if (weenie.name.contains(text, Qt::CaseInsensitive))
                    expected.push_back(weenie);
            std::sort(expected.begin(), expected.end(), [&](const Weenie& a, const Weenie& b) {
                const bool wholeA = a.name.compare(text, Qt::CaseInsensitive) == 0;
                const bool wholeB = b.name.compare(text, Qt::CaseInsensitive) == 0;
                if (wholeA != wholeB)
                    return wholeA;
                const int order = a.name.compare(b.name, Qt::CaseInsensitive);
                return order != 0 ? order < 0 : a.wcid < b.wcid;
            });
            if (expected.size() > 30)
                expected.resize(30);
            QVERIFY2(wcids(index.byName(text, 30)) == wcids(expected), qPrintable(text));
        }
    }

    void findsByDid() {
        const WeenieIndex index = WeenieIndex::open(m_index);
        // Flame Bolt and the sample that shares its Setup.
        const std::vector<Weenie> setup = index.byDid(0x0200040D);
        QCOMPARE(wcids(setup), (std::vector<std::uint32_t>{7277, 90001}));
        QCOMPARE(setup[1].did(did::kIcon), 0x06001066u); // each with all its DIDs
        // Arrow and Quarrel share their table.
        QCOMPARE(wcids(index.byDid(0x3400002B)), (std::vector<std::uint32_t>{300, 305}));
        // Every sample but one names the demo's sound table.
        QCOMPARE(index.byDid(0x20000001).size(), std::size_t(11));
        QVERIFY(index.byDid(0x02FFFFFF).empty());
        // A bounded lookup gives the first by WCID, each whole; the count is of them all.
        const std::vector<Weenie> all = index.byDid(0x20000001);
        const std::vector<Weenie> first = index.byDid(0x20000001, 3);
        QCOMPARE(first.size(), std::size_t(3));
        for (std::size_t i = 0; i < first.size(); ++i)
            QCOMPARE(first[i], all[i]);
        QVERIFY(index.byDid(0x20000001, 0).empty());
        QCOMPARE(index.countByDid(0x20000001), std::size_t(11));
        QCOMPARE(index.countByDid(0x0200040D), std::size_t(2));
        QCOMPARE(index.countByDid(0x02FFFFFF), std::size_t(0));
    }

    // Acceptance: the samples give the demo DAT's projectile map, as the demo
    // manifest pins it.
    void samplesGiveTheDemoProjectileMap() {
        QFile file(kDemoManifest);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray pins = QJsonDocument::fromJson(file.readAll())["projectiles"].toArray();
        QCOMPARE(pins.size(), 10);
        const WeenieIndex index = WeenieIndex::open(m_index);
        for (const QJsonValue& value : pins) {
            const QJsonObject pin = value.toObject();
            const auto weenie = index.byWcid(std::uint32_t(pin["wcid"].toInteger()));
            QVERIFY2(weenie, qPrintable(pin["name"].toString()));
            QCOMPARE(weenie->name, pin["name"].toString());
            QCOMPARE(hexId(weenie->did(did::kSetup)), pin["setup"].toString());
            const std::uint32_t table = weenie->did(did::kPhysicsEffectTable);
            QCOMPARE(table ? hexId(table) : QString(), pin["table"].toString());
        }
    }

    void anImportWritesOnlyItsOutput() {
        QTemporaryDir out;
        QVERIFY(out.isValid());
        QTemporaryDir source;
        QVERIFY(source.isValid());
        QVERIFY(copyWeenieSamples(source.path()));
        const QStringList before = QDir(source.path()).entryList(QDir::Files | QDir::Hidden);
        const SourceStamp stamp = stampSource(source.path());
        WeenieIndex::write(out.filePath("w.sqlite"), readSource(source.path()), stamp);
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"w.sqlite"});
        QCOMPARE(QDir(source.path()).entryList(QDir::Files | QDir::Hidden), before);
        QCOMPARE(stampSource(source.path()), stamp);
        // Writing again replaces the index whole, through the same single file.
        WeenieIndex::write(out.filePath("w.sqlite"), {}, stamp);
        QCOMPARE(WeenieIndex::open(out.filePath("w.sqlite")).count(), std::size_t(0));
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"w.sqlite"});
        // A write that cannot happen leaves nothing behind.
        QVERIFY(!weenieErrorOf(
                     [&] { WeenieIndex::write(out.filePath("no/such/dir/w.sqlite"), {}, stamp); })
                     .message()
                     .isEmpty());
        QVERIFY(!QDir(out.filePath("no")).exists());
    }

    void rebuiltWhenTheSourceChanges() {
        QTemporaryDir source;
        QVERIFY(source.isValid());
        QVERIFY(copyWeenieSamples(source.path()));
        const QString path = m_dir.filePath("changing.sqlite");
        WeenieIndex::write(path, readSource(source.path()), stampSource(source.path()));
        bool rebuilt = true;
        QVERIFY(isCurrent(WeenieIndex::open(path)));
        QCOMPARE(openCurrent(path, &rebuilt).byWcid(7277)->did(did::kSetup), 0x0200040Du);
        QVERIFY(!rebuilt);

        // A changed file: its new Setup is found after the rebuild.
        QVERIFY(replaceInFile(source.filePath("07277 Flame Bolt.sql"), "33555469", "33555470"));
        QVERIFY(!isCurrent(WeenieIndex::open(path)));
        QCOMPARE(openCurrent(path, &rebuilt).byWcid(7277)->did(did::kSetup), 0x0200040Eu);
        QVERIFY(rebuilt);
        QVERIFY(isCurrent(WeenieIndex::open(path)));

        // A hidden file is not the corpus: it changes nothing.
        QFile hidden(source.filePath(".07277 Flame Bolt.sql.swp"));
        QVERIFY(hidden.open(QIODevice::WriteOnly) && hidden.write("x") == 1);
        hidden.close();
        QVERIFY(isCurrent(WeenieIndex::open(path)));

        // A file added, then one removed.
        QVERIFY(QDir(source.path()).mkpath("sub"));
        QVERIFY(QFile::copy(kSamples + "/00300 Arrow.sql", source.filePath("sub/x.sql")));
        QVERIFY(QFile::remove(source.filePath("00300 Arrow.sql")));
        QCOMPARE(openCurrent(path, &rebuilt).count(), std::size_t(12));
        QVERIFY(rebuilt);
        QVERIFY(QFile::remove(source.filePath("90001 Mage's Spent Flame Bolt.sql")));
        QCOMPARE(openCurrent(path, &rebuilt).count(), std::size_t(11));
        QVERIFY(rebuilt);

        // A source that went wrong is an error naming the file; the index stays as it was.
        QVERIFY(replaceInFile(source.filePath("07279 Frost Bolt.sql"), "(7279,   1,   33555444)",
                              "(7279,  99,   33555444)"));
        const WeenieError error = weenieErrorOf([&] { openCurrent(path); });
        QCOMPARE(error.source(), source.filePath("07279 Frost Bolt.sql"));
        QVERIFY2(error.message().contains("unknown DID property type 99"), error.what());
        QCOMPARE(WeenieIndex::open(path).count(), std::size_t(11));

        // A source that is gone leaves the index usable as it is.
        QVERIFY(source.remove());
        QVERIFY(isCurrent(WeenieIndex::open(path)));
        QCOMPARE(openCurrent(path, &rebuilt).count(), std::size_t(11));
        QVERIFY(!rebuilt);
        QFile::remove(path);
    }

    void filesThatAreNoIndexAreRefused() {
        QCOMPARE(
            weenieErrorOf([&] { WeenieIndex::open(m_dir.filePath("missing.sqlite")); }).message(),
            QStringLiteral("no such index (make one with `portalkit weenies import SRC -o "
                           "%1`)")
                .arg(m_dir.filePath("missing.sqlite")));
        QFile text(m_dir.filePath("text.sqlite"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write(QByteArray(4096, 'x'));
        text.close();
        WeenieError error = weenieErrorOf([&] { WeenieIndex::open(text.fileName()); });
        QCOMPARE(error.source(), text.fileName());
        QCOMPARE(error.message(), QStringLiteral("not a PortalKit weenie index"));

        // Another program's SQLite file, then one of ours from another version.
        const QString other = m_dir.filePath("other.sqlite");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "other");
            db.setDatabaseName(other);
            QVERIFY(db.open());
            QSqlQuery(db).exec("CREATE TABLE meta (key TEXT, value TEXT)");
            QSqlQuery(db).exec("INSERT INTO meta VALUES ('format', 'something-else')");
            db.close();
        }
        QSqlDatabase::removeDatabase("other");
        QCOMPARE(weenieErrorOf([&] { WeenieIndex::open(other); }).message(),
                 QStringLiteral("not a PortalKit weenie index"));
        const QString old = m_dir.filePath("old.sqlite");
        QVERIFY(QFile::copy(m_index, old));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "old");
            db.setDatabaseName(old);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec("UPDATE meta SET value = '0' WHERE key = 'version'"));
            db.close();
        }
        QSqlDatabase::removeDatabase("old");
        QVERIFY(weenieErrorOf([&] { WeenieIndex::open(old); })
                    .message()
                    .startsWith(QStringLiteral("index version 0; this PortalKit reads %1")
                                    .arg(WeenieIndex::kVersion)));

        // `weenies import` replaces an index of any version, and nothing else.
        QVERIFY(WeenieIndex::isIndexFile(old));
        QVERIFY(!WeenieIndex::isIndexFile(other));
        QVERIFY(!WeenieIndex::isIndexFile(text.fileName()));
        QVERIFY(!WeenieIndex::isIndexFile(m_dir.filePath("missing.sqlite")));
    }

    void sourcesAreReadByKind() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile json(dir.filePath("export.json"));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"([{"wcid": 5, "stringStats": [{"key": 1, "value": "Five"}]}])");
        json.close();
        QCOMPARE(readSource(json.fileName()).at(0).name, QStringLiteral("Five"));
        QCOMPARE(readSource(kSamples + "/00305 Quarrel.sql").at(0).wcid, 305u);
        QCOMPARE(readSource(kSamples).size(), std::size_t(12));
        QVERIFY(weenieErrorOf([&] { readSource(dir.filePath("nothing")); })
                    .message()
                    .contains("no such file or folder"));
        QVERIFY(weenieErrorOf([&] { stampSource(dir.filePath("nothing")); })
                    .message()
                    .contains("no such file or folder"));
        QVERIFY(weenieErrorOf([&] { readSource("mysql://host/ace_world"); })
                    .message()
                    .contains("names no user"));
        // A database is read again every time: its stamp has no digest.
        QVERIFY(stampSource("mysql://ace@localhost/ace_world").digest.isEmpty());
        // The index keeps its source, but never a password.
        QCOMPARE(stampSource("mysql://ace:secret@localhost:3307/ace_world").source,
                 QStringLiteral("mysql://ace@localhost:3307/ace_world"));
    }
};

QTEST_GUILESS_MAIN(TestWeenieIndex)
#include "tst_weenie_index.moc"
