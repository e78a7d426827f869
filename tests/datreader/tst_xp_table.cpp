#include "datreader/records/record.h"
#include "datreader/records/xp_table.h"
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

constexpr std::uint32_t kDid = 0x0E000018;

// The counts are the highest index: 2 means three entries, -1 none.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                           // 0x00 id
    b.i32(2).i32(1).i32(0).i32(-1).u32(2); // 0x04 attributes, vitals, trained, specialised, levels
    b.u32(0).u32(10).u32(25);              // 0x18 attributes
    b.u32(0).u32(7);                       // 0x24 vitals
    b.u32(0);                              // 0x2C trained skills (no specialised)
    b.u32(0).u32(0);                       // 0x30 level 0
    b.u32(1000).u32(0);                    // 0x38 level 1
    b.u32(0x2A05F200).u32(1);              // 0x40 level 2: 5 000 000 000
    b.u32(0).u32(1).u32(2);                // 0x48 skill credits
    return b;                              // 0x54
}

} // namespace

class TestXpTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const XpTable table = XpTable::decode(bytes.data, kDid);
        QCOMPARE(table.attributes, (std::vector<std::uint32_t>{0, 10, 25}));
        QCOMPARE(table.vitals, (std::vector<std::uint32_t>{0, 7}));
        QCOMPARE(table.trainedSkills, std::vector<std::uint32_t>{0});
        QVERIFY(table.specializedSkills.empty());
        QCOMPARE(table.levels, (std::vector<std::uint64_t>{0, 1000, 5000000000ull}));
        QCOMPARE(table.skillCredits, (std::vector<std::uint32_t>{0, 1, 2}));
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<XpTable>(DatKind::Portal, kDid,
                                                          handWritten().data);
    }

    void roundTripsThroughJson() {
        XpTable table = XpTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "xpTable"))
            return;
        // Beyond 2^53 a JSON number would lose digits: such totals go out as strings.
        table.levels[2] = 0xFFFFFFFFFFFFFFFFull;
        table.trailing = {0xAB};
        if (!jsonRoundTrips(table, kDid, "xpTable"))
            return;
        QCOMPARE(table.toJson().value("levels")[2].toString(), QString("18446744073709551615"));
    }

    void emptyListsStoreMinusOne() {
        XpTable table;
        table.id = kDid;
        Bytes expected;
        expected.u32(kDid);
        for (int i = 0; i < 5; ++i)
            expected.u32(0xFFFFFFFF);
        QCOMPARE(table.encode(), expected.data);
        QCOMPARE(XpTable::decode(expected.data, kDid), table);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("specialised count") << 0x12 << "xpTable.specializedSkills" << 0x10;
        QTest::newRow("attributes") << 0x20 << "xpTable.attributes" << 0x04;
        QTest::newRow("levels") << 0x40 << "xpTable.levels" << 0x14;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<XpTable>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b = handWritten();
        b.data[0x07] = 0x7F; // 0x7F000002 attribute ranks
        const auto error = errorFrom([&] { XpTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(error->offset(), std::uint64_t(0x04));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("credits and levels disagree")
            << QJsonObject{{"levels", QJsonArray{0, 10}}, {"skillCredits", QJsonArray{0}}}
            << "xpTable.skillCredits"
            << "share one count";
        QTest::newRow("level not a number")
            << QJsonObject{{"levels", QJsonArray{"lots"}}, {"skillCredits", QJsonArray{0}}}
            << "xpTable.levels[0]"
            << "whole number";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<XpTable>("xpTable", kDid);
    }
};

QTEST_APPLESS_MAIN(TestXpTable)
#include "tst_xp_table.moc"
