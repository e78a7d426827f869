#include "datreader/records/font.h"
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

constexpr std::uint32_t kDid = 0x40000A01;

// A font of two glyphs; the 11-byte descriptors leave the tail unaligned (at 0x26).
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                         // 0x00 id
    b.u32(16).u32(12);                   // 0x04 maxCharHeight, maxCharWidth
    b.u32(2);                            // 0x0C two glyphs
    b.u16('A').u16(0).u16(0);            // 0x10 unicode, offsetX, offsetY
    b.u8(10).u8(14).u8(0).u8(1).u8(2);   // 0x16 width, height, before, after, vBefore
    b.u16('j').u16(16).u16(0);           // 0x1B second glyph
    b.u8(6).u8(16).u8(0xFE).u8(1).u8(0); // 0x21 horizontalOffsetBefore -2
    b.u32(1).u32(1).u32(13);             // 0x26 border pixels, baselineOffset
    b.u32(0x06000D01).u32(0x06000D02);   // 0x32 foreground, background surfaces
    return b;                            // 0x3A
}

} // namespace

class TestFont : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const Font font = Font::decode(bytes.data, kDid);
        QCOMPARE(font.maxCharHeight, 16u);
        QCOMPARE(font.maxCharWidth, 12u);
        QCOMPARE(font.glyphs.size(), std::size_t(2));
        QCOMPARE(font.glyphs[0].unicode, std::uint16_t('A'));
        QCOMPARE(font.glyphs[0].height, std::uint8_t(14));
        QCOMPARE(font.glyphs[0].verticalOffsetBefore, std::int8_t(2));
        QCOMPARE(font.glyphs[1].offsetX, std::uint16_t(16));
        QCOMPARE(font.glyphs[1].horizontalOffsetBefore, std::int8_t(-2));
        QCOMPARE(font.baselineOffset, 13u);
        QCOMPARE(font.foregroundSurfaceId, 0x06000D01u);
        QCOMPARE(font.backgroundSurfaceId, 0x06000D02u);
        QCOMPARE(font.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<Font>(DatKind::Portal, kDid, handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u16(0xCDCD);
        const Font font = Font::decode(b.data, kDid);
        QCOMPARE(font.trailing.size(), std::size_t(2));
        QCOMPARE(font.encode(), b.data);
    }

    void roundTripsThroughJson() {
        const Font font = Font::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(font, kDid, "font"))
            return;
        const QJsonObject json = font.toJson();
        QCOMPARE(json["foregroundSurfaceId"].toString(), QString("0x06000D01"));
        QCOMPARE(json["glyphs"].toArray()[1].toObject()["horizontalOffsetBefore"].toInt(), -2);
    }

    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonError<Font>(
            QJsonObject{{"glyphs",
                         QJsonArray{QJsonObject{{"unicode", 65}, {"verticalOffsetBefore", 200}}}}},
            "font", kDid, "font.glyphs[0].verticalOffsetBefore", "signed byte");
        portalkit::testing::checkJsonError<Font>(QJsonObject{{"glyphs", QJsonArray{QJsonObject{}}}},
                                                 "font", kDid, "font.glyphs[0].unicode", "missing");
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<Font>(bytes.data, 0x06, "font.maxCharHeight", 0x04,
                                                  kDid);
        portalkit::testing::checkTruncation<Font>(bytes.data, 0x20, "font.glyphs", 0x0C, kDid);
        portalkit::testing::checkTruncation<Font>(bytes.data, 0x30, "font.baselineOffset", 0x2E,
                                                  kDid);
        portalkit::testing::checkTruncation<Font>(bytes.data, 0x38, "font.backgroundSurfaceId",
                                                  0x36, kDid);
    }
};

QTEST_APPLESS_MAIN(TestFont)
#include "tst_font.moc"
