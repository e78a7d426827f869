#include "datreader/records/object_hierarchy.h"
#include "support/demo_source.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <cstring>
#include <string>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x0E00000D;
constexpr int kMaxDepth = ObjHierarchyNode::kMaxDepth;

// An obfuscated name: the u16 length, each byte with its nibbles swapped, no fill (the caller
// writes it, so a test can make it odd).
Bytes& name(Bytes& b, const char* s) {
    b.u16(std::uint16_t(std::strlen(s)));
    for (; *s; ++s) {
        const auto c = std::uint8_t(*s);
        b.u8(std::uint8_t(c << 4 | c >> 4));
    }
    return b;
}

// An unnamed root folder holding "Item" (with non-zero fill after its name) > "Sword", and
// "Armor".
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                 // 0x00 id
    name(b, "").u16(0);          // 0x04 root name empty, fill
    b.u32(0);                    // 0x08 wcid 0: a folder
    b.i32(2);                    // 0x0C two children
    name(b, "Item").u16(0xCDCD); // 0x10 "Item", fill that is not zero
    b.u32(0);                    // 0x18 wcid
    b.i32(1);                    // 0x1C one child
    name(b, "Sword").u8(0);      // 0x20 "Sword", one fill byte
    b.u32(1002);                 // 0x28 wcid
    b.i32(0);                    // 0x2C a leaf
    name(b, "Armor").u8(0);      // 0x30 "Armor"
    b.u32(1003);                 // 0x38 wcid
    b.i32(0);                    // 0x3C a leaf
    return b;                    // 0x40
}

// A chain of `levels` nodes, each the only child of the one before.
Bytes chain(int levels) {
    Bytes b;
    b.u32(kDid);
    for (int level = 0; level < levels; ++level)
        b.u32(0).u32(0).i32(level + 1 < levels ? 1 : 0); // empty name + fill, wcid, count
    return b;
}

} // namespace

class TestObjectHierarchy : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const ObjectHierarchy tree = ObjectHierarchy::decode(bytes.data, kDid);
        QVERIFY(tree.root.menuName.text.empty());
        QCOMPARE(tree.root.wcid, 0u);
        QCOMPARE(tree.root.children.size(), std::size_t(2));
        const ObjHierarchyNode& item = tree.root.children[0];
        QCOMPARE(item.menuName.text, std::string("Item"));
        QCOMPARE(item.menuName.pad, 0xCDCDu);
        QCOMPARE(item.children.size(), std::size_t(1));
        QCOMPARE(item.children[0].menuName.text, std::string("Sword"));
        QCOMPARE(item.children[0].wcid, 1002u);
        QVERIFY(item.children[0].children.empty());
        QCOMPARE(tree.root.children[1].menuName.text, std::string("Armor"));
        QCOMPARE(tree.root.children[1].wcid, 1003u);
        QVERIFY(tree.trailing.empty());
        QCOMPARE(tree.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<ObjectHierarchy>(DatKind::Portal, kDid,
                                                                  handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u32(0x12345678);
        const ObjectHierarchy tree = ObjectHierarchy::decode(b.data, kDid);
        QCOMPARE(tree.trailing.size(), std::size_t(4));
        QCOMPARE(tree.encode(), b.data);
    }

    void roundTripsThroughJson() {
        const ObjectHierarchy tree = ObjectHierarchy::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(tree, kDid, "objectHierarchy"))
            return;
        const QJsonObject root = tree.toJson()["root"].toObject();
        const QJsonObject item = root["children"].toArray()[0].toObject();
        QCOMPARE(item["menuName"].toObject()["text"].toString(), QString("Item"));
        QCOMPARE(item["menuName"].toObject()["pad"].toInt(), 0xCDCD);
        const QJsonObject sword = item["children"].toArray()[0].toObject();
        QCOMPARE(sword["menuName"].toString(), QString("Sword"));
        QCOMPARE(sword["wcid"].toInt(), 1002);
        QVERIFY(!sword.contains("children")); // leaves leave the list out
    }

    void loadsTheDemoRecord() {
        const auto source = portalkit::testing::demoSourceRecord(kDid);
        QVERIFY2(source, "resources/demo/filters.json has no ObjectHierarchy");
        const ObjectHierarchy tree =
            ObjectHierarchy::fromJson(JsonNode(*source, "objectHierarchy", kDid), kDid);
        const ObjHierarchyNode& item = tree.root.children.at(0);
        QCOMPARE(item.menuName.text, std::string("Item"));
        QCOMPARE(item.children.at(0).children.at(0).menuName.text, std::string("Missile"));
        QCOMPARE(ObjectHierarchy::decode(tree.encode(), kDid), tree);
    }

    void treeAtTheDepthLimitRoundTrips() {
        const Bytes bytes = chain(kMaxDepth + 1); // levels 0 .. kMaxDepth
        const ObjectHierarchy tree = ObjectHierarchy::decode(bytes.data, kDid);
        QCOMPARE(tree.encode(), bytes.data);
        if (!jsonRoundTrips(tree, kDid, "objectHierarchy"))
            return;
    }

    // 100000 levels, as a hostile file could nest them: an error, not a stack overflow.
    void deepNestingIsRejected() {
        for (const int levels : {kMaxDepth + 2, 100000}) {
            const Bytes bytes = chain(levels);
            const auto error = errorFrom([&] { ObjectHierarchy::decode(bytes.data, kDid); });
            QVERIFY(error);
            QCOMPARE(QString::fromStdString(error->field()),
                     QString("objectHierarchy.node.children"));
            QCOMPARE(error->offset(), std::uint64_t(4 + 12 * (kMaxDepth + 1)));
            QVERIFY2(mentions(*error, "deeper than 64"), error->what());
            // The node is named once, not once per level.
            QVERIFY2(mentions(*error, "reading root.children[0]"), error->what());
            QVERIFY2(mentions(*error, "(65 levels down)"), error->what());
            QVERIFY2(std::strlen(error->what()) < 400, error->what());
        }
    }

    void errorsNameTheNode() {
        const Bytes bytes = handWritten();
        const std::span<const std::uint8_t> cut(bytes.data.data(), 0x33);
        portalkit::testing::checkEntryError(errorFrom([&] { ObjectHierarchy::decode(cut, kDid); }),
                                            "objectHierarchy.node.menuName", 0x32, kDid,
                                            "(while reading root.children[1])");
    }

    void deepJsonIsRejected() {
        QJsonObject node{{"menuName", "leaf"}};
        for (int level = 0; level < kMaxDepth + 1; ++level)
            node = QJsonObject{{"children", QJsonArray{node}}};
        const auto error = errorFrom([&] {
            ObjectHierarchy::fromJson(
                JsonNode(QJsonObject{{"root", node}}, "objectHierarchy", kDid), kDid);
        });
        QVERIFY(error);
        std::string path = "objectHierarchy.root";
        for (int level = 0; level < kMaxDepth + 1; ++level)
            path += ".children[0]";
        QCOMPARE(error->field(), path);
        QVERIFY2(mentions(*error, "deeper than 64"), error->what());
    }

    void deepTreeIsNotEncoded() {
        ObjectHierarchy tree;
        tree.id = kDid;
        ObjHierarchyNode node;
        for (int level = 0; level < kMaxDepth + 1; ++level) {
            ObjHierarchyNode parent;
            parent.children.push_back(std::move(node));
            node = std::move(parent);
        }
        tree.root = std::move(node);
        const auto error = errorFrom([&] { tree.encode(); });
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), QString("objectHierarchy.node.children"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("wcid not a number")
            << QJsonObject{{"root",
                            QJsonObject{{"children", QJsonArray{QJsonObject{{"wcid", "sword"}}}}}}}
            << "objectHierarchy.root.children[0].wcid"
            << "";
        QTest::newRow("name not text") << QJsonObject{{"root", QJsonObject{{"menuName", 5}}}}
                                       << "objectHierarchy.root.menuName"
                                       << "";
        QTest::newRow("children not a list")
            << QJsonObject{{"root", QJsonObject{{"children", QJsonObject{}}}}}
            << "objectHierarchy.root.children"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<ObjectHierarchy>("objectHierarchy", kDid);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("id") << 2 << "id" << 0x00;
        QTest::newRow("root name") << 5 << "objectHierarchy.node.menuName" << 0x04;
        QTest::newRow("root name fill") << 7 << "objectHierarchy.node.menuName" << 0x06;
        QTest::newRow("root wcid") << 0x0A << "objectHierarchy.node.wcid" << 0x08;
        QTest::newRow("root count") << 0x0E << "objectHierarchy.node.children" << 0x0C;
        QTest::newRow("root count too big for the cut")
            << 0x20 << "objectHierarchy.node.children" << 0x0C;
        QTest::newRow("Item's count too big for the cut")
            << 0x2A << "objectHierarchy.node.children" << 0x1C;
        QTest::newRow("Sword's count") << 0x2E << "objectHierarchy.node.children" << 0x2C;
        QTest::newRow("Armor's name") << 0x33 << "objectHierarchy.node.menuName" << 0x32;
        QTest::newRow("Armor's wcid") << 0x3A << "objectHierarchy.node.wcid" << 0x38;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<ObjectHierarchy>(handWritten().data, kDid);
    }

    void everyCutFailsCleanly() {
        portalkit::testing::checkEveryCutFails<ObjectHierarchy>(handWritten().data, kDid);
    }

    void badChildCountsAreRejected() {
        for (const std::int32_t count : {-1, 0x10000000}) {
            Bytes b;
            b.u32(kDid).u32(0).u32(0).i32(count).u32(0).u32(0).i32(0);
            const auto error = errorFrom([&] { ObjectHierarchy::decode(b.data, kDid); });
            QVERIFY(error && mentions(*error, "cannot fit"));
            QCOMPARE(QString::fromStdString(error->field()),
                     QString("objectHierarchy.node.children"));
        }
    }
};

QTEST_APPLESS_MAIN(TestObjectHierarchy)
#include "tst_object_hierarchy.moc"
