#include "datreader/records/land_block.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kDid = 0xA9B4FFFF;

// Vertex i's terrain word, built from its bits by hand: road i % 4 (bits 0-1), type i % 32
// (bits 2-6), scenery (i * 7) % 32 (bits 11-15); vertex 40 also sets unused bit 7.
std::uint16_t wordOf(int i) {
    std::uint16_t word = std::uint16_t((i % 4) | ((i % 32) << 2) | (((i * 7) % 32) << 11));
    if (i == 40)
        word |= 0x80;
    return word;
}

// The layout: 0x00 id, 0x04 hasObjects, 0x08 81 × u16 terrain, 0xAA 81 × u8 heights, 0xFB one
// alignment byte; 252 bytes like every retail LandBlock.
Bytes handWritten(std::uint8_t pad = 0) {
    Bytes bytes;
    bytes.u32(kDid); // 0x00
    bytes.u32(1);    // 0x04 hasObjects
    for (int i = 0; i < 81; ++i)
        bytes.u16(wordOf(i)); // 0x08 + 2i
    for (int i = 0; i < 81; ++i)
        bytes.u8(std::uint8_t(i * 3)); // 0xAA + i
    bytes.u8(pad);                     // 0xFB
    return bytes;
}

} // namespace

class TestLandBlock : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        QCOMPARE(bytes.data.size(), LandBlock::kStoredBytes);
        const LandBlock block = LandBlock::decode(bytes.data, kDid);
        QCOMPARE(block.id, kDid);
        QCOMPARE(block.hasObjects, 1u);
        QCOMPARE(block.terrain[5], wordOf(5));
        QCOMPARE(LandBlock::road(block.terrain[5]), std::uint16_t(1));
        QCOMPARE(LandBlock::terrainType(block.terrain[37]), std::uint16_t(5));
        QCOMPARE(LandBlock::scenery(block.terrain[9]), std::uint16_t(63 % 32));
        QCOMPARE(LandBlock::unusedBits(block.terrain[40]), std::uint16_t(1));
        QCOMPARE(block.heights[LandBlock::vertexIndex(8, 8)], std::uint8_t(240));
        QCOMPARE(block.heights[LandBlock::vertexIndex(1, 0)], std::uint8_t(27));
        QCOMPARE(block.pad, 0u);
        QVERIFY(block.trailing.empty());
        QCOMPARE(block.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        checkThroughRegistry<LandBlock>(DatKind::Cell, kDid, handWritten().data);
    }

    void keepsRetailFillAndTrailingBytes() {
        Bytes bytes = handWritten(0xCD);
        bytes.u32(0xDEADBEEF);
        const LandBlock block = LandBlock::decode(bytes.data, kDid);
        QCOMPARE(block.pad, 0xCDu);
        QCOMPARE(block.trailing, (std::vector<std::uint8_t>{0xEF, 0xBE, 0xAD, 0xDE}));
        QCOMPARE(block.encode(), bytes.data);
        if (!jsonRoundTrips(block, kDid, "landBlock"))
            return;
        QCOMPARE(block.toJson()["trailing"].toString(), QString("efbeadde"));
    }

    void roundTripsThroughJson() {
        const LandBlock block = LandBlock::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(block, kDid, "landBlock"))
            return;
        const QJsonObject word = block.toJson()["terrain"].toArray()[40].toObject();
        QCOMPARE(word["unused"].toInt(), 1);
        QCOMPARE(word["type"].toInt(), 8);
    }

    void jsonTakesPlainWordsAndDefaults() {
        QJsonArray terrain;
        for (int i = 0; i < 81; ++i)
            terrain.append(wordOf(i));
        const QJsonObject source{{"terrain", terrain}};
        const LandBlock block = LandBlock::fromJson(JsonNode(source, "landBlock", kDid), kDid);
        QCOMPARE(block.id, kDid);
        QCOMPARE(block.terrain[40], wordOf(40));
        QCOMPARE(block.heights[3], std::uint8_t(0));
    }

    void jsonErrorsNameThePath_data() {
        addJsonErrorColumns();
        QJsonArray shortGrid;
        for (int i = 0; i < 80; ++i)
            shortGrid.append(0);
        QJsonArray badRoad = shortGrid;
        badRoad.append(QJsonObject{{"road", 4}});
        QTest::newRow("80 heights") << QJsonObject{{"heights", shortGrid}} << "landBlock.heights"
                                    << "81 (9×9)";
        QTest::newRow("road too big")
            << QJsonObject{{"terrain", badRoad}} << "landBlock.terrain[80].road"
            << "at most 3";
        QTest::newRow("unknown part")
            << QJsonObject{{"terrain", QJsonArray(shortGrid) << QJsonObject{{"river", 1}}}}
            << "landBlock.terrain[80].river"
            << "not a part";
        QTest::newRow("bad trailing") << QJsonObject{{"trailing", "abc"}} << "landBlock.trailing"
                                      << "hex digits";
    }
    void jsonErrorsNameThePath() { checkJsonErrorRow<LandBlock>("landBlock", kDid); }

    void truncationNamesFieldAndOffset_data() {
        addTruncationColumns();
        QTest::newRow("id") << 3 << "id" << 0;
        QTest::newRow("hasObjects") << 6 << "landBlock.hasObjects" << 4;
        QTest::newRow("first terrain word") << 9 << "landBlock.terrain" << 8;
        QTest::newRow("last terrain word") << 0xA9 << "landBlock.terrain" << 0xA8;
        QTest::newRow("first height") << 0xAA << "landBlock.heights" << 0xAA;
        QTest::newRow("last height") << 0xFA << "landBlock.heights" << 0xFA;
        QTest::newRow("alignment byte") << 0xFB << "landBlock.pad" << 0xFB;
    }
    void truncationNamesFieldAndOffset() {
        checkTruncationRow<LandBlock>(handWritten().data, kDid);
    }

    void wrongLeadingIdIsAnError() {
        const Bytes bytes = handWritten();
        const auto error = errorFrom([&] { LandBlock::decode(bytes.data, 0xA9B5FFFF); });
        checkEntryError(error, "id", 0, 0xA9B5FFFF);
    }

    void encodeRejectsFillWiderThanItsByte() {
        LandBlock block;
        block.pad = 0x1CD;
        const auto error = errorFrom([&] { block.encode(); });
        QVERIFY(error);
        QVERIFY2(mentions(*error, "does not fit"), error->what());
    }
};

QTEST_APPLESS_MAIN(TestLandBlock)
#include "tst_land_block.moc"
