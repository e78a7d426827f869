#include "datreader/records/quality_filter.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x0E010005;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                   // 0x00 id
    b.u32(2).u32(0).u32(1).u32(0); // 0x04 int, int64, bool, float counts
    b.u32(0).u32(0).u32(0).u32(1); // 0x14 dataId, instanceId, string, position
    b.u32(1).u32(5);               // 0x24 int stats
    b.u32(3);                      // 0x2C bool stat
    b.u32(9);                      // 0x30 position stat
    b.u32(1).u32(0).u32(2);        // 0x34 attribute, attribute2nd, skill counts
    b.u32(6);                      // 0x40 attribute
    b.u32(6).u32(24);              // 0x44 skills
    return b;                      // 0x4C
}

} // namespace

class TestQualityFilter : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const QualityFilter filter = QualityFilter::decode(bytes.data, kDid);
        QCOMPARE(filter.lists[0], (std::vector<std::uint32_t>{1, 5}));
        QVERIFY(filter.lists[1].empty());
        QCOMPARE(filter.lists[2], std::vector<std::uint32_t>{3});
        QCOMPARE(filter.lists[7], std::vector<std::uint32_t>{9});
        QCOMPARE(filter.lists[8], std::vector<std::uint32_t>{6});
        QVERIFY(filter.lists[9].empty());
        QCOMPARE(filter.lists[10], (std::vector<std::uint32_t>{6, 24}));
        QCOMPARE(filter.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<QualityFilter>(DatKind::Portal, kDid,
                                                                handWritten().data);
    }

    void roundTripsThroughJsonWithTrailingBytes() {
        Bytes b = handWritten();
        b.u16(0xBEEF);
        const QualityFilter filter = QualityFilter::decode(b.data, kDid);
        QCOMPARE(filter.trailing.size(), std::size_t(2));
        QCOMPARE(filter.encode(), b.data);
        if (!jsonRoundTrips(filter, kDid, "qualityFilter"))
            return;
        QCOMPARE(filter.toJson().value("skill")[1].toInt(), 24);
        const QualityFilter sparse = portalkit::testing::fromSource<QualityFilter>(
            R"({"attribute2nd": [1, 3]})", "qualityFilter", kDid);
        QCOMPARE(sparse.lists[9], (std::vector<std::uint32_t>{1, 3}));
        QVERIFY(sparse.lists[0].empty());
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("first counts") << 0x10 << "qualityFilter.count" << 0x10;
        QTest::newRow("int list cut") << 0x28 << "qualityFilter.count" << 0x04;
        QTest::newRow("second counts") << 0x36 << "qualityFilter.count" << 0x34;
        QTest::newRow("skills cut") << 0x48 << "qualityFilter.count" << 0x3C;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<QualityFilter>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b = handWritten();
        b.data[0x07] = 0x40;
        const auto error = errorFrom([&] { QualityFilter::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit") && mentions(*error, "int list"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("skill not a number")
            << QJsonObject{{"skill", QJsonArray{"run"}}} << "qualityFilter.skill[0]"
            << "expected";
        QTest::newRow("list not an array") << QJsonObject{{"int", 3}} << "qualityFilter.int"
                                           << "array";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<QualityFilter>("qualityFilter", kDid);
    }
};

QTEST_APPLESS_MAIN(TestQualityFilter)
#include "tst_quality_filter.moc"
