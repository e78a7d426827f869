// The audit end to end through the CLI a release engineer runs: the demo DAT holds its bundled
// manifest, and each kind of damage fails with exit 1 naming the right DID and check. The
// retail manifest carries every retail DAT fact, checked against docs/retail-behaviour.md.

#include "audit/checks.h"
#include "audit/manifest.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/animation.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"
#include "support/cli_run.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace portalkit;

namespace {

const QString kDemoManifest = QStringLiteral(PORTALKIT_MANIFESTS "/demo.json");
const QString kRetailManifest = QStringLiteral(PORTALKIT_MANIFESTS "/retail-eor-2013.json");

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& arguments) {
    const testing::CliRun run = testing::runPortalkit(arguments);
    return {run.exitCode, QString::fromUtf8(run.out), QString::fromUtf8(run.err)};
}

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

const dat::DatFile& demo() {
    static const dat::DatFile dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    return dat;
}

// A copy of the demo DAT with one record replaced (or removed), written to `dir`.
QString damagedCopy(const QTemporaryDir& dir, const QString& name,
                    const std::function<void(dat::DatWriter&)>& damage) {
    dat::DatWriter writer = dat::DatWriter::fromDat(demo());
    damage(writer);
    const QString path = dir.filePath(name);
    writer.save(path);
    return path;
}

void replace(dat::DatWriter& writer, std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    const dat::EntryInfo* info = demo().find(id);
    dat::WriterEntry entry;
    entry.id = id;
    entry.data = bytesOf(bytes);
    entry.date = info->date;
    entry.iteration = info->iteration;
    writer.put(std::move(entry));
}

} // namespace

class TestAudit : public QObject {
    Q_OBJECT
  private slots:
    void demoDatHoldsItsBundledManifest() {
        const Run run = cli({"audit", PORTALKIT_DEMO_DAT, "--manifest", kDemoManifest});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QVERIFY2(run.out.contains("PASS"), qPrintable(run.out));
        // Every kind of pin took part.
        for (const char* kind : {"entry", "setup", "table", "closure", "blocking", "projectile"})
            QVERIFY2(run.out.contains(kind), qPrintable(run.out));
    }

    void damageFailsNamingTheDidAndCheck_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("did");
        QTest::addColumn<QString>("check");
        QTest::newRow("flipped byte") << "flipped"
                                      << "0x02000124"
                                      << "entry.sha256";
        QTest::newRow("truncated: length") << "truncated"
                                           << "0x02000124"
                                           << "entry.length";
        QTest::newRow("truncated: parse") << "truncated"
                                          << "0x02000124"
                                          << "setup.parse";
        QTest::newRow("removed entry") << "removed"
                                       << "0x33000AEA"
                                       << "entry.missing";
        QTest::newRow("sphere radius") << "radius"
                                       << "0x02000124"
                                       << "setup.spheres[0]";
        QTest::newRow("reordered table") << "reordered"
                                         << "0x34000005"
                                         << "table.types";
        QTest::newRow("moved recall hook") << "moved"
                                           << "0x030009BF"
                                           << "closure.hooks[2]";
        QTest::newRow("extra CreateBlocking") << "blocking"
                                              << "0x33001000"
                                              << "blocking.physicsScripts";
    }

    // oracle: R49
    void damageFailsNamingTheDidAndCheck() {
        QFETCH(QString, name);
        QFETCH(QString, did);
        QFETCH(QString, check);
        QTemporaryDir dir;
        QString path;
        if (name == "flipped") {
            // One byte of the stored file, inside the Arrow Setup's payload (past the block's
            // link word), flipped in place: nothing else changes.
            QFile source(PORTALKIT_DEMO_DAT);
            QVERIFY(source.open(QIODevice::ReadOnly));
            QByteArray file = source.readAll();
            const std::uint32_t offset = demo().find(0x02000124)->offset + 4 + 60;
            file[offset] = char(file[offset] ^ 0x01);
            path = dir.filePath("flipped.dat");
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(file);
        } else if (name == "truncated") {
            std::vector<std::uint8_t> bytes = demo().read(0x02000124);
            bytes.resize(20);
            path = damagedCopy(dir, "truncated.dat",
                               [&](dat::DatWriter& writer) { replace(writer, 0x02000124, bytes); });
        } else if (name == "removed") {
            path = damagedCopy(dir, "removed.dat",
                               [](dat::DatWriter& writer) { writer.remove(0x33000AEA); });
        } else if (name == "radius") {
            auto setup = dat::Setup::decode(demo().read(0x02000124), 0x02000124);
            setup.spheres[0].radius = 0.2f;
            path = damagedCopy(dir, "radius.dat", [&](dat::DatWriter& writer) {
                replace(writer, 0x02000124, setup.encode());
            });
        } else if (name == "reordered") {
            auto table = dat::PhysicsScriptTable::decode(demo().read(0x34000005), 0x34000005);
            std::swap(table.entries[1], table.entries[2]);
            path = damagedCopy(dir, "reordered.dat", [&](dat::DatWriter& writer) {
                replace(writer, 0x34000005, table.encode());
            });
        } else if (name == "moved") {
            auto recall = dat::Animation::decode(demo().read(0x030009BF), 0x030009BF);
            auto& from = recall.partFrames[46].hooks;
            recall.partFrames[47].hooks.push_back(from.front());
            from.erase(from.begin());
            path = damagedCopy(dir, "moved.dat", [&](dat::DatWriter& writer) {
                replace(writer, 0x030009BF, recall.encode());
            });
        } else {
            auto sampler = dat::PhysicsScript::decode(demo().read(0x33001000), 0x33001000);
            dat::hooks::CreateBlockingParticle blocking;
            blocking.emitterInfoId = 0x32000A0B;
            blocking.emitterId = 3;
            sampler.entries.push_back({3.0, {0, blocking}, std::uint32_t(sampler.entries.size())});
            path = damagedCopy(dir, "blocking.dat", [&](dat::DatWriter& writer) {
                replace(writer, 0x33001000, sampler.encode());
            });
        }

        const Run run = cli({"audit", path, "--manifest", kDemoManifest, "--json"});
        QCOMPARE(run.exitCode, 1);
        const QJsonArray failures = QJsonDocument::fromJson(run.out.toUtf8())["failures"].toArray();
        const bool named = std::any_of(failures.begin(), failures.end(), [&](const QJsonValue& f) {
            return f["did"].toString() == did && f["check"].toString() == check;
        });
        QVERIFY2(named, qPrintable(run.out));
    }

    void reportsForPeopleAndForCi() {
        QTemporaryDir dir;
        const QString junit = dir.filePath("audit.xml");
        const Run run = cli(
            {"audit", PORTALKIT_DEMO_DAT, "-m", kDemoManifest, "--junit", junit, "--jobs", "2"});
        QCOMPARE(run.exitCode, 0);
        QFile file(junit);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        int testcases = 0, failures = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            testcases += xml.name() == QLatin1String("testcase");
            failures += xml.name() == QLatin1String("failure");
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const audit::Manifest manifest = audit::Manifest::load(kDemoManifest);
        QCOMPARE(std::size_t(testcases), manifest.pinCount());
        QCOMPARE(failures, 0);
    }

    void usageAndIoErrorsExit2() {
        QCOMPARE(cli({"audit", PORTALKIT_DEMO_DAT}).exitCode, 2);
        QCOMPARE(cli({"audit", PORTALKIT_DEMO_DAT, "-m", "/nonexistent.json"}).exitCode, 2);
        QCOMPARE(cli({"audit", "/nonexistent.dat", "-m", kDemoManifest}).exitCode, 2);
    }

    void snapshotOfADatHoldsAgainstIt() {
        QTemporaryDir dir;
        const QString manifest = dir.filePath("pins.json");
        QCOMPARE(cli({"audit", "--snapshot", PORTALKIT_DEMO_DAT, "-o", manifest}).exitCode, 0);
        const audit::Manifest pins = audit::Manifest::load(manifest);
        QVERIFY(!pins.entries.empty() && !pins.setups.empty() && !pins.closures.empty());
        QCOMPARE(cli({"audit", PORTALKIT_DEMO_DAT, "-m", manifest}).exitCode, 0);

        const QString only = dir.filePath("only.json");
        QCOMPARE(cli({"audit", "--snapshot", PORTALKIT_DEMO_DAT, "-o", only, "--ids",
                      "0x02000124,0x34000005"})
                     .exitCode,
                 0);
        QCOMPARE(audit::Manifest::load(only).entries.size(), std::size_t(2));
    }

    void hashAllPrintsEveryEntry() {
        const Run run = cli({"audit", "--hash-all", PORTALKIT_DEMO_DAT, "--jobs", "2"});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(std::size_t(lines.size()), demo().entries().size() - 1); // not the iteration
        const QJsonObject first = QJsonDocument::fromJson(lines.first().toUtf8()).object();
        QCOMPARE(first["sha256"].toString().size(), 64);
    }

    void manifestRoundTripsAndNamesItsErrors() {
        const audit::Manifest manifest = audit::Manifest::load(kDemoManifest);
        QCOMPARE(audit::Manifest::fromJson(manifest.toJson()).toJson(), manifest.toJson());

        QJsonObject broken = manifest.toJson();
        QJsonObject setups = broken["setups"].toObject();
        QJsonObject arrow = setups["0x02000124"].toObject();
        arrow["spheres"] = "round";
        setups["0x02000124"] = arrow;
        broken["setups"] = setups;
        try {
            audit::Manifest::fromJson(broken);
            QFAIL("a malformed manifest was accepted");
        } catch (const dat::DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()),
                     QString("manifest.setups.0x02000124.spheres"));
        }
    }

    // docs/retail-behaviour.md#retail-dat-facts: every pin, with the retail values.
    void retailManifestCarriesEverySeedPin() {
        const audit::Manifest retail = audit::Manifest::load(kRetailManifest);
        const std::map<std::uint32_t, std::pair<std::uint64_t, QByteArray>> rows{
            {0x02000124, {812, "630D19A9C79137F7BA90D01448B03E8F44D655FF77A4725792CB5660930A079E"}},
            {0x0200012A, {776, "ED529E834CC1799B5655549200F7D1060FB62A707988E7B7D4FBED2D9C4BA0D1"}},
            {0x0200087D, {344, "B30469764673F55BCBB4F123559256299C34D819974EAB42AC476E3FEED6EAE8"}},
            {0x34000005, {88, "86906B0EDDC9AA2242091EAC7A22C88FB2150F0773B6CCA1FA5E4AAEAFF2A386"}},
            {0x030009BF,
             {143560, "21EF99FE5A760216AF48946B9C41D0FA7E4B94297B8DEC8B91C41BB8C7A0D02D"}},
            {0x33000AEA, {64, "C0D75973ADB55386ED6AC860C6D08EC43862ABE8CE07AC4E942EBA31DAF61320"}},
            {0x33000D77, {108, "9F27628BDEA6B05C95CFADD037746AB380542DF8B040265EF881B3366CB8E12E"}},
        };
        QCOMPARE(retail.entries.size(), rows.size());
        for (const audit::EntryPin& pin : retail.entries) {
            QVERIFY(rows.count(pin.id));
            QCOMPARE(pin.length, rows.at(pin.id).first);
            QCOMPARE(pin.sha256, QByteArray::fromHex(rows.at(pin.id).second));
        }

        std::map<std::uint32_t, audit::SetupPin> setups;
        for (const audit::SetupPin& pin : retail.setups)
            setups[pin.id] = pin;
        for (std::uint32_t id : {0x02000124u, 0x0200012Au, 0x020003F6u, 0x0200040Du, 0x020003F4u,
                                 0x020003FAu, 0x020003FCu, 0x02000EAEu})
            QCOMPARE(setups.at(id).spheres, (std::vector<dat::Sphere>{{{0, 0, 0}, 0.10f}}));
        QCOMPARE(setups.at(0x02000880).spheres, (std::vector<dat::Sphere>{{{0, 0, 0}, 0.15f}}));
        QCOMPARE(setups.at(0x0200087D).spheres,
                 (std::vector<dat::Sphere>{{{0, -0.165f, 0.1045f}, 0.102f}}));

        std::map<std::uint32_t, audit::TablePin> tables;
        for (const audit::TablePin& pin : retail.tables)
            tables[pin.id] = pin;
        const auto& flame = tables.at(0x34000005);
        QVERIFY(flame.complete);
        QCOMPARE(flame.types.size(), std::size_t(3));
        QCOMPARE(flame.types[1].scriptType, 0x04u); // Launch, after ProjectileCollision
        QCOMPARE(flame.types[1].scripts[1].mod, 0.5f);
        QCOMPARE(flame.types[1].scripts[1].script, 0x3300011Cu);
        QCOMPARE(flame.types[2].scripts[1].script, 0x3300012Bu);
        for (std::uint32_t id : {0x34000004u, 0x34000064u, 0x340000D1u})
            QCOMPARE(tables.at(id).types[0].scripts[0].script, 0x3300032Fu);
        for (std::uint32_t id : {0x34000063u, 0x340000A9u, 0x340000BBu})
            QCOMPARE(tables.at(id).types[1].scripts[0].script, 0x330002F3u);

        QCOMPARE(retail.closures.size(), std::size_t(1));
        const audit::ClosurePin& recall = retail.closures[0];
        QCOMPARE(recall.command, 0x10000153u);
        QCOMPARE(recall.chain.size(), std::size_t(1));
        QCOMPARE(recall.chain[0].animation, 0x030009BFu);
        QCOMPARE(recall.chain[0].framerate, 9.96f);
        std::vector<std::uint32_t> frames;
        for (const audit::HookPin& hook : recall.hooks)
            frames.push_back(hook.frame);
        QCOMPARE(frames, (std::vector<std::uint32_t>{16, 16, 46, 76, 116}));
        QCOMPARE(recall.hooks[0].fields["emitterId"].toInt(), 19);

        QCOMPARE(retail.blocking->physicsScripts.size(), std::size_t(15));
        QCOMPARE(retail.blocking->physicsScripts.front(), 0x33000AEAu);
        QCOMPARE(retail.blocking->physicsScripts.back(), 0x33000AF8u);
        QVERIFY(retail.blocking->animations.empty());
        QCOMPARE(retail.projectiles.size(), std::size_t(10));
    }

    // The demo mirrors the retail values, so against the retail manifest only what the demo
    // cannot share fails: retail's bytes and the retail tables it does not carry.
    void demoMatchesEveryRetailPinButBytes() {
        const audit::AuditResult result =
            audit::runAudit(demo(), audit::Manifest::load(kRetailManifest));
        for (const audit::Finding& finding : result.findings())
            QVERIFY2(finding.check.startsWith("entry.") || finding.check == "table.missing",
                     qPrintable(dat::didJson(finding.did) + " " + finding.check + ": " +
                                finding.actual));
        QVERIFY(!result.passed());
    }
};

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
