// diffDats against the demo DAT and patched copies of it, and `portalkit diff` through the binary.

#include "audit/diff.h"
#include "audit/digest.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"
#include "support/cli_run.h"
#include "support/dat_fixtures.h"
#include "support/demo_ids.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <bit>
#include <functional>

using namespace portalkit;
using namespace portalkit::testing::demo_ids;
using portalkit::testing::CliRun;
using portalkit::testing::runPortalkit;

namespace {

dat::DatFile demo() {
    return dat::DatFile::open(PORTALKIT_DEMO_DAT);
}

template <typename Record> Record decoded(const dat::DatFile& dat, std::uint32_t id) {
    return Record::decode(dat.read(id), id);
}

dat::WriterEntry writerEntry(std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    dat::WriterEntry entry;
    entry.id = id;
    entry.data = QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    return entry;
}

void putBytes(dat::DatWriter& writer, std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    writer.put(writerEntry(id, bytes));
}

// The demo DAT with `patch` applied, in memory.
dat::DatFile patchedDemo(const std::function<void(dat::DatWriter&)>& patch) {
    dat::DatWriter writer = dat::DatWriter::fromDat(demo());
    patch(writer);
    return dat::DatFile::fromBytes(writer.build());
}

dat::DatFile demoWithSetup(const std::function<void(dat::Setup&)>& edit,
                           std::uint32_t id = kHuman) {
    auto setup = decoded<dat::Setup>(demo(), id);
    edit(setup);
    return patchedDemo([&](dat::DatWriter& writer) { putBytes(writer, id, setup.encode()); });
}

dat::DatFile demoWithTable(const std::function<void(dat::PhysicsScriptTable&)>& edit) {
    auto table = decoded<dat::PhysicsScriptTable>(demo(), kFlameBoltTable);
    edit(table);
    return patchedDemo(
        [&](dat::DatWriter& writer) { putBytes(writer, kFlameBoltTable, table.encode()); });
}

dat::PhysicsScriptTable::Entry& entryOfType(dat::PhysicsScriptTable& table, std::uint32_t type) {
    for (auto& entry : table.entries)
        if (entry.scriptType == type)
            return entry;
    qFatal("the demo table has no type 0x%X", type);
}

std::size_t demoEntriesButIteration() {
    return demo().entries().size() - 1;
}

// The only changed entry of the diff, which must be of `type`.
const audit::ChangedEntry& onlyChange(const audit::DatDiff& diff, const std::string& type) {
    if (diff.changed() != 1 || diff.types.at(type).changed.size() != 1)
        qFatal("expected one changed %s", type.c_str());
    return diff.types.at(type).changed.front();
}

QStringList described(const std::vector<audit::PropertyChange>& changes) {
    QStringList lines;
    for (const auto& change : changes)
        lines.append(change.property + ": " + change.a.text + " → " + change.b.text);
    return lines;
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT
  private slots:
    void aDatEqualsItself() {
        const audit::DatDiff diff = audit::diffDats(demo(), demo());
        QVERIFY(diff.identical());
        QVERIFY(diff.header.empty());
        QCOMPARE(diff.unchanged(), demoEntriesButIteration());
        QVERIFY(!diff.types.count("Iteration")); // 0xFFFF0001 is compared as header facts
        QCOMPARE(audit::toText(diff),
                 QStringLiteral("identical: %1 entries\n").arg(demoEntriesButIteration()));
        QCOMPARE(audit::toJson(diff)["identical"], QJsonValue(true));
    }

    void storageIsNotContent() {
        // Every entry stored zlib-compressed and dated differently: the same content.
        const dat::DatFile compressed = patchedDemo([](dat::DatWriter& writer) {
            const dat::DatFile source = demo();
            for (const dat::EntryInfo& info : source.entries()) {
                if (info.id == dat::kIterationDid)
                    continue;
                dat::WriterEntry entry = writerEntry(info.id, source.read(info));
                entry.compress = true;
                entry.date = info.date + 1;
                writer.put(std::move(entry));
            }
        });
        QVERIFY(audit::diffDats(demo(), compressed).identical());
    }

    void sphereRadiusIsReportedWithSizesAndHashes() {
        const dat::DatFile a = demo();
        const dat::DatFile b = demoWithSetup([](dat::Setup& setup) {
            QCOMPARE(setup.spheres.size(), 2u);
            setup.spheres[1].radius = 0.5f;
        });
        const audit::DatDiff diff = audit::diffDats(a, b);
        QVERIFY(!diff.identical());
        const audit::ChangedEntry& change = onlyChange(diff, "Setup");
        QCOMPARE(change.id, kHuman);
        QCOMPARE(described(change.properties), QStringList{"spheres[1].radius: 0.48 → 0.5"});
        QVERIFY(!change.otherBytes);
        QVERIFY(change.decodeError.isEmpty());
        const auto bytesA = a.read(kHuman), bytesB = b.read(kHuman);
        QCOMPARE(change.sizeA, bytesA.size());
        QCOMPARE(change.sizeB, bytesB.size());
        QCOMPARE(change.sha256A, audit::sha256Hex(bytesA));
        QCOMPARE(change.sha256B, audit::sha256Hex(bytesB));

        const std::size_t setupsUnchanged = diff.types.at("Setup").unchanged;
        QCOMPARE(audit::toText(diff),
                 QStringLiteral("Setup:               1 changed (%1 → %1 bytes), %2 unchanged\n"
                                "Setup 0x02000001 (%1 → %1 bytes)\n"
                                "  spheres[1].radius: 0.48 → 0.5\n"
                                "differ: 0 added, 0 removed, 1 changed, %3 unchanged\n")
                     .arg(bytesA.size())
                     .arg(setupsUnchanged)
                     .arg(demoEntriesButIteration() - 1));

        const QJsonObject json = audit::toJson(diff);
        QCOMPARE(json["changed"].toInt(), 1);
        const QJsonObject jsonChange = json["types"]["Setup"]["changed"][0].toObject();
        QCOMPARE(jsonChange["id"].toString(), QString("0x02000001"));
        QCOMPARE(jsonChange["sha256B"].toString(), change.sha256B);
        const QJsonObject property = jsonChange["properties"][0].toObject();
        QCOMPARE(property["property"].toString(), QString("spheres[1].radius"));
        QCOMPARE(property["a"].toDouble(), double(0.48f));
        QCOMPARE(property["b"].toDouble(), 0.5);
        QVERIFY(!jsonChange.contains("otherBytes"));
    }

    void sphereListIsComparedInStoredOrderBitForBit() {
        const audit::DatDiff diff = audit::diffDats(demo(), demoWithSetup([](dat::Setup& setup) {
                                                        setup.spheres[0].center.x =
                                                            -0.0f; // == 0.0f, but not the same bits
                                                        setup.spheres.push_back({{0, 0, 2}, 0.25f});
                                                    }));
        QCOMPARE(described(onlyChange(diff, "Setup").properties),
                 (QStringList{"spheres.count: 2 → 3",
                              "spheres[0].center: (0, 0, 0.475) → (-0, 0, 0.475)",
                              "spheres[2]: none → (0, 0, 2) r 0.25"}));
        const QJsonObject json = audit::toJson(diff);
        const QJsonArray properties = json["types"]["Setup"]["changed"][0]["properties"].toArray();
        QCOMPARE(properties[1]["b"][0].toString(), QString("-0"));
        QVERIFY(properties[2]["a"].isNull());
        QCOMPARE(properties[2]["b"]["radius"].toDouble(), 0.25);
    }

    void nanPayloadsDiffer() {
        auto withStepUp = [](std::uint32_t bits) {
            return demoWithSetup(
                [&](dat::Setup& setup) { setup.stepUpHeight = std::bit_cast<float>(bits); });
        };
        const audit::DatDiff diff = audit::diffDats(withStepUp(0x7FC00001), withStepUp(0x7FC00002));
        QCOMPARE(described(onlyChange(diff, "Setup").properties),
                 QStringList{"stepUpHeight: nan(0x7FC00001) → nan(0x7FC00002)"});
        QVERIFY(audit::diffDats(withStepUp(0x7FC00001), withStepUp(0x7FC00001)).identical());
    }

    void scalarsAndDefaultIds() {
        const audit::DatDiff diff =
            audit::diffDats(demo(), demoWithSetup([](dat::Setup& setup) {
                                setup.cylSpheres.push_back({{0, 0, 0}, 0.3f, 1.5f});
                                setup.height = 2.0f;
                                setup.stepDownHeight = 0.25f;
                                setup.defaultScriptTable = 0x34000063;
                                setup.defaultSoundTable = 0;
                            }));
        QCOMPARE(
            described(onlyChange(diff, "Setup").properties),
            (QStringList{"cylSphereCount: 0 → 1", "height: 1.835 → 2", "stepDownHeight: 0.4 → 0.25",
                         "defaultScriptTable: 0x34000004 → 0x34000063",
                         "defaultSoundTable: 0x20000001 → 0x00000000"}));
    }

    void unpinnedBytesAreOtherBytes() {
        auto brighterLight = [](dat::Setup& setup) {
            QVERIFY(!setup.lights.empty());
            setup.lights[0].second.intensity += 1;
        };
        const audit::DatDiff diff =
            audit::diffDats(demo(), demoWithSetup(brighterLight, kFlameBolt));
        const audit::ChangedEntry& change = onlyChange(diff, "Setup");
        QCOMPARE(change.id, kFlameBolt);
        QVERIFY(change.properties.empty());
        QVERIFY(change.otherBytes);
        QVERIFY(audit::toText(diff).contains("Setup 0x0200040D (") &&
                audit::toText(diff).contains("  other bytes (no pinned property changed)\n"));
        const QJsonObject json = audit::toJson(diff);
        QCOMPARE(json["types"]["Setup"]["changed"][0]["otherBytes"].toBool(), true);
    }

    void anUndecodableSideIsReportedNotThrown() {
        const dat::DatFile b = patchedDemo([](dat::DatWriter& writer) {
            putBytes(writer, kHuman, {0x01, 0x00, 0x00, 0x02, 0x00}); // own id, then cut short
        });
        const audit::DatDiff diff = audit::diffDats(demo(), b);
        const audit::ChangedEntry& change = onlyChange(diff, "Setup");
        QVERIFY2(change.decodeError.startsWith("B: DID 0x02000001, entry offset"),
                 qPrintable(change.decodeError));
        QVERIFY(change.properties.empty());
        QVERIFY(!change.otherBytes);
        QCOMPARE(change.sizeB, 5u);
        QVERIFY(audit::toText(diff).contains("  does not decode: B: DID 0x02000001"));
        const QJsonObject json = audit::toJson(diff);
        QCOMPARE(json["types"]["Setup"]["changed"][0]["decodeError"].toString(),
                 change.decodeError);
    }

    void reorderedThresholdsAreOneOrderChange() {
        const audit::DatDiff diff =
            audit::diffDats(demo(), demoWithTable([](auto& table) {
                                auto& scripts = entryOfType(table, kLaunch).scripts;
                                std::reverse(scripts.begin(), scripts.end());
                            }));
        QCOMPARE(described(onlyChange(diff, "PhysicsScriptTable").properties),
                 QStringList{"types[0x04].order: [0: 0x3300011B, 0.5: 0x3300011C, 1: 0x3300011D] "
                             "→ [1: 0x3300011D, 0.5: 0x3300011C, 0: 0x3300011B]"});
    }

    void reorderedTypesAreATypeOrderChange() {
        const audit::DatDiff diff = audit::diffDats(
            demo(), demoWithTable([](auto& table) {
                QCOMPARE(table.entries.front().scriptType, kProjectileCollision);
                std::rotate(table.entries.begin(), table.entries.begin() + 1, table.entries.end());
            }));
        QCOMPARE(described(onlyChange(diff, "PhysicsScriptTable").properties),
                 QStringList{"typeOrder: [0x5A, 0x04, 0x05] → [0x04, 0x05, 0x5A]"});
    }

    void editedThresholdsAreComparedPerIndex() {
        const audit::DatDiff diff = audit::diffDats(demo(), demoWithTable([](auto& table) {
                                                        auto& scripts =
                                                            entryOfType(table, kExplode).scripts;
                                                        scripts[1].mod = 0.75f;
                                                        scripts[2].scriptId = 0x33000999;
                                                        scripts.push_back({2.0f, 0x33000998});
                                                    }));
        QCOMPARE(described(onlyChange(diff, "PhysicsScriptTable").properties),
                 (QStringList{"types[0x05].scripts.count: 3 → 4",
                              "types[0x05].scripts[1].mod: 0.5 → 0.75",
                              "types[0x05].scripts[2].script: 0x33000120 → 0x33000999",
                              "types[0x05].scripts[3]: none → 2: 0x33000998"}));
    }

    void typesAddedAndRemovedLeaveTheOrderAlone() {
        const audit::DatDiff diff =
            audit::diffDats(demo(), demoWithTable([](auto& table) {
                                table.entries.erase(table.entries.begin()); // ProjectileCollision
                                table.entries.push_back({0x77, {{1.0f, 0x33000302}}});
                            }));
        QCOMPARE(described(onlyChange(diff, "PhysicsScriptTable").properties),
                 (QStringList{"types[0x5A]: [1: 0x33000109] → none",
                              "types[0x77]: none → [1: 0x33000302]"}));
    }

    void entriesAddedAndRemovedAreGroupedByTypeWithSizes() {
        const dat::DatFile a = demo();
        dat::PhysicsScriptTable table;
        table.id = 0x34000100;
        table.entries = {{kLaunch, {{1.0f, 0x3300011B}}}};
        const auto tableBytes = table.encode();
        const dat::DatFile b = patchedDemo([&](dat::DatWriter& writer) {
            QVERIFY(writer.remove(0x33001001));
            putBytes(writer, table.id, tableBytes);
        });
        const audit::DatDiff diff = audit::diffDats(a, b);
        QCOMPARE(diff.added(), 1u);
        QCOMPARE(diff.removed(), 1u);
        QCOMPARE(diff.changed(), 0u);
        QCOMPARE(diff.unchanged(), demoEntriesButIteration() - 1);

        const audit::TypeDiff& scripts = diff.types.at("PhysicsScript");
        QCOMPARE(scripts.removed.size(), 1u);
        QCOMPARE(scripts.removed[0].id, 0x33001001u);
        const auto removedBytes = a.read(0x33001001);
        QCOMPARE(scripts.removed[0].size, removedBytes.size());
        QCOMPARE(scripts.removed[0].sha256, audit::sha256Hex(removedBytes));
        QCOMPARE(scripts.removedBytes(), removedBytes.size());

        const audit::TypeDiff& tables = diff.types.at("PhysicsScriptTable");
        QCOMPARE(tables.added.size(), 1u);
        QCOMPARE(tables.added[0].id, 0x34000100u);
        QCOMPARE(tables.addedBytes(), tableBytes.size());

        const QString text = audit::toText(diff);
        QVERIFY2(text.contains(QStringLiteral("PhysicsScript:       1 removed (%1 bytes), %2 "
                                              "unchanged\n")
                                   .arg(removedBytes.size())
                                   .arg(scripts.unchanged)),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("PhysicsScriptTable:  1 added (%1 bytes), %2 "
                                              "unchanged\n")
                                   .arg(tableBytes.size())
                                   .arg(tables.unchanged)),
                 qPrintable(text));
        QVERIFY(
            text.endsWith(QStringLiteral("differ: 1 added, 1 removed, 0 changed, %1 unchanged\n")
                              .arg(diff.unchanged())));

        const QJsonObject json = audit::toJson(diff);
        QCOMPARE(json["types"]["PhysicsScriptTable"]["added"][0]["id"].toString(),
                 QString("0x34000100"));
        QCOMPARE(json["types"]["PhysicsScript"]["removedBytes"].toInteger(),
                 qint64(removedBytes.size()));
    }

    void headerFactsAreCompared() {
        const dat::DatFile b = patchedDemo([](dat::DatWriter& writer) {
            QVERIFY(writer.remove(dat::kIterationDid));
            writer.setIteration(1131);
        });
        const audit::DatDiff diff = audit::diffDats(demo(), b);
        QCOMPARE(described(diff.header), QStringList{"iteration: 1130 → 1131"});
        QCOMPARE(diff.changed() + diff.added() + diff.removed(), 0u);
        QVERIFY(!diff.identical());
        QVERIFY(audit::toText(diff).startsWith("iteration: 1130 → 1131\n"));

        const auto empty = [](dat::DatKind kind) {
            return dat::DatFile::fromBytes(dat::DatWriter(kind).build());
        };
        QCOMPARE(
            described(
                audit::diffDats(empty(dat::DatKind::Portal), empty(dat::DatKind::Cell)).header),
            (QStringList{"kind: portal → cell", "enginePackVersion: 110 → 22"}));
    }

    void anUnreadableEntryThrowsNamingTheSide() {
        dat::DatWriter writer(dat::DatKind::Portal);
        writer.put(testing::entry(0x01000010, 3000)); // three 1024-byte blocks
        const QByteArray good = writer.build();
        QByteArray broken = good;
        const std::uint32_t firstBlock = dat::DatFile::fromBytes(good).find(0x01000010)->offset;
        testing::poke32(broken, firstBlock, 0); // the chain now ends after its first block
        try {
            audit::diffDats(dat::DatFile::fromBytes(good), dat::DatFile::fromBytes(broken));
            QFAIL("a chain cut short should stop the diff");
        } catch (const dat::DatError& error) {
            QVERIFY2(QByteArray(error.what()).contains("DID 0x01000010") &&
                         QByteArray(error.what()).endsWith("(while reading B)"),
                     error.what());
        }
    }

    void cliExitCodesAndJson() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString modified = dir.filePath("modified.dat");
        dat::DatWriter writer = dat::DatWriter::fromDat(demo());
        auto setup = decoded<dat::Setup>(demo(), kHuman);
        setup.spheres[1].radius = 0.5f;
        putBytes(writer, kHuman, setup.encode());
        writer.save(modified);

        CliRun run = runPortalkit({"diff", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_DAT});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("identical: "));

        run = runPortalkit({"diff", PORTALKIT_DEMO_DAT, modified});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("  spheres[1].radius: 0.48 → 0.5\n"), run.out.constData());

        run = runPortalkit({"diff", PORTALKIT_DEMO_DAT, modified, "--json"});
        QCOMPARE(run.exitCode, 1);
        QJsonParseError error;
        const QJsonObject json = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json["identical"].toBool(), false);
        QCOMPARE(json["types"]["Setup"]["changed"][0]["properties"][0]["property"].toString(),
                 QString("spheres[1].radius"));

        run = runPortalkit({"diff", PORTALKIT_DEMO_DAT, dir.filePath("missing.dat")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("missing.dat"));
        QCOMPARE(runPortalkit({"diff", PORTALKIT_DEMO_DAT}).exitCode, 2);
    }
};

QTEST_APPLESS_MAIN(TestDiff)
#include "tst_diff.moc"
