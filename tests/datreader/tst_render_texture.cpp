#include "datreader/records/record.h"
#include "datreader/records/render_texture.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x15000C41;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);       // 0x00 id
    b.u32(0x2A);       // 0x04 dataCategory
    b.u8(4);           // 0x08 textureType: cube
    b.u32(2);          // 0x09 two source levels (unaligned)
    b.u32(0x06000C41); // 0x0D
    b.u32(0x06000C42); // 0x11
    return b;          // 0x15
}

} // namespace

class TestRenderTexture : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const RenderTexture t = RenderTexture::decode(bytes.data, kDid);
        QCOMPARE(t.dataCategory, 0x2Au);
        QCOMPARE(t.textureType, std::uint8_t(4));
        QCOMPARE(t.sourceLevels, (std::vector<std::uint32_t>{0x06000C41, 0x06000C42}));
        QCOMPARE(t.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<RenderTexture>(DatKind::Portal, kDid,
                                                                handWritten().data);
    }

    void keepsOddTypeAndTrailingBytes() {
        Bytes b = handWritten();
        b.data[8] = 0xEE; // no such texture type: kept raw
        b.u8(0xCD);
        const RenderTexture t = RenderTexture::decode(b.data, kDid);
        QCOMPARE(t.textureType, std::uint8_t(0xEE));
        QCOMPARE(t.trailing.size(), std::size_t(1));
        QCOMPARE(t.encode(), b.data);
        if (!jsonRoundTrips(t, kDid, "renderTexture"))
            return;
    }

    void roundTripsThroughJson() {
        const RenderTexture t = RenderTexture::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(t, kDid, "renderTexture"))
            return;
        const RenderTexture authored = portalkit::testing::fromSource<RenderTexture>(
            R"({"sourceLevels": ["0x06000C41"]})", "renderTexture", kDid);
        QCOMPARE(authored.textureType, std::uint8_t(2));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("count disagrees")
            << QJsonObject{{"numSourceLevels", 3}, {"sourceLevels", QJsonArray{1}}}
            << "renderTexture.numSourceLevels"
            << "disagrees";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<RenderTexture>("renderTexture", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        using portalkit::testing::checkTruncation;
        checkTruncation<RenderTexture>(bytes.data, 0x06, "renderTexture.dataCategory", 0x04, kDid);
        checkTruncation<RenderTexture>(bytes.data, 0x08, "renderTexture.textureType", 0x08, kDid);
        checkTruncation<RenderTexture>(bytes.data, 0x12, "renderTexture.numSourceLevels", 0x09,
                                       kDid);
    }
};

QTEST_APPLESS_MAIN(TestRenderTexture)
#include "tst_render_texture.moc"
