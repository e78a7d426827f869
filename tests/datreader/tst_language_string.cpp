#include "datreader/records/language_string.h"
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

constexpr std::uint32_t kDid = 0x31000004;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                       // 0x00 id
    b.u8(5);                           // 0x04 compressed length 5
    b.u8('H').u8('e').u8('l').u8('l'); // 0x05 "Hello"
    b.u8('o');
    return b; // 0x0A, no fill after the text
}

} // namespace

class TestLanguageString : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const LanguageString string = LanguageString::decode(bytes.data, kDid);
        QCOMPARE(string.value.text, std::string("Hello"));
        QCOMPARE(string.value.lengthBytes, std::uint8_t(0));
        QVERIFY(string.trailing.empty());
        QCOMPARE(string.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<LanguageString>(DatKind::Portal, kDid,
                                                                 handWritten().data);
    }

    void keepsALongLengthAndTrailingBytes() {
        Bytes b;
        b.u32(kDid).u8(0x80).u8(0x02).u8('h').u8('i'); // length 2 in the two-byte form
        b.u8(0xCD).u8(0xCD);                           // fill a writer left
        const LanguageString string = LanguageString::decode(b.data, kDid);
        QCOMPARE(string.value.text, std::string("hi"));
        QCOMPARE(string.value.lengthBytes, std::uint8_t(2));
        QCOMPARE(string.trailing.size(), std::size_t(2));
        QCOMPARE(string.encode(), b.data);
        if (!jsonRoundTrips(string, kDid, "string"))
            return;
    }

    void roundTripsThroughJson() {
        const LanguageString string = LanguageString::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(string, kDid, "string"))
            return;
        QCOMPARE(string.toJson()["value"].toString(), QString("Hello"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("value not text") << QJsonObject{{"value", 5}} << "string.value"
                                        << "";
        QTest::newRow("wrong id") << QJsonObject{{"id", "0x31000001"}} << "string.id"
                                  << "its entry is";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<LanguageString>("string", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<LanguageString>(bytes.data, 0x02, "id", 0x00, kDid);
        portalkit::testing::checkTruncation<LanguageString>(bytes.data, 0x07, "string.value", 0x05,
                                                            kDid);
    }
};

QTEST_APPLESS_MAIN(TestLanguageString)
#include "tst_language_string.moc"
