// MotionTable and MotionData (dat-format §3.13), on a byte array written by hand from the spec
// tables and on synthetic tables round-tripped through the encoder.

#include "io/dat_error.h"
#include "records/motion_table.h"
#include "support/le_bytes.h"

#include <QtTest>
#include <optional>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kTable = 0x09000001;
constexpr std::size_t kNumCyclesAt = 20;
constexpr std::size_t kCycleOmegaAt = 60;
constexpr std::size_t kNumTransitionsAt = 84;
constexpr std::size_t kTableSize = 112;

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
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), field);
        QCOMPARE(error->offset(), offset);
        QCOMPARE(error->offsetKind(), OffsetKind::Entry);
        QCOMPARE(*error->did(), kTable);
        QVERIFY(mentions(*error, context.toStdString()));
    }

    void motionDataNeedsItsPadByte() {
        const std::vector<std::uint8_t> bytes{0, 0, 0}; // numAnims, bitfield, flags; no pad
        ByteCursor in(bytes, 0, OffsetKind::Entry, kTable);
        const auto error = errorFrom([&] { readMotionData(in); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("motionData.pad"));
        QCOMPARE(error->offset(), std::uint64_t(3));
    }

    void leftoverBytesAreAnError() {
        Bytes bytes = oneCycleOneLink();
        bytes.u8(0);
        const auto error = errorFrom([&] { MotionTable::decode(bytes.data, kTable); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("motionTable"));
        QCOMPARE(error->offset(), std::uint64_t(kTableSize));
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
        const auto error = errorFrom([&] { MotionTable::decode(bytes.data, kTable); });
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), field);
        QCOMPARE(error->offset(), std::uint64_t(at));
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
