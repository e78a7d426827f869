#pragma once

// Shared by the generator suites (tst_*_generator.cpp): each generator called on a spec as a
// source file gives it, the check that a bad spec fails at its path, and vector helpers.

#include "datreader/authoring/generators.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QString>
#include <QTest>
#include <cmath>
#include <string>

namespace portalkit::testing {

inline constexpr std::uint32_t kMeshDid = 0x01000042;
inline constexpr std::uint32_t kTextureDid = 0x06000042;
inline constexpr std::uint32_t kPaletteDid = 0x04000042;
inline constexpr std::uint32_t kWaveDid = 0x0A000042;
inline constexpr std::uint32_t kAnimationDid = 0x03000042;

// A spec as a source file would give it: JSON text, read under `root`.
inline dat::JsonNode spec(const char* json, const char* root, std::uint32_t did) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return dat::JsonNode(document.object(), root, did);
}

inline dat::GfxObj mesh(const char* json) {
    return authoring::generateMesh(spec(json, "mesh", kMeshDid), kMeshDid);
}

inline dat::RenderSurface texture(const QJsonObject& object,
                                  const dat::Palette* palette = nullptr) {
    return authoring::generateTexture(dat::JsonNode(object, "texture", kTextureDid), kTextureDid,
                                      palette);
}

inline dat::Palette palette(const QJsonObject& object) {
    return authoring::generatePalette(dat::JsonNode(object, "palette", kPaletteDid), kPaletteDid);
}

inline dat::Wave tone(const char* json) {
    return authoring::generateTone(spec(json, "tone", kWaveDid), kWaveDid);
}

inline dat::Animation animation(const char* json) {
    return authoring::generateAnimation(spec(json, "anim", kAnimationDid), kAnimationDid);
}

// `fn` must fail through JsonNode: the field is the spec path, the DID the entry's.
template <typename Fn> bool failsAt(Fn&& fn, const std::string& path, std::uint32_t did) {
    const dat::DatError error = expectDatError(std::forward<Fn>(fn));
    [&] {
        QVERIFY2(error.field() == path, error.what());
        QVERIFY2(error.did() == did, error.what());
        QVERIFY2(mentions(error, dat::formatDid(did)), error.what());
    }();
    return !QTest::currentTestFailed();
}

// The bad-spec tables of every generator suite: a spec's JSON text and the path its error names.
inline void addBadSpecColumns() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
}

// failsAt for the current row of a bad-spec table: `generate` takes the spec as JSON text.
template <typename Generate> void badSpecFailsAt(Generate&& generate, std::uint32_t did) {
    QFETCH(QString, json);
    QFETCH(QString, path);
    const QByteArray text = json.toUtf8();
    failsAt([&] { generate(text.constData()); }, path.toStdString(), did);
}

// Geometry in doubles, for meshes and animation frames.
struct V {
    double x = 0, y = 0, z = 0;
};
inline V operator-(V a, V b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline V operator+(V a, V b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline double dot(V a, V b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline double norm(V a) {
    return std::sqrt(dot(a, a));
}
inline V of(const dat::Vec3& v) {
    return {v.x, v.y, v.z};
}

inline bool near(V a, V b, double tolerance = 1e-5) {
    return norm(a - b) <= tolerance;
}

} // namespace portalkit::testing
