// The motion closure: the recall pin on the demo DAT (docs/retail-behaviour.md#dat-recall), and
// each route and failure of GetObjectSequence (docs/retail-behaviour.md#motion-sequence) on small
// MotionTables written with DatWriter.

#include "audit/closure.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/animation.h"
#include "datreader/records/motion_table.h"
#include "support/demo_ids.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <algorithm>
#include <limits>

using namespace portalkit;
using audit::ClosureAnim;
using audit::MotionClosure;
using testing::expectDatError;
using testing::mentions;
using namespace testing::demo_ids;

namespace {

constexpr std::uint32_t kTable = 0x09000010;

// Link outer keys: style << 16 | the substate's low 24 bits, or the style alone for "any".
constexpr std::uint32_t kNonCombatReady = 0x003D0003;
constexpr std::uint32_t kNonCombatWalk = 0x003D0005;
constexpr std::uint32_t kNonCombatAny = 0x003D0000;

// Animations of the fixtures, numbered from 0x03000001, each with a hook per frame that names it
// (see tagged()). datWith() stores every one.
enum : std::uint32_t {
    kReadyAnim = 0x03000001,
    kWalkAnim,
    kRecallAnim,
    kWalkToReadyAnim,
    kReadyToWalkAnim,
    kCombatReadyAnim,
    kToCombatAnim,
    kMagicReadyAnim,
    kMagicToNonCombatAnim,
    kAfterLastAnim
};
constexpr std::uint32_t kFrames = 4;

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

// A hook whose payload says which animation and frame it sits on, so a closure's hook list
// shows where each hook came from.
dat::AnimationHook tagged(std::uint32_t animation, std::uint32_t frame) {
    return {0, dat::hooks::SoundTable{(animation & 0xFFFF) << 8 | frame}};
}

dat::Animation taggedAnimation(std::uint32_t id, std::uint32_t frames = kFrames) {
    dat::Animation animation;
    animation.id = id;
    animation.numParts = 1;
    for (std::uint32_t frame = 0; frame < frames; ++frame)
        animation.partFrames.push_back({{dat::Frame{}}, {tagged(id, frame)}});
    return animation;
}

dat::MotionData playing(std::uint32_t animation, std::int32_t lowFrame = 0,
                        std::int32_t highFrame = -1, float framerate = 30) {
    dat::MotionData motion;
    motion.anims = {{animation, lowFrame, highFrame, framerate}};
    return motion;
}

// NonCombat (the default style) idles in Ready and can walk; Combat and Magic idle in Ready.
// No links: each test adds the ones it is about.
dat::MotionTable baseTable() {
    dat::MotionTable table;
    table.id = kTable;
    table.defaultStyle = kNonCombat;
    table.styleDefaults = {{kNonCombat, kReady}, {kCombat, kReady}, {kMagic, kReady}};
    table.cycles = {{kNonCombatReady, playing(kReadyAnim)},
                    {kNonCombatWalk, playing(kWalkAnim)},
                    {0x003C0003, playing(kCombatReadyAnim)},
                    {0x00490003, playing(kMagicReadyAnim)}};
    return table;
}

dat::DatFile datWith(const dat::MotionTable& table, std::vector<dat::Animation> animations = {}) {
    for (std::uint32_t id = kReadyAnim; id < kAfterLastAnim; ++id)
        if (std::none_of(animations.begin(), animations.end(),
                         [&](const dat::Animation& given) { return given.id == id; }))
            animations.push_back(taggedAnimation(id));
    dat::DatWriter writer(dat::DatKind::Portal);
    const auto put = [&](std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
        dat::WriterEntry entry;
        entry.id = id;
        entry.data = bytesOf(bytes);
        writer.put(std::move(entry));
    };
    put(table.id, table.encode());
    for (const dat::Animation& animation : animations)
        put(animation.id, animation.encode());
    return dat::DatFile::fromBytes(writer.build());
}

// The closure of whole tagged animations played in this order.
MotionClosure wholeAnimations(std::initializer_list<std::uint32_t> animations) {
    MotionClosure closure;
    for (std::uint32_t animation : animations) {
        closure.chain.push_back({animation, 0, -1, 30});
        for (std::uint32_t frame = 0; frame < kFrames; ++frame)
            closure.hooks.push_back({animation, frame, tagged(animation, frame)});
    }
    return closure;
}

MotionClosure viaJsonText(const MotionClosure& closure) {
    const QByteArray text = QJsonDocument(audit::toJson(closure)).toJson();
    return audit::motionClosureFromJson(
        dat::JsonNode(QJsonDocument::fromJson(text).object(), "closure"));
}

} // namespace

class TestClosure : public QObject {
    Q_OBJECT
  private slots:
    void recallOnTheDemoDat() {
        const dat::DatFile dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
        const MotionClosure closure =
            audit::resolveMotionClosure(dat, 0x09000001, kNonCombat, kRecall);
        QCOMPARE(closure.chain, (std::vector<ClosureAnim>{{0x030009BF, 0, -1, 9.96f}}));

        QCOMPARE(closure.hooks.size(), std::size_t(5));
        for (const audit::ClosureHook& hook : closure.hooks)
            QCOMPARE(hook.animation, 0x030009BFu);
        const audit::ClosureHook& create = closure.hooks[0];
        QCOMPARE(create.frame, 16u);
        QCOMPARE(create.hook.type(), dat::HookType::CreateParticle);
        const auto& particle = std::get<dat::hooks::CreateParticle>(create.hook.payload);
        QCOMPARE(particle.emitterInfoId, 0x3200078Eu);
        QCOMPARE(particle.partIndex, 0xFFFFFFFFu); // the root
        QCOMPARE(particle.offset, dat::Frame{});   // zero offset
        QCOMPARE(particle.emitterId, 19u);
        const std::uint32_t soundFrames[] = {16, 46, 76, 116};
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(closure.hooks[i + 1].frame, soundFrames[i]);
            QCOMPARE(closure.hooks[i + 1].hook.type(), dat::HookType::SoundTweaked);
        }
    }

    void directLinkFromTheDefaultSubstate() {
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kRecall, playing(kRecallAnim)}}}};
        QCOMPARE(audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall),
                 wholeAnimations({kRecallAnim}));
    }

    void fromAnySubstateRowWhenTheSubstateRowLacksTheAction() {
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kWalkForward, playing(kReadyToWalkAnim)}}},
                       {kNonCombatAny, {{kRecall, playing(kRecallAnim)}}}};
        QCOMPARE(audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall),
                 wholeAnimations({kRecallAnim}));
    }

    void toDefaultThenActionThenBack() {
        dat::MotionTable table = baseTable();
        table.links = {
            {kNonCombatWalk, {{kReady, playing(kWalkToReadyAnim)}}},
            {kNonCombatReady,
             {{kRecall, playing(kRecallAnim)}, {kWalkForward, playing(kReadyToWalkAnim)}}}};
        const dat::DatFile dat = datWith(table);
        // Walking has no recall link: it stops to Ready, recalls, and walks on.
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kRecall, kWalkForward),
                 wholeAnimations({kWalkToReadyAnim, kRecallAnim, kReadyToWalkAnim}));
        // From Ready the recall link is direct.
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kRecall),
                 wholeAnimations({kRecallAnim}));

        // The way back is optional: the walk cycle just resumes.
        table.links[1].transitions.pop_back();
        QCOMPARE(
            audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall, kWalkForward),
            wholeAnimations({kWalkToReadyAnim, kRecallAnim}));
    }

    void substatePlaysItsLinkThenItsCycle() {
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kWalkForward, playing(kReadyToWalkAnim)}}}};
        const dat::DatFile dat = datWith(table);
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kWalkForward),
                 wholeAnimations({kReadyToWalkAnim, kWalkAnim}));
        // Walking to Ready has no link: the Ready cycle alone.
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kReady, kWalkForward),
                 wholeAnimations({kReadyAnim}));
        // The current substate adds nothing; a substate of the default style serves Combat too.
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kReady), MotionClosure{});
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kCombat, kWalkForward),
                 wholeAnimations({kWalkAnim}));
    }

    void substateOnlyFromTheStyleDefaultIsRefusedElsewhere() {
        dat::MotionTable table = baseTable();
        table.cycles.push_back({0x003D0007, playing(kRecallAnim)});
        table.cycles.back().motion.bitfield = 0x2;
        const dat::DatFile dat = datWith(table);
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, 0x41000007),
                 wholeAnimations({kRecallAnim}));
        const dat::DatError error = expectDatError([&] {
            audit::resolveMotionClosure(dat, kTable, kNonCombat, 0x41000007, kWalkForward);
        });
        QCOMPARE(error.field(), std::string("motionTable.links"));
        QVERIFY2(mentions(error, "no route plays 0x41000007"), error.what());
    }

    void styleLinksToTheNewStyleThenItsCycle() {
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kCombat, playing(kToCombatAnim)}}},
                       {0x00490003, {{kNonCombat, playing(kMagicToNonCombatAnim)}}}};
        const dat::DatFile dat = datWith(table);
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kNonCombat, kCombat),
                 wholeAnimations({kToCombatAnim, kCombatReadyAnim}));
        // Magic has no link to Combat: through NonCombat, the table's default style.
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kMagic, kCombat),
                 wholeAnimations({kMagicToNonCombatAnim, kToCombatAnim, kCombatReadyAnim}));
        QCOMPARE(audit::resolveMotionClosure(dat, kTable, kCombat, kCombat), MotionClosure{});
        // Walking first goes back to Ready.
        table.links.push_back({kNonCombatWalk, {{kReady, playing(kWalkToReadyAnim)}}});
        QCOMPARE(
            audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kCombat, kWalkForward),
            wholeAnimations({kWalkToReadyAnim, kToCombatAnim, kCombatReadyAnim}));
    }

    void hooksComeFromTheFrameRangeInFrameThenStoredOrder() {
        dat::Animation recall = taggedAnimation(kRecallAnim, 6);
        recall.partFrames[3].hooks.push_back({1, dat::hooks::AnimationDone{}});
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kRecall, playing(kRecallAnim, 2, 4, -12.5f)}}}};
        const MotionClosure closure =
            audit::resolveMotionClosure(datWith(table, {recall}), kTable, kNonCombat, kRecall);
        QCOMPARE(closure.chain, (std::vector<ClosureAnim>{{kRecallAnim, 2, 4, -12.5f}}));
        QCOMPARE(closure.hooks, (std::vector<audit::ClosureHook>{
                                    {kRecallAnim, 2, tagged(kRecallAnim, 2)},
                                    {kRecallAnim, 3, tagged(kRecallAnim, 3)},
                                    {kRecallAnim, 3, {1, dat::hooks::AnimationDone{}}},
                                    {kRecallAnim, 4, tagged(kRecallAnim, 4)}}));
    }

    void missingPiecesAreNamed_data() {
        QTest::addColumn<std::uint32_t>("style");
        QTest::addColumn<std::uint32_t>("command");
        QTest::addColumn<std::uint32_t>("from"); // 0: the style's default substate
        QTest::addColumn<std::uint32_t>("did");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("route") << kNonCombat << kRecall << 0u << kTable << "motionTable.links"
                               << "no route plays 0x10000153 from style 0x8000003D, substate "
                                  "0x41000003";
        QTest::newRow("modifier") << kNonCombat << 0x2000006Au << 0u << kTable
                                  << "motionTable.links"
                                  << "(a modifier adds velocity and omega, never animations)";
        QTest::newRow("style") << 0x80000040u << kRecall << 0u << kTable
                               << "motionTable.styleDefaults"
                               << "style 0x80000040 has no default substate";
        QTest::newRow("substate cycle")
            << kNonCombat << kRecall << 0x45000006u << kTable << "motionTable.cycles"
            << "substate 0x45000006 of style 0x8000003D has no cycle";
    }
    void missingPiecesAreNamed() {
        QFETCH(std::uint32_t, style);
        QFETCH(std::uint32_t, command);
        QFETCH(std::uint32_t, from);
        QFETCH(std::uint32_t, did);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const dat::DatFile dat = datWith(baseTable());
        const dat::DatError error = expectDatError([&] {
            audit::resolveMotionClosure(dat, kTable, style, command,
                                        from ? std::optional(from) : std::nullopt);
        });
        QCOMPARE(*error.did(), did);
        QCOMPARE(QString::fromStdString(error.field()), field);
        QVERIFY2(mentions(error, message.toStdString()), error.what());
        QVERIFY2(mentions(error, "while resolving the closure of " + dat::formatDid(command)),
                 error.what());
    }

    void defaultSubstateWithoutCycleIsNamed() {
        dat::MotionTable table = baseTable();
        table.cycles.erase(table.cycles.begin()); // NonCombat Ready
        const dat::DatError error = expectDatError(
            [&] { audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall); });
        QCOMPARE(*error.did(), kTable);
        QVERIFY2(
            mentions(error, "the default substate 0x41000003 of style 0x8000003D has no cycle"),
            error.what());
    }

    void missingMotionTableIsNamed() {
        const dat::DatFile dat = datWith(baseTable());
        dat::DatError error = expectDatError(
            [&] { audit::resolveMotionClosure(dat, 0x09000011, kNonCombat, kRecall); });
        QCOMPARE(*error.did(), 0x09000011u);
        QVERIFY2(mentions(error, "no MotionTable 0x09000011 in this DAT"), error.what());
        error = expectDatError(
            [&] { audit::resolveMotionClosure(dat, kReadyAnim, kNonCombat, kRecall); });
        QVERIFY2(mentions(error, "0x03000001 is not a MotionTable"), error.what());
    }

    void missingAnimationIsNamed() {
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kRecall, playing(0x030009BF)}}}};
        const dat::DatError error = expectDatError(
            [&] { audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall); });
        QCOMPARE(*error.did(), 0x030009BFu);
        QVERIFY2(mentions(error, "no Animation 0x030009BF in this DAT"), error.what());
        QVERIFY2(mentions(error, "of MotionTable 0x09000010"), error.what());
    }

    void frameRangeOutsideTheAnimationIsNamed_data() {
        QTest::addColumn<int>("lowFrame");
        QTest::addColumn<int>("highFrame");
        QTest::addColumn<QString>("message");
        QTest::newRow("high past the end") << 0 << 4 << "frames 0..4 run outside the 4 frames";
        QTest::newRow("low past the end") << 4 << -1 << "frames 4..-1 run outside the 4 frames";
        QTest::newRow("low negative") << -1 << 2 << "frames -1..2 run outside the 4 frames";
        QTest::newRow("reversed") << 3 << 1 << "frames 3..1 are reversed";
    }
    void frameRangeOutsideTheAnimationIsNamed() {
        QFETCH(int, lowFrame);
        QFETCH(int, highFrame);
        QFETCH(QString, message);
        dat::MotionTable table = baseTable();
        table.links = {{kNonCombatReady, {{kRecall, playing(kRecallAnim, lowFrame, highFrame)}}}};
        const dat::DatError error = expectDatError(
            [&] { audit::resolveMotionClosure(datWith(table), kTable, kNonCombat, kRecall); });
        QCOMPARE(*error.did(), kRecallAnim);
        QCOMPARE(error.field(), std::string("animation.partFrames"));
        QVERIFY2(mentions(error, message.toStdString()), error.what());
    }

    void jsonRoundTrips() {
        MotionClosure closure = wholeAnimations({kWalkToReadyAnim, kRecallAnim});
        closure.chain[1] = {kRecallAnim, 2, 3, -std::numeric_limits<float>::infinity()};
        dat::hooks::CreateBlockingParticle blocking;
        blocking.emitterInfoId = 0x3200078E;
        blocking.partIndex = 0xFFFFFFFF;
        blocking.offset.origin = {0, -0.0f, 1.25f};
        blocking.emitterId = 19;
        closure.hooks.push_back({kRecallAnim, 2, {-1, blocking}});
        QCOMPARE(viaJsonText(closure), closure);

        const QJsonObject json = audit::toJson(closure);
        const QJsonObject anim = json["chain"].toArray()[1].toObject();
        QCOMPARE(anim["animation"].toString(), QString("0x03000003"));
        QCOMPARE(anim["framerate"].toString(), QString("-inf"));
        const QJsonObject hook = json["hooks"].toArray().last().toObject();
        QCOMPARE(hook["frame"].toInt(), 2);
        QCOMPARE(hook["hook"].toObject()["type"].toString(), QString("CreateBlockingParticle"));

        // Defaults left out by hand: a whole anim at 30 frames/s, no hooks.
        const MotionClosure written = audit::motionClosureFromJson(dat::JsonNode(
            QJsonObject{{"chain", QJsonArray{QJsonObject{{"animation", "0x030009BF"}}}}},
            "closure"));
        QCOMPARE(written, (MotionClosure{{{0x030009BF, 0, -1, 30}}, {}}));
    }

    void jsonWithoutAnAnimationIsNamed() {
        const dat::DatError error = expectDatError([] {
            audit::motionClosureFromJson(dat::JsonNode(
                QJsonObject{{"hooks", QJsonArray{QJsonObject{{"frame", 16}}}}}, "closure"));
        });
        QCOMPARE(error.field(), std::string("closure.hooks[0].animation"));
    }
};

QTEST_APPLESS_MAIN(TestClosure)
#include "tst_closure.moc"
