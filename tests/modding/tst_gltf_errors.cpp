// Broken glTF files (modding/gltf_reader.h): a truncated buffer, an index out of range, an
// accessor or view past its bytes (overflowing counts and offsets included), bad references,
// cycles, other primitive modes and damaged GLB containers each give a DatError naming the file
// and the JSON path or GLB field at fault, never a crash or a read outside the file.

#include "datreader/io/dat_error.h"
#include "gltf_samples.h"
#include "modding/gltf_import.h"
#include "modding/gltf_reader.h"

#include <QObject>
#include <QTest>
#include <functional>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kImported = 0x0100F001;

// The error reading `bytes` gives, or empty when it reads.
QString readError(const QByteArray& bytes) {
    try {
        modding::readGltf(bytes, "bad.gltf", QString());
        return {};
    } catch (const dat::DatError& e) {
        return QString::fromStdString(e.what());
    }
}

QByteArray withChange(const std::function<void(QJsonObject&)>& change) {
    QJsonObject json = cubeJson(QString::fromLatin1(dataUri(cubeBuffer())));
    change(json);
    return QJsonDocument(json).toJson();
}

// Sets json[array][index][key] = value.
void setIn(QJsonObject& json, const char* array, int index, const char* key,
           const QJsonValue& value) {
    QJsonArray items = json[array].toArray();
    QJsonObject item = items[index].toObject();
    item[key] = value;
    items[index] = item;
    json[array] = items;
}

} // namespace

class TestGltfErrors : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

  private slots:
    void badFilesGiveErrors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected"); // part of the message: the path at fault
        const QByteArray bin = cubeBuffer();
        QTest::newRow("truncated buffer")
            << QJsonDocument(cubeJson(QString::fromLatin1(dataUri(bin.left(500))))).toJson()
            << "buffers[0].byteLength";
        QTest::newRow("view past its buffer")
            << withChange([](QJsonObject& j) { setIn(j, "bufferViews", 3, "byteOffset", 800); })
            << "bufferViews[3]";
        QByteArray badIndex = bin;
        qToLittleEndian<std::uint16_t>(99, badIndex.data() + 768 + 10);
        QTest::newRow("index out of range")
            << QJsonDocument(cubeJson(QString::fromLatin1(dataUri(badIndex)))).toJson()
            << "index 99 (element 5) is out of range";
        QTest::newRow("accessor count past its view")
            << withChange([](QJsonObject& j) { setIn(j, "accessors", 0, "count", 25); })
            << "accessors[0].count";
        QTest::newRow("accessor count overflowing") << withChange([](QJsonObject& j) {
            setIn(j, "accessors", 0, "count", 9007199254740992.0);
        }) << "accessors[0].count";
        QTest::newRow("accessor offset overflowing") << withChange([](QJsonObject& j) {
            setIn(j, "accessors", 2, "byteOffset", 9007199254740000.0);
        }) << "accessors[2].count";
        QTest::newRow("mesh out of range")
            << withChange([](QJsonObject& j) { setIn(j, "nodes", 0, "mesh", 3); })
            << "nodes[0].mesh";
        QTest::newRow("lines") << withChange([](QJsonObject& j) {
            QJsonObject mesh = j["meshes"].toArray()[0].toObject();
            QJsonObject prim = mesh["primitives"].toArray()[0].toObject();
            prim["mode"] = 1;
            mesh["primitives"] = QJsonArray{prim};
            j["meshes"] = QJsonArray{mesh};
        }) << "meshes[0].primitives[0].mode";
        QTest::newRow("node cycle")
            << withChange([](QJsonObject& j) { setIn(j, "nodes", 0, "children", QJsonArray{0}); })
            << "nodes[0]";
        QTest::newRow("external file in memory")
            << QJsonDocument(cubeJson(QString("cube.bin"))).toJson() << "buffers[0].uri";
        QTest::newRow("not JSON") << QByteArray("{\"asset\": ") << "json";
        QTest::newRow("vertices scaled past any model") << withChange([](QJsonObject& j) {
            setIn(j, "nodes", 0, "scale", QJsonArray{1e30, 1, 1});
        }) << "accessors[0]: vertex 0 is not finite or lies more than 1,000 km out";
        QTest::newRow("required extension") << withChange([](QJsonObject& j) {
            j["extensionsRequired"] = QJsonArray{"KHR_draco_mesh_compression"};
        }) << "extensionsRequired[0]";
        QTest::newRow("glTF 1") << withChange([](QJsonObject& j) {
            j["asset"] = QJsonObject{{"version", "1.0"}};
        }) << "asset.version";
        const QByteArray good = glb(QJsonDocument(cubeJson({})).toJson(), bin);
        QTest::newRow("glb cut short") << good.left(good.size() - 100) << "glb length";
        QByteArray longChunk = good;
        qToLittleEndian<std::uint32_t>(0x7FFFFFF0, longChunk.data() + 12);
        QTest::newRow("glb chunk too long") << longChunk << "glb chunk length";
        QTest::newRow("glb header only") << good.left(12) << "glb header";
        QTest::newRow("glb without BIN")
            << glb(QJsonDocument(cubeJson({})).toJson(), {}) << "buffers[0].byteLength";
    }

    void badFilesGiveErrors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString error = readError(bytes);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains("bad.gltf"), qPrintable(error));
    }

    void aMissingFileIsAnError() {
        try {
            modding::importGltf(m_dir.filePath("none.gltf"), kImported, {});
            QFAIL("no error");
        } catch (const dat::DatError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains("none.gltf"));
        }
    }

    void theCubeItselfReads() {
        QVERIFY2(readError(cubeGltf()).isEmpty(), qPrintable(readError(cubeGltf())));
    }
};

QTEST_GUILESS_MAIN(TestGltfErrors)
#include "tst_gltf_errors.moc"
