// What the retail transition knows of the mover (preview/physics/object_info.h,
// docs/physics.md#the-retail-transition): OBJECTINFO from the object's state, contact and weenie
// (R52), the part array's step heights and the heights step up, step down and the walkable probe
// choose from them (R51).

#include "preview/physics/object_info.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
namespace oi = portalkit::preview::object_info;

namespace {

// A 1.5-scale creature Setup with step heights 0.4 up and 0.6 down, standing on a floor.
MoverDescription creature() {
    MoverDescription m;
    m.transient = 0x1 | 0x2;
    m.scale = 1.5f;
    m.partScaleZ = 1.5f;
    m.setupStepUpHeight = 0.4f;
    m.setupStepDownHeight = 0.6f;
    return m;
}

bool near(float a, float b) {
    return std::abs(a - b) < 1e-6f;
}

} // namespace

class TestObjectInfo : public QObject {
    Q_OBJECT

  private slots:
    // oracle: R52
    void objectInfoComesFromStateContactAndWeenie() {
        const ObjectInfo walker = makeObjectInfo(creature());
        QCOMPARE(walker.state, oi::kContact | oi::kOnWalkable);
        QVERIFY(walker.stepDown && !walker.ethereal && !walker.missile);
        QCOMPARE(walker.scale, 1.5f);

        MoverDescription bolt;
        bolt.physicsState = 0x40 | 0x4 | 0x400000; // Missile, Ethereal, EdgeSlide
        const ObjectInfo missile = makeObjectInfo(bolt);
        QVERIFY(missile.has(oi::kPathClipped));
        QVERIFY(!missile.has(oi::kPerfectClip)); // R39
        QVERIFY(missile.has(oi::kEdgeSlide));
        QVERIFY(missile.ethereal && missile.missile && !missile.stepDown);

        MoverDescription player = creature();
        player.player = true;
        player.impenetrable = true;
        player.pk = true;
        player.pkLite = true;
        const ObjectInfo p = makeObjectInfo(player);
        QCOMPARE(p.state & 0x1980u,
                 oi::kIsImpenetrable | oi::kIsPlayer | oi::kIsPK | oi::kIsPKLite);

        // Contact counts only while the contact plane is still found, and never in an admin
        // move; OnWalkable only with Contact.
        MoverDescription lost = creature();
        lost.contactPlaneFound = false;
        QCOMPARE(makeObjectInfo(lost).state, 0u);
        MoverDescription admin = creature();
        admin.adminMove = true;
        QCOMPARE(makeObjectInfo(admin).state, 0u);
        MoverDescription walkableOnly = creature();
        walkableOnly.transient = 0x2;
        QCOMPARE(makeObjectInfo(walkableOnly).state, 0u);
        MoverDescription spinning;
        spinning.freeHeading = true;
        QCOMPARE(makeObjectInfo(spinning).state, oi::kFreeRotate);
    }

    // The part array's heights: Setup × scale.z; 0.0099999998 without a Setup; 0 without parts.
    // oracle: R51
    void partArrayStepHeights() {
        const MoverDescription c = creature();
        QVERIFY(near(partArrayStepUpHeight(c), 0.6f));
        QVERIFY(near(partArrayStepDownHeight(c), 0.9f));
        MoverDescription bare = c;
        bare.parts = MoverDescription::Parts::WithoutSetup;
        QCOMPARE(partArrayStepUpHeight(bare), 0.0099999998f);
        QCOMPARE(partArrayStepDownHeight(bare), 0.0099999998f);
        bare.parts = MoverDescription::Parts::None;
        QCOMPARE(partArrayStepUpHeight(bare), 0.0f);
    }

    // Step up and the transitional step-down use the Setup's heights only on a walkable floor;
    // otherwise 0.04 with z_for_landing.
    // oracle: R51
    void stepHeightsNeedAWalkableFloor() {
        const ObjectInfo walker = makeObjectInfo(creature());
        const StepChoice up = stepUpChoice(walker);
        QVERIFY(near(up.height, 0.6f));
        QCOMPARE(up.walkableZ, kFloorZ);
        MoverDescription airborne = creature();
        airborne.transient = 0;
        const StepChoice upInAir = stepUpChoice(makeObjectInfo(airborne));
        QCOMPARE(upInAir.height, 0.039999999f);
        QCOMPARE(upInAir.walkableZ, 0.0871557f);
        const StepChoice downInAir = transitionalStepDownChoice(makeObjectInfo(airborne), 1, 0.5f);
        QCOMPARE(downInAir.height, 0.039999999f);
        QCOMPARE(downInAir.tries, 1);
    }

    // A single sphere whose diameter is below the step-down height steps down half its radius;
    // with two spheres the height stays and, above the diameter, is tried as two halves.
    // oracle: R51
    void stepDownClampsToTheSphere() {
        const ObjectInfo walker = makeObjectInfo(creature()); // step down 0.9
        const StepChoice single = transitionalStepDownChoice(walker, 1, 0.2f);
        QVERIFY(near(single.height, 0.1f));
        QCOMPARE(single.tries, 1);
        const StepChoice two = transitionalStepDownChoice(walker, 2, 0.2f);
        QVERIFY(near(two.height, 0.45f));
        QCOMPARE(two.tries, 2);
        const StepChoice roomy = transitionalStepDownChoice(walker, 1, 0.5f); // 2r = 1 ≥ 0.9
        QVERIFY(near(roomy.height, 0.9f));
        QCOMPARE(roomy.tries, 1);
        // The walkable probe takes the same clamp, then halves what is still above 2r0.
        QVERIFY(near(walkableProbeHeight(walker, 1, 0.2f), 0.1f));
        QVERIFY(near(walkableProbeHeight(walker, 2, 0.2f), 0.45f));
        QVERIFY(near(walkableProbeHeight(walker, 1, 0.5f), 0.9f));
    }
};

QTEST_GUILESS_MAIN(TestObjectInfo)
#include "tst_object_info.moc"
