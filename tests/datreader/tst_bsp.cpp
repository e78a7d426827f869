#include "datreader/records/bsp.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;

Q_DECLARE_METATYPE(BspVariant)

namespace {

// The value of a tag whose four letters read big-endian, worked out here rather than taken
// from bsp_tag so a wrong constant there cannot hide.
std::uint32_t tagOf(const char (&letters)[5]) {
    return (std::uint32_t(std::uint8_t(letters[0])) << 24) |
           (std::uint32_t(std::uint8_t(letters[1])) << 16) |
           (std::uint32_t(std::uint8_t(letters[2])) << 8) | std::uint32_t(std::uint8_t(letters[3]));
}

// A tree with all eight node kinds, in stored order (node, positive subtree, negative subtree):
//   0 PORT(1, 6)  1 BPIN(2, 3)  2 LEAF  3 BPnN(4, 5)  4 LEAF  5 LEAF
//   6 BPIn(7, -)  7 BPnn(8, -)  8 BpIN(-, 9)  9 BpnN(-, 10)  10 LEAF
struct Shape {
    const char* tag;
    int pos, neg;
};
const Shape kShape[] = {{"PORT", 1, 6},   {"BPIN", 2, 3},   {"LEAF", -1, -1}, {"BPnN", 4, 5},
                        {"LEAF", -1, -1}, {"LEAF", -1, -1}, {"BPIn", 7, -1},  {"BPnn", 8, -1},
                        {"BpIN", -1, 9},  {"BpnN", -1, 10}, {"LEAF", -1, -1}};
constexpr int kNodes = 11;

Bytes& tagBytes(Bytes& b, const char* letters) {
    char text[5] = {letters[0], letters[1], letters[2], letters[3], 0};
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i)
        value = (value << 8) | std::uint8_t(text[i]);
    return b.u32(value); // stored little-endian: the letters come out reversed
}

// Node i's bytes as the variant stores them, every value derived from i so each node differs.
void writeNode(Bytes& b, int i, BspVariant variant) {
    const Shape& shape = kShape[i];
    const bool leaf = std::string_view(shape.tag) == "LEAF";
    const bool portal = std::string_view(shape.tag) == "PORT";
    tagBytes(b, shape.tag);
    if (leaf) {
        b.i32(100 + i); // leafIndex
        if (variant == BspVariant::Physics) {
            b.i32(i % 2);                            // solid
            b.f32(float(i)).f32(0).f32(0).f32(0.5f); // sphere
            b.u32(2).u16(std::uint16_t(i)).u16(7);   // polygons
        }
        return;
    }
    b.f32(0).f32(0).f32(1).f32(float(-i)); // splitting plane
    if (shape.pos >= 0)
        writeNode(b, shape.pos, variant);
    if (shape.neg >= 0)
        writeNode(b, shape.neg, variant);
    if (variant == BspVariant::Cell || (variant == BspVariant::Physics && portal))
        return;
    b.f32(1).f32(2).f32(float(i)).f32(3); // sphere
    if (variant == BspVariant::Physics)
        return;
    if (portal) {
        b.u32(1).u32(2);                 // polygon count, portal count
        b.u16(9);                        // polygons
        b.u16(4).u16(0);                 // portal pair: polygon 4, portal 0
        b.u16(std::uint16_t(-1)).u16(1); // polygon -1 (kept as read), portal 1
        return;
    }
    b.u32(1).u16(std::uint16_t(i)); // polygons
}

Bytes treeBytes(BspVariant variant) {
    Bytes b;
    writeNode(b, 0, variant);
    return b;
}

BspTree decode(const std::vector<std::uint8_t>& bytes, BspVariant variant) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, 0x0D000001);
    BspTree tree = readBspTree(in, variant);
    in.expectEnd("bsp");
    return tree;
}

std::vector<std::uint8_t> encode(const BspTree& tree, BspVariant variant) {
    ByteWriter out;
    writeBspTree(out, tree, variant);
    return out.take();
}

} // namespace

class TestBsp : public QObject {
    Q_OBJECT

  private slots:
    void variants_data() {
        QTest::addColumn<BspVariant>("variant");
        QTest::newRow("drawing") << BspVariant::Drawing;
        QTest::newRow("physics") << BspVariant::Physics;
        QTest::newRow("cell") << BspVariant::Cell;
    }

    void readsEveryNodeKind_data() { variants_data(); }
    void readsEveryNodeKind() {
        QFETCH(BspVariant, variant);
        const Bytes bytes = treeBytes(variant);
        const BspTree tree = decode(bytes.data, variant);
        QCOMPARE(int(tree.nodes.size()), kNodes);
        for (int i = 0; i < kNodes; ++i) {
            const BspNode& node = tree.nodes[std::size_t(i)];
            QCOMPARE(node.tag, tagOf(*reinterpret_cast<const char(*)[5]>(kShape[i].tag)));
            QCOMPARE(node.posChild, kShape[i].pos);
            QCOMPARE(node.negChild, kShape[i].neg);
            if (kShape[i].pos < 0 && kShape[i].neg < 0)
                QCOMPARE(node.leafIndex, 100 + i);
            else
                QCOMPARE(node.splittingPlane.d, float(-i));
        }
        QCOMPARE(bspNodeKind(tree.nodes[0].tag), BspNodeKind::Portal);
        QCOMPARE(bspNodeKind(tree.nodes[8].tag), BspNodeKind::Internal);
        if (variant == BspVariant::Drawing) {
            QCOMPARE(tree.nodes[0].portals.size(), std::size_t(2));
            QCOMPARE(tree.nodes[0].portals[0].polygonIndex, std::int16_t(4));
            QCOMPARE(tree.nodes[0].portals[1].polygonIndex, std::int16_t(-1));
            QCOMPARE(tree.nodes[3].polygons, std::vector<std::uint16_t>{3});
        }
        if (variant == BspVariant::Physics) {
            QCOMPARE(tree.nodes[5].solid, 1);
            QCOMPARE(tree.nodes[5].polygons, (std::vector<std::uint16_t>{5, 7}));
            QCOMPARE(tree.nodes[0].boundingSphere, Sphere{}); // physics portals store none
            QCOMPARE(tree.nodes[1].boundingSphere.center.z, 1.0f);
        }
        if (variant == BspVariant::Cell)
            QVERIFY(tree.nodes[1].polygons.empty());
    }

    void reEncodesByteExact_data() { variants_data(); }
    void reEncodesByteExact() {
        QFETCH(BspVariant, variant);
        const Bytes bytes = treeBytes(variant);
        QCOMPARE(encode(decode(bytes.data, variant), variant), bytes.data);
    }

    void roundTripsThroughJson_data() { variants_data(); }
    void roundTripsThroughJson() {
        QFETCH(BspVariant, variant);
        const BspTree tree = decode(treeBytes(variant).data, variant);
        const QByteArray text = QJsonDocument(bspTreeToJson(tree, variant)).toJson();
        const JsonNode node(QJsonDocument::fromJson(text).array(), "bsp", 0x0D000001);
        QCOMPARE(bspTreeFromJson(node, variant), tree);
    }

    // Every cut inside the tree fails, naming a BSP field at or before the cut.
    void truncationAnywhereNamesABspField_data() { variants_data(); }
    void truncationAnywhereNamesABspField() {
        QFETCH(BspVariant, variant);
        const Bytes bytes = treeBytes(variant);
        for (std::size_t length = 0; length < bytes.data.size(); ++length) {
            const std::vector<std::uint8_t> cut(bytes.data.begin(),
                                                bytes.data.begin() + std::ptrdiff_t(length));
            const auto error = errorFrom([&] { decode(cut, variant); });
            QVERIFY2(error, qPrintable(QString("a cut at %1 decoded").arg(length)));
            QVERIFY2(error->field().rfind("bsp.", 0) == 0, error->what());
            QVERIFY(error->offset() <= length);
        }
    }

    void truncationNamesTheField_data() {
        QTest::addColumn<BspVariant>("variant");
        QTest::addColumn<int>("length");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        // Offsets follow the layout writeNode spells out: the root's plane at 4, node 1 at 0x14,
        // node 2 (a leaf) at 0x28.
        QTest::newRow("tag") << BspVariant::Cell << 2 << "bsp.tag" << 0;
        QTest::newRow("plane") << BspVariant::Cell << 0x10 << "bsp.splittingPlane" << 0x10;
        QTest::newRow("leaf index") << BspVariant::Cell << 0x2E << "bsp.leafIndex" << 0x2C;
        QTest::newRow("solid") << BspVariant::Physics << 0x31 << "bsp.solid" << 0x30;
        QTest::newRow("leaf sphere") << BspVariant::Physics << 0x40 << "bsp.boundingSphere" << 0x40;
        QTest::newRow("leaf polygon count")
            << BspVariant::Physics << 0x45 << "bsp.polygons" << 0x44;
        QTest::newRow("leaf polygons") << BspVariant::Physics << 0x49 << "bsp.polygons" << 0x44;
    }
    void truncationNamesTheField() {
        QFETCH(BspVariant, variant);
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        const Bytes bytes = treeBytes(variant);
        const std::vector<std::uint8_t> cut(bytes.data.begin(), bytes.data.begin() + length);
        const auto error = errorFrom([&] { decode(cut, variant); });
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), field);
        QCOMPARE(error->offset(), std::uint64_t(offset));
    }

    void drawingPortalListsNameThemselves() {
        // The root's own lists come last, after both subtrees: two counts, one polygon, two
        // (i16, i16) pairs.
        const Bytes bytes = treeBytes(BspVariant::Drawing);
        const std::size_t size = bytes.data.size();
        const auto cutAt = [&](std::size_t length) {
            const std::vector<std::uint8_t> cut(bytes.data.begin(),
                                                bytes.data.begin() + std::ptrdiff_t(length));
            return errorFrom([&] { decode(cut, BspVariant::Drawing); });
        };
        // Too short for the pairs its count announces: caught at the count.
        auto error = cutAt(size - 6);
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("bsp.portals"));
        QCOMPARE(error->offset(), std::uint64_t(size - 14));
        // The count fits once the polygon is consumed; the last value is then missing.
        error = cutAt(size - 1);
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("bsp.portals"));
        QCOMPARE(error->offset(), std::uint64_t(size - 2));
        const auto unknown = errorFrom([&] {
            Bytes b;
            b.u32(tagOf("BPOL"));
            decode(b.data, BspVariant::Cell);
        });
        QVERIFY(unknown && unknown->field() == "bsp.tag");
    }

    void writerRejectsTreesOutOfStoredOrder() {
        BspTree tree = decode(treeBytes(BspVariant::Cell).data, BspVariant::Cell);
        std::swap(tree.nodes[0].posChild, tree.nodes[0].negChild);
        QVERIFY(errorFrom([&] { encode(tree, BspVariant::Cell); }));
        QVERIFY(errorFrom([&] { encode(BspTree{}, BspVariant::Cell); }));
    }
};

QTEST_APPLESS_MAIN(TestBsp)
#include "tst_bsp.moc"
