#include "datreader/records/record.h"
#include "datreader/records/ui_layout.h"
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
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x21000005;

// A state description with no properties and the given media bytes (already counted).
Bytes& state(Bytes& b, std::uint32_t id, std::uint8_t pass, std::uint32_t flags) {
    return b.u32(id).u8(pass).u32(flags).u8(0).u8(0); // stateId, pass, flags, no properties
}

// An 800x600 layout: a window (x and width stored) showing an image, with a "fade" state and
// one child placed by z-level that inherits from an element of layout 0x21000007.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                   // 0x00 id
    b.u32(800).u32(600);           // 0x04 width, 0x08 height
    b.u8(0).u8(1);                 // 0x0C bucket index, 0x0D one element
    b.u32(0x10000001);             // 0x0E key
    state(b, 0, 1, 0x0A);          // 0x12 stateId, 0x16 pass, 0x17 flags X|Width, 0x1B/0x1C props
    b.u8(1);                       // 0x1D one media
    b.u32(5).u32(5);               // 0x1E image, 0x22 its type again
    b.u32(0x06001234).u32(1);      // 0x26 file, 0x2A drawMode
    b.u32(3).u32(0x10000001);      // 0x2E readOrder, 0x32 elementId
    b.u32(2).u32(0).u32(0).u32(1); // 0x36 type, 0x3A baseElement, 0x3E baseLayoutId, 0x42 default
    b.u32(10).u32(300);            // 0x46 x, 0x4A width
    b.u32(1).u32(2).u32(3).u32(4); // 0x4E left, top, right, bottom edges
    b.u8(0).u8(1);                 // 0x5E states bucket, 0x5F one state
    b.u32(1);                      // 0x60 key
    state(b, 1, 0, 0);             // 0x64 stateId .. 0x6E props
    b.u8(1);                       // 0x6F one media
    b.u32(11).u32(11);             // 0x70 fade, 0x74 again
    b.f32(0).f32(1).f32(0.5f);     // 0x78 startAlpha, 0x7C endAlpha, 0x80 duration
    b.u8(0).u8(1);                 // 0x84 children bucket, 0x85 one child
    b.u32(0x10000002);             // 0x86 key
    state(b, 0, 0, 0x20);          // 0x8A stateId, 0x8E pass, 0x8F flags ZLevel, 0x93/0x94 props
    b.u8(0);                       // 0x95 no media
    b.u32(0).u32(0x10000002);      // 0x96 readOrder, 0x9A elementId
    b.u32(1).u32(0x10000009);      // 0x9E type, 0xA2 baseElement
    b.u32(0x21000007).u32(0);      // 0xA6 baseLayoutId, 0xAA defaultState
    b.u32(5);                      // 0xAE zLevel
    b.u32(0).u32(0).u32(0).u32(0); // 0xB2 edges
    b.u8(0).u8(0).u8(0).u8(0);     // 0xC2 no states, 0xC4 no children
    return b;                      // 0xC6
}

// `depth` elements, each the only child of the one before.
void nested(Bytes& b, int depth) {
    b.u32(0x10000000u + std::uint32_t(depth));
    state(b, 0, 0, 0).u8(0);
    b.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);
    b.u8(0).u8(0).u8(0).u8(depth > 1 ? 1 : 0);
    if (depth > 1)
        nested(b, depth - 1);
}

} // namespace

class TestUiLayout : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const UiLayout layout = UiLayout::decode(bytes.data, kDid);
        QCOMPARE(layout.width, 800u);
        QCOMPARE(layout.height, 600u);
        QVERIFY(!layout.isRaw());
        QCOMPARE(layout.elements.size(), std::size_t(1));
        const ElementDesc& window = layout.elements[0];
        QCOMPARE(window.key, 0x10000001u);
        QCOMPARE(window.elementId, 0x10000001u);
        QCOMPARE(window.desc.passToChildren, std::uint8_t(1));
        QCOMPARE(window.desc.media.size(), std::size_t(1));
        QCOMPARE(window.desc.media[0].type, std::uint32_t(MediaDesc::Image));
        QCOMPARE(window.desc.media[0].words[0], 0x06001234u);
        QCOMPARE(window.readOrder, 3u);
        QCOMPARE(window.defaultState, 1u);
        QCOMPARE(window.x, 10u);
        QCOMPARE(window.y, 0u); // not stored: its flag is clear
        QCOMPARE(window.width, 300u);
        QCOMPARE(window.bottomEdge, 4u);
        QCOMPARE(window.states.size(), std::size_t(1));
        QCOMPARE(window.states[0].state.media[0].type, std::uint32_t(MediaDesc::Fade));
        QCOMPARE(window.states[0].state.media[0].words[2], std::bit_cast<std::uint32_t>(0.5f));
        QCOMPARE(window.children.size(), std::size_t(1));
        const ElementDesc& child = window.children[0];
        QCOMPARE(child.baseElement, 0x10000009u);
        QCOMPARE(child.baseLayoutId, 0x21000007u);
        QCOMPARE(child.zLevel, 5u);
        QVERIFY(layout.trailing.empty());
        QCOMPARE(layout.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<UiLayout>(DatKind::Local, kDid,
                                                           handWritten().data);
    }

    void roundTripsThroughJson() {
        const UiLayout layout = UiLayout::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(layout, kDid, "layout"))
            return;
        const QJsonObject window = layout.toJson()["elements"].toArray()[0].toObject();
        QCOMPARE(window["media"].toArray()[0].toObject()["type"].toString(), QString("image"));
        QCOMPARE(window["media"].toArray()[0].toObject()["file"].toString(), QString("0x06001234"));
        QVERIFY(!window.contains("y"));
    }

    // Odd bucket indices, a long count form, unknown flag bits, a pass byte of 2, a second type
    // word that differs and trailing bytes all come back.
    void keepsRetailQuirks() {
        Bytes b;
        b.u32(kDid).u32(1).u32(2);
        b.u8(7).u8(0x80).u8(1); // bucket index 7, one element in the two-byte form
        b.u32(0x10000003);
        state(b, 9, 2, 0x40000001).u8(1);                   // pass 2, unknown flag bits, one media
        b.u32(9).u32(0x99).u32(0x0A000001).u32(0xCDCDCDCD); // sound, odd second word
        b.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);
        b.u8(3).u8(0).u8(5).u8(0);
        b.u32(0xDEADBEEF); // trailing
        const UiLayout layout = UiLayout::decode(b.data, kDid);
        QCOMPARE(layout.elementsHeader.bucketIndex, std::uint8_t(7));
        QCOMPARE(layout.elementsHeader.countBytes, std::uint8_t(2));
        QCOMPARE(layout.elements[0].desc.passToChildren, std::uint8_t(2));
        QCOMPARE(layout.elements[0].desc.media[0].typeAgain, 0x99u);
        QCOMPARE(layout.elements[0].childrenHeader.bucketIndex, std::uint8_t(5));
        QCOMPARE(layout.trailing.size(), std::size_t(4));
        QCOMPARE(layout.encode(), b.data);
        if (!jsonRoundTrips(layout, kDid, "layout"))
            return;
    }

    // Property values are typed by the portal DAT's MasterProperty: the table stays raw.
    void keepsTablesWithPropertiesRaw() {
        Bytes b;
        b.u32(kDid).u32(640).u32(480).u8(0).u8(1).u32(0x10000004);
        b.u32(0).u8(0).u32(0).u8(0).u8(1);              // a state with one property
        b.u32(0x1000000A).u32(0x1000000A).u32(7).u8(0); // key, its id, a value; no media
        b.u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0);
        b.u8(0).u8(0).u8(0).u8(0);
        const UiLayout layout = UiLayout::decode(b.data, kDid);
        QVERIFY(layout.isRaw());
        QVERIFY(layout.elements.empty());
        QCOMPARE(layout.rawElements.size(), b.data.size() - 12);
        QVERIFY(layout.rawReason.find("MasterProperty") != std::string::npos);
        QCOMPARE(layout.width, 640u);
        QCOMPARE(layout.encode(), b.data);
        if (!jsonRoundTrips(layout, kDid, "layout"))
            return;
        QVERIFY(layout.toJson().contains("rawElements"));
    }

    void boundsTheNestingDepth() {
        Bytes ok;
        ok.u32(kDid).u32(0).u32(0).u8(0).u8(1);
        nested(ok, ElementDesc::kMaxDepth);
        QCOMPARE(UiLayout::decode(ok.data, kDid).encode(), ok.data);
        Bytes deep;
        deep.u32(kDid).u32(0).u32(0).u8(0).u8(1);
        nested(deep, ElementDesc::kMaxDepth + 1);
        const auto error = errorFrom([&] { UiLayout::decode(deep.data, kDid); });
        QVERIFY(error && mentions(*error, "nest deeper"));
        QCOMPARE(QString::fromStdString(error->field()), QString("element.children"));
    }

    void handWrittenSourceTakesDefaults() {
        const UiLayout layout = portalkit::testing::fromSource<UiLayout>(
            R"({"width": 800, "elements": [{"elementId": "0x10000001", "x": 4, "height": 20,
                "media": [{"file": "0x06000010"}],
                "children": [{"elementId": "0x10000002"}]}]})",
            "layout", kDid);
        const ElementDesc& window = layout.elements[0];
        QCOMPARE(window.key, 0x10000001u); // the key defaults to the element id
        QCOMPARE(window.desc.incorporationFlags, StateDesc::kX | StateDesc::kHeight);
        QCOMPARE(window.height, 20u);
        QCOMPARE(window.desc.media[0].type, std::uint32_t(MediaDesc::Image));
        QCOMPARE(window.desc.media[0].typeAgain, std::uint32_t(MediaDesc::Image));
        QCOMPARE(window.children[0].key, 0x10000002u);
        const UiLayout back = UiLayout::decode(layout.encode(), kDid);
        QVERIFY(back == layout);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("placement without its flag")
            << QJsonObject{{"elements",
                            QJsonArray{QJsonObject{{"incorporationFlags", 0}, {"x", 3}}}}}
            << "layout.elements[0].x"
            << "incorporationFlags lacks";
        QTest::newRow("unknown media type")
            << QJsonObject{{"elements",
                            QJsonArray{QJsonObject{
                                {"media", QJsonArray{QJsonObject{{"type", "movie2"}}}}}}}}
            << "layout.elements[0].media[0].type"
            << "unknown media type";
        QTest::newRow("properties")
            << QJsonObject{{"elements",
                            QJsonArray{QJsonObject{{"properties", QJsonArray{QJsonObject{}}}}}}}
            << "layout.elements[0].properties"
            << "MasterProperty";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<UiLayout>("layout", kDid);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("height") << 0x0A << "layout.height" << 0x08;
        // An element takes at least 60 bytes with its key: a cut before that names the count.
        QTest::newRow("element count") << 0x40 << "layout.elements" << 0x0D;
        QTest::newRow("state count") << 0x6C << "element.states" << 0x5F;
        QTest::newRow("fade endAlpha") << 0x7E << "media.endAlpha" << 0x7C;
        QTest::newRow("fade duration") << 0x82 << "media.duration" << 0x80;
        QTest::newRow("child count") << 0xB0 << "element.children" << 0x85;
        QTest::newRow("grandchild bucket") << 0xC4 << "element.children" << 0xC4;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<UiLayout>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u32(0).u32(0).u8(0).u8(0xFF).u8(0xFF).u16(0xFFFF);
        const auto error = errorFrom([&] { UiLayout::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(QString::fromStdString(error->field()), QString("layout.elements"));
    }
};

QTEST_APPLESS_MAIN(TestUiLayout)
#include "tst_ui_layout.moc"
