#include "datreader/records/record.h"
#include "datreader/records/scene.h"
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

constexpr std::uint32_t kDid = 0x12000A01;

// A scene of two objects: a tree that tilts with the slope and a rock with odd raw flags.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                                    // 0x00 id
    b.u32(2);                                                       // 0x04 two objects
    b.u32(0x01000B01);                                              // 0x08 objectId
    b.f32(0).f32(0).f32(-0.1f);                                     // 0x0C baseLocation origin
    b.f32(1).f32(0).f32(0).f32(0);                                  // 0x18 orientation
    b.f32(0.25f);                                                   // 0x28 frequency
    b.f32(12).f32(10);                                              // 0x2C displaceX, displaceY
    b.f32(0.8f).f32(1.4f);                                          // 0x34 minScale, maxScale
    b.f32(360);                                                     // 0x3C maxRotation
    b.f32(0.9f).f32(1);                                             // 0x40 minSlope, maxSlope
    b.u32(1).u32(0).u32(0);                                         // 0x48 align, orient, weenieObj
    b.u32(0x02000001);                                              // 0x54 second objectId
    b.f32(1).f32(2).f32(3).f32(0.5f).f32(0.5f).f32(0.5f).f32(0.5f); // 0x58 baseLocation
    b.f32(1).f32(0).f32(0).f32(1).f32(1).f32(0).f32(0).f32(0.7f);   // 0x74 frequency..maxSlope
    b.u32(2).u32(1).u32(7);                                         // 0x94 align, orient, weenieObj
    return b;                                                       // 0xA0
}

} // namespace

class TestScene : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const Scene scene = Scene::decode(bytes.data, kDid);
        QCOMPARE(scene.id, kDid);
        QCOMPARE(scene.objects.size(), std::size_t(2));
        const SceneObject& tree = scene.objects[0];
        QCOMPARE(tree.objectId, 0x01000B01u);
        QCOMPARE(tree.baseLocation.origin.z, -0.1f);
        QCOMPARE(tree.frequency, 0.25f);
        QCOMPARE(tree.displaceX, 12.0f);
        QCOMPARE(tree.displaceY, 10.0f);
        QCOMPARE(tree.minScale, 0.8f);
        QCOMPARE(tree.maxScale, 1.4f);
        QCOMPARE(tree.maxRotation, 360.0f);
        QCOMPARE(tree.minSlope, 0.9f);
        QCOMPARE(tree.maxSlope, 1.0f);
        QCOMPARE(tree.align, 1u);
        QCOMPARE(tree.orient, 0u);
        const SceneObject& rock = scene.objects[1];
        QCOMPARE(rock.baseLocation.origin.y, 2.0f);
        QCOMPARE(rock.baseLocation.orientation.w, 0.5f);
        QCOMPARE(rock.maxSlope, 0.7f);
        QCOMPARE(rock.align, 2u); // raw values other than 0 and 1 are kept
        QCOMPARE(rock.orient, 1u);
        QCOMPARE(rock.weenieObj, 7u);
        QVERIFY(scene.trailing.empty());
        QCOMPARE(scene.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<Scene>(DatKind::Portal, kDid, handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u32(0xCDCDCDCD).u8(1);
        const Scene scene = Scene::decode(b.data, kDid);
        QCOMPARE(scene.trailing.size(), std::size_t(5));
        QCOMPARE(scene.encode(), b.data);
        if (!jsonRoundTrips(scene, kDid, "scene"))
            return;
    }

    void emptySceneIsEightBytes() {
        Scene scene;
        scene.id = kDid;
        QCOMPARE(scene.encode(), Bytes().u32(kDid).u32(0).data);
    }

    void roundTripsThroughJson() {
        const Scene scene = Scene::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(scene, kDid, "scene"))
            return;
        const QJsonObject json = scene.toJson();
        const QJsonObject tree = json["objects"].toArray()[0].toObject();
        QCOMPARE(tree["objectId"].toString(), QString("0x01000B01"));
        QCOMPARE(tree["frequency"].toDouble(), 0.25);
    }

    void handWrittenSourceTakesDefaults() {
        const Scene scene = portalkit::testing::fromSource<Scene>(
            R"({"objects": [{"objectId": "0x01000B01", "frequency": 0.5}]})", "scene", kDid);
        QCOMPARE(scene.objects.size(), std::size_t(1));
        QCOMPARE(scene.objects[0].frequency, 0.5f);
        QCOMPARE(scene.objects[0].minScale, 1.0f);
        QCOMPARE(scene.objects[0].maxSlope, 1.0f);
        QCOMPARE(scene.objects[0].baseLocation.orientation.w, 1.0f);
    }

    void jsonErrorsNameThePath_data() {
        QTest::addColumn<QJsonObject>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("object without id")
            << QJsonObject{{"objects", QJsonArray{QJsonObject{}}}} << "scene.objects[0].objectId"
            << "missing";
        QTest::newRow("frequency not a number")
            << QJsonObject{{"objects",
                            QJsonArray{QJsonObject{{"objectId", 1}, {"frequency", "often"}}}}}
            << "scene.objects[0].frequency"
            << "expected a number";
        QTest::newRow("wrong id") << QJsonObject{{"id", "0x12000001"}} << "scene.id"
                                  << "its entry is";
    }
    void jsonErrorsNameThePath() {
        QFETCH(QJsonObject, source);
        QFETCH(QString, field);
        QFETCH(QString, message);
        portalkit::testing::checkJsonError<Scene>(source, "scene", kDid, field, message);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<Scene>(bytes.data, 0x02, "id", 0x00, kDid);
        portalkit::testing::checkTruncation<Scene>(bytes.data, 0x06, "scene.objects", 0x04, kDid);
    }

    // Objects have a fixed size, so no cut inside one gets past the count: every length from
    // the first object to the end of the last names the count and its offset.
    void everyCutInsideTheObjectsNamesTheCount() {
        const Bytes bytes = handWritten();
        for (int length = 0x08; length < int(bytes.data.size()); ++length)
            portalkit::testing::checkTruncation<Scene>(bytes.data, length, "scene.objects", 0x04,
                                                       kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u32(0x7FFFFFFF); // would reserve 160 GB if believed
        const auto error = errorFrom([&] { Scene::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(QString::fromStdString(error->field()), QString("scene.objects"));
    }
};

QTEST_APPLESS_MAIN(TestScene)
#include "tst_scene.moc"
