#pragma once

// What the export suites need to look inside what they wrote: a small .glb/.gltf reader (the
// JSON through QJsonDocument, accessors as floats or indices, images as QImages) and a runner
// for the Khronos glTF validator (validate_gltf.cjs under Node.js). Test code only: the product
// writes glTF and never reads it.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtEndian>
#include <cstdint>
#include <vector>

namespace portalkit::testing {

struct GltfFile {
    QJsonObject json;
    QByteArray bin; // buffers[0]
    QString error;  // why it could not be read; empty when it could

    QJsonObject item(const char* array, int index) const {
        return json[array].toArray().at(index).toObject();
    }
    int count(const char* array) const { return int(json[array].toArray().size()); }

    QByteArray viewBytes(int view) const {
        const QJsonObject v = item("bufferViews", view);
        return bin.mid(v["byteOffset"].toInteger(), v["byteLength"].toInteger());
    }
    int componentCount(const QString& type) const {
        return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
    }
    // A float accessor's values, tightly packed (exports never interleave).
    std::vector<float> floats(int accessor) const {
        const QJsonObject a = item("accessors", accessor);
        const QByteArray bytes = viewBytes(a["bufferView"].toInt());
        const qsizetype n = a["count"].toInteger() * componentCount(a["type"].toString());
        std::vector<float> out(static_cast<std::size_t>(n));
        for (qsizetype i = 0; i < n && (i + 1) * 4 <= bytes.size(); ++i)
            out[std::size_t(i)] = qFromLittleEndian<float>(bytes.constData() + i * 4);
        return out;
    }
    std::vector<std::uint32_t> indices(int accessor) const {
        const QJsonObject a = item("accessors", accessor);
        const QByteArray bytes = viewBytes(a["bufferView"].toInt());
        const bool shorts = a["componentType"].toInt() == 5123;
        std::vector<std::uint32_t> out;
        for (qsizetype i = 0; i < a["count"].toInteger(); ++i)
            out.push_back(shorts ? qFromLittleEndian<std::uint16_t>(bytes.constData() + i * 2)
                                 : qFromLittleEndian<std::uint32_t>(bytes.constData() + i * 4));
        return out;
    }
    QImage image(int index) const {
        const QJsonObject i = item("images", index);
        return QImage::fromData(viewBytes(i["bufferView"].toInt()), "PNG");
    }
    // The image of `material`'s base colour texture as RGBA8888; null when it has none.
    QImage baseColorImage(const QJsonObject& material) const {
        const int texture = material["pbrMetallicRoughness"]
                                .toObject()["baseColorTexture"]
                                .toObject()["index"]
                                .toInt(-1);
        if (texture < 0)
            return {};
        return image(item("textures", texture)["source"].toInt())
            .convertToFormat(QImage::Format_RGBA8888);
    }
};

// Reads a .glb (magic "glTF") or a .gltf whose buffer is a base64 data URI.
inline GltfFile readGltf(const QByteArray& bytes) {
    GltfFile out;
    const auto u32 = [&](qsizetype at) {
        return qFromLittleEndian<std::uint32_t>(bytes.constData() + at);
    };
    QByteArray text;
    if (bytes.startsWith("glTF")) {
        if (bytes.size() < 20 || u32(4) != 2 || u32(8) != std::uint32_t(bytes.size())) {
            out.error = "bad GLB header";
            return out;
        }
        const std::uint32_t jsonLength = u32(12);
        if (u32(16) != 0x4E4F534A || jsonLength % 4 || 20 + qsizetype(jsonLength) > bytes.size()) {
            out.error = "bad JSON chunk";
            return out;
        }
        text = bytes.mid(20, jsonLength);
        const qsizetype bin = 20 + jsonLength;
        if (bin < bytes.size()) {
            const std::uint32_t binLength = u32(bin);
            if (u32(bin + 4) != 0x004E4942 || binLength % 4 ||
                bin + 8 + qsizetype(binLength) != bytes.size()) {
                out.error = "bad BIN chunk";
                return out;
            }
            out.bin = bytes.mid(bin + 8, binLength);
        }
    } else {
        text = bytes;
    }
    QJsonParseError parseError;
    out.json = QJsonDocument::fromJson(text, &parseError).object();
    if (parseError.error != QJsonParseError::NoError) {
        out.error = parseError.errorString();
        return out;
    }
    const QString uri = out.json.value("buffers").toArray().at(0).toObject()["uri"].toString();
    const QString prefix = "data:application/octet-stream;base64,";
    if (uri.startsWith(prefix))
        out.bin = QByteArray::fromBase64(uri.mid(prefix.size()).toLatin1());
    return out;
}

// The validator's verdict on one file, or why it could not run.
struct ValidatorRun {
    bool ran = false;
    QString why;
    QJsonObject report;

    int errors() const { return report["issues"].toObject()["numErrors"].toInt(); }
    int warnings() const { return report["issues"].toObject()["numWarnings"].toInt(); }
    // Every message at or below `severity` (0 error, 1 warning, 2 info, 3 hint), one a line.
    QString messages(int severity = 1) const {
        QString out;
        for (const QJsonValue& value : report["issues"].toObject()["messages"].toArray()) {
            const QJsonObject m = value.toObject();
            if (m["severity"].toInt() <= severity)
                out +=
                    QStringLiteral("%1 %2 at %3: %4\n")
                        .arg(m["severity"].toInt() == 0 ? "error" : "warning", m["code"].toString(),
                             m["pointer"].toString(), m["message"].toString());
        }
        return out;
    }
};

// Node.js and the validator install are test prerequisites: .ci/setup installs both. Only an
// explicit PORTALKIT_ALLOW_NO_GLTF_VALIDATOR=1 lets the suites skip when they are missing.
inline bool validatorMayBeMissing() {
    return qEnvironmentVariable("PORTALKIT_ALLOW_NO_GLTF_VALIDATOR") == QLatin1String("1");
}

inline ValidatorRun runValidator(const QByteArray& bytes, const QString& suffix) {
    ValidatorRun run;
    const QString node = QStandardPaths::findExecutable("node");
    if (node.isEmpty()) {
        run.why = "node (Node.js) is not on PATH; bash .ci/setup test installs it";
        return run;
    }
    const QString validatorDir = PORTALKIT_GLTF_VALIDATOR_DIR;
    if (!QFile::exists(validatorDir + "/node_modules/gltf-validator/package.json")) {
        run.why = "gltf-validator is not installed in " + validatorDir +
                  "; bash .ci/setup test installs it";
        return run;
    }
    QTemporaryDir dir;
    QFile file(dir.filePath("model." + suffix));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        run.why = "cannot write " + file.fileName();
        return run;
    }
    file.close();
    QProcess process;
    process.start(node, {PORTALKIT_GLTF_VALIDATE_SCRIPT, validatorDir, file.fileName()});
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        run.why = "the validator did not run: " + QString::fromUtf8(process.readAllStandardError());
        return run;
    }
    QJsonParseError parseError;
    run.report = QJsonDocument::fromJson(process.readAllStandardOutput(), &parseError).object();
    if (parseError.error != QJsonParseError::NoError) {
        run.why = "unreadable validator report: " + parseError.errorString();
        return run;
    }
    run.ran = true;
    return run;
}

} // namespace portalkit::testing

// In a test function: `run` becomes the validator's report on `bytes`; the test fails when the
// validator cannot run, or skips when PORTALKIT_ALLOW_NO_GLTF_VALIDATOR=1 allows it.
#define PORTALKIT_VALIDATE_GLTF(run, bytes, suffix)                                                \
    const portalkit::testing::ValidatorRun run = portalkit::testing::runValidator(bytes, suffix);  \
    if (!run.ran) {                                                                                \
        if (portalkit::testing::validatorMayBeMissing())                                           \
            QSKIP(qPrintable(run.why));                                                            \
        QFAIL(qPrintable(run.why));                                                                \
    }

// Zero errors and zero warnings (unused objects, non-unit vectors, ...), or the validator's
// messages as the failure text.
#define PORTALKIT_EXPECT_VALID(run)                                                                \
    QVERIFY2(run.errors() == 0 && run.warnings() == 0, qPrintable(run.messages(1)))
