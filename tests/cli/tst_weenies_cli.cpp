// `portalkit weenies` and `portalkit audit --weenies` end to end (docs/cli.md#weenies,
// docs/audit.md#projectiles-from-a-weenie-corpus): the sample weenies import, find by name,
// WCID and DID in text and JSON, a broken source names its file:line:column and leaves the old
// index whole, and the demo DAT's projectile map from the samples holds until a sample's Setup
// changes, when the audit exits 1 naming the WCID.

#include "support/cli_run.h"
#include "support/weenie_samples.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using portalkit::testing::copyWeenieSamples;
using portalkit::testing::replaceInFile;
using portalkit::testing::runPortalkit;

namespace {

const QString kSamples = QStringLiteral(PORTALKIT_WEENIE_SAMPLES);
const QString kDemo = QStringLiteral(PORTALKIT_DEMO_DAT);
const QString kDemoManifest = QStringLiteral(PORTALKIT_MANIFESTS "/demo.json");

QJsonObject jsonOf(const QByteArray& out) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", out.constData());
    return document.object();
}

std::vector<qint64> wcidsOf(const QJsonObject& found) {
    std::vector<qint64> wcids;
    for (const QJsonValue& weenie : found["weenies"].toArray())
        wcids.push_back(weenie["wcid"].toInteger());
    return wcids;
}

// The value of DID property `name` in a found weenie's JSON; empty when it has none.
QString didOf(const QJsonValue& weenie, const QString& name) {
    for (const QJsonValue& did : weenie["dids"].toArray())
        if (did["name"].toString() == name)
            return did["value"].toString();
    return {};
}

QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestWeeniesCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_index;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_index = m_dir.filePath("world.sqlite");
        const auto run = runPortalkit({"weenies", "import", kSamples, "-o", m_index, "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject imported = jsonOf(run.out);
        QCOMPARE(imported["weenies"].toInteger(), 12);
        QCOMPARE(imported["upToDate"].toBool(), false);
    }

    void anUnchangedSourceIsNotImportedAgain() {
        auto run = runPortalkit({"weenies", "import", kSamples, "-o", m_index, "--json"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(jsonOf(run.out)["upToDate"].toBool(), true);
        run = runPortalkit({"weenies", "import", kSamples, "-o", m_index, "--json", "--force"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(jsonOf(run.out)["upToDate"].toBool(), false);
    }

    // Acceptance: `weenies find "Flame Bolt"` gives WCID 7277 -> Setup 0x0200040D, table
    // 0x34000005 from the samples.
    void findsFlameBoltByName() {
        auto run = runPortalkit({"weenies", "find", "Flame Bolt", "-i", m_index, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject found = jsonOf(run.out);
        QCOMPARE(found["by"].toString(), QStringLiteral("name"));
        QCOMPARE(wcidsOf(found), (std::vector<qint64>{7277, 90001}));
        const QJsonValue bolt = found["weenies"].toArray().at(0);
        QCOMPARE(bolt["name"].toString(), QStringLiteral("Flame Bolt"));
        QCOMPARE(didOf(bolt, "Setup"), QStringLiteral("0x0200040D"));
        QCOMPARE(didOf(bolt, "PhysicsEffectTable"), QStringLiteral("0x34000005"));

        run = runPortalkit({"weenies", "find", "Flame Bolt", "-i", m_index});
        QCOMPARE(run.exitCode, 0);
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.startsWith("7277  Flame Bolt  (flamewall, WeenieType 33)\n"),
                 qPrintable(text));
        QVERIFY(text.contains(QRegularExpression("PhysicsEffectTable +0x34000005\n")));
    }

    void findsByWcidAndByDid() {
        auto run = runPortalkit({"weenies", "find", "7277", "-i", m_index, "--json"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(jsonOf(run.out)["by"].toString(), QStringLiteral("wcid"));
        QCOMPARE(wcidsOf(jsonOf(run.out)), std::vector<qint64>{7277});

        // Which weenies use Setup 0x0200040D? Both, each with all its DIDs.
        run = runPortalkit({"weenies", "find", "0x0200040D", "-i", m_index, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject found = jsonOf(run.out);
        QCOMPARE(found["by"].toString(), QStringLiteral("did"));
        QCOMPARE(wcidsOf(found), (std::vector<qint64>{7277, 90001}));
        QCOMPARE(didOf(found["weenies"].toArray().at(1), "Icon"), QStringLiteral("0x06001066"));
        // In text the matching property is marked.
        run = runPortalkit({"weenies", "find", "0x0200040D", "-i", m_index});
        QCOMPARE(QString::fromUtf8(run.out).count("0x0200040D  <"), 2);

        // Digits read as a name when asked.
        run = runPortalkit({"weenies", "find", "7277", "--name", "-i", m_index, "--json"});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(jsonOf(run.out)["by"].toString(), QStringLiteral("name"));
    }

    void theIndexDefaultsToWorldSqliteHere() {
        QProcess process;
        process.setWorkingDirectory(m_dir.path());
        process.start(PORTALKIT_CLI, {"weenies", "find", "Quarrel", "--json"});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(wcidsOf(jsonOf(process.readAllStandardOutput())), std::vector<qint64>{305});
    }

    void misusesExitTwoAndMissesExitOne_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        QTest::newRow("no match") << QStringList{"find", "Drudge"} << 1 << "";
        QTest::newRow("no such WCID") << QStringList{"find", "4000000"} << 1 << "";
        QTest::newRow("bad WCID") << QStringList{"find", "x", "--wcid"} << 2 << "is not a WCID";
        QTest::newRow("bad DID") << QStringList{"find", "0xZZ", "--did"} << 2 << "is not a DID";
        QTest::newRow("two readings")
            << QStringList{"find", "1", "--did", "--wcid"} << 2 << "at most one of";
        QTest::newRow("bad limit")
            << QStringList{"find", "a", "--limit", "0"} << 2 << "--limit takes a positive number";
        QTest::newRow("import's option") << QStringList{"find", "a", "--force"} << 2
                                         << "--force is not an option of weenies find";
        QTest::newRow("unknown action")
            << QStringList{"list", "a"} << 2 << "unknown weenies action 'list'";
        QTest::newRow("no action") << QStringList{} << 2 << "expected 2 argument(s)";
        QTest::newRow("import without -o") << QStringList{"import", PORTALKIT_WEENIE_SAMPLES} << 2
                                           << "weenies import needs -o INDEX";
    }
    void misusesExitTwoAndMissesExitOne() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        QStringList all = QStringList{"weenies"} + arguments;
        if (arguments.value(0) == "find")
            all << "-i" << m_index;
        const auto run = runPortalkit(all);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(run.err).contains(says), run.err.constData());
        if (exitCode == 1)
            QVERIFY(run.out.startsWith("no weenie matches"));
    }

    void aBrokenSourceNamesItsLineAndLeavesTheIndex() {
        const QString source = m_dir.filePath("broken");
        QVERIFY(copyWeenieSamples(source));
        const QString index = m_dir.filePath("broken.sqlite");
        QCOMPARE(runPortalkit({"weenies", "import", source, "-o", index}).exitCode, 0);
        const QByteArray before = bytesOf(index);
        // A stray ';' after Arrow's first DID row: the rows after it would be lost.
        QVERIFY(replaceInFile(source + "/00300 Arrow.sql", "33554724) /* Setup */",
                              "33554724) /* Setup */;"));
        const auto run = runPortalkit({"weenies", "import", source, "-o", index});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QFile::encodeName(source) + "/00300 Arrow.sql:20:6: expected a "
                                                              "statement, found ','"),
                 run.err.constData());
        QCOMPARE(bytesOf(index), before);
        QCOMPARE(QDir(m_dir.path()).entryList({"broken.sqlite*"}, QDir::Files),
                 QStringList{"broken.sqlite"});
        // find then says the same instead of using a stale index silently.
        const auto find = runPortalkit({"weenies", "find", "Arrow", "-i", index});
        QCOMPARE(find.exitCode, 2);
        QVERIFY2(find.err.contains("00300 Arrow.sql:20:6"), find.err.constData());

        QCOMPARE(
            runPortalkit({"weenies", "import", m_dir.filePath("nothing"), "-o", index}).exitCode,
            2);
        QCOMPARE(bytesOf(index), before);
        // `-o` naming a weenie file by mistake costs nothing.
        const QString sample = m_dir.filePath("broken/00305 Quarrel.sql");
        const QByteArray quarrel = bytesOf(sample);
        const auto refused = runPortalkit({"weenies", "import", kSamples, "-o", sample});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("is not a weenie index; not replacing it"),
                 refused.err.constData());
        QCOMPARE(bytesOf(sample), quarrel);
    }

    // Acceptance: the samples give the demo DAT's projectile map.
    void theSamplesPassTheAudit() {
        auto run = runPortalkit({"audit", kDemo, "--weenies", m_index, "--json"});
        QVERIFY2(run.exitCode == 0, run.out.constData());
        const QJsonObject result = jsonOf(run.out);
        QCOMPARE(result["passed"].toBool(), true);
        // A pin per seed projectile, and the map itself.
        QCOMPARE(result["pins"].toInteger(), 11);
        // With the manifest too: the corpus's map is the manifest's.
        run = runPortalkit({"audit", kDemo, "-m", kDemoManifest, "--weenies", m_index});
        QVERIFY2(run.exitCode == 0, run.out.constData());
    }

    // Acceptance: a changed Setup fails the audit with exit 1 naming the WCID.
    void aChangedSetupFailsNamingTheWcid_data() {
        QTest::addColumn<QByteArray>("setup");
        QTest::addColumn<QString>("check");
        // The demo human: a Setup that is there, but with more than one sphere.
        QTest::newRow("not a projectile's shape") << QByteArray("33554433") << "projectile.shape";
        // 0x0200FFFF: no such Setup in the demo DAT.
        QTest::newRow("absent") << QByteArray("33619967") << "projectile.setup.missing";
    }
    void aChangedSetupFailsNamingTheWcid() {
        QFETCH(QByteArray, setup);
        QFETCH(QString, check);
        const QTemporaryDir dir;
        QVERIFY(copyWeenieSamples(dir.path() + "/corpus"));
        QVERIFY(replaceInFile(dir.path() + "/corpus/07277 Flame Bolt.sql", "33555469", setup));
        const QString index = dir.filePath("w.sqlite");
        QCOMPARE(runPortalkit({"weenies", "import", dir.path() + "/corpus", "-o", index}).exitCode,
                 0);
        auto run = runPortalkit({"audit", kDemo, "--weenies", index});
        QCOMPARE(run.exitCode, 1);
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains(QRegularExpression("^FAIL 0x[0-9A-F]{8} " +
                                                      QRegularExpression::escape(check) +
                                                      ":.*\\[Flame Bolt \\(WCID 7277\\)\\]$",
                                                  QRegularExpression::MultilineOption)),
                 qPrintable(text));
        // One finding; the other pins hold.
        QCOMPARE(text.count(QRegularExpression("^FAIL 0x", QRegularExpression::MultilineOption)),
                 1);
        // Against the manifest, the map's difference is named too.
        run = runPortalkit({"audit", kDemo, "-m", kDemoManifest, "--weenies", index});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(
                     "projectile.map: expected WCID 7277 Flame Bolt: Setup "
                     "0x0200040D, table 0x34000005, found WCID 7277 Flame Bolt: "
                     "Setup 0x" +
                     QByteArray::number(setup.toUInt(), 16).rightJustified(8, '0').toUpper()),
                 run.out.constData());
    }

    void aWeenieWithoutSetupOrNameIsNamedAllTheSame() {
        const QTemporaryDir dir;
        QVERIFY(copyWeenieSamples(dir.path() + "/corpus"));
        // Flame Bolt loses its Setup row, Frost Bolt its Name.
        QVERIFY(replaceInFile(dir.path() + "/corpus/07277 Flame Bolt.sql",
                              "VALUES (7277,   1,   33555469) /* Setup */\n     ,", "VALUES"));
        QVERIFY(replaceInFile(dir.path() + "/corpus/07279 Frost Bolt.sql",
                              "(7279,   1, 'Frost Bolt')", "(7279,   2, 'Frost Bolt')"));
        const QString index = dir.filePath("w.sqlite");
        const auto imported =
            runPortalkit({"weenies", "import", dir.path() + "/corpus", "-o", index});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const auto run = runPortalkit({"audit", kDemo, "--weenies", index});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("projectile.weenie: expected WCID 7277 with a Setup, found Flame "
                                  "Bolt names no Setup"),
                 run.out.constData());
        // Frost Bolt, nameless, still passes, under its class name.
        const auto json = runPortalkit({"audit", kDemo, "--weenies", index, "--json"});
        bool frost = false;
        for (const QJsonValue& pin : jsonOf(json.out)["results"].toArray())
            frost |= pin["name"].toString() == "frostbolt (WCID 7279)" && pin["passed"].toBool();
        QVERIFY2(frost, json.out.constData());
    }

    void projectileListsAndTheirMistakes() {
        // Only the WCIDs asked for; one the corpus lacks is a finding naming it.
        auto run = runPortalkit(
            {"audit", kDemo, "--weenies", m_index, "--projectiles", "7277,99999", "--json"});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(jsonOf(run.out)["pins"].toInteger(), 2); // Flame Bolt's pin and the map
        run = runPortalkit({"audit", kDemo, "--weenies", m_index, "--projectiles", "7277,99999"});
        QVERIFY2(run.out.contains("projectile.weenie: expected WCID 99999 with a Setup, found "
                                  "absent from"),
                 run.out.constData());
        run = runPortalkit({"audit", kDemo, "--weenies", m_index, "--projectiles", "7282-7276"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--projectiles takes WCIDs and ranges"));
        run = runPortalkit({"audit", kDemo, "--projectiles", "300"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--projectiles needs --weenies INDEX"));
        run = runPortalkit({"audit", kDemo, "--weenies", m_dir.filePath("missing.sqlite")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("no such index"));
    }

    // `audit --snapshot --weenies` pins the corpus's map, and the DAT holds the pins it wrote.
    void aSnapshotPinsTheCorpusMap() {
        const QString pins = m_dir.filePath("pins.json");
        auto run = runPortalkit({"audit", "--snapshot", kDemo, "--weenies", m_index, "-o", pins});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(pins);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray projectiles =
            QJsonDocument::fromJson(file.readAll())["projectiles"].toArray();
        QCOMPARE(projectiles.size(), 10);
        QFile demo(kDemoManifest);
        QVERIFY(demo.open(QIODevice::ReadOnly));
        QCOMPARE(projectiles, QJsonDocument::fromJson(demo.readAll())["projectiles"].toArray());
        run = runPortalkit({"audit", kDemo, "-m", pins});
        QVERIFY2(run.exitCode == 0, run.out.constData());
        // A WCID the corpus cannot give stops the snapshot: it would pin nothing for it.
        run = runPortalkit({"audit", "--snapshot", kDemo, "--weenies", m_index, "--projectiles",
                            "1,99999", "-o", pins + ".2"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("WCID 99999: absent from"));
        QVERIFY(!QFile::exists(pins + ".2"));
    }
};

QTEST_GUILESS_MAIN(TestWeeniesCli)
#include "tst_weenies_cli.moc"
