// Which outdoor cells a transition step touches and how the check position crosses a landblock
// edge (preview/physics/transition_cells.h, docs/physics.md#the-retail-transition): a sphere's
// own cell and the neighbours within its radius, across block edges too, and the ±192 m re-base
// of the check position in each direction (R56).

#include "preview/physics/transition_cells.h"

#include <QObject>
#include <QTest>
#include <algorithm>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;

std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> v) {
    std::sort(v.begin(), v.end());
    return v;
}

SpherePath pathAt(Vec3 centre, std::uint32_t cell) {
    SpherePath path;
    path.numSphere = 2;
    path.globalSphere[0] = {centre, 0.5f};
    path.globalSphere[1] = {centre + Vec3{0, 0, 1}, 0.5f};
    path.globalLowPoint = centre - Vec3{0, 0, 0.5f};
    path.checkOrigin = centre;
    path.checkCellId = cell;
    return path;
}

} // namespace

class TestTransitionCells : public QObject {
    Q_OBJECT

  private slots:
    void aSphereReachesItsCellAndTheNeighboursWithinItsRadius() {
        // Cell 0x19 of the town (cx 3, cy 0) spans x 72..96, y 0..24.
        const TransitionSphere middle{{84, 12, 0}, 0.5f};
        QCOMPARE(outsideCells(kTown, std::span(&middle, 1)),
                 (std::vector<std::uint32_t>{0xA9B40019}));
        const TransitionSphere east{{95.8f, 12, 0}, 0.5f};
        QCOMPARE(sorted(outsideCells(kTown, std::span(&east, 1))),
                 (std::vector<std::uint32_t>{0xA9B40019, 0xA9B40021}));
        // Near the block's south edge too: the neighbours in 0xA9B3 (cy 7) and the diagonal.
        const TransitionSphere corner{{95.8f, 0.2f, 0}, 0.5f};
        QCOMPARE(sorted(outsideCells(kTown, std::span(&corner, 1))),
                 (std::vector<std::uint32_t>{0xA9B30020, 0xA9B30028, 0xA9B40019, 0xA9B40021}));
    }

    void spheresOutsideTheBlockFindTheirOwnBlock() {
        // 3 m west of the town block: the west neighbour's cell cx 7, cy 0.
        const TransitionSphere west{{-3, 12, 0}, 0.5f};
        QCOMPARE(outsideCells(kTown, std::span(&west, 1)),
                 (std::vector<std::uint32_t>{0xA8B40039}));
        // Two spheres in one cell give it once.
        const TransitionSphere pair[2] = {{{84, 12, 0}, 0.5f}, {{84, 12, 1}, 0.5f}};
        QCOMPARE(outsideCells(kTown, pair), (std::vector<std::uint32_t>{0xA9B40019}));
        // Off the world's south-west corner: nothing.
        const TransitionSphere off{{-5, -5, 0}, 0.5f};
        QVERIFY(outsideCells(0x0000FFFF, std::span(&off, 1)).empty());
        // At the world's edge a neighbour off the world is left out.
        const TransitionSphere edge{{0.2f, 12, 0}, 0.5f};
        QCOMPARE(outsideCells(0x0000FFFF, std::span(&edge, 1)),
                 (std::vector<std::uint32_t>{0x00000001}));
    }

    // Entering a cell of the next landblock re-bases the check position and both spheres by
    // 192 m, in each of the four directions; the step offset itself needs no change.
    // oracle: R56
    void crossingABlockEdgeRebasesTheCheckPosition() {
        struct Case {
            Vec3 centre;
            std::uint32_t entered;
            Vec3 expected;
        };
        const Case cases[] = {
            {{192.3f, 50, 10}, 0xAAB40011, {0.3f, 50, 10}},  // +X into 0xAAB4
            {{-0.3f, 50, 10}, 0xA8B40033, {191.7f, 50, 10}}, // −X into 0xA8B4
            {{50, 192.3f, 10}, 0xA9B50011, {50, 0.3f, 10}},  // +Y into 0xA9B5
            {{50, -0.3f, 10}, 0xA9B30018, {50, 191.7f, 10}}, // −Y into 0xA9B3
        };
        for (const Case& c : cases) {
            SpherePath path = pathAt(c.centre, 0xA9B40012);
            adjustCheckPos(path, c.entered);
            QCOMPARE(path.checkCellId, c.entered);
            QVERIFY(length(path.checkOrigin - c.expected) < 1e-3f);
            QVERIFY(length(path.globalSphere[0].center - c.expected) < 1e-3f);
            QVERIFY(length(path.globalSphere[1].center - (c.expected + Vec3{0, 0, 1})) < 1e-3f);
            QVERIFY(length(path.globalLowPoint - (c.expected - Vec3{0, 0, 0.5f})) < 1e-3f);
        }
        // Within one block, and into an EnvCell, nothing moves.
        SpherePath same = pathAt({50, 50, 10}, 0xA9B40012);
        adjustCheckPos(same, 0xA9B40013);
        QCOMPARE(same.checkOrigin, (Vec3{50, 50, 10}));
        SpherePath indoors = pathAt({96, 96, 41}, 0xA9B40025);
        adjustCheckPos(indoors, 0xA9B40100);
        QCOMPARE(indoors.checkOrigin, (Vec3{96, 96, 41}));
        QCOMPARE(indoors.checkCellId, 0xA9B40100u);
    }
};

QTEST_GUILESS_MAIN(TestTransitionCells)
#include "tst_transition_cells.moc"
