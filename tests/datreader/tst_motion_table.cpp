// MotionTable and MotionData (docs/formats.md), on a byte array written by hand from the spec
// tables and on synthetic tables round-tripped through the encoder.

#include "datreader/io/dat_error.h"
#include "datreader/records/motion_table.h"
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

constexpr std::uint32_t kTable = 0x09000001;
// Where oneCycleOneLink() puts the fields the truncation rows cut, and its size.
constexpr std::size_t kNumCyclesAt = 20, kCycleOmegaAt = 60, kNumTransitionsAt = 84,
                      kTableSize = 112;

// NonCombat by default; one cycle (ready, with velocity and omega) and one link (to a motion
// played backwards); no modifiers.
Bytes oneCycleOneLink() {
    Bytes b;
    b.u32(kTable).u32(0x8000003D);               // id, defaultStyle
    b.u32(1).u32(0x8000003D).u32(0x41000003);    // one style default: NonCombat -> Ready
    b.u32(1).u32(0x003D0003);                    // numCycles @20, cycle key
    b.u8(1).u8(0).u8(0x3).u8(0);                 // numAnims, bitfield, flags, pad @28
    b.u32(0x030009BF).i32(0).i32(-1).f32(30.0f); // AnimData
    b.f32(0).f32(4.0f).f32(0);                   // velocity @48
    b.f32(0).f32(0).f32(1.5f);                   // omega @60
    b.u32(0);                                    // numModifiers @72
    b.u32(1).u32(0x003D0003);                    // numLinks, link key @80
    b.u32(1).u32(0x41000007);                    // numTransitions @84, transition key
    b.u8(1).u8(1).u8(0).u8(0);                   // numAnims, bitfield, flags, pad @92
    b.u32(0x03000002).i32(2).i32(5).f32(-15.0f); // AnimData @96, ends @112
    return b;
}

MotionData motion(std::uint8_t flags, std::uint8_t numAnims, std::uint8_t bitfield = 0) {
    MotionData m;
    m.flags = flags;
    m.bitfield = bitfield;
    for (std::uint8_t i = 0; i < numAnims; ++i)
        m.anims.push_back(AnimData{0x03000100u + i, i, -1, i % 2 ? -10.0f : 30.0f});
    if (m.hasVelocity())
        m.velocity = {1, 2, 3};
    if (m.hasOmega())
        m.omega = {-1, 0, 0.5f};
    return m;
}

// Every branch the format has: each flag combination, 0 and 255 anims, an empty link.
MotionTable everyBranch() {
    MotionTable table;
    table.id = 0x09000123;
    table.defaultStyle = 0x8000003C;
    table.styleDefaults = {{0x8000003C, 0x41000003}, {0x8000003D, 0x41000003}};
    table.cycles = {{0x003C0003, motion(0, 1)},
                    {0x003D0003, motion(1, 2, 2)},
                    {0x003D0005, motion(2, 0)},
                    {0x003D0007, motion(3, 255, 1)},
                    {0x003D0009, motion(0x84, 1)}}; // unknown flag bits survive
    table.modifiers = {{0x0000006A, motion(1, 0)}};
    table.links = {{0x003D0003, {{0x45000005, motion(0, 1)}, {0x44000007, motion(2, 3)}}},
                   {0x003C0003, {}}};
    return table;
}

// NonCombat/Ready with a direct link to one action, a "from any substate" row for two more (one
// of which the direct row also has), and a Combat style with no default substate.
MotionTable lookupTable() {
    MotionTable table;
    table.id = kTable;
    table.defaultStyle = 0x8000003D;
    table.styleDefaults = {{0x8000003D, 0x41000003}};
    table.cycles = {{0x003D0003, motion(0, 1)}, {0x003C0003, motion(1, 1)}};
    table.links = {{0x003D0003, {{0x10000153, motion(0, 1)}, {0x10000057, motion(0, 2)}}},
                   {0x003D0000, {{0x10000057, motion(0, 3)}, {0x13000087, motion(0, 4)}}}};
    return table;
}

MotionTable fromSource(const QByteArray& text) {
    return portalkit::testing::fromSource<MotionTable>(text, "motionTable", kTable);
}

} // namespace

class TestMotionTable : public QObject {
    Q_OBJECT
  private slots:
    void decodesOneCycleAndOneLink() {
        const Bytes bytes = oneCycleOneLink();
        QCOMPARE(bytes.data.size(), kTableSize);
        const MotionTable table = MotionTable::decode(bytes.data, kTable);
        QCOMPARE(table.id, kTable);
        QCOMPARE(table.defaultStyle, 0x8000003Du);
        QCOMPARE(table.styleDefaults,
                 (std::vector<MotionTable::StyleDefault>{{0x8000003D, 0x41000003}}));

        QCOMPARE(table.cycles.size(), std::size_t(1));
        const MotionTable::Entry& cycle = table.cycles[0];
        QCOMPARE(cycle.key, 0x003D0003u);
        QCOMPARE(cycle.motion.bitfield, std::uint8_t(0));
        QCOMPARE(cycle.motion.flags, std::uint8_t(3));
        QVERIFY(cycle.motion.hasVelocity());
        QVERIFY(cycle.motion.hasOmega());
        QCOMPARE(cycle.motion.anims, (std::vector<AnimData>{{0x030009BF, 0, -1, 30.0f}}));
        QCOMPARE(cycle.motion.velocity, (Vec3{0, 4, 0}));
        QCOMPARE(cycle.motion.omega, (Vec3{0, 0, 1.5f}));

        QVERIFY(table.modifiers.empty());

        QCOMPARE(table.links.size(), std::size_t(1));
        QCOMPARE(table.links[0].key, 0x003D0003u);
        QCOMPARE(table.links[0].transitions.size(), std::size_t(1));
        const MotionTable::Entry& transition = table.links[0].transitions[0];
        QCOMPARE(transition.key, 0x41000007u);
        QCOMPARE(transition.motion.bitfield, std::uint8_t(1));
        QCOMPARE(transition.motion.flags, std::uint8_t(0));
        QCOMPARE(transition.motion.anims, (std::vector<AnimData>{{0x03000002, 2, 5, -15.0f}}));
        QCOMPARE(transition.motion.velocity, Vec3{});

        QCOMPARE(table.encode(), bytes.data);
    }

    void roundTripsEveryBranch() {
        const MotionTable table = everyBranch();
        const std::vector<std::uint8_t> bytes = table.encode();
        const MotionTable back = MotionTable::decode(bytes, table.id);
        QCOMPARE(back, table);
        QCOMPARE(back.encode(), bytes);

        const MotionTable empty{0x09000002, 0, {}, {}, {}, {}};
        QCOMPARE(MotionTable::decode(empty.encode(), empty.id), empty);
        QCOMPARE(empty.encode().size(), std::size_t(4 * 6));
    }

    void jsonKeepsStoredOrder() {
        const QJsonObject json = MotionTable::decode(oneCycleOneLink().data, kTable).toJson();
        QCOMPARE(json["defaultStyle"].toString(), QString("0x8000003D"));
        const QJsonObject cycle = json["cycles"].toArray()[0].toObject();
        QCOMPARE(cycle["key"].toString(), QString("0x003D0003"));
        QCOMPARE(cycle["anims"].toArray()[0].toObject()["animId"].toString(),
                 QString("0x030009BF"));
        QVERIFY(cycle.contains("velocity") && cycle.contains("omega"));
        const QJsonObject link = json["links"].toArray()[0].toObject();
        const QJsonObject transition = link["transitions"].toArray()[0].toObject();
        QCOMPARE(transition["key"].toString(), QString("0x41000007"));
        QVERIFY(!transition.contains("velocity"));
    }

    void jsonRoundTripsEveryBranch() {
        if (!jsonRoundTrips(MotionTable::decode(oneCycleOneLink().data, kTable), kTable,
                            "motionTable"))
            return;
        const MotionTable table = everyBranch();
        if (!jsonRoundTrips(table, table.id, "motionTable"))
            return;
        MotionTable nonFinite = table;
        const float inf = std::numeric_limits<float>::infinity();
        nonFinite.cycles[1].motion.velocity = {inf, -inf, 1};
        nonFinite.links[0].transitions[0].motion.anims[0].framerate = -inf;
        if (!jsonRoundTrips(nonFinite, table.id, "motionTable"))
            return;
        // NaN never equals itself, so the bytes are what must match.
        nonFinite.cycles[2].motion.omega.y = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(viaJsonText(nonFinite, table.id, "motionTable").encode(), nonFinite.encode());
    }

    void handWrittenSourceLeavesOutDefaults() {
        const MotionTable table = fromSource(R"({"defaultStyle": "0x8000003D",
            "cycles": [{"key": "0x003D0003", "anims": [{"animId": "0x030009BF"}],
                        "velocity": [0, 4, 0], "omega": [0, 0, 1.5]}],
            "links": [{"key": "0x003D0003", "transitions": [{"key": "0x41000007",
                "bitfield": 1, "anims": [{"animId": "0x03000002", "lowFrame": 2,
                                          "highFrame": 5, "framerate": -15}]}]}]})");
        // The spec fixture but for its style defaults, which this source leaves out.
        MotionTable expected = MotionTable::decode(oneCycleOneLink().data, kTable);
        expected.styleDefaults.clear();
        QCOMPARE(table, expected);
        QCOMPARE(table.cycles[0].motion.flags, std::uint8_t(3)); // implied by the vectors given
    }

    void malformedSourcesNameTheFieldAndDid_data() {
        addSourceErrorColumns();
        sourceErrorRow("no default style", "{}", "motionTable.defaultStyle", "missing");
        sourceErrorRow("entry without key", R"({"defaultStyle": 0, "modifiers": [{"anims": []}]})",
                       "motionTable.modifiers[0].key", "missing");
        sourceErrorRow(
            "velocity the flags lack",
            R"({"defaultStyle": 0, "cycles": [{"key": 1, "flags": 2, "velocity": [0, 1, 0],
                                                  "omega": [0, 0, 1]}]})",
            "motionTable.cycles[0].velocity", "given but flags lack bit 0x1");
        sourceErrorRow("flagged omega missing",
                       R"({"defaultStyle": 0, "links": [{"key": 1, "transitions": [{"key": 2,
                                                                             "flags": 2}]}]})",
                       "motionTable.links[0].transitions[0].omega",
                       "missing though flags have bit 0x2");
        sourceErrorRow(
            "anim without id",
            R"({"defaultStyle": 0, "cycles": [{"key": 1, "anims": [{"framerate": 30}]}]})",
            "motionTable.cycles[0].anims[0].animId", "missing");
        sourceErrorRow("flags past a byte",
                       R"({"defaultStyle": 0, "cycles": [{"key": 1, "flags": 256}]})",
                       "motionTable.cycles[0].flags", "not an integer in 0..255");
        sourceErrorRow("half a style default",
                       R"({"defaultStyle": 0, "styleDefaults": [{"style": "0x8000003D"}]})",
                       "motionTable.styleDefaults[0].defaultSubstate", "missing");
    }
    void malformedSourcesNameTheFieldAndDid() {
        checkSourceErrorRow<QString>([](const QString& source) { fromSource(source.toUtf8()); },
                                     kTable);
    }

    void moreAnimsThanTheCountHoldsIsASourceError() {
        QJsonArray anims;
        for (int i = 0; i < 256; ++i)
            anims.append(QJsonObject{{"animId", 1}});
        const QJsonObject source{{"defaultStyle", 0},
                                 {"cycles", QJsonArray{QJsonObject{{"key", 1}, {"anims", anims}}}}};
        const DatError error = expectDatError(
            [&] { MotionTable::fromJson(JsonNode(source, "motionTable", kTable), kTable); });
        QCOMPARE(error.field(), std::string("motionTable.cycles[0].anims"));
        QVERIFY2(mentions(error, "256 anims do not fit the u8 count"), error.what());
    }

    void truncationNamesFieldAndEntry_data() {
        QTest::addColumn<int>("keep");
        QTest::addColumn<QString>("field");
        QTest::addColumn<std::uint64_t>("offset");
        QTest::addColumn<QString>("context");
        QTest::newRow("omega") << int(kCycleOmegaAt + 6) << "motionData.omega"
                               << std::uint64_t(kCycleOmegaAt + 4) << "reading cycle 0";
        QTest::newRow("transition anim") << int(kTableSize - 1) << "motionData.anims"
                                         << std::uint64_t(kTableSize - 4) << "reading transition 0";
    }
    void truncationNamesFieldAndEntry() {
        QFETCH(int, keep);
        QFETCH(QString, field);
        QFETCH(std::uint64_t, offset);
        QFETCH(QString, context);
        Bytes bytes = oneCycleOneLink();
        bytes.data.resize(std::size_t(keep));
        const auto error = errorFrom([&] { MotionTable::decode(bytes.data, kTable); });
        checkEntryError(error, field, offset, kTable, context);
    }

    void motionDataNeedsItsPadByte() {
        const std::vector<std::uint8_t> bytes{0, 0, 0}; // numAnims, bitfield, flags; no pad
        ByteCursor in(bytes, 0, OffsetKind::Entry, kTable);
        checkEntryError(errorFrom([&] { readMotionData(in); }), "motionData.pad", 3, kTable);
    }

    void leftoverBytesAreKept() {
        Bytes bytes = oneCycleOneLink();
        bytes.u8(0x99);
        const MotionTable table = MotionTable::decode(bytes.data, kTable);
        QCOMPARE(table.trailing, std::vector<std::uint8_t>{0x99});
        QCOMPARE(table.encode(), bytes.data);
    }

    void absurdCountsFail_data() {
        QTest::addColumn<int>("at");
        QTest::addColumn<QString>("field");
        QTest::newRow("style defaults") << 8 << "motionTable.numStyleDefaults";
        QTest::newRow("cycles") << int(kNumCyclesAt) << "motionTable.numCycles";
        QTest::newRow("modifiers") << 72 << "motionTable.numModifiers";
        QTest::newRow("links") << 76 << "motionTable.numLinks";
        QTest::newRow("transitions")
            << int(kNumTransitionsAt) << "motionTable.links.numTransitions";
    }
    void absurdCountsFail() {
        QFETCH(int, at);
        QFETCH(QString, field);
        Bytes bytes = oneCycleOneLink();
        const std::uint32_t absurd = 0x20000000;
        std::memcpy(bytes.data.data() + at, &absurd, 4);
        checkEntryError(errorFrom([&] { MotionTable::decode(bytes.data, kTable); }), field,
                        std::uint64_t(at), kTable);
    }

    void styleKeyShiftsTheClassBitOut() {
        QCOMPARE(MotionTable::styleKey(0x8000003D), 0x003D0000u);
        QCOMPARE(MotionTable::styleKey(0x8000003C), 0x003C0000u);
        QCOMPARE(MotionTable::styleKey(0xFFFF0001), 0x00010000u); // 32 bits, not 64
    }

    void defaultSubstateIsTheStyleDefaultsEntry() {
        const MotionTable table = lookupTable();
        QCOMPARE(table.defaultSubstate(0x8000003D), std::optional<std::uint32_t>(0x41000003));
        QVERIFY(!table.defaultSubstate(0x8000003C)); // a cycle alone is no default
        QVERIFY(!table.defaultSubstate(0x003D0000)); // the key is not the style
    }

    void cycleKeysOnStyleAndTheLow24BitsOfTheSubstate() {
        const MotionTable table = lookupTable();
        QCOMPARE(table.cycle(0x8000003D, 0x41000003), &table.cycles[0].motion);
        QCOMPARE(table.cycle(0x8000003C, 0x41000003), &table.cycles[1].motion);
        QCOMPARE(table.cycle(0x8000003D, 0x45000003), &table.cycles[0].motion); // class bits drop
        QCOMPARE(table.cycle(0x8000003D, 0x41000005), nullptr);
        QCOMPARE(table.cycle(0x8000003B, 0x41000003), nullptr);
    }

    void linkPrefersTheSubstateRowThenFallsBackToTheStyleRow() {
        const MotionTable table = lookupTable();
        const auto& fromReady = table.links[0].transitions;
        const auto& fromAny = table.links[1].transitions;
        QCOMPARE(table.link(0x8000003D, 0x41000003, 0x10000153), &fromReady[0].motion);
        QCOMPARE(table.link(0x8000003D, 0x41000003, 0x10000057), &fromReady[1].motion);
        // The Ready row lacks this action: the style's row answers.
        QCOMPARE(table.link(0x8000003D, 0x41000003, 0x13000087), &fromAny[1].motion);
        // No row for WalkForward at all: the style's row answers too.
        QCOMPARE(table.link(0x8000003D, 0x45000005, 0x10000057), &fromAny[0].motion);
        QCOMPARE(table.link(0x8000003D, 0x45000005, 0x10000153), nullptr);
        // The outer key takes the substate's low 24 bits, the inner key the full motion id.
        QCOMPARE(table.link(0x8000003D, 0x45000003, 0x10000153), &fromReady[0].motion);
        QCOMPARE(table.link(0x8000003D, 0x41000003, 0x00000153), nullptr);
        QCOMPARE(table.link(0x8000003C, 0x41000003, 0x10000153), nullptr);
    }

    void encodeRejectsMoreAnimsThanTheCountHolds() {
        MotionTable table;
        table.id = 0x09000003;
        table.cycles = {{1, motion(0, 0)}};
        table.cycles[0].motion.anims.resize(256);
        const auto error = errorFrom([&] { table.encode(); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("motionData.numAnims"));
        QCOMPARE(*error->did(), table.id);
    }
};

QTEST_APPLESS_MAIN(TestMotionTable)
#include "tst_motion_table.moc"
