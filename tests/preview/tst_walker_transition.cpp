// A walker through the retail sweep (preview/physics/terrain_transition.h with the walker's
// routines of step_moves.h and bsp_walker.h plugged in, docs/physics.md#the-retail-transition):
// a creature — the demo human's two spheres and 0.4 m step heights, at scale 1 or 1.5 — walks
// on a flat landblock into stone ledges (closed boxes, as the demo's building generator makes
// them). It steps up a ledge its scaled step-up height allows (one past a block edge too) and is
// stopped by a higher one, sliding along it at an angle (R51); it follows the ground down a
// gentle slope (the transitional step down); walking off a high ledge it leaves the ground
// without EdgeSlide and stays on the ledge with it. A missile over the same world still stops at
// the first wall it reaches (R52).

#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "preview/physics/object_info.h"
#include "preview/physics/terrain_transition.h"
#include "support/walker_world.h"
#include "world/coords.h"

#include <QObject>
#include <QTest>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

constexpr std::uint32_t kBlock = 0xA9B4FFFF;
constexpr float kGround = 10;       // the flat ground's height (height index 20 at 0.5 m)
constexpr float kStepHeight = 0.4f; // the demo human Setup's step-up and step-down heights

// Heights 0.5 m an index; every vertex at index 20, except that vertex columns x >= `slopeFrom`
// fall four indices per column (a 4.8° slope down toward +x from x = 24 * (slopeFrom - 1)).
world::LandblockTerrain landblock(int slopeFrom = 9, std::uint32_t id = kBlock) {
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = 0.5f * float(i);
    dat::LandBlock block;
    block.id = id;
    for (int x = 0; x < 9; ++x)
        for (int y = 0; y < 9; ++y) {
            const std::size_t v = std::size_t(9 * x + y);
            block.heights[v] = std::uint8_t(20 - 4 * std::max(0, x - slopeFrom + 1));
            block.terrain[v] = dat::LandBlock::terrainWord(0, 1, 0);
        }
    return world::LandblockTerrain(block, defs);
}

// A closed stone box `height` high: four walls facing out and a flat, walkable top (what the
// demo's building generator makes without doorways under a flat roof), `size` square round its
// origin, in one leaf.
std::shared_ptr<const PhysicsGeometry> ledgeGeometry(float size, float height) {
    const float a = size / 2, h = height;
    return std::make_shared<PhysicsGeometry>(test::oneLeaf({
        makeBspPolygon(0, {{-a, -a, h}, {a, -a, h}, {a, a, h}, {-a, a, h}}),   // top
        makeBspPolygon(1, {{-a, -a, 0}, {-a, -a, h}, {-a, a, h}, {-a, a, 0}}), // west
        makeBspPolygon(2, {{a, -a, 0}, {a, a, 0}, {a, a, h}, {a, -a, h}}),     // east
        makeBspPolygon(3, {{-a, -a, 0}, {a, -a, 0}, {a, -a, h}, {-a, -a, h}}), // south
        makeBspPolygon(4, {{-a, a, 0}, {-a, a, h}, {a, a, h}, {a, a, 0}}),     // north
    }));
}

// The flat block with one ledge whose west face is at x = 92 (a 4 m box centred on (94, 96)).
TerrainWorld worldWithLedge(float height) {
    TerrainWorld out;
    out.blocks.emplace(kBlock, landblock());
    out.statics.push_back(
        makeStaticObject(kBlock, Frame({94, 96, kGround}, {}), 1.0f, ledgeGeometry(4, height)));
    return out;
}

// How far the human's origin stands above the ground: sphere 0 (r 0.48 at 0.475) reaches 5 mm
// below it.
float foot(float scale) {
    return 0.005f * scale;
}

// The demo human (Setup 0x02000001: spheres r 0.48 at 0.475 and 1.35 up, step heights 0.4) at
// `scale`, standing on a walkable floor.
struct Creature {
    float scale = 1;
    bool edgeSlide = false;
};

// A walker moved from quantum to quantum: each transition starts where the last one left it,
// standing on the contact plane it found and sliding along the sliding normal it was left with
// (SetPositionInternal, then get_object_info).
class Walker {
  public:
    // Standing on level ground at height `ground` under (x, y).
    Walker(const TerrainWorld& world, Creature creature, float x, float y, float ground)
        : m_world(world), m_creature(creature), m_origin{x, y, ground + foot(creature.scale)} {
        m_cell = *world::cellAt(kBlock, x, y);
        m_contact = ContactPlane{{{0, 0, 1}, -ground}, m_cell, false};
        m_transient = 0x1 | 0x2; // Contact, OnWalkable
    }

    // One transition of `offset`; false when it failed.
    bool move(Vec3 offset) {
        TerrainMove m;
        m.beginCell = m_cell;
        m.begin = m_origin;
        m.end = m_origin + offset;
        const float s = m_creature.scale;
        m.spheres[0] = {Vec3{0, 0, 0.475f} * s, 0.48f * s};
        m.spheres[1] = {Vec3{0, 0, 1.35f} * s, 0.48f * s};
        m.numSphere = 2;
        m.gravity = true;
        m.contactPlane = m_contact;
        m.slidingNormal = m_sliding;
        last = terrainTransition(m_world, info(), m);
        if (!last.ok)
            return false;
        m_origin = last.origin;
        m_cell = last.cell;
        m_transient = 0;
        m_contact.reset();
        m_sliding.reset();
        if (last.collision.slidingNormalValid)
            m_sliding = last.collision.slidingNormal;
        if (last.collision.contactPlaneValid) {
            m_contact = last.collision.contactPlane;
            m_transient = 0x1 | (m_contact->plane.normal.z >= kFloorZ ? 0x2 : 0); // R58
        }
        return true;
    }
    // `distance` along +x in quanta of 0.25 m (a 2.5 m/s walk at 0.1 s a quantum). A quantum
    // straight into the face the walker slides along fails (R57): it stays where it was.
    void walkX(float distance) {
        for (float done = 0; done < distance - 1e-4f; done += 0.25f)
            move({std::min(0.25f, distance - done), 0, 0});
    }
    std::optional<Vec3> sliding() const { return m_sliding; }

    Vec3 origin() const { return m_origin; }
    bool contact() const { return (m_transient & 0x1) != 0; }
    bool onWalkable() const { return (m_transient & 0x2) != 0; }
    TerrainTransition last;

  private:
    ObjectInfo info() const {
        MoverDescription mover;
        mover.physicsState = m_creature.edgeSlide ? 0x400000u : 0u; // EdgeSlide
        mover.transient = m_transient;
        mover.scale = m_creature.scale;
        mover.setupStepUpHeight = kStepHeight * m_creature.scale; // × scale, as a body gives it
        mover.setupStepDownHeight = kStepHeight * m_creature.scale;
        return makeObjectInfo(mover);
    }

    const TerrainWorld& m_world;
    Creature m_creature;
    Vec3 m_origin;
    std::uint32_t m_cell = 0;
    std::optional<ContactPlane> m_contact;
    std::optional<Vec3> m_sliding;
    std::uint32_t m_transient = 0;
};

} // namespace

class TestWalkerTransition : public QObject {
    Q_OBJECT

  private slots:
    void climbLimit_data() {
        QTest::addColumn<float>("scale");
        QTest::addColumn<float>("height");
        QTest::addColumn<bool>("climbs");
        QTest::newRow("scale 1, within the step-up height") << 1.0f << 0.35f << true;
        QTest::newRow("scale 1, within 1.5 x the height") << 1.0f << 0.55f << true;
        QTest::newRow("scale 1, beyond 1.5 x the height") << 1.0f << 0.65f << false;
        QTest::newRow("scale 1.5, within 1.5 x the height") << 1.5f << 0.85f << true;
        QTest::newRow("scale 1.5, beyond 1.5 x the height") << 1.5f << 0.95f << false;
    }
    // oracle: R51
    void climbLimit() {
        // step_up searches for the ledge's top from the sphere where it met the face, moving it
        // up by at most step_down_amt x walk_interp, and find_walkable lets walk_interp fall to
        // -0.5: a top up to 1.5 x the scaled step-up height above the foot is climbed.
        QFETCH(float, scale);
        QFETCH(float, height);
        QFETCH(bool, climbs);
        const TerrainWorld world = worldWithLedge(height);
        Walker walker(world, {scale}, 89, 96, kGround);
        walker.walkX(6);
        const float r = 0.48f * scale;
        if (climbs) {
            QCOMPARE(walker.origin().x, 95.0f);
            QCOMPARE(walker.origin().z, kGround + height + foot(scale));
        } else {
            QVERIFY(walker.origin().x <= 92 - r + 1e-3f && walker.origin().x > 92 - r - 0.3f);
            QCOMPARE(walker.origin().z, kGround + foot(scale));
        }
        QVERIFY(walker.contact() && walker.onWalkable());
    }

    // oracle: R51
    void scaledCreatureClimbsALedgeTheUnscaledOneCannot() {
        // The demo's low ledge, 0.75 m: beyond 1.5 x 0.4 m, within 1.5 x 0.6 m (scale 1.5).
        const TerrainWorld world = worldWithLedge(0.75f);
        Walker big(world, {1.5f}, 89, 96, kGround);
        Walker small(world, {1.0f}, 89, 96, kGround);
        big.walkX(6);
        small.walkX(6);
        QCOMPARE(big.origin().z, kGround + 0.75f + foot(1.5f));
        QCOMPARE(big.last.collision.contactPlane.plane.normal.z, 1.0f);
        QCOMPARE(small.origin().z, kGround + foot(1));
        QVERIFY2(small.origin().x < 92 - 0.48f + 1e-3f, "stopped at the west face");
        // The face it could not climb became its sliding normal; walking on straight into it,
        // adjust_offset leaves nothing of the first step, so the transition fails and the
        // creature stays where it was (R57).
        QVERIFY(small.sliding() && *small.sliding() == (Vec3{-1, 0, 0}));
        QVERIFY(!small.last.ok);
        QCOMPARE(small.last.stepsTaken, 0);
    }

    // oracle: R51
    void scaledCreatureIsStoppedByTheHighLedge() {
        const TerrainWorld world = worldWithLedge(1.2f);
        Walker big(world, {1.5f}, 89, 96, kGround);
        big.walkX(6);
        QVERIFY2(big.origin().x < 92 - 0.72f + 1e-3f, "stopped at the west face");
        QCOMPARE(big.origin().z, kGround + foot(1.5f));
        QVERIFY(big.contact() && big.onWalkable());
    }

    // oracle: R51
    void slidesAlongALedgeItCannotClimb() {
        // Into the high ledge's west face at 45°, a quantum of one step each: the step up fails
        // and the quantum is undone with the face's normal, which becomes the sliding normal;
        // the next quantum goes on along the face, north, and, having met nothing, leaves no
        // sliding normal, so the one after meets the face again. Six quanta reach the face,
        // then every other one slides 0.25 m.
        const TerrainWorld world = worldWithLedge(1.2f);
        Walker walker(world, {1.0f}, 90, 94, kGround);
        for (int i = 0; i < 12; ++i)
            QVERIFY(walker.move({0.25f, 0.25f, 0}));
        QVERIFY(walker.origin().x <= 92 - 0.48f + 1e-3f);
        QCOMPARE(walker.origin().y, 96.25f);
        QCOMPARE(walker.origin().z, kGround + foot(1));
        QVERIFY(walker.contact() && walker.onWalkable());
    }

    // oracle: R51
    void stepsUpALedgeJustPastABlockEdge() {
        // The ledge (0.5 m) stands in the next block east, its west face 1 m past the edge: the
        // creature crosses x = 192 (the check position re-based into the new block, R56) and
        // steps up a static of that block met from both frames.
        constexpr std::uint32_t kEast = 0xAAB4FFFF;
        TerrainWorld world;
        world.blocks.emplace(kBlock, landblock());
        world.blocks.emplace(kEast, landblock(9, kEast));
        world.statics.push_back(
            makeStaticObject(kEast, Frame({3, 96, kGround}, {}), 1.0f, ledgeGeometry(4, 0.5f)));
        Walker walker(world, {1.0f}, 190, 96, kGround);
        walker.walkX(5);
        QCOMPARE(world::landblockOf(walker.last.cell), kEast);
        QCOMPARE(walker.origin().x, 3.0f);
        QCOMPARE(walker.origin().z, kGround + 0.5f + foot(1));
        QVERIFY(walker.contact() && walker.onWalkable());
    }

    // oracle: R51
    void followsTheGroundDownAGentleSlope() {
        // Flat up to x = 96, then down 0.5 m every 24 m: adjust_offset keeps a step level on the
        // flat contact plane, so past the crease the sphere is above the slope and the
        // transitional step down puts it back on the ground.
        TerrainWorld world;
        world.blocks.emplace(kBlock, landblock(5));
        Walker walker(world, {1.0f}, 94, 96, kGround);
        walker.walkX(6);
        const float ground = *world.find(kBlock)->heightAt(walker.origin().x, 96);
        QVERIFY(ground < kGround - 0.1f);
        QVERIFY(std::abs(walker.origin().z - foot(1) - ground) < 1e-3f);
        QVERIFY(walker.contact() && walker.onWalkable());
        QVERIFY(walker.last.collision.contactPlane.plane.normal.z < 1.0f);
    }

    // oracle: R58
    void walkingOffAHighLedgeLeavesTheGround() {
        // On top of the 1.2 m ledge (its east edge at x = 96), walking east: the ground below is
        // beyond the step-down height, so without EdgeSlide the creature steps off into the air
        // (no contact plane: neither Contact nor OnWalkable, R58).
        const TerrainWorld world = worldWithLedge(1.2f);
        Walker walker(world, {1.0f}, 95, 96, kGround + 1.2f);
        walker.walkX(2);
        QVERIFY2(walker.origin().x > 96, "went on past the edge");
        QVERIFY(!walker.contact() && !walker.onWalkable());
        QCOMPARE(walker.origin().z, kGround + 1.2f + foot(1)); // no gravity within a transition
    }

    // oracle: R51
    void edgeSlideKeepsTheCreatureOnTheLedge() {
        const TerrainWorld world = worldWithLedge(1.2f);
        Walker walker(world, {1.0f, true}, 95, 96, kGround + 1.2f);
        walker.walkX(2);
        QVERIFY2(walker.origin().x <= 96 + 1e-3f, "held at the edge");
        QCOMPARE(walker.origin().z, kGround + 1.2f + foot(1));
        QVERIFY(walker.contact() && walker.onWalkable());
    }

    // oracle: R52
    void aMissileStillStopsAtTheFirstWall() {
        const TerrainWorld world = worldWithLedge(0.5f);
        MoverDescription bolt;
        bolt.physicsState = 0x40; // Missile
        TerrainMove m;
        m.beginCell = *world::cellAt(kBlock, 89, 96);
        m.begin = {89, 96, kGround + 0.3f};
        m.end = {95, 96, kGround + 0.3f};
        m.spheres[0] = {{0, 0, 0}, 0.1f};
        const TerrainTransition t = terrainTransition(world, makeObjectInfo(bolt), m);
        QVERIFY(t.ok);
        QCOMPARE(t.hitStatic, 0);
        QVERIFY(t.origin.x < 92 - 0.1f && t.origin.x > 91.5f);
        QCOMPARE(t.origin.z, kGround + 0.3f);
    }
};

QTEST_GUILESS_MAIN(TestWalkerTransition)
#include "tst_walker_transition.moc"
