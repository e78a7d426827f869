// The demo DAT mirrors the ids and values of the retail DAT, so every flow works the same on
// demo and real data. The expected values below come from the retail facts
// (docs/retail-behaviour.md#retail-dat-facts), not from the demo sources: a change to the
// sources that breaks a retail fact fails here.

#include "datreader/container/dat_file.h"
#include "datreader/container/verifier.h"
#include "datreader/records/blocking_scan.h"
#include "datreader/records/record.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QObject>
#include <QTest>
#include <set>

using namespace portalkit::dat;

namespace {

constexpr std::uint32_t kNoPart = 0xFFFFFFFF; // part -1: the root
constexpr std::uint32_t kNonCombat = 0x8000003D;
constexpr std::uint32_t kReady = 0x41000003;
constexpr std::uint32_t kRecall = 0x10000153;
// PlayScript values (ACE PlayScript enum).
constexpr std::uint32_t kLaunch = 0x04, kExplode = 0x05, kCreate = 0x58, kDestroy = 0x59,
                        kProjectileCollision = 0x5A, kUnHide = 0x75, kHidden = 0x76,
                        kDisappearDestroy = 0x77;

using Thresholds = std::vector<std::pair<float, std::uint32_t>>;
using TableShape = std::vector<std::pair<std::uint32_t, Thresholds>>;

const DatFile& demo() {
    static const DatFile dat = DatFile::open(PORTALKIT_DEMO_DAT);
    return dat;
}

template <typename T> T record(std::uint32_t did) {
    const auto decoded = decodeRecord(demo().kind(), did, demo().read(did));
    if (!decoded || !std::holds_alternative<T>(*decoded))
        throw std::runtime_error(formatDid(did) + " is not a " + std::string(T::kTypeName));
    return std::get<T>(*decoded);
}

TableShape shapeOf(const PhysicsScriptTable& table) {
    TableShape shape;
    for (const auto& entry : table.entries) {
        Thresholds thresholds;
        for (const auto& script : entry.scripts)
            thresholds.emplace_back(script.mod, script.scriptId);
        shape.emplace_back(entry.scriptType, thresholds);
    }
    return shape;
}

std::vector<HookType> hookTypes(const PhysicsScript& script) {
    std::vector<HookType> types;
    for (const auto& entry : script.entries)
        types.push_back(entry.hook.type());
    return types;
}

bool contains(const std::vector<HookType>& types, HookType type) {
    return std::find(types.begin(), types.end(), type) != types.end();
}

bool hasSound(const std::vector<HookType>& types) {
    return contains(types, HookType::Sound) || contains(types, HookType::SoundTable) ||
           contains(types, HookType::SoundTweaked);
}

std::vector<std::uint32_t> idsOfType(std::string_view type) {
    std::vector<std::uint32_t> ids;
    for (const EntryInfo& entry : demo().entries())
        if (typeName(demo().kind(), entry.id) == type)
            ids.push_back(entry.id);
    return ids;
}

} // namespace

class TestDemoDat : public QObject {
    Q_OBJECT
  private slots:
    void isAValidPortalDatWithAnIterationRecord() {
        QCOMPARE(demo().kind(), DatKind::Portal);
        const VerifyReport report = verifyDat(demo());
        QVERIFY2(report.ok(true),
                 report.problems.empty() ? "" : report.problems.front().message.c_str());
        const auto iteration = demo().iteration();
        QVERIFY(iteration && iteration->current >= 1 && iteration->complete());
        // Plausible dates: the 2013 end-of-retail build docs/retail-behaviour.md describes.
        for (const EntryInfo& entry : demo().entries())
            if (entry.id != kIterationDid)
                QVERIFY(entry.date >= 1356998400u && entry.date < 1388534400u);
    }

    void everyEntryDecodesAndReencodesByteForByte() {
        std::size_t decoded = 0;
        for (const EntryInfo& entry : demo().entries()) {
            if (entry.id == kIterationDid)
                continue;
            const std::vector<std::uint8_t> bytes = demo().read(entry);
            const auto record = decodeRecord(demo().kind(), entry.id, bytes);
            QVERIFY2(record, formatDid(entry.id).c_str());
            QVERIFY2(encodeRecord(*record) == bytes, formatDid(entry.id).c_str());
            ++decoded;
        }
        QVERIFY(decoded > 100);
    }

    // What `show --json` prints builds back into the same bytes, for every record in the DAT.
    void everyEntryRoundTripsThroughJsonText() {
        for (const EntryInfo& entry : demo().entries()) {
            if (entry.id == kIterationDid)
                continue;
            const std::vector<std::uint8_t> bytes = demo().read(entry);
            const QByteArray text =
                QJsonDocument(recordToJson(*decodeRecord(demo().kind(), entry.id, bytes))).toJson();
            const JsonNode node(QJsonDocument::fromJson(text).object(), "record", entry.id);
            QVERIFY2(encodeRecord(recordFromJson(demo().kind(), entry.id, node)) == bytes,
                     formatDid(entry.id).c_str());
        }
    }

    // docs/retail-behaviour.md#dat-spheres: the human spheres, verbatim, and height 1.835.
    void humanSetup() {
        const auto human = record<Setup>(0x02000001);
        QVERIFY(human.parts.size() >= 3);
        QCOMPARE(human.parentIndices.size(), human.parts.size());
        QVERIFY(std::count_if(human.parentIndices.begin(), human.parentIndices.end(),
                              [](std::uint32_t p) { return p != kNoPart; }) >= 2);
        QCOMPARE(human.spheres.size(), std::size_t(2));
        QCOMPARE(human.spheres[0], (Sphere{{0, 0, 0.475f}, 0.48f}));
        QCOMPARE(human.spheres[1], (Sphere{{0, 0, 1.350f}, 0.48f}));
        QCOMPARE(human.height, 1.835f);
        QVERIFY(human.stepUpHeight > 0 && human.stepDownHeight > 0);
        QCOMPARE(human.defaultMotionTable, 0x09000001u);
        QCOMPARE(human.defaultScriptTable, 0x34000004u);
    }

    // docs/retail-behaviour.md#recall: NonCombat Ready, and the recall link.
    void humanMotionTableResolvesRecall() {
        const auto table = record<MotionTable>(0x09000001);
        QCOMPARE(table.defaultStyle, kNonCombat);
        QCOMPARE(table.styleDefaults,
                 (std::vector<MotionTable::StyleDefault>{{kNonCombat, kReady}}));
        const std::uint32_t readyKey = (kNonCombat << 16) | (kReady & 0xFFFFFF);
        QVERIFY(std::any_of(table.cycles.begin(), table.cycles.end(),
                            [&](const auto& cycle) { return cycle.key == readyKey; }));
        const auto link = std::find_if(table.links.begin(), table.links.end(),
                                       [&](const auto& l) { return l.key == readyKey; });
        QVERIFY(link != table.links.end());
        const auto recall =
            std::find_if(link->transitions.begin(), link->transitions.end(),
                         [](const auto& transition) { return transition.key == kRecall; });
        QVERIFY(recall != link->transitions.end());
        QCOMPARE(recall->motion.anims, (std::vector<AnimData>{{0x030009BF, 0, -1, 9.96f}}));
    }

    void recallAnimationHooks() {
        const auto recall = record<Animation>(0x030009BF);
        QVERIFY(recall.partFrames.size() > 117 + 10); // runs well past frame 116

        const auto& frame16 = recall.partFrames[16].hooks;
        const auto create = std::find_if(frame16.begin(), frame16.end(), [](const auto& hook) {
            return hook.type() == HookType::CreateParticle;
        });
        QVERIFY(create != frame16.end());
        const auto& particle = std::get<hooks::CreateParticle>(create->payload);
        QCOMPARE(particle.emitterInfoId, 0x3200078Eu);
        QCOMPARE(particle.partIndex, kNoPart);
        QCOMPARE(particle.emitterId, 19u);
        QCOMPARE(particle.offset.origin, Vec3{});

        std::vector<std::size_t> tweakedFrames;
        for (std::size_t i = 0; i < recall.partFrames.size(); ++i)
            for (const auto& hook : recall.partFrames[i].hooks)
                if (hook.type() == HookType::SoundTweaked)
                    tweakedFrames.push_back(i);
        QCOMPARE(tweakedFrames, (std::vector<std::size_t>{16, 46, 76, 116}));
        QVERIFY(recall.partFrames.back().hooks.empty());
        for (const auto& frame : recall.partFrames)
            for (const auto& hook : frame.hooks)
                QVERIFY(hook.type() != HookType::CallPES); // no CallPES in the human recall
    }

    // docs/retail-behaviour.md#dat-recall: both Hidden/UnHide asset pairs.
    void hiddenAndUnHideTables() {
        QCOMPARE(shapeOf(record<PhysicsScriptTable>(0x34000004)),
                 (TableShape{{kUnHide, {{1, 0x3300032F}}}, {kHidden, {{1, 0x33000331}}}}));
        QCOMPARE(shapeOf(record<PhysicsScriptTable>(0x34000063)),
                 (TableShape{{kUnHide, {{1, 0x330002E0}}}, {kHidden, {{1, 0x330002F3}}}}));
    }

    // docs/retail-behaviour.md#dat-spheres: one sphere, no cylinder spheres; Force Bolt's is
    // offset.
    void projectileShapes_data() {
        QTest::addColumn<quint32>("setup");
        QTest::addColumn<float>("y");
        QTest::addColumn<float>("z");
        QTest::addColumn<float>("radius");
        QTest::addColumn<quint32>("table");
        QTest::newRow("Arrow") << 0x02000124u << 0.f << 0.f << 0.10f << 0x3400002Bu;
        QTest::newRow("Quarrel") << 0x0200012Au << 0.f << 0.f << 0.10f << 0x3400002Bu;
        QTest::newRow("Flame Bolt") << 0x0200040Du << 0.f << 0.f << 0.10f << 0x34000005u;
        QTest::newRow("Frost Bolt") << 0x020003F4u << 0.f << 0.f << 0.10f << 0x34000080u;
        QTest::newRow("Lightning") << 0x02000880u << 0.f << 0.f << 0.15f << 0x34000081u;
        QTest::newRow("Acid") << 0x020003F6u << 0.f << 0.f << 0.10f << 0x34000082u;
        QTest::newRow("Force Bolt") << 0x0200087Du << -0.165f << 0.1045f << 0.102f << 0u;
        QTest::newRow("Shockwave") << 0x020003FAu << 0.f << 0.f << 0.10f << 0u;
        QTest::newRow("Whirling Blade") << 0x020003FCu << 0.f << 0.f << 0.10f << 0u;
        QTest::newRow("Tusker Fist") << 0x02000EAEu << 0.f << 0.f << 0.10f << 0u;
    }

    void projectileShapes() {
        QFETCH(quint32, setup);
        QFETCH(float, y);
        QFETCH(float, z);
        QFETCH(float, radius);
        QFETCH(quint32, table);
        const auto projectile = record<Setup>(setup);
        QCOMPARE(projectile.spheres, (std::vector<Sphere>{{{0, y, z}, radius}}));
        QVERIFY(projectile.cylSpheres.empty());
        QCOMPARE(projectile.defaultScriptTable, table);
        for (std::uint32_t part : projectile.parts)
            QVERIFY2(demo().find(part), formatDid(part).c_str());
    }

    // docs/retail-behaviour.md#dat-tables: tables in stored order.
    void projectileTables() {
        QCOMPARE(shapeOf(record<PhysicsScriptTable>(0x3400002B)),
                 (TableShape{{kCreate, {{1, 0x33000719}}},
                             {kDestroy, {{1, 0x33000233}}},
                             {kDisappearDestroy, {{1, 0x33000302}}}}));
        QCOMPARE(shapeOf(record<PhysicsScriptTable>(0x34000005)),
                 (TableShape{{kProjectileCollision, {{1, 0x33000109}}},
                             {kLaunch, {{0, 0x3300011B}, {0.5f, 0x3300011C}, {1, 0x3300011D}}},
                             {kExplode, {{0, 0x3300011E}, {0.5f, 0x3300012B}, {1, 0x33000120}}}}));
        const std::vector<std::array<std::uint32_t, 3>> elemental{
            {0x34000080, 0x330008BF, 0x33000119},
            {0x34000081, 0x330008C0, 0x3300013E},
            {0x34000082, 0x330008C2, 0x33000132}};
        for (const auto& [table, launch, explode] : elemental)
            QCOMPARE(shapeOf(record<PhysicsScriptTable>(table)),
                     (TableShape{{kProjectileCollision, {{1, 0x33000109}}},
                                 {kLaunch, {{1, launch}}},
                                 {kExplode, {{1, explode}}}}));
    }

    void projectileScriptsCarryTheirEffects() {
        for (std::uint32_t launch :
             {0x3300011Bu, 0x3300011Cu, 0x3300011Du, 0x330008BFu, 0x330008C0u, 0x330008C2u}) {
            const auto types = hookTypes(record<PhysicsScript>(launch));
            QVERIFY2(contains(types, HookType::CreateParticle) && hasSound(types),
                     formatDid(launch).c_str());
        }
        for (std::uint32_t explode :
             {0x3300011Eu, 0x3300012Bu, 0x33000120u, 0x33000119u, 0x3300013Eu, 0x33000132u}) {
            const auto types = hookTypes(record<PhysicsScript>(explode));
            QVERIFY2(contains(types, HookType::CreateParticle) && hasSound(types),
                     formatDid(explode).c_str());
        }
        QVERIFY(contains(hookTypes(record<PhysicsScript>(0x33000109)), HookType::SetLight));
    }

    // docs/retail-behaviour.md#dat-tables: Scale, CreateParticle 0x3200071B on part 0, SoundTable,
    // all at t = 0.
    void tuskerFistDefaultScript() {
        QCOMPARE(record<Setup>(0x02000EAE).defaultScript, 0x33000D77u);
        const auto script = record<PhysicsScript>(0x33000D77);
        QCOMPARE(hookTypes(script),
                 (std::vector<HookType>{HookType::Scale, HookType::CreateParticle,
                                        HookType::SoundTable}));
        for (const auto& entry : script.entries)
            QCOMPARE(entry.startTime, 0.0);
        const auto& particle = std::get<hooks::CreateParticle>(script.entries[1].hook.payload);
        QCOMPARE(particle.emitterInfoId, 0x3200071Bu);
        QCOMPARE(particle.partIndex, 0u);
    }

    // docs/retail-behaviour.md#dat-blocking: the raw scan finds exactly 0x33000AEA..0x33000AF8 and
    // no Animation.
    void createBlockingInventory() {
        std::set<std::uint32_t> holders;
        std::size_t unreadable = 0;
        for (const BlockingHit& hit : scanCreateBlocking(demo(), &unreadable))
            holders.insert(hit.did);
        QCOMPARE(unreadable, std::size_t(0));
        std::set<std::uint32_t> expected;
        for (std::uint32_t id = 0x33000AEA; id <= 0x33000AF8; ++id)
            expected.insert(id);
        QCOMPARE(holders, expected);

        bool followedByOthers = false;
        for (std::uint32_t id : expected) {
            const auto types = hookTypes(record<PhysicsScript>(id));
            QVERIFY(contains(types, HookType::CreateBlockingParticle));
            followedByOthers |=
                types.front() == HookType::CreateBlockingParticle && types.size() > 1;
        }
        QVERIFY(followedByOthers);
    }

    void emittersCoverEveryEmitterAndParticleType() {
        std::set<std::int32_t> emitterTypes, particleTypes;
        for (std::uint32_t id : idsOfType("ParticleEmitterInfo")) {
            const auto info = record<ParticleEmitterInfo>(id);
            emitterTypes.insert(info.emitterType);
            particleTypes.insert(info.particleType);
            QVERIFY2(typeName(DatKind::Portal, info.hwGfxObjId) == "GfxObj" &&
                         demo().find(info.hwGfxObjId),
                     formatDid(id).c_str());
        }
        QCOMPARE(emitterTypes, (std::set<std::int32_t>{1, 2}));
        QCOMPARE(particleTypes, (std::set<std::int32_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
    }

    void texturesInSeveralPixelFormats() {
        std::set<std::uint32_t> formats;
        for (std::uint32_t id : idsOfType("RenderSurface")) {
            const auto surface = record<RenderSurface>(id);
            formats.insert(surface.pixelFormat);
            if (surface.pixelFormat == std::uint32_t(PixelFormat::P8))
                QVERIFY(surface.hasDefaultPalette() && demo().find(surface.defaultPaletteId));
        }
        for (PixelFormat format :
             {PixelFormat::Dxt1, PixelFormat::Dxt5, PixelFormat::A8R8G8B8, PixelFormat::P8})
            QVERIFY2(formats.count(std::uint32_t(format)),
                     pixelFormatName(std::uint32_t(format)).data());
    }

    void soundHooksResolveToWaves() {
        const auto table = record<SoundTable>(0x20000001);
        std::set<std::uint32_t> soundTypes;
        for (const auto& sound : table.sounds) {
            soundTypes.insert(sound.soundType);
            for (const auto& entry : sound.entries)
                QVERIFY(record<Wave>(entry.waveId).format());
        }
        for (std::uint32_t id : idsOfType("PhysicsScript"))
            for (const auto& entry : record<PhysicsScript>(id).entries) {
                if (const auto* sound = std::get_if<hooks::SoundTable>(&entry.hook.payload))
                    QVERIFY2(soundTypes.count(sound->soundType), formatDid(id).c_str());
                if (const auto* tweaked = std::get_if<hooks::SoundTweaked>(&entry.hook.payload))
                    QVERIFY(record<Wave>(tweaked->waveId).format());
            }
    }

    // Every id a record names exists with the right type, so no user flow dead-ends.
    void referencesResolve() {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> references; // from, to
        auto refer = [&](std::uint32_t from, std::uint32_t to) {
            if (to != 0)
                references.emplace_back(from, to);
        };
        for (std::uint32_t id : idsOfType("Setup")) {
            const auto setup = record<Setup>(id);
            for (std::uint32_t part : setup.parts)
                refer(id, part);
            for (std::uint32_t table : {setup.defaultScript, setup.defaultMotionTable,
                                        setup.defaultSoundTable, setup.defaultScriptTable})
                refer(id, table);
        }
        for (std::uint32_t id : idsOfType("GfxObj")) {
            const auto mesh = record<GfxObj>(id);
            for (std::uint32_t surface : mesh.surfaces)
                refer(id, surface);
            refer(id, mesh.hasDidDegrade() ? mesh.didDegrade : 0);
        }
        for (std::uint32_t id : idsOfType("Surface")) {
            const auto surface = record<Surface>(id);
            refer(id, surface.hasTexture() ? surface.origTextureId : 0);
            refer(id, surface.hasTexture() ? surface.origPaletteId : 0);
        }
        for (std::uint32_t id : idsOfType("SurfaceTexture"))
            for (std::uint32_t render : record<SurfaceTexture>(id).renderSurfaceIds)
                refer(id, render);
        for (std::uint32_t id : idsOfType("PhysicsScriptTable"))
            for (const auto& entry : record<PhysicsScriptTable>(id).entries)
                for (const auto& script : entry.scripts)
                    refer(id, script.scriptId);
        for (std::uint32_t id : idsOfType("PhysicsScript"))
            for (const auto& entry : record<PhysicsScript>(id).entries) {
                if (const auto* p = std::get_if<hooks::CreateParticle>(&entry.hook.payload))
                    refer(id, p->emitterInfoId);
                if (const auto* p = std::get_if<hooks::CreateBlockingParticle>(&entry.hook.payload))
                    refer(id, p->emitterInfoId);
                if (const auto* call = std::get_if<hooks::CallPES>(&entry.hook.payload))
                    refer(id, call->pes);
                if (const auto* replace = std::get_if<hooks::ReplaceObject>(&entry.hook.payload))
                    refer(id, replace->gfxObjId);
                if (const auto* sound = std::get_if<hooks::Sound>(&entry.hook.payload))
                    refer(id, sound->waveId);
            }
        for (const auto& cycle : record<MotionTable>(0x09000001).cycles)
            for (const AnimData& anim : cycle.motion.anims)
                refer(0x09000001, anim.animId);
        for (const auto& [from, to] : references)
            QVERIFY2(demo().find(to),
                     (formatDid(from) + " names missing " + formatDid(to)).c_str());
    }
};

QTEST_APPLESS_MAIN(TestDemoDat)
#include "tst_demo_dat.moc"
