// The palette generator: colours through the gradient stops, and errors that name the spec path
// and DID.

#include "generator_test_support.h"

#include <QJsonArray>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

class TestPaletteGenerator : public QObject {
    Q_OBJECT
  private slots:
    void paletteRunsThroughItsStops() {
        const Palette two = palette({{"gradient", QJsonArray{"#000000FF", "#FF804000"}}});
        QCOMPARE(two.id, kPaletteDid);
        QCOMPARE(two.colors.size(), std::size_t(256));
        QCOMPARE(two.colors.front(), 0xFF000000u); // ARGB
        QCOMPARE(two.colors.back(), 0x00FF8040u);
        QVERIFY(Palette::decode(two.encode(), kPaletteDid) == two);

        const Palette three =
            palette({{"gradient", QJsonArray{"#FF0000", "#00FF00", "#0000FF"}}, {"count", 5}});
        QCOMPARE(three.colors, (std::vector<std::uint32_t>{0xFFFF0000, 0xFF808000, 0xFF00FF00,
                                                           0xFF008080, 0xFF0000FF}));
    }

    void badPaletteSpecsNameTheirPath() {
        if (!failsAt([] { palette({{"count", 16}}); }, "palette.gradient", kPaletteDid))
            return;
        if (!failsAt(
                [] {
                    palette({{"gradient", QJsonArray{"#000000"}}});
                },
                "palette.gradient", kPaletteDid))
            return;
        if (!failsAt(
                [] {
                    palette({{"gradient", QJsonArray{"#000000", "#FFFFFF"}}, {"count", 1}});
                },
                "palette.count", kPaletteDid))
            return;
        failsAt(
            [] {
                palette({{"gradient", QJsonArray{"#000000", "#FFFFFF"}}, {"count", 4096}});
            },
            "palette.count", kPaletteDid);
    }
};

QTEST_GUILESS_MAIN(TestPaletteGenerator)
#include "tst_palette_generator.moc"
