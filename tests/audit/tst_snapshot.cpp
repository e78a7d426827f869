#include "audit/checks.h"
#include "audit/snapshot.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/animation.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QObject>
#include <QTest>

using namespace portalkit;

namespace {

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

dat::Setup twoSphereSetup() {
    dat::Setup setup;
    setup.id = 0x02000001;
    setup.spheres = {{{0, 0, 1.35f}, 0.48f}, {{0, 0, 0.475f}, 0.48f}}; // stored order, not sorted
    setup.height = 1.835f;
    return setup;
}

dat::PhysicsScriptTable tableOutOfTypeOrder() {
    dat::PhysicsScriptTable table;
    table.id = 0x34000005;
    table.entries = {{0x5A, {{1, 0x33000109}}}, {0x04, {{0.5f, 0x3300011C}, {0, 0x3300011B}}}};
    return table;
}

dat::PhysicsScript blockingScript(std::uint32_t id) {
    dat::PhysicsScript script;
    script.id = id;
    dat::hooks::CreateBlockingParticle blocking;
    blocking.emitterInfoId = 0x32000A0B;
    blocking.emitterId = 1;
    script.entries.push_back({0, {0, blocking}, 0});
    script.entries.push_back({0.5, {0, dat::hooks::AnimationDone{}}, 1});
    return script;
}

dat::DatFile smallDat() {
    dat::DatWriter writer(dat::DatKind::Portal);
    for (const auto& [id, bytes] : std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>>{
             {0x02000001, twoSphereSetup().encode()},
             {0x34000005, tableOutOfTypeOrder().encode()},
             {0x33000AEA, blockingScript(0x33000AEA).encode()},
             {0x33000AEB, blockingScript(0x33000AEB).encode()}}) {
        dat::WriterEntry entry;
        entry.id = id;
        entry.data = bytesOf(bytes);
        writer.put(std::move(entry));
    }
    return dat::DatFile::fromBytes(writer.build());
}

} // namespace

class TestSnapshot : public QObject {
    Q_OBJECT
  private slots:
    void pinsLengthAndHashOfTheChosenEntries() {
        const dat::DatFile dat = smallDat();
        audit::SnapshotOptions options;
        options.allEntries = true;
        const audit::Manifest manifest = audit::snapshotManifest(dat, options, 2);
        QCOMPARE(manifest.entries.size(), std::size_t(4)); // not the iteration record
        for (const audit::EntryPin& pin : manifest.entries) {
            const QByteArray bytes = bytesOf(dat.read(pin.id));
            QCOMPARE(qint64(pin.length), bytes.size());
            // Qt's hash as an independent oracle for the EVP digest.
            QCOMPARE(pin.sha256, QCryptographicHash::hash(bytes, QCryptographicHash::Sha256));
        }
    }

    void defaultTypesIdsAndTypesChooseTheHashes() {
        const dat::DatFile dat = smallDat();
        auto pinned = [&](const audit::SnapshotOptions& options) {
            std::vector<std::uint32_t> ids;
            for (const audit::EntryPin& pin : audit::snapshotManifest(dat, options).entries)
                ids.push_back(pin.id);
            return ids;
        };
        // The default effect types include all four records here.
        QCOMPARE(pinned({}).size(), std::size_t(4));
        audit::SnapshotOptions onlyIds;
        onlyIds.ids = {0x34000005};
        QCOMPARE(pinned(onlyIds), (std::vector<std::uint32_t>{0x34000005}));
        audit::SnapshotOptions types;
        types.types = {"Setup"};
        types.ids = {0x33000AEA};
        QCOMPARE(pinned(types), (std::vector<std::uint32_t>{0x02000001, 0x33000AEA}));
        // Structural pins do not depend on which hashes were chosen.
        QCOMPARE(audit::snapshotManifest(dat, onlyIds).setups.size(), std::size_t(1));
    }

    void keepsSpheresAndTablesInStoredOrder() {
        const audit::Manifest manifest = audit::snapshotManifest(smallDat());
        QCOMPARE(manifest.setups.size(), std::size_t(1));
        QCOMPARE(manifest.setups[0].spheres, twoSphereSetup().spheres);
        QCOMPARE(*manifest.setups[0].height, 1.835f);

        QCOMPARE(manifest.tables.size(), std::size_t(1));
        const auto& types = manifest.tables[0].types;
        QCOMPARE(types.size(), std::size_t(2));
        QCOMPARE(types[0].scriptType, 0x5Au);
        QCOMPARE(types[1].scripts[0].script, 0x3300011Cu);
        QCOMPARE(types[1].scripts[1].script, 0x3300011Bu);
    }

    // oracle: R50
    void blockingInventoryListsEachScriptOnceFromTheRawScan() {
        const audit::Manifest manifest = audit::snapshotManifest(smallDat());
        QCOMPARE(manifest.blocking->physicsScripts,
                 (std::vector<std::uint32_t>{0x33000AEA, 0x33000AEB}));
        QVERIFY(manifest.blocking->animations.empty());
    }

    void aSnapshotHoldsAgainstItsDatAndSurvivesJson() {
        const dat::DatFile dat = smallDat();
        audit::SnapshotOptions options;
        options.allEntries = true;
        options.projectiles = {{300, "Arrow", 0x02000001, 0x34000005}};
        const audit::Manifest manifest = audit::snapshotManifest(dat, options);
        const audit::Manifest reread = audit::Manifest::fromJson(manifest.toJson());
        QCOMPARE(reread.toJson(), manifest.toJson());
        // Every pin holds but the projectile's shape: a projectile sweeps one sphere and this
        // Setup has two, which the audit names with the weenie it came from.
        const audit::AuditResult result = audit::runAudit(dat, reread);
        const auto findings = result.findings();
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings[0].check, QStringLiteral("projectile.shape"));
        QCOMPARE(findings[0].did, 0x02000001u);
        QVERIFY(audit::toText(result).contains(QStringLiteral("[Arrow (WCID 300)]")));
        const QJsonArray failures = audit::toJson(result)["failures"].toArray();
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures[0]["pin"].toString(), QStringLiteral("Arrow (WCID 300)"));
    }
};

QTEST_APPLESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
