// GltfDocument on its own: the GLB container's header and chunks, the .gltf data URI, accessor
// bounds and index widths, and the validator's verdict on a minimal triangle.

#include "export/gltf_writer.h"
#include "gltf_test_support.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::exports;
using namespace portalkit::testing;

namespace {

// One triangle with a node and a scene: the smallest document the validator accepts as a model.
GltfDocument triangle() {
    GltfDocument doc("test");
    const std::vector<float> positions{0, 0, 0, 1, 0, 0, 0, 1, 0};
    const std::vector<std::uint32_t> indices{0, 1, 2};
    const int position = doc.addFloatAccessor(positions, 3, BufferTarget::ArrayBuffer, true);
    const int index = doc.addIndexAccessor(indices);
    const int mesh = doc.add(
        "meshes",
        QJsonObject{{"primitives",
                     QJsonArray{QJsonObject{{"attributes", QJsonObject{{"POSITION", position}}},
                                            {"indices", index}}}}});
    const int node = doc.add("nodes", QJsonObject{{"mesh", mesh}});
    doc.setScene(QJsonObject{{"nodes", QJsonArray{node}}});
    return doc;
}

} // namespace

class TestGltfWriter : public QObject {
    Q_OBJECT

  private slots:
    void glbHeaderAndChunks() {
        const QByteArray glb = triangle().toGlb();
        QVERIFY(glb.startsWith("glTF"));
        QCOMPARE(qFromLittleEndian<std::uint32_t>(glb.constData() + 4), 2u);
        QCOMPARE(qFromLittleEndian<std::uint32_t>(glb.constData() + 8), std::uint32_t(glb.size()));
        QCOMPARE(glb.size() % 4, 0);
        const GltfFile file = readGltf(glb);
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        QCOMPARE(file.json["asset"].toObject()["version"].toString(), QString("2.0"));
        QCOMPARE(file.json["scene"].toInt(), 0);
        // GLB buffers carry no URI; the BIN chunk is the buffer.
        const QJsonObject buffer = file.json["buffers"].toArray().at(0).toObject();
        QVERIFY(!buffer.contains("uri"));
        QCOMPARE(buffer["byteLength"].toInteger(), file.bin.size());
        QCOMPARE(file.floats(0), (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0}));
        QCOMPARE(file.indices(1), (std::vector<std::uint32_t>{0, 1, 2}));
    }

    void gltfEmbedsTheBufferAsADataUri() {
        const GltfDocument doc = triangle();
        const GltfFile text = readGltf(doc.toGltf());
        const GltfFile binary = readGltf(doc.toGlb());
        QVERIFY(text.error.isEmpty());
        QVERIFY(text.json["buffers"].toArray().at(0).toObject()["uri"].toString().startsWith(
            "data:application/octet-stream;base64,"));
        QCOMPARE(text.bin, binary.bin);
        QJsonObject withoutUri = text.json;
        withoutUri.remove("buffers");
        QJsonObject binaryWithoutBuffer = binary.json;
        binaryWithoutBuffer.remove("buffers");
        QCOMPARE(withoutUri, binaryWithoutBuffer);
    }

    void viewsStartFourByteAligned() {
        GltfDocument doc("test");
        doc.addBufferView(QByteArray("abc"), BufferTarget::None);
        const int second = doc.addBufferView(QByteArray("de"), BufferTarget::None);
        QCOMPARE(doc.at("bufferViews", second)["byteOffset"].toInt(), 4);
        QCOMPARE(doc.at("bufferViews", second)["byteLength"].toInt(), 2);
        const GltfFile file = readGltf(doc.toGlb());
        QCOMPARE(file.bin.size() % 4, 0);
        QCOMPARE(file.viewBytes(second), QByteArray("de"));
    }

    void boundsAreTheExactFloats() {
        GltfDocument doc("test");
        const std::vector<float> values{0.1f, -2.5f, 3.0f, 7.25f, 0.3f, -1e-7f};
        const QJsonObject accessor =
            doc.at("accessors", doc.addFloatAccessor(values, 3, BufferTarget::None, true));
        QCOMPARE(accessor["min"].toArray(), (QJsonArray{double(0.1f), -2.5, double(-1e-7f)}));
        QCOMPARE(accessor["max"].toArray(), (QJsonArray{7.25, double(0.3f), 3.0}));
        // Through the JSON text and back, still the same floats.
        const GltfFile file = readGltf(doc.toGlb());
        QCOMPARE(float(file.item("accessors", 0)["min"].toArray()[0].toDouble()), 0.1f);
    }

    void indicesWidenPastTheRestartValue() {
        GltfDocument doc("test");
        const std::vector<std::uint32_t> small{0, 1, 65534};
        const std::vector<std::uint32_t> large{0, 1, 65535};
        QCOMPARE(doc.at("accessors", doc.addIndexAccessor(small))["componentType"].toInt(), 5123);
        QCOMPARE(doc.at("accessors", doc.addIndexAccessor(large))["componentType"].toInt(), 5125);
        const GltfFile file = readGltf(doc.toGlb());
        QCOMPARE(file.indices(1), large);
    }

    void emptyDocumentHasNoBuffer() {
        GltfDocument doc("test");
        doc.setScene(QJsonObject{{"nodes", QJsonArray{doc.add("nodes", QJsonObject{})}}});
        const QByteArray glb = doc.toGlb();
        QCOMPARE(glb.size(), 12 + 8 + int(qFromLittleEndian<std::uint32_t>(glb.constData() + 12)));
        QVERIFY(!readGltf(glb).json.contains("buffers"));
    }

    void theValidatorAcceptsATriangle() {
        PORTALKIT_VALIDATE_GLTF(glb, triangle().toGlb(), "glb");
        PORTALKIT_EXPECT_VALID(glb);
        PORTALKIT_VALIDATE_GLTF(gltf, triangle().toGltf(), "gltf");
        PORTALKIT_EXPECT_VALID(gltf);
        QCOMPARE(glb.report["info"].toObject()["version"].toString(), QString("2.0"));
    }
};

QTEST_GUILESS_MAIN(TestGltfWriter)
#include "tst_gltf_writer.moc"
