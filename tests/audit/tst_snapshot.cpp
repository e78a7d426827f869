#include "audit/snapshot.h"
#include "container/dat_writer.h"
#include "records/animation.h"
#include "records/physics_script.h"
#include "records/physics_script_table.h"
#include "records/setup.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QtTest>

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
    void pinsLengthAndHashOfEveryEntry() {
        const dat::DatFile dat = smallDat();
        const QJsonObject entries = audit::snapshotManifest(dat)["entries"].toObject();
        QCOMPARE(entries.size(), 4); // the iteration record is the container's, not content
        for (const dat::EntryInfo& info : dat.entries()) {
            if (info.id == dat::kIterationDid)
                continue;
            const QByteArray bytes = bytesOf(dat.read(info));
            const QJsonObject pin = entries[dat::didJson(info.id)].toObject();
            QCOMPARE(pin["length"].toInteger(), bytes.size());
            // Qt's hash as an independent oracle for the EVP digest.
            QCOMPARE(pin["sha256"].toString(),
                     QString(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        }
    }

    void idsRestrictTheHashPinsOnly() {
        audit::SnapshotOptions options;
        options.ids = {0x34000005};
        const QJsonObject manifest = audit::snapshotManifest(smallDat(), options);
        QCOMPARE(manifest["entries"].toObject().keys(), QStringList{"0x34000005"});
        QVERIFY(manifest["setups"].toObject().contains("0x02000001"));
    }

    void keepsSpheresAndTablesInStoredOrder() {
        const QJsonObject manifest = audit::snapshotManifest(smallDat());
        const QJsonArray spheres = manifest["setups"]["0x02000001"]["spheres"].toArray();
        QCOMPARE(spheres.size(), 2);
        QCOMPARE(spheres[0]["center"][2].toDouble(), double(1.35f));
        QCOMPARE(spheres[1]["center"][2].toDouble(), double(0.475f));
        QCOMPARE(manifest["setups"]["0x02000001"]["height"].toDouble(), double(1.835f));

        const QJsonArray types = manifest["tables"]["0x34000005"].toArray();
        QCOMPARE(types.size(), 2);
        QCOMPARE(types[0]["type"].toInt(), 0x5A);
        const QJsonArray launch = types[1]["scripts"].toArray();
        QCOMPARE(launch[0]["script"].toString(), QString("0x3300011C"));
        QCOMPARE(launch[1]["script"].toString(), QString("0x3300011B"));
    }

    // oracle: R50
    void blockingInventoryListsEachScriptOnceFromTheRawScan() {
        const QJsonObject blocking = audit::snapshotManifest(smallDat())["blocking"].toObject();
        QCOMPARE(blocking["physicsScripts"].toArray(), (QJsonArray{"0x33000AEA", "0x33000AEB"}));
        QVERIFY(blocking["animations"].toArray().isEmpty());
    }

    void carriesProjectilesAndDatFacts() {
        audit::SnapshotOptions options;
        options.projectiles = {QJsonObject{{"wcid", 300}, {"setup", "0x02000124"}}};
        const QJsonObject manifest = audit::snapshotManifest(smallDat(), options);
        QCOMPARE(manifest["projectiles"].toArray(), options.projectiles);
        QCOMPARE(manifest["dat"]["kind"].toString(), QString("portal"));
        QCOMPARE(manifest["version"].toInt(), 1);
    }
};

QTEST_APPLESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
