#include "datreader/records/language_info.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x41000000;

Bytes& wide(Bytes& b, const char* text) {
    b.u8(std::uint8_t(std::strlen(text)));
    for (const char* c = text; *c; ++c)
        b.u16(std::uint16_t(*c));
    return b;
}

// English-like rules: base 10, two decimals, "." and "," and "-", one is singular. `pad` is the
// fill after the singular flags.
Bytes handWritten(std::uint16_t pad = 0) {
    Bytes b;
    b.i32(1);                              // 0x00 version (no leading id)
    b.u16(10).u16(2);                      // 0x04 base, 0x06 numDecimalDigits
    b.u8(1).u16(3);                        // 0x08 leadingZero, 0x09 groupingSize
    wide(b, "0123456789");                 // 0x0B numerals
    wide(b, ".");                          // 0x20 decimalSeparator
    wide(b, ",");                          // 0x23 groupingSeparator
    wide(b, "-");                          // 0x26 negativeNumberFormat
    b.u8(0).u8(1).u8(1).u8(0).u8(0);       // 0x29 zero .. negative-two-or-less singular
    b.u16(pad);                            // 0x2E fill to 0x30
    wide(b, "abc");                        // 0x30 treasurePrefixLetters
    wide(b, "").u8(0).u8(0).u8(0);         // 0x37 middle, suffix, male, female
    for (std::uint32_t i = 0; i < 17; ++i) // 0x3B imeEnabledSetting .. otherIme
        b.u32(0x100 + i);
    b.i32(1);    // 0x7F wordWrapOnSpace
    wide(b, ""); // 0x83 additionalSettings
    b.u32(0x20); // 0x84 additionalFlags
    return b;    // 0x88
}

} // namespace

class TestStringState : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const LanguageInfo info = LanguageInfo::decode(bytes.data, kDid);
        QCOMPARE(info.id, kDid);
        QCOMPARE(info.version, 1);
        QCOMPARE(info.base, std::uint16_t(10));
        QCOMPARE(info.numDecimalDigits, std::uint16_t(2));
        QCOMPARE(info.groupingSize, std::uint16_t(3));
        QCOMPARE(info.numerals.text, std::u16string(u"0123456789"));
        QCOMPARE(info.decimalSeparator.text, std::u16string(u"."));
        QCOMPARE(info.negativeNumberFormat.text, std::u16string(u"-"));
        QCOMPARE(info.singular[1], std::uint8_t(1));
        QCOMPARE(info.singular[3], std::uint8_t(0));
        QCOMPARE(info.letters[0].text, std::u16string(u"abc"));
        QCOMPARE(info.ime[0], 0x100u);
        QCOMPARE(info.ime[16], 0x110u);
        QCOMPARE(info.wordWrapOnSpace, 1);
        QCOMPARE(info.additionalFlags, 0x20u);
        QCOMPARE(info.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<LanguageInfo>(DatKind::Local, kDid,
                                                               handWritten().data);
    }

    void roundTripsThroughJson() {
        const LanguageInfo info = LanguageInfo::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(info, kDid, "language"))
            return;
        QCOMPARE(info.toJson()["numerals"].toString(), QString("0123456789"));
        QCOMPARE(info.toJson()["isOneSingular"].toBool(), true);
    }

    void keepsFillAndTrailingBytes() {
        Bytes b = handWritten(0xCDCD);
        b.u8(7);
        const LanguageInfo info = LanguageInfo::decode(b.data, kDid);
        QCOMPARE(info.pad, 0xCDCDu);
        QCOMPARE(info.trailing.size(), std::size_t(1));
        QCOMPARE(info.encode(), b.data);
        if (!jsonRoundTrips(info, kDid, "language"))
            return;
    }

    void handWrittenSourceTakesDefaults() {
        const LanguageInfo info = portalkit::testing::fromSource<LanguageInfo>(
            R"({"numerals": "0123456789", "decimalSeparator": ",", "isOneSingular": true})",
            "language", kDid);
        QCOMPARE(info.base, std::uint16_t(10));
        QCOMPARE(info.groupingSize, std::uint16_t(3));
        QCOMPARE(info.singular[1], std::uint8_t(1));
        QVERIFY(LanguageInfo::decode(info.encode(), kDid) == info);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("base not a number") << QJsonObject{{"base", "ten"}} << "language.base"
                                           << "expected an integer";
        QTest::newRow("pad too wide") << QJsonObject{{"pad", 0x10000}} << "language.pad"
                                      << "does not fit";
    }
    void jsonErrorsNameThePath() {
        QFETCH(QJsonObject, source);
        QFETCH(QString, field);
        QFETCH(QString, message);
        // The pad is checked where it is written, the rest where the source is read.
        const auto error = portalkit::testing::errorFrom(
            [&] { LanguageInfo::fromJson(JsonNode(source, "language", kDid), kDid).encode(); });
        QVERIFY(error);
        if (field == "language.pad")
            QCOMPARE(QString::fromStdString(error->field()), field);
        else
            portalkit::testing::checkSourceError(*error, field, kDid, message);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("groupingSize") << 0x0A << "language.groupingSize" << 0x09;
        QTest::newRow("pad") << 0x2F << "language.pad" << 0x2E;
        QTest::newRow("first ime field") << 0x3C << "language.imeEnabledSetting" << 0x3B;
        QTest::newRow("wordWrapOnSpace") << 0x81 << "language.wordWrapOnSpace" << 0x7F;
        QTest::newRow("additionalFlags") << 0x86 << "language.additionalFlags" << 0x84;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<LanguageInfo>(handWritten().data, kDid);
    }
};

QTEST_APPLESS_MAIN(TestStringState)
#include "tst_string_state.moc"
