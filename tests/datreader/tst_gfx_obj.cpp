#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_degrade_info.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QTest>
#include <bit>
#include <stdexcept>

using namespace portalkit::dat;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

Q_DECLARE_METATYPE(BspVariant)

namespace {

constexpr std::uint32_t kDrawingDid = 0x01000042;
constexpr std::uint32_t kPhysicsDid = 0x01000043;

// Written by hand from docs/formats.md: drawing polygons and BSP, a degrade id, no alignment.
const std::vector<std::uint8_t> kDrawingObject{
    0x42, 0x00, 0x00, 0x01,                                                 // 0x00 id
    0x0A, 0x00, 0x00, 0x00,                                                 // 0x04 flags 2|8
    0x01,                                                                   // 0x08 CUInt 1
    0x10, 0x00, 0x00, 0x08,                                                 // 0x09 0x08000010
    0x01, 0x00, 0x00, 0x00,                                                 // 0x0D vertexType
    0x01, 0x00, 0x00, 0x00,                                                 // 0x11 1 vertex
    0x00, 0x00,                                                             // 0x15 vertex id
    0x01, 0x00,                                                             // 0x17 1 UV
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x19 origin
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x25 normal
    0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x80, 0x3F,                         // 0x31 uv .5, 1
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, // 0x39 sortCenter
    0x01,                                                                   // 0x45 CUInt 1
    0x05, 0x00,                                                             // 0x46 polygon 5
    0x03,                                                                   // 0x48 3 points
    0x00,                                                                   // 0x49 stippling
    0x02, 0x00, 0x00, 0x00,                                                 // 0x4A clockwise
    0x00, 0x00,                                                             // 0x4E posSurface
    0x00, 0x00,                                                             // 0x50 negSurface
    0x00, 0x00, 0x01, 0x00, 0x02, 0x00,                                     // 0x52 vertexIds
    0x00, 0x01, 0x02,                                                       // 0x58 posUVs
    0x03, 0x04, 0x05,                                                       // 0x5B negUVs
    0x6E, 0x6E, 0x50, 0x42,                                                 // 0x5E BPnn
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x62 normal
    0x00, 0x00, 0x80, 0xBF,                                                 // 0x6E d -1
    0x46, 0x41, 0x45, 0x4C,                                                 // 0x72 LEAF
    0x03, 0x00, 0x00, 0x00,                                                 // 0x76 leaf 3
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x7A sphere
    0x00, 0x00, 0x80, 0x3F,                                                 //      r 1
    0x01, 0x00, 0x00, 0x00,                                                 // 0x8A 1 polygon
    0x05, 0x00,                                                             // 0x8E polygon 5
    0x42, 0x00, 0x00, 0x11,                                                 // 0x90 didDegrade
};
constexpr std::size_t kDrawingObjectSize = 0x94;

// Physics only: a PORT whose physics body is just plane and children, over two physics leaves.
const std::vector<std::uint8_t> kPhysicsObject{
    0x43, 0x00, 0x00, 0x01,                                                 // 0x00 id
    0x01, 0x00, 0x00, 0x00,                                                 // 0x04 HasPhysics
    0x00,                                                                   // 0x08 0 surfaces
    0x01, 0x00, 0x00, 0x00,                                                 // 0x09 vertexType
    0x00, 0x00, 0x00, 0x00,                                                 // 0x0D 0 vertices
    0x00,                                                                   // 0x11 0 polygons
    0x54, 0x52, 0x4F, 0x50,                                                 // 0x12 PORT
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x16 normal
    0x00, 0x00, 0x00, 0x00,                                                 // 0x22 d 0
    0x46, 0x41, 0x45, 0x4C,                                                 // 0x26 LEAF
    0x00, 0x00, 0x00, 0x00,                                                 // 0x2A leaf 0
    0x01, 0x00, 0x00, 0x00,                                                 // 0x2E solid
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x32 sphere
    0x00, 0x00, 0x00, 0x40,                                                 //      r 2
    0x01, 0x00, 0x00, 0x00,                                                 // 0x42 1 polygon
    0x07, 0x00,                                                             // 0x46 polygon 7
    0x46, 0x41, 0x45, 0x4C,                                                 // 0x48 LEAF
    0x01, 0x00, 0x00, 0x00,                                                 // 0x4C leaf 1
    0x00, 0x00, 0x00, 0x00,                                                 // 0x50 not solid
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x54 sphere
    0x00, 0x00, 0x80, 0x3F,                                                 //      r 1
    0x00, 0x00, 0x00, 0x00,                                                 // 0x64 0 polygons
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x68 sortCenter
};
constexpr std::size_t kPhysicsObjectSize = 0x74;

std::vector<std::uint8_t> spliced(std::vector<std::uint8_t> bytes, std::size_t at,
                                  std::size_t removed, std::vector<std::uint8_t> inserted) {
    bytes.erase(bytes.begin() + std::ptrdiff_t(at), bytes.begin() + std::ptrdiff_t(at + removed));
    bytes.insert(bytes.begin() + std::ptrdiff_t(at), inserted.begin(), inserted.end());
    return bytes;
}

std::vector<std::uint8_t> patched(const std::vector<std::uint8_t>& bytes, std::size_t at,
                                  std::uint32_t value) {
    return spliced(bytes, at, 4,
                   {std::uint8_t(value), std::uint8_t(value >> 8), std::uint8_t(value >> 16),
                    std::uint8_t(value >> 24)});
}

// Runs `decode`, which must throw a DatError naming `field` at `offset`; returns its message,
// or an empty string (after a warning saying why) when it did not.
template <typename Decode>
std::string expectDatError(Decode decode, const std::string& field, std::uint64_t offset) {
    try {
        decode();
    } catch (const DatError& error) {
        if (error.field() == field && error.offset() == offset)
            return error.what();
        qWarning("expected field %s at 0x%llX, got: %s", field.c_str(),
                 static_cast<unsigned long long>(offset), error.what());
        return {};
    }
    qWarning("expected field %s at 0x%llX, got no error", field.c_str(),
             static_cast<unsigned long long>(offset));
    return {};
}

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

// Every node kind and all six internal tags, in stored order:
//   0 BPIN(1, 8)  1 BPnn(2)  2 BPIn(3)  3 BpIN(-, 4)  4 BpnN(-, 5)  5 BPnN(6, 7)  6 LEAF  7 LEAF
//   8 PORT(9, 10)  9 LEAF  10 LEAF
// Each node gets exactly the fields its variant stores.
BspTree sampleTree(BspVariant variant) {
    struct Shape {
        std::uint32_t tag;
        std::int32_t pos, neg;
    };
    const Shape shapes[] = {
        {bsp_tag::BPIN, 1, 8},   {bsp_tag::BPnn, 2, -1},  {bsp_tag::BPIn, 3, -1},
        {bsp_tag::BpIN, -1, 4},  {bsp_tag::BpnN, -1, 5},  {bsp_tag::BPnN, 6, 7},
        {bsp_tag::Leaf, -1, -1}, {bsp_tag::Leaf, -1, -1}, {bsp_tag::Portal, 9, 10},
        {bsp_tag::Leaf, -1, -1}, {bsp_tag::Leaf, -1, -1},
    };
    const bool drawing = variant == BspVariant::Drawing;
    const bool physics = variant == BspVariant::Physics;
    BspTree tree;
    for (const Shape& shape : shapes) {
        const auto i = float(tree.nodes.size());
        const auto index = std::uint16_t(tree.nodes.size());
        BspNode node;
        node.tag = shape.tag;
        node.posChild = shape.pos;
        node.negChild = shape.neg;
        const BspNodeKind kind = *bspNodeKind(shape.tag);
        if (kind == BspNodeKind::Leaf) {
            node.leafIndex = index;
            if (physics) {
                node.solid = index % 2;
                node.boundingSphere = {{i, 0, 1}, 2};
                node.polygons = {index, 7};
            }
        } else {
            node.splittingPlane = {{0, 0, 1}, -i}; // -0.0 at the root, as retail data has
            if (drawing || (physics && kind == BspNodeKind::Internal))
                node.boundingSphere = {{0, i, 0}, 3};
            if (drawing)
                node.polygons = {index, 0xFFFF};
            if (drawing && kind == BspNodeKind::Portal)
                node.portals = {{3, 0}, {-1, 2}};
        }
        tree.nodes.push_back(node);
    }
    return tree;
}

GfxObj::Polygon polygon(std::uint16_t id, std::uint8_t stippling, std::int32_t sidesType) {
    GfxObj::Polygon result;
    result.id = id;
    result.stippling = stippling;
    result.sidesType = sidesType;
    result.posSurface = 1;
    result.negSurface = -1;
    result.vertexIds = {0, 1, 2, std::int16_t(id % 3)};
    if (result.storesPosUVIndices())
        result.posUVIndices = {0, 1, 0, 1};
    if (result.storesNegUVIndices())
        result.negUVIndices = {1, 0, 1, 0};
    return result;
}

// Every stippling bit pattern with every sides type, including the raw values retail lacks.
std::vector<GfxObj::Polygon> everyPolygonForm(std::uint16_t firstId) {
    std::vector<GfxObj::Polygon> polygons;
    for (std::uint8_t stippling = 0; stippling < 16; ++stippling)
        for (std::int32_t sides : {0, 1, 2, 3})
            polygons.push_back(polygon(std::uint16_t(firstId + polygons.size()), stippling, sides));
    return polygons;
}

GfxObj fullGfxObj() {
    GfxObj gfxObj;
    gfxObj.id = kDrawingDid;
    gfxObj.flags = GfxObj::kHasPhysics | GfxObj::kHasDrawing | 0x4 | GfxObj::kHasDidDegrade;
    gfxObj.surfaces = {0x08000001, 0x08000002, 0x0800FFFF};
    gfxObj.vertices = {
        {0, {0, 0, 0}, {0, 0, 1}, {}},
        {1, {1, 0, 0}, {0, 1, 0}, {{0.5f, 0.25f}}},
        {7, {0, 1, 0}, {1, 0, 0}, {{0, 0}, {1, 1}}},
    };
    gfxObj.physicsPolygons = everyPolygonForm(100);
    gfxObj.physicsBsp = sampleTree(BspVariant::Physics);
    gfxObj.sortCenter = {0.5f, -0.5f, 1};
    gfxObj.polygons = everyPolygonForm(0);
    gfxObj.drawingBsp = sampleTree(BspVariant::Drawing);
    gfxObj.didDegrade = 0x11000042;
    return gfxObj;
}

// Physics flag only, with a tree `depth` levels deep: depth-1 BPnn nodes over one leaf.
GfxObj chainGfxObj(int depth) {
    GfxObj gfxObj;
    gfxObj.id = kPhysicsDid;
    gfxObj.flags = GfxObj::kHasPhysics;
    for (int level = 0; level < depth; ++level) {
        BspNode node;
        if (level + 1 < depth) {
            node.tag = bsp_tag::BPnn;
            node.posChild = level + 1;
        }
        gfxObj.physicsBsp.nodes.push_back(node);
    }
    return gfxObj;
}

// Through the bytes and through the JSON text.
void verifyRoundTrip(const GfxObj& gfxObj) {
    const std::vector<std::uint8_t> bytes = gfxObj.encode();
    const GfxObj decoded = GfxObj::decode(bytes, gfxObj.id);
    QVERIFY(decoded == gfxObj);
    QCOMPARE(decoded.encode(), bytes);
    jsonRoundTrips(gfxObj, gfxObj.id, "gfxObj");
}

// `json` with the value at `path` ("drawingBsp/6/tag") set, or removed when `value` is
// undefined. An array index one past the end appends.
QJsonValue edited(const QJsonValue& json, const QString& path, const QJsonValue& value) {
    const QString head = path.section('/', 0, 0);
    const QString rest = path.section('/', 1);
    auto replaced = [&](const QJsonValue& child) {
        return rest.isEmpty() ? value : edited(child, rest, value);
    };
    if (json.isArray()) {
        QJsonArray array = json.toArray();
        const int index = head.toInt();
        if (index == array.size())
            array.append(replaced({}));
        else if (const QJsonValue next = replaced(array[index]); next.isUndefined())
            array.removeAt(index);
        else
            array[index] = next;
        return array;
    }
    QJsonObject object = json.toObject();
    if (const QJsonValue next = replaced(object[head]); next.isUndefined())
        object.remove(head);
    else
        object[head] = next;
    return object;
}

// What GfxObj::fromJson throws for `json`, read as the entry kDrawingDid.
std::optional<DatError> gfxObjJsonError(const QJsonValue& json) {
    return portalkit::testing::errorFrom(
        [&] { GfxObj::fromJson(JsonNode(json, "gfxObj", kDrawingDid), kDrawingDid); });
}

const std::vector<std::uint8_t> kDegradeInfo{
    0x42, 0x00, 0x00, 0x11, // 0x00 id 0x11000042
    0x02, 0x00, 0x00, 0x00, // 0x04 2 levels
    0x42, 0x00, 0x00, 0x01, // 0x08 gfxObj 0x01000042
    0x01, 0x00, 0x00, 0x00, // 0x0C mode 1
    0x00, 0x00, 0x00, 0x00, // 0x10 min 0
    0x00, 0x00, 0x20, 0x41, // 0x14 ideal 10
    0x00, 0x00, 0xA0, 0x41, // 0x18 max 20
    0x44, 0x00, 0x00, 0x01, // 0x1C gfxObj 0x01000044
    0x00, 0x00, 0x00, 0x00, // 0x20 mode 0
    0x00, 0x00, 0xA0, 0x41, // 0x24 min 20
    0x00, 0x00, 0x48, 0x42, // 0x28 ideal 50
    0x00, 0x00, 0xC8, 0x42, // 0x2C max 100
};

} // namespace

class TestGfxObj : public QObject {
    Q_OBJECT
  private slots:
    void decodesHandWrittenDrawingObject() {
        QCOMPARE(kDrawingObject.size(), kDrawingObjectSize);
        const GfxObj gfxObj = GfxObj::decode(kDrawingObject, kDrawingDid);
        QCOMPARE(gfxObj.flags, 0xAu);
        QCOMPARE(gfxObj.surfaces, (std::vector<std::uint32_t>{0x08000010}));
        QCOMPARE(gfxObj.vertices.size(), std::size_t(1));
        QVERIFY((gfxObj.vertices[0].origin == Vec3{1, 0, 0}));
        QVERIFY((gfxObj.vertices[0].normal == Vec3{0, 0, 1}));
        QVERIFY((gfxObj.vertices[0].uvs == std::vector<GfxObj::UV>{{0.5f, 1}}));
        QVERIFY(gfxObj.physicsPolygons.empty());
        QVERIFY(gfxObj.physicsBsp.nodes.empty());
        QVERIFY((gfxObj.sortCenter == Vec3{0, 0, 2}));

        QCOMPARE(gfxObj.polygons.size(), std::size_t(1));
        const GfxObj::Polygon& polygon = gfxObj.polygons[0];
        QCOMPARE(polygon.id, std::uint16_t(5));
        QCOMPARE(polygon.sidesType, 2);
        QCOMPARE(polygon.vertexIds, (std::vector<std::int16_t>{0, 1, 2}));
        QCOMPARE(polygon.posUVIndices, (std::vector<std::uint8_t>{0, 1, 2}));
        QCOMPARE(polygon.negUVIndices, (std::vector<std::uint8_t>{3, 4, 5}));

        const std::vector<BspNode>& nodes = gfxObj.drawingBsp.nodes;
        QCOMPARE(nodes.size(), std::size_t(2));
        QCOMPARE(nodes[0].tag, bsp_tag::BPnn);
        QCOMPARE(nodes[0].posChild, 1);
        QCOMPARE(nodes[0].negChild, -1);
        QCOMPARE(nodes[0].splittingPlane.d, -1.0f);
        QCOMPARE(nodes[0].boundingSphere.radius, 1.0f);
        QCOMPARE(nodes[0].polygons, (std::vector<std::uint16_t>{5}));
        QCOMPARE(nodes[1].tag, bsp_tag::Leaf);
        QCOMPARE(nodes[1].leafIndex, 3);
        QCOMPARE(gfxObj.didDegrade, 0x11000042u); // at an unaligned offset

        QCOMPARE(gfxObj.encode(), kDrawingObject);
        jsonRoundTrips(gfxObj, kDrawingDid, "gfxObj");
    }

    void decodesHandWrittenPhysicsObject() {
        QCOMPARE(kPhysicsObject.size(), kPhysicsObjectSize);
        const GfxObj gfxObj = GfxObj::decode(kPhysicsObject, kPhysicsDid);
        QVERIFY(gfxObj.surfaces.empty());
        QVERIFY(gfxObj.vertices.empty());
        QVERIFY(gfxObj.physicsPolygons.empty());
        QVERIFY(gfxObj.polygons.empty());
        const std::vector<BspNode>& nodes = gfxObj.physicsBsp.nodes;
        QCOMPARE(nodes.size(), std::size_t(3));
        QCOMPARE(nodes[0].tag, bsp_tag::Portal);
        QVERIFY((nodes[0].splittingPlane.normal == Vec3{1, 0, 0}));
        QCOMPARE(nodes[0].posChild, 1);
        QCOMPARE(nodes[0].negChild, 2);
        QCOMPARE(nodes[1].solid, 1);
        QCOMPARE(nodes[1].boundingSphere.radius, 2.0f);
        QCOMPARE(nodes[1].polygons, (std::vector<std::uint16_t>{7}));
        QCOMPARE(nodes[2].leafIndex, 1);
        QCOMPARE(nodes[2].solid, 0);
        QVERIFY(nodes[2].polygons.empty());
        QVERIFY((gfxObj.sortCenter == Vec3{0, 0, 1}));
        QCOMPARE(gfxObj.encode(), kPhysicsObject);
        jsonRoundTrips(gfxObj, kPhysicsDid, "gfxObj");
    }

    // The UV index lists follow the stippling/sides rules of docs/formats.md; checked against
    // hand-written polygons because a round trip alone cannot catch a symmetric mistake.
    void polygonUVListsFollowStipplingAndSides_data() {
        QTest::addColumn<int>("stippling");
        QTest::addColumn<int>("sides");
        QTest::addColumn<bool>("pos");
        QTest::addColumn<bool>("neg");
        QTest::newRow("single") << 0x0 << 0 << true << false;
        QTest::newRow("double, neg = pos") << 0x0 << 1 << true << false;
        QTest::newRow("clockwise") << 0x0 << 2 << true << true;
        QTest::newRow("counter-clockwise") << 0x0 << 3 << true << false;
        QTest::newRow("clockwise, positive|negative") << 0x3 << 2 << true << true;
        QTest::newRow("clockwise, NoPos") << 0x4 << 2 << false << true;
        QTest::newRow("clockwise, NoNeg") << 0x8 << 2 << true << false;
        QTest::newRow("clockwise, NoPos|NoNeg") << 0xC << 2 << false << false;
        QTest::newRow("single, NoPos") << 0x4 << 0 << false << false;
    }
    void polygonUVListsFollowStipplingAndSides() {
        QFETCH(int, stippling);
        QFETCH(int, sides);
        QFETCH(bool, pos);
        QFETCH(bool, neg);
        std::vector<std::uint8_t> polygon{0x05,
                                          0x00,
                                          0x03,
                                          std::uint8_t(stippling),
                                          std::uint8_t(sides),
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x00,
                                          0x01,
                                          0x00,
                                          0x02,
                                          0x00};
        if (pos)
            polygon.insert(polygon.end(), {0x0A, 0x0B, 0x0C});
        if (neg)
            polygon.insert(polygon.end(), {0x0D, 0x0E, 0x0F});
        const auto bytes = spliced(kDrawingObject, 0x46, 24, polygon);
        const GfxObj gfxObj = GfxObj::decode(bytes, kDrawingDid);
        const GfxObj::Polygon& decoded = gfxObj.polygons.at(0);
        using Indices = std::vector<std::uint8_t>;
        QCOMPARE(decoded.posUVIndices, (pos ? Indices{0x0A, 0x0B, 0x0C} : Indices{}));
        QCOMPARE(decoded.negUVIndices, (neg ? Indices{0x0D, 0x0E, 0x0F} : Indices{}));
        QCOMPARE(gfxObj.drawingBsp.nodes.size(), std::size_t(2)); // still in step afterwards
        QCOMPARE(gfxObj.encode(), bytes);
        jsonRoundTrips(gfxObj, kDrawingDid, "gfxObj");
    }

    void decodesHandWrittenDrawingPortal() {
        const std::vector<std::uint8_t> bytes{
            0x54, 0x52, 0x4F, 0x50,                                                 // PORT
            0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // normal
            0x00, 0x00, 0x00, 0x40,                                                 // d 2
            0x46, 0x41, 0x45, 0x4C, 0x01, 0x00, 0x00, 0x00,                         // pos: LEAF 1
            0x46, 0x41, 0x45, 0x4C, 0x02, 0x00, 0x00, 0x00,                         // neg: LEAF 2
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // sphere
            0x00, 0x00, 0x80, 0x3F,                                                 //   r 1
            0x02, 0x00, 0x00, 0x00,                                                 // 2 polygons
            0x01, 0x00, 0x00, 0x00,                                                 // 1 portal
            0x03, 0x00, 0x04, 0x00,                                                 // polygons
            0xFF, 0xFF, 0x05, 0x00,                                                 // (-1, 5)
        };
        ByteCursor in(bytes);
        const BspTree tree = readBspTree(in, BspVariant::Drawing);
        QVERIFY(in.atEnd());
        QCOMPARE(tree.nodes.size(), std::size_t(3));
        const BspNode& portal = tree.nodes[0];
        QCOMPARE(portal.splittingPlane.d, 2.0f);
        QCOMPARE(portal.posChild, 1);
        QCOMPARE(portal.negChild, 2);
        QCOMPARE(tree.nodes[1].leafIndex, 1);
        QCOMPARE(tree.nodes[2].leafIndex, 2);
        QCOMPARE(portal.boundingSphere.radius, 1.0f);
        QCOMPARE(portal.polygons, (std::vector<std::uint16_t>{3, 4}));
        QVERIFY((portal.portals == std::vector<BspPortalRef>{{-1, 5}}));
        ByteWriter out;
        writeBspTree(out, tree, BspVariant::Drawing);
        QCOMPARE(out.data(), bytes);
    }

    void decodesHandWrittenPhysicsBranch() {
        const std::vector<std::uint8_t> bytes{
            0x4E, 0x49, 0x70, 0x42,                                                 // BpIN
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, // normal
            0x00, 0x00, 0x00, 0x00,                                                 // d 0
            0x46, 0x41, 0x45, 0x4C, 0x09, 0x00, 0x00, 0x00,                         // neg: LEAF 9
            0x01, 0x00, 0x00, 0x00,                                                 //   solid
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, //   sphere
            0x00, 0x00, 0x80, 0x3F,                                                 //   r 1
            0x00, 0x00, 0x00, 0x00,                                                 //   0 polys
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // sphere
            0x00, 0x00, 0x40, 0x40,                                                 //   r 3
        };
        ByteCursor in(bytes);
        const BspTree tree = readBspTree(in, BspVariant::Physics);
        QVERIFY(in.atEnd());
        QCOMPARE(tree.nodes.size(), std::size_t(2));
        QCOMPARE(tree.nodes[0].tag, bsp_tag::BpIN);
        QCOMPARE(tree.nodes[0].posChild, -1);
        QCOMPARE(tree.nodes[0].negChild, 1);
        QCOMPARE(tree.nodes[0].boundingSphere.radius, 3.0f);
        QCOMPARE(tree.nodes[1].leafIndex, 9);
        QCOMPARE(tree.nodes[1].solid, 1);
        ByteWriter out;
        writeBspTree(out, tree, BspVariant::Physics);
        QCOMPARE(out.data(), bytes);
    }

    void roundTripsEveryBranch() {
        const GfxObj gfxObj = fullGfxObj();
        verifyRoundTrip(gfxObj);

        GfxObj bare;
        bare.id = kDrawingDid;
        verifyRoundTrip(bare);
    }

    void roundTripsTwoByteCounts() {
        GfxObj gfxObj = fullGfxObj();
        for (int copy = 0; copy < 3; ++copy) // 256 polygons: a 2-byte compressed count
            for (const GfxObj::Polygon& polygon : everyPolygonForm(0))
                gfxObj.polygons.push_back(polygon);
        gfxObj.surfaces.resize(0x90, 0x08000001);
        verifyRoundTrip(gfxObj);
    }

    void bspTreesRoundTripInEveryVariant_data() {
        QTest::addColumn<BspVariant>("variant");
        QTest::newRow("drawing") << BspVariant::Drawing;
        QTest::newRow("physics") << BspVariant::Physics;
        QTest::newRow("cell") << BspVariant::Cell;
    }
    void bspTreesRoundTripInEveryVariant() {
        QFETCH(BspVariant, variant);
        const BspTree tree = sampleTree(variant);
        ByteWriter out;
        writeBspTree(out, tree, variant);
        ByteCursor in(out.data());
        QVERIFY(readBspTree(in, variant) == tree);
        QVERIFY(in.atEnd());
        QCOMPARE(bspTreeToJson(tree, variant).size(), qsizetype(tree.nodes.size()));

        const QByteArray text = QJsonDocument(bspTreeToJson(tree, variant)).toJson();
        const BspTree back =
            bspTreeFromJson(JsonNode(QJsonDocument::fromJson(text).array(), "bsp"), variant);
        QVERIFY(back == tree);
        ByteWriter again;
        writeBspTree(again, back, variant);
        QCOMPARE(again.data(), out.data());
    }

    // Stored order fixes every child index, so a hand-written tree may leave them out.
    void bspChildIndicesMayBeOmitted() {
        QJsonArray nodes = bspTreeToJson(sampleTree(BspVariant::Cell), BspVariant::Cell);
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            QJsonObject node = nodes[i].toObject();
            node.remove("posChild");
            node.remove("negChild");
            nodes[i] = node;
        }
        QVERIFY(bspTreeFromJson(JsonNode(nodes, "bsp"), BspVariant::Cell) ==
                sampleTree(BspVariant::Cell));
    }

    void jsonReadsAShortSource() {
        // No flags, ids, sortCenter or UV indices of an unstored side: defaults and implied bits.
        const QJsonObject source = QJsonDocument::fromJson(R"({
            "surfaces": ["0x08000010"],
            "vertices": [{"origin": [0, 0, 0], "normal": [0, 0, 1], "uvs": [[0, 0]]},
                         {"origin": [1, 0, 0], "normal": [0, 0, 1]},
                         {"origin": [0, 1, 0], "normal": ["nan", "inf", "-inf"]}],
            "polygons": [{"vertexIds": [0, 1, 2], "posUVIndices": [0, 0, 0]}],
            "drawingBsp": [{"tag": "LEAF"}]
        })")
                                       .object();
        const GfxObj gfxObj =
            GfxObj::fromJson(JsonNode(source, "gfxObj", kDrawingDid), kDrawingDid);
        QCOMPARE(gfxObj.id, kDrawingDid);
        QCOMPARE(gfxObj.flags, GfxObj::kHasDrawing);
        QCOMPARE(gfxObj.vertices[2].id, std::uint16_t(2));
        QCOMPARE(gfxObj.polygons[0].sidesType, 0);
        QVERIFY(gfxObj.polygons[0].negUVIndices.empty());
        QCOMPARE(std::bit_cast<std::uint32_t>(gfxObj.vertices[2].normal.x), 0x7FC00000u);
        QCOMPARE(std::bit_cast<std::uint32_t>(gfxObj.vertices[2].normal.y), 0x7F800000u);
        QCOMPARE(std::bit_cast<std::uint32_t>(gfxObj.vertices[2].normal.z), 0xFF800000u);
        const GfxObj decoded = GfxObj::decode(gfxObj.encode(), kDrawingDid);
        QCOMPARE(decoded.encode(), gfxObj.encode());

        // Non-finite reals survive toJson as their spellings (NaN never compares equal).
        const QJsonObject json = gfxObj.toJson();
        QCOMPARE(json["vertices"][2]["normal"].toArray(), (QJsonArray{"nan", "inf", "-inf"}));
        QCOMPARE(GfxObj::fromJson(JsonNode(json, "gfxObj", kDrawingDid), kDrawingDid).encode(),
                 gfxObj.encode());
    }

    // Each edit of fullGfxObj's JSON is something encode would refuse or the bytes could not
    // hold; fromJson must name the field and the DID.
    void jsonErrorsNameTheField_data() {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const QJsonValue removed = QJsonValue::Undefined;
        QTest::newRow("id of another entry") << "id" << QJsonValue("0x01000001") << "gfxObj.id"
                                             << "its entry is 0x01000042";
        QTest::newRow("drawing list without its flag")
            << "flags" << QJsonValue(0x9) << "gfxObj.polygons"
            << "flags lack HasDrawing";
        QTest::newRow("physics lists without their flag")
            << "flags" << QJsonValue(0xA) << "gfxObj.physicsPolygons"
            << "flags lack HasPhysics";
        QTest::newRow("flagged tree missing") << "drawingBsp" << removed << "gfxObj.drawingBsp"
                                              << "missing";
        QTest::newRow("tree without a root")
            << "drawingBsp" << QJsonValue(QJsonArray{}) << "gfxObj.drawingBsp"
            << "root node";
        QTest::newRow("unknown tag")
            << "drawingBsp/6/tag" << QJsonValue("BPOL") << "gfxObj.drawingBsp[6].tag"
            << "not a BSP node tag";
        QTest::newRow("child out of stored order")
            << "drawingBsp/0/posChild" << QJsonValue(8) << "gfxObj.drawingBsp[0].posChild"
            << "not the next stored node (1)";
        QTest::newRow("child the tag lacks")
            << "drawingBsp/1/negChild" << QJsonValue(2) << "gfxObj.drawingBsp[1].negChild"
            << "no such child";
        QTest::newRow("leaf with a child")
            << "drawingBsp/6/posChild" << QJsonValue(7) << "gfxObj.drawingBsp[6].posChild"
            << "drawing tree's LEAF node does not store";
        QTest::newRow("field of another variant")
            << "physicsBsp/8/portals" << QJsonValue(QJsonArray{}) << "gfxObj.physicsBsp[8].portals"
            << "physics tree's PORT node does not store";
        QTest::newRow("unreachable node")
            << "drawingBsp/11" << QJsonValue(QJsonObject{{"tag", "LEAF"}})
            << "gfxObj.drawingBsp[11]"
            << "not reachable";
        QTest::newRow("tree ends before a child")
            << "physicsBsp/10" << removed << "gfxObj.physicsBsp[8].negChild"
            << "list ends before it";
        QTest::newRow("portal index beyond i16")
            << "drawingBsp/8/portals/0/portalIndex" << QJsonValue(40000)
            << "gfxObj.drawingBsp[8].portals[0].portalIndex"
            << "16-bit";
        QTest::newRow("polygon index beyond u16")
            << "physicsBsp/6/polygons/0" << QJsonValue(-1) << "gfxObj.physicsBsp[6].polygons[0]"
            << "0..65535";
        QTest::newRow("uv indices short")
            << "polygons/2/negUVIndices/3" << removed << "gfxObj.polygons[2].negUVIndices"
            << "3 UV indices for 4 vertices";
        QTest::newRow("uv indices the sides do not store")
            << "polygons/0/negUVIndices" << QJsonValue(QJsonArray{0, 0, 0, 0})
            << "gfxObj.polygons[0].negUVIndices"
            << "not stored";
        QTest::newRow("stored uv indices missing") << "physicsPolygons/0/posUVIndices" << removed
                                                   << "gfxObj.physicsPolygons[0].posUVIndices"
                                                   << "missing";
        QTest::newRow("surface index beyond i16")
            << "polygons/3/posSurface" << QJsonValue(32768) << "gfxObj.polygons[3].posSurface"
            << "16-bit";
        QTest::newRow("uv of three numbers")
            << "vertices/1/uvs/0" << QJsonValue(QJsonArray{0, 0, 0}) << "gfxObj.vertices[1].uvs[0]"
            << "[u, v]";
        QTest::newRow("vertex without normal")
            << "vertices/2/normal" << removed << "gfxObj.vertices[2].normal"
            << "missing";
        QTest::newRow("didDegrade without its flag")
            << "flags" << QJsonValue(0x7) << "gfxObj.didDegrade"
            << "flags lack HasDIDDegrade";
        QTest::newRow("long width shorter than needed")
            << "longCountWidths" << QJsonValue(QJsonObject{{"polygons", 3}})
            << "gfxObj.longCountWidths.polygons"
            << "not a longer form";
        QTest::newRow("real as text")
            << "sortCenter/1" << QJsonValue("one") << "gfxObj.sortCenter[1]"
            << "expected a number";
    }
    void jsonErrorsNameTheField() {
        QFETCH(QString, edit);
        QFETCH(QJsonValue, value);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const auto error = gfxObjJsonError(edited(fullGfxObj().toJson(), edit, value));
        QVERIFY2(error, "fromJson accepted the edited source");
        portalkit::testing::checkSourceError(*error, field, kDrawingDid, message);
    }

    void jsonLongCountWidthNeedsAStoredCount() {
        QJsonObject json = GfxObj::decode(kDrawingObject, kDrawingDid).toJson(); // no physics
        json["longCountWidths"] = QJsonObject{{"physicsPolygons", 2}};
        const auto error = gfxObjJsonError(json);
        QVERIFY2(error, "fromJson accepted a long form of a count the bytes do not hold");
        QCOMPARE(error->field(), std::string("gfxObj.longCountWidths.physicsPolygons"));
        QVERIFY2(mentions(*error, "no stored count"), error->what());
    }

    // A JSON number -0 reads back as +0, so realJson spells it "-0"; retail data holds -0.0.
    void negativeZeroKeepsItsSignInJson() {
        GfxObj gfxObj = GfxObj::decode(kPhysicsObject, kPhysicsDid);
        gfxObj.sortCenter.x = -0.0f;
        const QByteArray text = QJsonDocument(gfxObj.toJson()).toJson();
        const GfxObj back = GfxObj::fromJson(
            JsonNode(QJsonDocument::fromJson(text).object(), "gfxObj", kPhysicsDid), kPhysicsDid);
        QCOMPARE(back.encode(), gfxObj.encode());
    }

    void jsonRefusesTreesDeeperThanTheLimit() {
        const QJsonObject json = chainGfxObj(kMaxBspDepth + 1).toJson();
        const DatError error = portalkit::testing::expectDatError(
            [&] { GfxObj::fromJson(JsonNode(json, "gfxObj", kPhysicsDid), kPhysicsDid); });
        QCOMPARE(error.field(), "gfxObj.physicsBsp[" + std::to_string(kMaxBspDepth) + "]");
        QVERIFY2(mentions(error, "deeper than"), error.what());
    }

    void cellTreesStoreOnlyPlanesAndLeafIndices() {
        ByteWriter out;
        writeBspTree(out, sampleTree(BspVariant::Cell), BspVariant::Cell);
        // 7 branch nodes with tag + plane, 4 leaves with tag + index.
        QCOMPARE(out.size(), std::size_t(7 * (4 + 16) + 4 * (4 + 4)));
    }

    void keepsLongCompressedCountForms_data() {
        QTest::addColumn<int>("at");
        QTest::addColumn<QByteArray>("form");
        QTest::addColumn<int>("width");
        QTest::newRow("surfaces, 2 bytes") << 0x08 << QByteArray("\x80\x01", 2) << 2;
        QTest::newRow("surfaces, 4 bytes") << 0x08 << QByteArray("\xC0\x00\x01\x00", 4) << 4;
        QTest::newRow("polygons, 4 bytes") << 0x45 << QByteArray("\xC0\x00\x01\x00", 4) << 4;
    }
    void keepsLongCompressedCountForms() {
        QFETCH(int, at);
        QFETCH(QByteArray, form);
        QFETCH(int, width);
        const auto bytes = spliced(kDrawingObject, std::size_t(at), 1,
                                   std::vector<std::uint8_t>(form.begin(), form.end()));
        const GfxObj gfxObj = GfxObj::decode(bytes, kDrawingDid);
        const std::uint8_t kept =
            at == 0x08 ? gfxObj.longCountWidths.surfaces : gfxObj.longCountWidths.polygons;
        QCOMPARE(int(kept), width);
        QCOMPARE(gfxObj.encode(), bytes);
        jsonRoundTrips(gfxObj, kDrawingDid, "gfxObj");
    }

    void maximumDepthTreeRoundTrips() {
        verifyRoundTrip(chainGfxObj(kMaxBspDepth));
        QVERIFY_THROWS_EXCEPTION(DatError, chainGfxObj(kMaxBspDepth + 1).encode());
    }

    void jsonNamesEveryPart() {
        const QJsonObject json = fullGfxObj().toJson();
        QCOMPARE(json["id"].toString(), QString("0x01000042"));
        QCOMPARE(json["surfaces"].toArray()[2].toString(), QString("0x0800FFFF"));
        QCOMPARE(json["vertices"].toArray().size(), 3);
        QCOMPARE(json["polygons"].toArray().size(), 64);
        QCOMPARE(json["physicsPolygons"].toArray().size(), 64);
        const QJsonObject clockwise = json["polygons"].toArray()[2].toObject(); // stippling 0
        QVERIFY(clockwise.contains("negUVIndices"));
        QCOMPARE(json["drawingBsp"].toArray()[8].toObject()["tag"].toString(), QString("PORT"));
        QCOMPARE(json["drawingBsp"].toArray()[8].toObject()["portals"].toArray().size(), 2);
        QCOMPARE(json["physicsBsp"].toArray()[0].toObject()["tag"].toString(), QString("BPIN"));
        QCOMPARE(json["didDegrade"].toString(), QString("0x11000042"));
        QVERIFY(!json.contains("longCountWidths"));
    }

    void unknownBspTagIsAnErrorAtItsOffset() {
        const auto bytes = patched(kPhysicsObject, 0x48, 0x42504F4C); // BPOL: named, no layout
        const std::string message =
            expectDatError([&] { GfxObj::decode(bytes, kPhysicsDid); }, "bsp.tag", 0x48);
        QVERIFY2(contains(message, "unknown BSP node tag") && contains(message, "BPOL") &&
                     contains(message, "reading the physics BSP"),
                 message.c_str());
    }

    void tooDeepBspIsAnError() {
        // 300 nested BPnn headers: the node past the limit fails before any more is read.
        std::vector<std::uint8_t> bytes(kPhysicsObject.begin(), kPhysicsObject.begin() + 0x12);
        for (int level = 0; level < 300; ++level) {
            bytes.insert(bytes.end(), {0x6E, 0x6E, 0x50, 0x42});
            bytes.insert(bytes.end(), 16, 0);
        }
        const std::string message = expectDatError([&] { GfxObj::decode(bytes, kPhysicsDid); },
                                                   "bsp.tag", 0x12 + kMaxBspDepth * 20);
        QVERIFY2(contains(message, "deeper than"), message.c_str());
    }

    void vertexTypeOtherThanOneIsAnError() {
        const std::string message =
            expectDatError([&] { GfxObj::decode(patched(kPhysicsObject, 0x09, 2), kPhysicsDid); },
                           "gfxObj.vertexType", 0x09);
        QVERIFY2(contains(message, "vertex type 2"), message.c_str());
    }

    void truncationNamesFieldAndOffset_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        QTest::addColumn<QString>("context");
        QTest::newRow("surface list") << 0x0B << "gfxObj.surfaces" << 0x08 << "cannot fit";
        QTest::newRow("uv list") << 0x35 << "gfxObj.vertex.uvs" << 0x17 << "reading vertex 0";
        QTest::newRow("sort center") << 0x40 << "gfxObj.sortCenter" << 0x3D << "needs 4 bytes";
        QTest::newRow("vertex ids")
            << 0x54 << "gfxObj.polygon.vertexIds" << 0x54 << "reading polygon 0";
        QTest::newRow("neg uvs") << 0x5C << "gfxObj.polygon.negUVIndices" << 0x5B
                                 << "reading polygon 0";
        QTest::newRow("bsp plane")
            << 0x6A << "bsp.splittingPlane" << 0x6A << "reading the drawing BSP";
        QTest::newRow("bsp leaf") << 0x78 << "bsp.leafIndex" << 0x76 << "reading the drawing BSP";
        QTest::newRow("degrade") << 0x92 << "gfxObj.didDegrade" << 0x90 << "DID 0x01000042";
    }
    void truncationNamesFieldAndOffset() {
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        QFETCH(QString, context);
        const std::span<const std::uint8_t> truncated(kDrawingObject.data(), std::size_t(length));
        const std::string message = expectDatError([&] { GfxObj::decode(truncated, kDrawingDid); },
                                                   field.toStdString(), std::uint64_t(offset));
        QVERIFY2(contains(message, context.toStdString().c_str()), message.c_str());
    }

    // A byte after the last field is kept as trailing and written back.
    void leftoverByteIsKept() {
        std::vector<std::uint8_t> bytes = kDrawingObject;
        bytes.push_back(0x5A);
        const GfxObj gfxObj = GfxObj::decode(bytes, kDrawingDid);
        QCOMPARE(gfxObj.trailing, std::vector<std::uint8_t>{0x5A});
        QCOMPARE(gfxObj.encode(), bytes);
    }

    void absurdCountsFailBeforeAllocating() {
        // Compressed counts, as large as the 4-byte form allows.
        const std::vector<std::uint8_t> huge{0xFF, 0xFF, 0xFF, 0xFF};
        QVERIFY(contains(
            expectDatError(
                [&] { GfxObj::decode(spliced(kDrawingObject, 0x08, 1, huge), kDrawingDid); },
                "gfxObj.surfaces", 0x08),
            "cannot fit"));
        QVERIFY(contains(
            expectDatError(
                [&] { GfxObj::decode(spliced(kDrawingObject, 0x45, 1, huge), kDrawingDid); },
                "gfxObj.polygons", 0x45),
            "cannot fit"));
        QVERIFY(contains(
            expectDatError(
                [&] { GfxObj::decode(spliced(kPhysicsObject, 0x11, 1, huge), kPhysicsDid); },
                "gfxObj.physicsPolygons", 0x11),
            "cannot fit"));
        // Plain u32 and u16 counts.
        QVERIFY(contains(
            expectDatError(
                [&] { GfxObj::decode(patched(kDrawingObject, 0x11, 0xFFFFFFFF), kDrawingDid); },
                "gfxObj.vertices", 0x11),
            "cannot fit"));
        QVERIFY(contains(
            expectDatError(
                [&] {
                    GfxObj::decode(spliced(kDrawingObject, 0x17, 2, {0xFF, 0xFF}), kDrawingDid);
                },
                "gfxObj.vertex.uvs", 0x17),
            "cannot fit"));
        QVERIFY(contains(
            expectDatError(
                [&] { GfxObj::decode(patched(kPhysicsObject, 0x42, 0xFFFFFFFF), kPhysicsDid); },
                "bsp.polygons", 0x42),
            "cannot fit"));
    }

    void wrongLeadingIdIsAnError() {
        QVERIFY(
            contains(expectDatError([&] { GfxObj::decode(kDrawingObject, kPhysicsDid); }, "id", 0),
                     "record says 0x01000042"));
    }

    void encodeRejectsWhatCouldNotDecodeBack() {
        GfxObj missingUVs = fullGfxObj();
        missingUVs.polygons[0].posUVIndices.pop_back();
        QVERIFY_THROWS_EXCEPTION(DatError, missingUVs.encode());

        GfxObj unstoredUVs = fullGfxObj();
        unstoredUVs.polygons[0].negUVIndices = {1, 2, 3, 4}; // sidesType 0 stores none
        QVERIFY_THROWS_EXCEPTION(DatError, unstoredUVs.encode());

        GfxObj drawingWithoutFlag = fullGfxObj();
        drawingWithoutFlag.flags &= ~GfxObj::kHasDrawing;
        QVERIFY_THROWS_EXCEPTION(DatError, drawingWithoutFlag.encode());

        GfxObj missingRoot = fullGfxObj();
        missingRoot.physicsBsp.nodes.clear();
        QVERIFY_THROWS_EXCEPTION(DatError, missingRoot.encode());

        GfxObj outOfOrder = fullGfxObj();
        std::swap(outOfOrder.drawingBsp.nodes[0].posChild, outOfOrder.drawingBsp.nodes[0].negChild);
        QVERIFY_THROWS_EXCEPTION(DatError, outOfOrder.encode());

        GfxObj childWithoutSlot = fullGfxObj();
        childWithoutSlot.drawingBsp.nodes[1].negChild = 2; // BPnn has no negative child
        QVERIFY_THROWS_EXCEPTION(DatError, childWithoutSlot.encode());

        GfxObj unreachable = fullGfxObj();
        unreachable.drawingBsp.nodes.push_back(BspNode{});
        QVERIFY_THROWS_EXCEPTION(DatError, unreachable.encode());

        GfxObj unknownTag = fullGfxObj();
        unknownTag.drawingBsp.nodes[6].tag = 0x42504F4C;
        QVERIFY_THROWS_EXCEPTION(DatError, unknownTag.encode());
    }

    void degradeInfoDecodesHandWrittenBytes() {
        const GfxObjDegradeInfo info = GfxObjDegradeInfo::decode(kDegradeInfo, 0x11000042);
        QCOMPARE(info.id, 0x11000042u);
        QCOMPARE(info.levels.size(), std::size_t(2));
        QCOMPARE(info.levels[0].gfxObjId, 0x01000042u);
        QCOMPARE(info.levels[0].degradeMode, 1u);
        QCOMPARE(info.levels[0].idealDist, 10.0f);
        QCOMPARE(info.levels[1].gfxObjId, 0x01000044u);
        QCOMPARE(info.levels[1].minDist, 20.0f);
        QCOMPARE(info.levels[1].maxDist, 100.0f);
        QCOMPARE(info.encode(), kDegradeInfo);
        QVERIFY(GfxObjDegradeInfo::decode(info.encode(), info.id) == info);
        QCOMPARE(info.toJson()["levels"].toArray()[1].toObject()["gfxObjId"].toString(),
                 QString("0x01000044"));
    }

    void degradeInfoJson() {
        const GfxObjDegradeInfo info = GfxObjDegradeInfo::decode(kDegradeInfo, 0x11000042);
        if (!jsonRoundTrips(info, 0x11000042, "gfxObjDegradeInfo"))
            return;

        // Only the GfxObj is required; mode and distances default to 0.
        const QJsonObject shortSource = QJsonDocument::fromJson(R"({"levels": [
            {"gfxObjId": "0x01000042", "maxDist": "inf"}, {"gfxObjId": 16777284}]})")
                                            .object();
        const GfxObjDegradeInfo parsed = GfxObjDegradeInfo::fromJson(
            JsonNode(shortSource, "gfxObjDegradeInfo", 0x11000042), 0x11000042);
        QCOMPARE(parsed.id, 0x11000042u);
        QCOMPARE(parsed.levels.size(), std::size_t(2));
        QCOMPARE(parsed.levels[0].maxDist, std::numeric_limits<float>::infinity());
        QCOMPARE(parsed.levels[1].gfxObjId, 0x01000044u);
        QCOMPARE(parsed.levels[1].degradeMode, 0u);

        QJsonObject broken = info.toJson();
        broken["levels"] =
            QJsonArray{QJsonObject{{"gfxObjId", "0x01000042"}}, QJsonObject{{"minDist", 1}}};
        const auto error = portalkit::testing::errorFrom([&] {
            GfxObjDegradeInfo::fromJson(JsonNode(broken, "gfxObjDegradeInfo", 0x11000042),
                                        0x11000042);
        });
        QVERIFY2(error, "accepted a level without its GfxObj");
        QCOMPARE(error->field(), std::string("gfxObjDegradeInfo.levels[1].gfxObjId"));
        QVERIFY2(mentions(*error, "missing") && mentions(*error, "DID 0x11000042"), error->what());
    }

    void degradeInfoErrors() {
        const std::span<const std::uint8_t> truncated(kDegradeInfo.data(), 0x2E);
        QVERIFY(contains(expectDatError([&] { GfxObjDegradeInfo::decode(truncated, 0x11000042); },
                                        "gfxObjDegradeInfo.levels", 4),
                         "DID 0x11000042"));
        std::vector<std::uint8_t> leftover = kDegradeInfo; // kept, not an error
        leftover.push_back(0);
        QCOMPARE(GfxObjDegradeInfo::decode(leftover, 0x11000042).encode(), leftover);
        QVERIFY(contains(expectDatError(
                             [&] {
                                 GfxObjDegradeInfo::decode(patched(kDegradeInfo, 4, 0xFFFFFFFF),
                                                           0x11000042);
                             },
                             "gfxObjDegradeInfo.levels", 4),
                         "cannot fit"));
        QVERIFY(contains(
            expectDatError([&] { GfxObjDegradeInfo::decode(kDegradeInfo, 0x11000043); }, "id", 0),
            "0x11000042"));
    }
};

QTEST_APPLESS_MAIN(TestGfxObj)
#include "tst_gfx_obj.moc"
