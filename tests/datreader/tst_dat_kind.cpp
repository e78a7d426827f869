#include "datreader/container/dat_header.h"
#include "datreader/container/dat_kind.h"
#include "datreader/records/opaque_types.h"
#include "datreader/records/record.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;

class TestDatKind : public QObject {
    Q_OBJECT
  private slots:
    void portalRanges_data() {
        QTest::addColumn<std::uint32_t>("did");
        QTest::addColumn<QString>("type");
        QTest::newRow("gfxobj") << 0x01000001u << "GfxObj";
        QTest::newRow("setup") << 0x02000124u << "Setup";
        QTest::newRow("rendersurface high") << 0x07FFFFFFu << "RenderSurface";
        QTest::newRow("surface") << 0x08000010u << "Surface";
        QTest::newRow("chargen exact") << 0x0E000002u << "CharGen";
        QTest::newRow("0x0E gap") << 0x0E000005u << "Unknown";
        QTest::newRow("quality filter") << 0x0E010042u << "QualityFilter";
        QTest::newRow("emitter") << 0x32000ABCu << "ParticleEmitterInfo";
        QTest::newRow("script") << 0x33000001u << "PhysicsScript";
        QTest::newRow("script table") << 0x34000001u << "PhysicsScriptTable";
        QTest::newRow("font local") << 0x40001000u << "FontLocal";
        QTest::newRow("iteration") << 0xFFFF0001u << "Iteration";
        QTest::newRow("outside any range") << 0x0100FFFFu + 1 << "Unknown";
    }
    void portalRanges() {
        QFETCH(std::uint32_t, did);
        QFETCH(QString, type);
        QCOMPARE(QString::fromUtf8(typeName(DatKind::Portal, did).data()), type);
    }

    void cellUsesLowSixteenBitsButIterationFirst() {
        QCOMPARE(typeName(DatKind::Cell, 0xA9B4FFFF), std::string_view("LandBlock"));
        QCOMPARE(typeName(DatKind::Cell, 0xA9B4FFFE), std::string_view("LandBlockInfo"));
        QCOMPARE(typeName(DatKind::Cell, 0xA9B40105), std::string_view("EnvCell"));
        QCOMPARE(typeName(DatKind::Cell, 0x01010001), std::string_view("Unknown"));
        // 0xFFFF0001 would be an EnvCell by the low-16 rule.
        QCOMPARE(typeName(DatKind::Cell, kIterationDid), std::string_view("Iteration"));
    }

    void localAndHighResTables() {
        QCOMPARE(typeName(DatKind::Local, 0x23000001), std::string_view("StringTable"));
        QCOMPARE(typeName(DatKind::Local, 0x02000001), std::string_view("Unknown"));
        QCOMPARE(typeName(DatKind::HighRes, 0x06001234), std::string_view("RenderSurface"));
        QCOMPARE(typeName(DatKind::HighRes, 0x02000001), std::string_view("Unknown"));
    }

    void typeNamesListEachNameOnce() {
        const auto names = typeNames(DatKind::Portal);
        QCOMPARE(std::count(names.begin(), names.end(), std::string_view("RenderSurface")), 1);
        QVERIFY(std::find(names.begin(), names.end(), std::string_view("Iteration")) !=
                names.end());
    }

    void everyTypeWithoutADecoderSaysWhy() {
        for (const DatKind kind :
             {DatKind::Portal, DatKind::Cell, DatKind::Local, DatKind::HighRes})
            for (const std::string_view type : typeNames(kind))
                QCOMPARE(whyOpaque(type).empty(), hasDecoder(type));
        // The server's tables ACE lists are named as unconfirmed in the client DATs.
        QVERIFY(whyOpaque("TreasureTable").find("no public source shows") != std::string::npos);
        QVERIFY(whyOpaque("Unknown").find("outside every range") != std::string::npos);
        QCOMPARE(typeName(DatKind::Portal, 0x0E000011), std::string_view("TreasureTable"));
    }

    void headerKindComesFromDataSetAndSubset() {
        for (auto kind : {DatKind::Portal, DatKind::Cell, DatKind::Local, DatKind::HighRes}) {
            const DatHeader header = DatHeader::defaultsFor(kind);
            QCOMPARE(header.kind(), kind);
            QCOMPARE(kindFromName(kindName(kind)), std::optional<DatKind>(kind));
        }
        QCOMPARE(DatHeader::defaultsFor(DatKind::Cell).blockSize, 256u);
        QCOMPARE(DatHeader::defaultsFor(DatKind::Cell).enginePackVersion, 22u);
        QCOMPARE(DatHeader::defaultsFor(DatKind::Portal).blockSize, 1024u);
    }

    void headerSerializeParseRoundTrip() {
        DatHeader header = DatHeader::defaultsFor(DatKind::HighRes);
        header.fileSize = 123456;
        header.rootOffset = 0x4000;
        header.masterMapId = 0x25000001;
        header.versionGuid[3] = 0x7E;
        header.versionString[0] = 'v';
        const auto bytes = header.serialize();
        QCOMPARE(bytes.size(), std::size_t(400));
        std::uint32_t magic;
        std::memcpy(&magic, bytes.data() + 0x140, 4);
        QCOMPARE(magic, 0x5442u);
        const DatHeader back = DatHeader::parse(bytes);
        QCOMPARE(back.serialize(), bytes);
        QCOMPARE(back.kind(), DatKind::HighRes);
        QCOMPARE(back.firstBlockOffset(), 1024u);
        QCOMPARE(DatHeader::defaultsFor(DatKind::Cell).firstBlockOffset(), 512u);
    }
};

QTEST_APPLESS_MAIN(TestDatKind)
#include "tst_dat_kind.moc"
