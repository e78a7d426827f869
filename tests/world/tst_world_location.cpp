// "Go to" text (world/location.h, docs/world.md#locations): each form a user may type, worked
// out by hand from the id layout (cell n = 8·cx + cy + 1, 24 m cells) and the map coordinate
// rules the coordinate suite already checks.

#include "world/location.h"

#include <QObject>
#include <QTest>

using namespace portalkit::world;

class TestWorldLocation : public QObject {
    Q_OBJECT

  private slots:
    void landblockForms() {
        for (const char* text : {"0xA9B4", "a9b4", "0xA9B4FFFF", "A9B4FFFE", "  0xa9b4ffff "}) {
            const auto at = parseLocation(text);
            QVERIFY2(at, text);
            QCOMPARE(at->block, 0xA9B4FFFFu);
            QCOMPARE(at->envCell, 0u);
            QVERIFY(!at->local);
        }
    }

    // Cell 0x19 = 25 = 8·3 + 0 + 1: cx 3, cy 0, centre (84, 12).
    void outdoorCellIsItsCentre() {
        const auto at = parseLocation("0xA9B40019");
        QVERIFY(at);
        QCOMPARE(at->block, 0xA9B4FFFFu);
        QVERIFY(at->local);
        QCOMPARE(at->local->x, 84.0f);
        QCOMPARE(at->local->y, 12.0f);
        // The last cell, 0x40 = 64: cx 7, cy 7.
        const auto last = parseLocation("0x00000040");
        QVERIFY(last);
        QCOMPARE(last->local->x, 180.0f);
        QCOMPARE(last->local->y, 180.0f);
    }

    void envCellIsStoodIn() {
        const auto at = parseLocation("0x01D90105");
        QVERIFY(at);
        QCOMPARE(at->block, 0x01D9FFFFu);
        QCOMPARE(at->envCell, 0x01D90105u);
        QVERIFY(!at->local);
    }

    // The coordinate of an outdoor cell's centre lands in that cell (coords.h guarantees the
    // printed value of a cell maps back into it).
    void coordinatesLandInTheirCell() {
        const auto text = cellCoordinateText(0xA9B40019);
        QVERIFY(text);
        const auto at = parseLocation(*text);
        QVERIFY2(at, text->c_str());
        QCOMPARE(at->block, 0xA9B4FFFFu);
        QVERIFY(at->local);
        QCOMPARE(cellAt(at->block, at->local->x, at->local->y),
                 std::optional<std::uint32_t>(0xA9B40019u));
    }

    void rejectsWhatIsNoPlace() {
        for (const char* text :
             {"", "0x", "hello", "0xA9B", "0xA9B4F", "0xFFB4", "0xA9FF0001", "0xA9B40041",
              "0xA9B400FF", "0xA9B4FFFG", "150.0N 0.0E", "0x12345678901"})
            QVERIFY2(!parseLocation(text), text);
    }
};

QTEST_GUILESS_MAIN(TestWorldLocation)
#include "tst_world_location.moc"
