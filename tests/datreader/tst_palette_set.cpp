#include "datreader/records/palette_set.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x0F000A01;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);       // 0x00 id
    b.u32(3);          // 0x04 three palettes
    b.u32(0x04000A01); // 0x08
    b.u32(0x04000A02); // 0x0C
    b.u32(0x04000A03); // 0x10
    return b;          // 0x14
}

} // namespace

class TestPaletteSet : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const PaletteSet set = PaletteSet::decode(bytes.data, kDid);
        QCOMPARE(set.id, kDid);
        QCOMPARE(set.palettes.size(), std::size_t(3));
        QCOMPARE(set.palettes[2], 0x04000A03u);
        QCOMPARE(set.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<PaletteSet>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    // floor((3 - 0.000001) * shade): thirds of the range, 1.0 still on the last palette.
    void shadePicksAPalette() {
        const PaletteSet set = PaletteSet::decode(handWritten().data, kDid);
        QCOMPARE(set.paletteForShade(0.0), 0x04000A01u);
        QCOMPARE(set.paletteForShade(0.3333), 0x04000A01u);
        QCOMPARE(set.paletteForShade(0.34), 0x04000A02u);
        QCOMPARE(set.paletteForShade(0.7), 0x04000A03u);
        QCOMPARE(set.paletteForShade(1.0), 0x04000A03u);
        QCOMPARE(set.paletteForShade(1.5), 0u);
        QCOMPARE(set.paletteForShade(-0.1), 0u);
        QCOMPARE(PaletteSet{}.paletteForShade(0.5), 0u);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(0xCD);
        const PaletteSet set = PaletteSet::decode(b.data, kDid);
        QCOMPARE(set.trailing, std::vector<std::uint8_t>{0xCD});
        QCOMPARE(set.encode(), b.data);
        if (!jsonRoundTrips(set, kDid, "paletteSet"))
            return;
    }

    void roundTripsThroughJson() {
        const PaletteSet set = PaletteSet::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(set, kDid, "paletteSet"))
            return;
        QCOMPARE(set.toJson()["palettes"].toArray()[1].toString(), QString("0x04000A02"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("count disagrees")
            << QJsonObject{{"numPalettes", 2}, {"palettes", QJsonArray{1}}}
            << "paletteSet.numPalettes"
            << "disagrees";
        QTest::newRow("palette not an id")
            << QJsonObject{{"palettes", QJsonArray{"blue"}}} << "paletteSet.palettes[0]"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<PaletteSet>("paletteSet", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        using portalkit::testing::checkTruncation;
        checkTruncation<PaletteSet>(bytes.data, 0x06, "paletteSet.numPalettes", 0x04, kDid);
        checkTruncation<PaletteSet>(bytes.data, 0x10, "paletteSet.numPalettes", 0x04, kDid);
    }
};

QTEST_APPLESS_MAIN(TestPaletteSet)
#include "tst_palette_set.moc"
