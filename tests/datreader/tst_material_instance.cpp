#include "datreader/records/material_instance.h"
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
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x18000C41;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);       // 0x00 id
    b.u32(0x16000C41); // 0x04 materialId
    b.u32(3);          // 0x08 materialType
    b.u32(2);          // 0x0C two modifier refs
    b.u32(0x17000C41); // 0x10
    b.u32(0x17000C42); // 0x14
    b.u8(1);           // 0x18 allowStencilShadows
    b.u8(0);           // 0x19 wantDiscardGeometry
    return b;          // 0x1A
}

} // namespace

class TestMaterialInstance : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const MaterialInstance m = MaterialInstance::decode(bytes.data, kDid);
        QCOMPARE(m.materialId, 0x16000C41u);
        QCOMPARE(m.materialType, 3u);
        QCOMPARE(m.modifierRefs, (std::vector<std::uint32_t>{0x17000C41, 0x17000C42}));
        QCOMPARE(m.allowStencilShadows, std::uint8_t(1));
        QCOMPARE(m.wantDiscardGeometry, std::uint8_t(0));
        QCOMPARE(m.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<MaterialInstance>(DatKind::Portal, kDid,
                                                                   handWritten().data);
    }

    // A bool byte other than 0 or 1 and bytes past the flags come back as they were.
    void keepsOddBoolsAndTrailingBytes() {
        Bytes b = handWritten();
        b.data[0x19] = 0x7F;
        b.u8(0xCD).u8(0xCD);
        const MaterialInstance m = MaterialInstance::decode(b.data, kDid);
        QCOMPARE(m.wantDiscardGeometry, std::uint8_t(0x7F));
        QCOMPARE(m.trailing.size(), std::size_t(2));
        QCOMPARE(m.encode(), b.data);
        if (!jsonRoundTrips(m, kDid, "materialInstance"))
            return;
    }

    void roundTripsThroughJson() {
        const MaterialInstance m = MaterialInstance::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(m, kDid, "materialInstance"))
            return;
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("flag too big")
            << QJsonObject{{"allowStencilShadows", 300}} << "materialInstance.allowStencilShadows"
            << "";
        QTest::newRow("ref not an id")
            << QJsonObject{{"modifierRefs", QJsonArray{"x"}}} << "materialInstance.modifierRefs[0]"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<MaterialInstance>("materialInstance", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        using portalkit::testing::checkTruncation;
        checkTruncation<MaterialInstance>(bytes.data, 0x06, "materialInstance.materialId", 0x04,
                                          kDid);
        checkTruncation<MaterialInstance>(bytes.data, 0x14, "materialInstance.numModifierRefs",
                                          0x0C, kDid);
        checkTruncation<MaterialInstance>(bytes.data, 0x19, "materialInstance.wantDiscardGeometry",
                                          0x19, kDid);
    }
};

QTEST_APPLESS_MAIN(TestMaterialInstance)
#include "tst_material_instance.moc"
