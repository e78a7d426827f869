// The animation generator: keys interpolated (lerp and slerp the short way) and held at the
// ends, rest poses, posFrames, determinism, and errors that name the spec path and DID.

#include "generator_test_support.h"

#include <numbers>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

// --- rotations ---

double quatNorm(const Quat& q) {
    return std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
}

// Equal as rotations: q and -q turn the same way.
bool sameRotation(const Quat& a, const Quat& b) {
    const double d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
    return std::abs(std::abs(d) - 1) < 1e-6;
}

Quat aboutZ(double degrees) {
    const double half = degrees * std::numbers::pi / 360;
    return {float(std::cos(half)), 0, 0, float(std::sin(half))};
}

} // namespace

class TestAnimationGenerator : public QObject {
    Q_OBJECT
  private slots:
    void keysInterpolateAndHoldAtTheEnds() {
        const Animation anim = animation(R"({
            "parts": 2, "frames": 11,
            "rest": [{}, {"origin": [0, 0, 1]}],
            "keys": [
                {"part": 0, "frame": 6, "origin": [4, 0, 0],
                 "rotation": {"axis": [0, 0, 2], "degrees": 90}},
                {"part": 0, "frame": 2, "origin": [0, 0, 0]}
            ]})");
        QCOMPARE(anim.id, kAnimationDid);
        QCOMPARE(anim.numParts, 2u);
        QCOMPARE(anim.flags, 0u);
        QVERIFY(anim.posFrames.empty());
        QCOMPARE(anim.partFrames.size(), std::size_t(11));
        QVERIFY(Animation::decode(anim.encode(), kAnimationDid) == anim);

        const auto part0 = [&](int frame) { return anim.partFrames[std::size_t(frame)].parts[0]; };
        for (int frame : {0, 1, 2}) { // held before the first key
            QVERIFY(near(of(part0(frame).origin), {0, 0, 0}));
            QVERIFY(sameRotation(part0(frame).orientation, aboutZ(0)));
        }
        QVERIFY(near(of(part0(4).origin), {2, 0, 0})); // halfway: lerp and slerp
        QVERIFY(sameRotation(part0(4).orientation, aboutZ(45)));
        QVERIFY(near(of(part0(3).origin), {1, 0, 0}));
        QVERIFY(sameRotation(part0(3).orientation, aboutZ(22.5)));
        for (int frame = 6; frame <= 10; ++frame) { // held after the last key
            QVERIFY(near(of(part0(frame).origin), {4, 0, 0}));
            QVERIFY(sameRotation(part0(frame).orientation, aboutZ(90)));
        }
        for (const AnimationFrame& frame : anim.partFrames) {
            QVERIFY(frame.hooks.empty());
            QCOMPARE(frame.parts[1].origin, (Vec3{0, 0, 1})); // no keys: the rest pose
            for (const Frame& part : frame.parts)
                QVERIFY(std::abs(quatNorm(part.orientation) - 1) < 1e-6);
        }
    }

    void keysWithoutAnOriginKeepTheRestOrigin() {
        const Animation anim = animation(R"({
            "parts": 1, "frames": 3, "rest": [{"origin": [1, 2, 3]}],
            "keys": [{"part": 0, "frame": 2, "rotation": {"axis": [1, 0, 0], "degrees": 180}}]})");
        for (const AnimationFrame& frame : anim.partFrames)
            QCOMPARE(frame.parts[0].origin, (Vec3{1, 2, 3}));
        QVERIFY(sameRotation(anim.partFrames[2].parts[0].orientation, Quat{0, 1, 0, 0}));
    }

    void slerpTakesTheShortWay() {
        // 350° about Z is -10°: halfway from 0 is -5°, not 175°.
        const Animation anim = animation(R"({
            "parts": 1, "frames": 3,
            "keys": [{"part": 0, "frame": 0},
                     {"part": 0, "frame": 2, "rotation": {"axis": [0, 0, 1], "degrees": 350}}]})");
        QVERIFY(sameRotation(anim.partFrames[1].parts[0].orientation, aboutZ(-5)));
    }

    void posFramesSetTheFlagAndCoverEveryFrame() {
        const Animation anim = animation(R"({
            "parts": 1, "frames": 5,
            "posFrames": [{"frame": 0}, {"frame": 4, "origin": [0, 8, 0]}]})");
        QCOMPARE(anim.flags, Animation::kHasPosFrames);
        QVERIFY(anim.hasPosFrames());
        QCOMPARE(anim.posFrames.size(), std::size_t(5));
        QVERIFY(near(of(anim.posFrames[1].origin), {0, 2, 0}));
        QVERIFY(near(of(anim.posFrames[2].origin), {0, 4, 0}));
        QVERIFY(Animation::decode(anim.encode(), kAnimationDid) == anim);
    }

    void animationsAreDeterministic() {
        const char* json = R"({"parts": 3, "frames": 40, "keys": [
            {"part": 1, "frame": 3, "rotation": {"axis": [1, 1, 0], "degrees": 33}},
            {"part": 1, "frame": 39, "origin": [1, 2, 3], "rotation": {"axis": [0, 1, 1], "degrees": -70}}],
            "posFrames": [{"frame": 10, "origin": [0, 1, 0]}]})";
        QCOMPARE(animation(json).encode(), animation(json).encode());
    }

    void badAnimationSpecsNameTheirPath_data() {
        addBadSpecColumns();
        QTest::newRow("no parts") << QString(R"({"frames": 4})") << QString("anim.parts");
        QTest::newRow("too many frames")
            << QString(R"({"parts": 1, "frames": 5000})") << QString("anim.frames");
        QTest::newRow("too many parts")
            << QString(R"({"parts": 300, "frames": 2})") << QString("anim.parts");
        QTest::newRow("part out of range")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 2, "frame": 0}]})")
            << QString("anim.keys[0].part");
        QTest::newRow("frame out of range")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 0, "frame": 0},
                                                     {"part": 0, "frame": 4}]})")
            << QString("anim.keys[1].frame");
        QTest::newRow("two keys on a frame")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 1, "frame": 2},
                                                     {"part": 1, "frame": 2}]})")
            << QString("anim.keys[1].frame");
        QTest::newRow("zero axis")
            << QString(R"({"parts": 1, "frames": 4, "keys": [{"part": 0, "frame": 1,
                   "rotation": {"axis": [0, 0, 0], "degrees": 10}}]})")
            << QString("anim.keys[0].rotation.axis");
        QTest::newRow("no degrees")
            << QString(R"({"parts": 1, "frames": 4, "keys": [{"part": 0, "frame": 1,
                   "rotation": {"axis": [0, 0, 1]}}]})")
            << QString("anim.keys[0].rotation.degrees");
        QTest::newRow("rest poses miscounted")
            << QString(R"({"parts": 2, "frames": 4, "rest": [{}]})") << QString("anim.rest");
        QTest::newRow("root key out of range")
            << QString(R"({"parts": 1, "frames": 4, "posFrames": [{"frame": 9}]})")
            << QString("anim.posFrames[0].frame");
    }
    void badAnimationSpecsNameTheirPath() {
        badSpecFailsAt([](const char* text) { animation(text); }, kAnimationDid);
    }
};

QTEST_GUILESS_MAIN(TestAnimationGenerator)
#include "tst_animation_generator.moc"
