// The central hook codec, PhysicsScript, PhysicsScriptTable, ParticleEmitterInfo and the raw
// CreateBlocking scan, on byte arrays written by hand from dat-format §3.3 and §3.15-§3.17.

#include "io/dat_error.h"
#include "records/blocking_scan.h"
#include "records/hooks.h"
#include "records/particle_emitter_info.h"
#include "records/physics_script.h"
#include "records/physics_script_table.h"
#include "support/le_bytes.h"

#include <QtTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kScript = 0x3300012A;

// A PhysicsScript of two entries: a CreateBlockingParticle at 0.5 s, an AnimationDone at 1.25 s.
Bytes blockingScript() {
    Bytes b;
    b.u32(kScript).u32(2);
    b.f64(0.5).u32(26).i32(1);                     // hook header: CreateBlockingParticle, forward
    b.u32(0x32000456).u32(7);                      // emitter info, part index
    b.f32(0.25f).f32(-1.5f).f32(2.0f);             // offset origin
    b.f32(0.707f).f32(0.0f).f32(0.707f).f32(0.0f); // offset orientation w, x, y, z
    b.u32(9);                                      // logical emitter id
    b.f64(1.25).u32(4).i32(-1);                    // AnimationDone, backward
    return b;
}

AnimationHook roundTrip(const AnimationHook& hook) {
    ByteWriter out;
    writeHook(out, hook);
    ByteCursor in(out.data());
    AnimationHook back = readHook(in);
    if (!in.atEnd())
        qFatal("hook did not consume its bytes");
    return back;
}

} // namespace

class TestHooks : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R28
    void createBlockingCarriesTheFullCreateParticlePayload() {
        const Bytes bytes = blockingScript();
        ByteCursor in(bytes.data, 0, OffsetKind::Entry, kScript);
        in.skip(8 + 8, "header and first start time");
        const AnimationHook blocking = readHook(in);
        QCOMPARE(blocking.type(), HookType::CreateBlockingParticle);
        QCOMPARE(blocking.direction, 1);
        const auto& payload = std::get<hooks::CreateBlockingParticle>(blocking.payload);
        QCOMPARE(payload.emitterInfoId, 0x32000456u);
        QCOMPARE(payload.partIndex, 7u);
        QCOMPARE(payload.offset.origin, (Vec3{0.25f, -1.5f, 2.0f}));
        QCOMPARE(payload.offset.orientation, (Quat{0.707f, 0.0f, 0.707f, 0.0f}));
        QCOMPARE(payload.emitterId, 9u);
        // The next entry's start time sits right after the 48-byte hook: nothing misaligned.
        QCOMPARE(in.position(), std::size_t(16 + 48));
        QCOMPARE(in.f64("startTime"), 1.25);
        QCOMPARE(in.position(), std::size_t(72));
        const AnimationHook done = readHook(in);
        QCOMPARE(done.type(), HookType::AnimationDone);
        QCOMPARE(done.direction, -1);
        QVERIFY(in.atEnd());
    }

    // oracle: R28
    void physicsScriptDecodesBothHooksAndEncodesTheSameBytes() {
        const Bytes bytes = blockingScript();
        const PhysicsScript script = PhysicsScript::decode(bytes.data, kScript);
        QCOMPARE(script.id, kScript);
        QCOMPARE(script.entries.size(), std::size_t(2));
        QCOMPARE(script.entries[0].startTime, 0.5);
        QCOMPARE(script.entries[0].hook.type(), HookType::CreateBlockingParticle);
        QCOMPARE(std::get<hooks::CreateBlockingParticle>(script.entries[0].hook.payload).emitterId,
                 9u);
        QCOMPARE(script.entries[1].startTime, 1.25);
        QCOMPARE(script.entries[1].hook.type(), HookType::AnimationDone);
        QCOMPARE(script.encode(), bytes.data);
        const QJsonObject json = script.toJson();
        const QJsonObject first = json["hooks"].toArray().at(0).toObject();
        QCOMPARE(first["type"].toString(), QString("CreateBlockingParticle"));
        QCOMPARE(first["emitterInfoId"].toString(), QString("0x32000456"));
        QCOMPARE(first["startTime"].toDouble(), 0.5);
    }

    // oracle: R22
    void scriptHooksAreSortedByStartTimeButWrittenInStoredOrder() {
        Bytes b;
        b.u32(kScript).u32(3);
        b.f64(2.0).u32(1).i32(0).u32(0x0A000001); // Sound at 2.0
        b.f64(0.0).u32(14).i32(0).u32(5);         // DestroyParticle at 0.0
        b.f64(2.0).u32(25).i32(0).u32(1);         // SetLight at 2.0, after the Sound
        const PhysicsScript script = PhysicsScript::decode(b.data, kScript);
        QCOMPARE(script.entries[0].hook.type(), HookType::DestroyParticle);
        QCOMPARE(script.entries[1].hook.type(), HookType::Sound); // ties keep stored order
        QCOMPARE(script.entries[2].hook.type(), HookType::SetLight);
        QCOMPARE(script.encode(), b.data);
        QCOMPARE(PhysicsScript::decode(script.encode(), kScript), script);
    }

    void everyHookTypeRoundTrips() {
        const std::vector<HookPayload> payloads{
            hooks::NoOp{},
            hooks::Sound{0x0A000123},
            hooks::SoundTable{0x51},
            hooks::Attack{AttackCone{2, -0.5f, 1.0f, 0.5f, 1.0f, 2.0f, 1.5f}},
            hooks::AnimationDone{},
            hooks::ReplaceObject{3, 0x01000FFF, false},
            hooks::Ethereal{1},
            hooks::TransparentPart{{4, {0.0f, 1.0f, 0.5f}}},
            hooks::Luminous{{0.2f, 0.8f, 1.0f}},
            hooks::LuminousPart{{1, {0.1f, 0.2f, 0.3f}}},
            hooks::Diffuse{{1.0f, 0.0f, 2.0f}},
            hooks::DiffusePart{{6, {0.5f, 0.5f, 0.5f}}},
            hooks::Scale{2.0f, 0.75f},
            hooks::CreateParticle{0x32000001, 0, Frame{{1, 2, 3}, {1, 0, 0, 0}}, 0},
            hooks::DestroyParticle{4},
            hooks::StopParticle{5},
            hooks::NoDraw{1},
            hooks::DefaultScript{},
            hooks::DefaultScriptPart{9},
            hooks::CallPES{0x33000077, 0.25f},
            hooks::Transparent{{0.0f, 0.5f, 1.0f}},
            hooks::SoundTweaked{0x0A000002, 0.5f, 0.75f, 0.9f},
            hooks::SetOmega{Vec3{0, 0, 3.14f}},
            hooks::TextureVelocity{0.1f, -0.2f},
            hooks::TextureVelocityPart{2, 0.3f, 0.4f},
            hooks::SetLight{1},
            hooks::CreateBlockingParticle{{0x32000002, 3, Frame{{0, 0, 1}, {0, 1, 0, 0}}, 12}},
        };
        QCOMPARE(payloads.size(), std::size_t(kHookTypeCount));
        for (std::size_t i = 0; i < payloads.size(); ++i) {
            const AnimationHook hook{std::int32_t(i % 3) - 1, payloads[i]};
            QCOMPARE(std::uint32_t(hook.type()), std::uint32_t(i));
            QCOMPARE(roundTrip(hook), hook);
            QCOMPARE(hookToJson(hook)["type"].toString(),
                     QString::fromUtf8(hookTypeName(hook.type()).data()));
        }
    }

    void hookSizesMatchTheSpecTable() {
        auto size = [](const HookPayload& payload) {
            ByteWriter out;
            writeHook(out, AnimationHook{0, payload});
            return out.size() - 8;
        };
        QCOMPARE(size(hooks::CreateParticle{}), std::size_t(40));
        QCOMPARE(size(hooks::CreateBlockingParticle{}), std::size_t(40));
        QCOMPARE(size(hooks::Attack{}), std::size_t(28));
        QCOMPARE(size(hooks::SoundTweaked{}), std::size_t(16));
        QCOMPARE(size(hooks::AnimationDone{}), std::size_t(0));
        QCOMPARE(size(hooks::ReplaceObject{1, 0x01000010, false}), std::size_t(4));
        // The long packed form is 6 bytes, padded to 8 by the post-hook align4.
        QCOMPARE(size(hooks::ReplaceObject{1, 0x01012345, true}), std::size_t(8));
    }

    void replaceObjectLongFormKeepsItsPadding() {
        Bytes b;
        b.u32(5).i32(0).u16(2).u16(0x8001).u16(0x2345).u16(0); // packed long form + 2 pad bytes
        b.u32(4).i32(0);                                       // AnimationDone follows
        ByteCursor in(b.data);
        const AnimationHook replace = readHook(in);
        const auto& payload = std::get<hooks::ReplaceObject>(replace.payload);
        QCOMPARE(payload.partIndex, std::uint16_t(2));
        QCOMPARE(payload.gfxObjId, 0x01012345u);
        QVERIFY(payload.longForm);
        QCOMPARE(in.position(), std::size_t(16));
        QCOMPARE(readHook(in).type(), HookType::AnimationDone);
    }

    void unknownTypeAndBadDirectionFailAtTheirOffset() {
        Bytes unknown;
        unknown.u32(kScript).u32(1).f64(0.0).u32(27).i32(0);
        try {
            PhysicsScript::decode(unknown.data, kScript);
            QFAIL("accepted hook type 27");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("hook.type"));
            QCOMPARE(error.offset(), std::uint64_t(16));
            QCOMPARE(error.offsetKind(), OffsetKind::Entry);
            QCOMPARE(*error.did(), kScript);
            QVERIFY(std::string(error.what()).find("script entry 0") != std::string::npos);
        }
        Bytes direction;
        direction.u32(kScript).u32(1).f64(0.0).u32(4).i32(2);
        try {
            PhysicsScript::decode(direction.data, kScript);
            QFAIL("accepted direction 2");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("hook.direction"));
            QCOMPARE(error.offset(), std::uint64_t(20));
        }
    }

    void truncatedLeftoverAndAbsurdCountsAreErrors() {
        Bytes bytes = blockingScript();
        std::vector<std::uint8_t> truncated(bytes.data.begin(), bytes.data.end() - 4);
        QVERIFY_THROWS_EXCEPTION(DatError, PhysicsScript::decode(truncated, kScript));
        std::vector<std::uint8_t> longer = bytes.data;
        longer.insert(longer.end(), {0, 0, 0, 0});
        try {
            PhysicsScript::decode(longer, kScript);
            QFAIL("accepted leftover bytes");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("physicsScript"));
        }
        Bytes absurd;
        absurd.u32(kScript).u32(0x7FFFFFFF);
        try {
            PhysicsScript::decode(absurd.data, kScript);
            QFAIL("accepted an absurd count");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("physicsScript.count"));
            QCOMPARE(error.offset(), std::uint64_t(4));
        }
        QVERIFY_THROWS_EXCEPTION(DatError, PhysicsScript::decode(bytes.data, kScript + 1));
    }

    // Stored order matters: the runtime scans lists in file order (R20, tested with the runtime).
    void scriptTableKeepsStoredOrder() {
        Bytes b;
        b.u32(0x34000004).u32(2);
        b.u32(0x51).u32(3); // type 0x51: three thresholds
        b.f32(0.75f).u32(0x33000003).f32(0.25f).u32(0x33000001).f32(0.5f).u32(0x33000002);
        b.u32(0x13).u32(0); // type 0x13: empty list
        const PhysicsScriptTable table = PhysicsScriptTable::decode(b.data, 0x34000004);
        QCOMPARE(table.entries.size(), std::size_t(2));
        QCOMPARE(table.entries[0].scriptType, 0x51u);
        QCOMPARE(table.entries[0].scripts[0].mod, 0.75f); // unsorted, as stored
        QCOMPARE(table.entries[0].scripts[1].scriptId, 0x33000001u);
        QCOMPARE(table.entries[0].scripts[2].mod, 0.5f);
        QCOMPARE(table.entries[1].scriptType, 0x13u);
        QVERIFY(table.entries[1].scripts.empty());
        QCOMPARE(table.encode(), b.data);
        QCOMPARE(table.toJson()["entries"].toArray().at(0)["scripts"].toArray().size(), 3);
    }

    void particleEmitterInfoReadsAll176Bytes() {
        Bytes b;
        b.u32(0x32000456).u32(0).i32(1).i32(3).u32(0x01000AAA).u32(0x01000BBB);
        b.f64(0.05).i32(50).i32(5).i32(0);
        b.f64(2.5).f64(1.5).f64(0.25); // totalSeconds, lifespan, lifespanRand (unaligned f64s)
        b.f32(0).f32(0).f32(1).f32(0.1f).f32(0.2f);     // offsetDir, min/max offset
        b.f32(1).f32(0).f32(0).f32(0.5f).f32(1.5f);     // a, minA, maxA
        b.f32(0).f32(1).f32(0).f32(0.0f).f32(0.25f);    // b, minB, maxB
        b.f32(0).f32(0).f32(-9.8f).f32(1.0f).f32(1.0f); // c, minC, maxC
        b.f32(0.5f).f32(2.0f).f32(0.1f);                // scale start, final, rand
        b.f32(0.0f).f32(1.0f).f32(0.05f);               // trans start, final, rand
        b.u32(1);                                       // isParentLocal
        QCOMPARE(b.data.size(), ParticleEmitterInfo::kSize);
        const auto e = ParticleEmitterInfo::decode(b.data, 0x32000456);
        QCOMPARE(e.emitterType, 1);
        QCOMPARE(e.particleType, 3);
        QCOMPARE(e.gfxObjId, 0x01000AAAu);
        QCOMPARE(e.hwGfxObjId, 0x01000BBBu);
        QCOMPARE(e.birthrate, 0.05);
        QCOMPARE(e.maxParticles, 50);
        QCOMPARE(e.initialParticles, 5);
        QCOMPARE(e.totalSeconds, 2.5);
        QCOMPARE(e.lifespan, 1.5);
        QCOMPARE(e.lifespanRand, 0.25);
        QCOMPARE(e.offsetDir, (Vec3{0, 0, 1}));
        QCOMPARE(e.maxOffset, 0.2f);
        QCOMPARE(e.a, (Vec3{1, 0, 0}));
        QCOMPARE(e.maxA, 1.5f);
        QCOMPARE(e.c, (Vec3{0, 0, -9.8f}));
        QCOMPARE(e.finalScale, 2.0f);
        QCOMPARE(e.transRand, 0.05f);
        QCOMPARE(e.isParentLocal, 1u);
        QCOMPARE(e.encode(), b.data);
        QCOMPARE(e.toJson()["particleType"].toString(), QString("ParabolicLVGA"));
        std::vector<std::uint8_t> longer = b.data;
        longer.push_back(0);
        QVERIFY_THROWS_EXCEPTION(DatError, ParticleEmitterInfo::decode(longer, 0x32000456));
    }

    // oracle: R50
    void rawScanFindsCreateBlockingIndependentlyOfTheDecoder() {
        const Bytes script = blockingScript();
        auto hits = scanCreateBlocking(script.data, kScript);
        QCOMPARE(hits.size(), std::size_t(1));
        QCOMPARE(hits[0].offset, 16u);
        QCOMPARE(hits[0].direction, 1);
        QCOMPARE(hits[0].emitterInfoId, 0x32000456u);
        QCOMPARE(hits[0].partIndex, 7u);
        QCOMPARE(hits[0].emitterId, 9u);

        // Look-alikes are rejected: a bad direction, a non-emitter DID, a hook cut by the end.
        Bytes decoys;
        decoys.u32(26).i32(5).u32(0x32000001);
        for (int i = 0; i < 9; ++i)
            decoys.u32(0);
        decoys.u32(26).i32(0).u32(0x33000001);
        for (int i = 0; i < 9; ++i)
            decoys.u32(0);
        decoys.u32(26).i32(0).u32(0x32000001).u32(0);
        QVERIFY(scanCreateBlocking(decoys.data, 0x03000001).empty());
    }
};

QTEST_APPLESS_MAIN(TestHooks)
#include "tst_hooks.moc"
