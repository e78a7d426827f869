// Sphere against physics BSP (preview/physics/bsp_collision.h,
// docs/physics.md#the-retail-transition): the client's polygon tests and tree walks on a
// hand-built wall and floor, a one-leaf tree and a tree of two leaves, a malformed tree that
// loops (the walk stops and says so), and the demo house's physics BSP (GfxObj 0x01000D01: an
// 8 x 6 x 3 m box with a doorway in its south wall, docs/demo.md).

#include "datreader/records/gfx_obj.h"
#include "preview/physics/bsp_collision.h"
#include "support/demo_dats.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

// The wall x = 0 facing +x, y in [-1, 1], z in [0, 2]; the floor z = 0 facing +z, x, y in [-1, 1].
BspPolygon wall() {
    return makeBspPolygon(1, {{0, -1, 0}, {0, 1, 0}, {0, 1, 2}, {0, -1, 2}});
}
BspPolygon floorPolygon() {
    return makeBspPolygon(2, {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}});
}

dat::BspNode leaf(std::vector<std::uint16_t> polygons, dat::Vec3 centre, float radius,
                  bool solid = false) {
    dat::BspNode node;
    node.tag = dat::bsp_tag::Leaf;
    node.polygons = std::move(polygons);
    node.boundingSphere = {centre, radius};
    node.solid = solid ? 1 : 0;
    return node;
}

// A node splitting at x = 0.5: the wall (x = 0) behind it, a second wall at x = 2 (facing -x)
// in front.
PhysicsGeometry twoLeaves() {
    PhysicsGeometry g;
    g.polygons[1] = wall();
    g.polygons[3] = makeBspPolygon(3, {{2, -1, 0}, {2, -1, 2}, {2, 1, 2}, {2, 1, 0}});
    dat::BspNode root;
    root.tag = dat::bsp_tag::BPIN;
    root.splittingPlane = {{1, 0, 0}, -0.5f};
    root.boundingSphere = {{1, 0, 1}, 4};
    root.posChild = 1;
    root.negChild = 2;
    g.tree.nodes = {root, leaf({3}, {2, 0, 1}, 1.5f), leaf({1}, {0, 0, 1}, 1.5f, true)};
    return g;
}

} // namespace

class TestBspCollision : public QObject {
    Q_OBJECT

  private slots:
    void planesAreMadeAsTheClientMakesThem() {
        const BspPolygon w = wall();
        QCOMPARE(w.normal, (Vec3{1, 0, 0}));
        QCOMPARE(w.d, 0.0f);
        const BspPolygon f = makeBspPolygon(9, {{0, 0, 2}, {3, 0, 2}, {3, 3, 2}});
        QCOMPARE(f.normal, (Vec3{0, 0, 1}));
        QCOMPARE(f.d, -2.0f); // −mean(N · v)
    }

    // The projected centre inside; the circle reaching an edge or a corner; the radius less the
    // transition's epsilon.
    void aSphereHitsAPolygonAsTheClientTests() {
        const BspPolygon w = wall();
        Vec3 contact;
        QVERIFY(polygonHitsSphere(w, {{0.4f, 0, 1}, 0.5f}, &contact));
        QCOMPARE(contact, (Vec3{0, 0, 1}));
        QVERIFY(!polygonHitsSphere(w, {{0.6f, 0, 1}, 0.5f}));
        QVERIFY(!polygonHitsSphere(w, {{0.5f, 0, 1}, 0.5f}));        // touching is not reaching
        QVERIFY(polygonHitsSphere(w, {{0.1f, 1.3f, 1}, 0.5f}));      // past the edge y = 1
        QVERIFY(!polygonHitsSphere(w, {{0.1f, 1.6f, 1}, 0.5f}));     // too far past it
        QVERIFY(polygonHitsSphere(w, {{0.1f, 1.25f, 2.25f}, 0.5f})); // near the corner
        QVERIFY(!polygonHitsSphere(w, {{0.1f, 1.4f, 2.4f}, 0.5f}));  // the corner out of reach
        QVERIFY(polygonHitsSphere(w, {{-0.4f, 0, 1}, 0.5f}));        // from behind too
    }

    // pos_hits_sphere counts only an approach against the face; the touch is still reported.
    void onlyAnApproachAgainstTheFaceCounts() {
        const BspPolygon w = wall();
        bool touched = false;
        QVERIFY(posHitsSphere(w, {{0.4f, 0, 1}, 0.5f}, {-1, 0, 0}, touched));
        QVERIFY(touched);
        QVERIFY(!posHitsSphere(w, {{0.4f, 0, 1}, 0.5f}, {1, 0, 0}, touched));
        QVERIFY(touched);
        QVERIFY(!posHitsSphere(w, {{0.4f, 0, 1}, 0.5f}, {0, 1, 0}, touched)); // along the face
    }

    // A sphere falling 0.3 m into the floor is moved back along its fall until it rests on it,
    // walk_interp shrinking by the part of the move taken back.
    void aSphereIsAdjustedOntoAWalkablePlane() {
        const BspPolygon f = floorPolygon();
        QVERIFY(walkableHitsSphere(f, {{0, 0, 0.2f}, 0.5f}, {0, 0, 1}, 0.66417414f));
        QVERIFY(!walkableHitsSphere(wall(), {{0.2f, 0, 1}, 0.5f}, {0, 0, 1}, 0.66417414f));
        TransitionSphere s{{0, 0, 0.2f}, 0.5f};
        float walkInterp = 1;
        QVERIFY(adjustSphereToPlane(f, s, {0, 0, -1}, walkInterp)); // moved 1 m down this step
        QVERIFY(std::abs(s.center.z - 0.5f) < 1e-5f);
        QVERIFY(std::abs(walkInterp - 0.7f) < 1e-5f);
        float again = 1;
        TransitionSphere level{{0, 0, 0.2f}, 0.5f};
        QVERIFY(!adjustSphereToPlane(f, level, {1, 0, 0}, again)); // moving along the plane
        QCOMPARE(again, 1.0f);
    }

    // The walks: a sphere wholly in front of the split meets only the front leaf; one straddling
    // it meets both; the centre check finds the solid leaf only on the centre's side.
    void theTreeWalksVisitTheRightLeaves() {
        const PhysicsGeometry g = twoLeaves();
        BspWalk front;
        QVERIFY(sphereIntersectsPoly(g, {{1.6f, 0, 1}, 0.5f}, {1, 0, 0}, front));
        QCOMPARE(front.hit->id, std::uint16_t(3));
        BspWalk away;
        QVERIFY(!sphereIntersectsPoly(g, {{1.6f, 0, 1}, 0.5f}, {-1, 0, 0}, away));
        QVERIFY(away.hit && away.hit->id == 3); // touched, not counted
        BspWalk back;
        QVERIFY(sphereIntersectsPoly(g, {{0.3f, 0, 1}, 0.5f}, {-1, 0, 0}, back));
        QCOMPARE(back.hit->id, std::uint16_t(1));
        BspWalk none;
        QVERIFY(!sphereIntersectsPoly(g, {{1.0f, 0, 1}, 0.3f}, {-1, 0, 0}, none));
        QVERIFY(!none.hit);

        // Solid: the back leaf is solid. A sphere whose centre is behind the split and clear of
        // the wall is inside with the centre check, not without it.
        BspWalk solid;
        QVERIFY(sphereIntersectsSolid(g, {{-0.5f, 0, 1}, 0.3f}, true, solid));
        BspWalk hollow;
        QVERIFY(!sphereIntersectsSolid(g, {{-0.5f, 0, 1}, 0.3f}, false, hollow));
        // Straddling the split with the centre in front: the solid leaf gets no centre check.
        BspWalk straddle;
        QVERIFY(!sphereIntersectsSolid(g, {{0.8f, 0, 1}, 0.5f}, true, straddle));
    }

    // A tree whose node names itself: the walk stops at the depth bound, says so, and returns.
    void aLoopingTreeStopsAndSaysSo() {
        PhysicsGeometry g = twoLeaves();
        g.tree.nodes[0].posChild = 0;
        g.tree.nodes[0].negChild = 0;
        BspWalk walk;
        QVERIFY(!sphereIntersectsPoly(g, {{0.5f, 0, 1}, 0.5f}, {1, 0, 0}, walk));
        QVERIFY(walk.tooDeep);
        TransitionSphere s{{0.5f, 0, 1}, 0.5f};
        float w = 1;
        BspWalk walkable;
        QVERIFY(!findWalkable(g, s, {0, 0, -1}, {0, 0, 1}, 0.66417414f, w, walkable));
        QVERIFY(walkable.tooDeep);
    }

    // The demo house: a sphere pressed into its west wall from outside hits it, one in the
    // middle of the room touches nothing, and one sunk into its walkable roof while falling is
    // lifted back along its fall onto the roof's plane.
    void theDemoHousesPhysicsTree() {
        const auto house = PhysicsGeometry::fromGfxObj(
            testing::demoRecord<dat::GfxObj>(testing::demoPortalDat(), 0x01000D01));
        QVERIFY(!house.tree.nodes.empty());
        QVERIFY(!house.polygons.empty());
        float minX = 1e9f, maxX = -1e9f;
        const BspPolygon* roof = nullptr;
        for (const auto& [id, polygon] : house.polygons) {
            for (const Vec3& v : polygon.vertices) {
                minX = std::min(minX, v.x);
                maxX = std::max(maxX, v.x);
            }
            if (!roof || polygon.normal.z > roof->normal.z)
                roof = &polygon;
        }
        QVERIFY(std::abs(maxX - minX - 8) < 0.5f); // 8 m wide
        BspWalk wallHit;
        QVERIFY(sphereIntersectsPoly(house, {{minX - 0.3f, 0, 1.2f}, 0.5f}, {1, 0, 0}, wallHit));
        QVERIFY(std::abs(std::abs(wallHit.hit->normal.x) - 1) < 1e-3f);
        BspWalk inside;
        QVERIFY(!sphereIntersectsPoly(house, {{0, 0, 1.5f}, 0.5f}, {1, 0, 0}, inside));

        QVERIFY(roof && roof->normal.z > 0.66417414f);
        Vec3 centroid;
        for (const Vec3& v : roof->vertices)
            centroid += v * (1.0f / float(roof->vertices.size()));
        TransitionSphere sunk{centroid + roof->normal * 0.3f, 0.5f}; // 0.2 m into the roof
        float walkInterp = 1;
        BspWalk roofWalk;
        QVERIFY(
            findWalkable(house, sunk, {0, 0, -1}, {0, 0, 1}, 0.66417414f, walkInterp, roofWalk));
        QVERIFY(std::abs(roofWalk.hit->distance(sunk.center) - 0.5f) < 1e-3f);
        QVERIFY(walkInterp < 1);
        QVERIFY(!roofWalk.tooDeep);
    }
};

QTEST_GUILESS_MAIN(TestBspCollision)
#include "tst_bsp_collision.moc"
