// Animation and AnimationFrame (docs/formats.md), on byte arrays written by hand from the
// spec tables and on synthetic records round-tripped through the encoder.

#include "datreader/io/dat_error.h"
#include "datreader/records/animation.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <limits>
#include <optional>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kAnim = 0x03000001;
constexpr std::size_t kFirstHookAt = 16 + 28 + 4; // header, one part transform, hook count
constexpr std::size_t kSecondHookAt = kFirstHookAt + 8 + 40;

// One part, one frame whose hooks are a CreateBlockingParticle then an AnimationDone.
Bytes blockingAnimation() {
    Bytes b;
    b.u32(kAnim).u32(0x2).u32(1).u32(1); // id, flags (has hooks, no root motion), parts, frames
    b.f32(1.0f).f32(2.0f).f32(3.0f);     // part 0 origin
    b.f32(1.0f).f32(0.0f).f32(0.0f).f32(0.0f);   // part 0 orientation w, x, y, z
    b.u32(2);                                    // numHooks
    b.u32(26).i32(1);                            // CreateBlockingParticle, forward
    b.u32(0x3200078E).i32(-1);                   // emitterInfoId, partIndex (root)
    b.f32(0.5f).f32(-1.0f).f32(2.0f);            // offset origin
    b.f32(0.5f).f32(-0.5f).f32(0.5f).f32(-0.5f); // offset orientation w, x, y, z
    b.u32(19);                                   // logical emitter id
    b.u32(4).i32(-1);                            // AnimationDone, backward
    return b;
}

AnimationHook hook(std::int32_t direction, HookPayload payload) {
    return {direction, std::move(payload)};
}

Frame frame(float seed) {
    return Frame{{seed, seed + 1, seed + 2}, {0.5f, seed, -seed, 0.25f}};
}

Animation synthetic(std::uint32_t flags, std::uint32_t numParts, std::uint32_t numFrames) {
    Animation animation;
    animation.id = 0x03000ABC;
    animation.flags = flags;
    animation.numParts = numParts;
    for (std::uint32_t f = 0; f < numFrames; ++f) {
        if (animation.hasPosFrames())
            animation.posFrames.push_back(frame(-float(f)));
        AnimationFrame partFrame;
        for (std::uint32_t p = 0; p < numParts; ++p)
            partFrame.parts.push_back(frame(float(f * 10 + p)));
        if (f % 2 == 0) {
            partFrame.hooks.push_back(hook(1, hooks::SoundTable{0x12}));
            // A long-form ReplaceObject is the one hook whose payload needs the post-hook pad.
            partFrame.hooks.push_back(hook(0, hooks::ReplaceObject{3, 0x01234567, true}));
            partFrame.hooks.push_back(
                hook(-1, hooks::CreateBlockingParticle{{0x32000001, 2, frame(0.5f), 7}}));
        }
        animation.partFrames.push_back(std::move(partFrame));
    }
    return animation;
}

Animation fromSource(const QByteArray& text, std::uint32_t did = kAnim) {
    return portalkit::testing::fromSource<Animation>(text, "animation", did);
}

} // namespace

class TestAnimation : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R28
    void blockingParticleHookIsFortyBytesAndTheNextHookFollows() {
        const Bytes bytes = blockingAnimation();
        const Animation animation = Animation::decode(bytes.data, kAnim);
        QCOMPARE(animation.id, kAnim);
        QCOMPARE(animation.flags, 0x2u);
        QVERIFY(!animation.hasPosFrames());
        QVERIFY(animation.posFrames.empty());
        QCOMPARE(animation.numParts, 1u);
        QCOMPARE(animation.partFrames.size(), std::size_t(1));
        const AnimationFrame& frame0 = animation.partFrames[0];
        QCOMPARE(frame0.parts.size(), std::size_t(1));
        QCOMPARE(frame0.parts[0], (Frame{{1, 2, 3}, {1, 0, 0, 0}}));
        QCOMPARE(frame0.hooks.size(), std::size_t(2));

        const AnimationHook& blocking = frame0.hooks[0];
        QCOMPARE(blocking.type(), HookType::CreateBlockingParticle);
        QCOMPARE(blocking.direction, 1);
        const auto& create = std::get<hooks::CreateBlockingParticle>(blocking.payload);
        QCOMPARE(create.emitterInfoId, 0x3200078Eu);
        QCOMPARE(create.partIndex, 0xFFFFFFFFu);
        QCOMPARE(create.offset.origin, (Vec3{0.5f, -1.0f, 2.0f}));
        QCOMPARE(create.offset.orientation, (Quat{0.5f, -0.5f, 0.5f, -0.5f}));
        QCOMPARE(create.emitterId, 19u);

        const AnimationHook& done = frame0.hooks[1];
        QCOMPARE(done.type(), HookType::AnimationDone);
        QCOMPARE(done.direction, -1);

        // The second hook starts exactly header + 40 payload bytes after the first.
        ByteCursor in(bytes.data, 0, OffsetKind::Entry, kAnim);
        in.seek(kFirstHookAt, "first hook");
        QCOMPARE(readHook(in), blocking);
        QCOMPARE(in.position(), kFirstHookAt + 8 + 40);
        QCOMPARE(in.position(), kSecondHookAt);
        QCOMPARE(readHook(in), done);
        QVERIFY(in.atEnd());

        QCOMPARE(animation.encode(), bytes.data);
    }

    void readsRootMotionFramesBeforePartFrames() {
        Bytes b;
        b.u32(kAnim).u32(0x1).u32(2).u32(1);                            // root motion, 2 parts
        b.f32(0).f32(0.5f).f32(0).f32(1).f32(0).f32(0).f32(0);          // posFrames[0]
        b.f32(1).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0);             // part 0
        b.f32(0).f32(1).f32(0).f32(0.5f).f32(0.5f).f32(0.5f).f32(0.5f); // part 1
        b.u32(0);                                                       // no hooks
        const Animation animation = Animation::decode(b.data, kAnim);
        QVERIFY(animation.hasPosFrames());
        QCOMPARE(animation.posFrames, (std::vector<Frame>{{{0, 0.5f, 0}, {1, 0, 0, 0}}}));
        QCOMPARE(animation.partFrames[0].parts[1], (Frame{{0, 1, 0}, {0.5f, 0.5f, 0.5f, 0.5f}}));
        QVERIFY(animation.partFrames[0].hooks.empty());
        QCOMPARE(animation.encode(), b.data);
    }

    void roundTripsEveryShape_data() {
        QTest::addColumn<std::uint32_t>("flags");
        QTest::addColumn<std::uint32_t>("numParts");
        QTest::addColumn<std::uint32_t>("numFrames");
        QTest::newRow("no frames") << 0u << 17u << 0u;
        QTest::newRow("no parts") << 0u << 0u << 3u;
        QTest::newRow("part frames only") << 0x2u << 3u << 4u;
        QTest::newRow("root motion") << 0x3u << 2u << 5u;
        QTest::newRow("root motion, unknown flag bits") << 0xF1u << 1u << 2u;
    }
    void roundTripsEveryShape() {
        QFETCH(std::uint32_t, flags);
        QFETCH(std::uint32_t, numParts);
        QFETCH(std::uint32_t, numFrames);
        const Animation animation = synthetic(flags, numParts, numFrames);
        const std::vector<std::uint8_t> bytes = animation.encode();
        const Animation back = Animation::decode(bytes, animation.id);
        QCOMPARE(back, animation);
        QCOMPARE(back.encode(), bytes);
    }

    void jsonNamesHooksAndIds() {
        const Animation animation = Animation::decode(blockingAnimation().data, kAnim);
        const QJsonObject json = animation.toJson();
        QCOMPARE(json["id"].toString(), QString("0x03000001"));
        QCOMPARE(json["numFrames"].toInt(), 1);
        QVERIFY(!json.contains("posFrames"));
        const QJsonObject frame0 = json["partFrames"].toArray()[0].toObject();
        QCOMPARE(frame0["parts"].toArray().size(), 1);
        const QJsonObject blocking = frame0["hooks"].toArray()[0].toObject();
        QCOMPARE(blocking["type"].toString(), QString("CreateBlockingParticle"));
        QCOMPARE(blocking["emitterInfoId"].toString(), QString("0x3200078E"));
        QCOMPARE(blocking["emitterId"].toInt(), 19);
        QCOMPARE(frame0["hooks"].toArray()[1].toObject()["type"].toString(),
                 QString("AnimationDone"));
        QVERIFY(synthetic(0x1, 1, 1).toJson().contains("posFrames"));
    }

    void jsonRoundTripsTheBlockingFixture() {
        jsonRoundTrips(Animation::decode(blockingAnimation().data, kAnim), kAnim, "animation");
    }

    void jsonRoundTripsEveryShape_data() { roundTripsEveryShape_data(); }
    void jsonRoundTripsEveryShape() {
        QFETCH(std::uint32_t, flags);
        QFETCH(std::uint32_t, numParts);
        QFETCH(std::uint32_t, numFrames);
        const Animation animation = synthetic(flags, numParts, numFrames);
        jsonRoundTrips(animation, animation.id, "animation");
    }

    void negativeZeroSurvivesJson() {
        Animation animation = synthetic(0, 1, 1);
        animation.partFrames[0].parts[0].origin.x = -0.0f;
        QCOMPARE(viaJsonText(animation, animation.id, "animation").encode(), animation.encode());
    }

    void nonFiniteRealsSurviveJson() {
        const float inf = std::numeric_limits<float>::infinity();
        Animation animation = synthetic(0x1, 2, 2);
        animation.posFrames[1].origin = {inf, -inf, 0};
        animation.partFrames[0].hooks.push_back(hook(0, hooks::Scale{inf, -inf}));
        if (!jsonRoundTrips(animation, animation.id, "animation"))
            return;
        // NaN never equals itself, so the bytes are what must match.
        animation.partFrames[1].parts[0].orientation.x = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(viaJsonText(animation, animation.id, "animation").encode(), animation.encode());
    }

    void handWrittenSourceLeavesOutDefaults() {
        const Animation animation = fromSource(R"({"numParts": 2, "partFrames": [
            {"parts": [{}, {"origin": [0, 0, 1]}], "hooks": [{"type": "AnimationDone"}]},
            {"parts": [{}, {}]}
        ]})");
        QCOMPARE(animation.id, kAnim);
        QCOMPARE(animation.flags, 0u);
        QCOMPARE(animation.numParts, 2u);
        QCOMPARE(animation.partFrames.size(), std::size_t(2));
        QCOMPARE(animation.partFrames[0].parts[0], Frame{});
        QCOMPARE(animation.partFrames[0].parts[1].origin, (Vec3{0, 0, 1}));
        QCOMPARE(animation.partFrames[0].hooks,
                 (std::vector<AnimationHook>{hook(0, hooks::AnimationDone{})}));
        QVERIFY(animation.partFrames[1].hooks.empty());
        QCOMPARE(Animation::decode(animation.encode(), kAnim), animation);

        // Root motion given: the flag that stores it is implied.
        const Animation rooted = fromSource(
            R"({"numParts": 0, "posFrames": [{"origin": [0, 1, 0]}], "partFrames": [{}]})");
        QCOMPARE(rooted.flags, Animation::kHasPosFrames);
        QCOMPARE(Animation::decode(rooted.encode(), kAnim), rooted);
    }

    void frameReaderChecksItsPartCount() {
        const QJsonObject frame{{"parts", QJsonArray{QJsonObject{}}}};
        const DatError error = expectDatError(
            [&] { animationFrameFromJson(JsonNode(frame, "setup.frame", 0x02000001), 2); });
        QCOMPARE(error.field(), std::string("setup.frame.parts"));
        QVERIFY2(mentions(error, "1 part transforms, the record has 2 parts"), error.what());
        QCOMPARE(animationFrameFromJson(JsonNode(QJsonObject{}, "frame"), 0), AnimationFrame{});
    }

    void malformedSourcesNameTheFieldAndDid_data() {
        addSourceErrorColumns();
        sourceErrorRow("no part count", R"({"partFrames": []})", "animation.numParts", "missing");
        sourceErrorRow("no frames", R"({"numParts": 1})", "animation.partFrames", "missing");
        sourceErrorRow("too few parts",
                       R"({"numParts": 2, "partFrames": [{"parts": [{}, {}]}, {"parts": [{}]}]})",
                       "animation.partFrames[1].parts",
                       "1 part transforms, the record has 2 parts");
        sourceErrorRow("root frames without the flag",
                       R"({"flags": 2, "numParts": 0, "posFrames": [{}], "partFrames": [{}]})",
                       "animation.posFrames", "flags lack bit 0");
        sourceErrorRow("root frame count",
                       R"({"numParts": 0, "posFrames": [{}, {}], "partFrames": [{}]})",
                       "animation.posFrames", "2 root frames for 1 frames");
        sourceErrorRow("edited frame count",
                       R"({"numParts": 0, "numFrames": 2, "partFrames": [{}]})",
                       "animation.numFrames", "says 2, partFrames holds 1");
        sourceErrorRow("bad hook",
                       R"({"numParts": 0, "partFrames": [{}, {"hooks": [{"type": "Teleport"}]}]})",
                       "animation.partFrames[1].hooks[0].type", "unknown hook type 'Teleport'");
        sourceErrorRow(
            "short quaternion",
            R"({"numParts": 1, "partFrames": [{"parts": [{"orientation": [1, 0, 0]}]}]})",
            "animation.partFrames[0].parts[0].orientation", "expected [w, x, y, z]");
        sourceErrorRow("another record's id",
                       R"({"id": "0x03000002", "numParts": 0, "partFrames": []})", "animation.id",
                       "record says 0x03000002");
    }
    void malformedSourcesNameTheFieldAndDid() {
        checkSourceErrorRow<QString>([](const QString& source) { fromSource(source.toUtf8()); },
                                     kAnim);
    }

    void truncationNamesFieldOffsetAndFrame() {
        Bytes bytes = blockingAnimation();
        bytes.data.erase(bytes.data.end() - 2, bytes.data.end()); // halves the last direction
        const auto error = errorFrom([&] { Animation::decode(bytes.data, kAnim); });
        QVERIFY(error);
        checkEntryError(error, "hook.direction", kSecondHookAt + 4, kAnim, "reading hook 1");
        QVERIFY(mentions(*error, "reading part frame 0"));
    }

    void truncatedRootMotionFails() {
        Bytes b;
        b.u32(kAnim).u32(0x1).u32(0).u32(1).f32(0).f32(0); // a root frame needs 28 bytes
        checkEntryError(errorFrom([&] { Animation::decode(b.data, kAnim); }), "animation.numFrames",
                        std::uint64_t(12), kAnim);
    }

    // Bytes after the last frame are retail bytes: kept as trailing and written back.
    void leftoverBytesAreKept() {
        Bytes bytes = blockingAnimation();
        bytes.u32(0xCDCDCDCD);
        const Animation animation = Animation::decode(bytes.data, kAnim);
        QCOMPARE(animation.trailing, (std::vector<std::uint8_t>{0xCD, 0xCD, 0xCD, 0xCD}));
        QCOMPARE(animation.encode(), bytes.data);
    }

    void absurdCountsFailBeforeAllocating_data() {
        QTest::addColumn<std::uint32_t>("numParts");
        QTest::addColumn<std::uint32_t>("numFrames");
        QTest::addColumn<std::uint64_t>("offset");
        QTest::addColumn<QString>("field");
        QTest::newRow("frames") << 1u << 0xFFFFFFFFu << std::uint64_t(12) << "animation.numFrames";
        // Neither count alone is absurd for 104 bytes, their product is.
        QTest::newRow("parts x frames") << 3u << 2u << std::uint64_t(12) << "animation.numFrames";
        QTest::newRow("parts") << 0x40000000u << 1u << std::uint64_t(12) << "animation.numFrames";
    }
    void absurdCountsFailBeforeAllocating() {
        QFETCH(std::uint32_t, numParts);
        QFETCH(std::uint32_t, numFrames);
        QFETCH(std::uint64_t, offset);
        QFETCH(QString, field);
        Bytes bytes = blockingAnimation();
        std::memcpy(bytes.data.data() + 8, &numParts, 4);
        std::memcpy(bytes.data.data() + 12, &numFrames, 4);
        checkEntryError(errorFrom([&] { Animation::decode(bytes.data, kAnim); }), field, offset,
                        kAnim);
    }

    void absurdHookCountFails() {
        Bytes bytes = blockingAnimation();
        const std::uint32_t numHooks = 0x10000000;
        std::memcpy(bytes.data.data() + kFirstHookAt - 4, &numHooks, 4);
        checkEntryError(errorFrom([&] { Animation::decode(bytes.data, kAnim); }),
                        "animationFrame.numHooks", std::uint64_t(kFirstHookAt - 4), kAnim,
                        "reading part frame 0");
    }

    void frameReaderBoundsItsPartCount() {
        const std::vector<std::uint8_t> bytes(64, 0);
        ByteCursor in(bytes);
        const auto error = errorFrom([&] { readAnimationFrame(in, 0xFFFFFFFF); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("animationFrame.parts"));
        QCOMPARE(in.position(), std::size_t(0));
    }

    void unknownHookTypeReportsTheHookOffset() {
        Bytes bytes = blockingAnimation();
        bytes.data[kSecondHookAt] = 99;
        const auto error = errorFrom([&] { Animation::decode(bytes.data, kAnim); });
        QVERIFY(error);
        checkEntryError(error, "hook.type", kSecondHookAt, kAnim, "unknown hook type 99");
        QCOMPARE(error->context(),
                 (std::vector<std::string>{"reading hook 1", "reading part frame 0"}));
    }

    void idMustMatchTheEntry() {
        const auto error =
            errorFrom([&] { Animation::decode(blockingAnimation().data, 0x03000002); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("id"));
    }

    void encodeRejectsListsThatCannotBeReadBack() {
        Animation wrongParts = synthetic(0, 2, 2);
        wrongParts.partFrames[1].parts.pop_back();
        QVERIFY_THROWS_EXCEPTION(DatError, wrongParts.encode());

        Animation missingRoot = synthetic(0x1, 1, 2);
        missingRoot.posFrames.pop_back();
        QVERIFY_THROWS_EXCEPTION(DatError, missingRoot.encode());

        Animation unflaggedRoot = synthetic(0, 1, 1);
        unflaggedRoot.posFrames.push_back(Frame{});
        QVERIFY_THROWS_EXCEPTION(DatError, unflaggedRoot.encode());
    }
};

QTEST_APPLESS_MAIN(TestAnimation)
#include "tst_animation.moc"
