// Writes the fuzz_gltf_import seed corpus: small .glb files — a cube with positions, normals,
// UVs and u16 indices and a base colour; the same without indices and normals; a scaled,
// rotated node with u8 indices; and a quad whose material embeds a 4×4 PNG.
// Usage: make_gltf_seeds OUT_DIR

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>
#include <cstdio>
#include <vector>

namespace {

template <typename T> void append(QByteArray& out, const std::vector<T>& values) {
    for (const T value : values) {
        char bytes[sizeof(T)];
        qToLittleEndian(value, bytes);
        out.append(bytes, sizeof(T));
    }
}

QByteArray glb(const QJsonObject& json, QByteArray bin) {
    QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
    while (text.size() % 4)
        text.append(' ');
    while (bin.size() % 4)
        bin.append('\0');
    QByteArray out;
    const auto u32 = [&out](std::uint32_t v) {
        char b[4];
        qToLittleEndian(v, b);
        out.append(b, 4);
    };
    u32(0x46546C67);
    u32(2);
    u32(std::uint32_t(28 + text.size() + bin.size()));
    u32(std::uint32_t(text.size()));
    u32(0x4E4F534A);
    out.append(text);
    u32(std::uint32_t(bin.size()));
    u32(0x004E4942);
    out.append(bin);
    return out;
}

// Views over `bin` in order of `lengths`, and one accessor per view.
struct Layout {
    QJsonArray views, accessors;
    int offset = 0;
    void add(int length, int componentType, int count, const char* type) {
        views.append(QJsonObject{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}});
        accessors.append(QJsonObject{{"bufferView", int(views.size() - 1)},
                                     {"componentType", componentType},
                                     {"count", count},
                                     {"type", type}});
        offset += (length + 3) / 4 * 4;
    }
};

QJsonObject document(const Layout& layout, int binLength, const QJsonObject& primitive,
                     const QJsonObject& node, const QJsonArray& materials) {
    return QJsonObject{{"asset", QJsonObject{{"version", "2.0"}}},
                       {"scene", 0},
                       {"scenes", QJsonArray{QJsonObject{{"nodes", QJsonArray{0}}}}},
                       {"nodes", QJsonArray{node}},
                       {"meshes", QJsonArray{QJsonObject{{"primitives", QJsonArray{primitive}}}}},
                       {"materials", materials},
                       {"buffers", QJsonArray{QJsonObject{{"byteLength", binLength}}}},
                       {"bufferViews", layout.views},
                       {"accessors", layout.accessors}};
}

// A unit cube's 8 corners and 12 triangles wound outward.
const std::vector<float> kCorners{-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1,
                                  -1, -1, 1,  1, -1, 1,  1, 1, 1,  -1, 1, 1};
const std::vector<std::uint16_t> kTriangles{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                            2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 3, 0, 4, 3, 4, 7};

QByteArray cube(bool indexed, bool u8, const QJsonObject& node) {
    QByteArray bin;
    Layout layout;
    append(bin, kCorners);
    layout.add(96, 5126, 8, "VEC3");
    QJsonObject attributes{{"POSITION", 0}};
    QJsonObject primitive{{"material", 0}};
    if (indexed) {
        if (u8) {
            std::vector<std::uint8_t> small(kTriangles.begin(), kTriangles.end());
            append(bin, small);
            layout.add(36, 5121, 36, "SCALAR");
        } else {
            append(bin, kTriangles);
            layout.add(72, 5123, 36, "SCALAR");
        }
        primitive["indices"] = 1;
    } else {
        std::vector<float> flat;
        for (const std::uint16_t i : kTriangles)
            flat.insert(flat.end(), kCorners.begin() + i * 3, kCorners.begin() + i * 3 + 3);
        bin.clear();
        layout = Layout();
        append(bin, flat);
        layout.add(int(flat.size() * 4), 5126, 36, "VEC3");
    }
    primitive["attributes"] = attributes;
    const QJsonArray materials{QJsonObject{
        {"pbrMetallicRoughness", QJsonObject{{"baseColorFactor", QJsonArray{0.8, 0.2, 0.1, 1}}}}}};
    return glb(document(layout, int(bin.size()), primitive, node, materials), bin);
}

QByteArray texturedQuad() {
    QImage image(4, 4, QImage::Format_RGBA8888);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            image.setPixelColor(x, y, QColor(x * 60, y * 60, 128, x == 0 ? 100 : 255));
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    QByteArray bin;
    Layout layout;
    append(bin, std::vector<float>{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
    layout.add(48, 5126, 4, "VEC3");
    append(bin, std::vector<float>{0, 1, 1, 1, 1, 0, 0, 0});
    layout.add(32, 5126, 4, "VEC2");
    append(bin, std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3});
    layout.add(24, 5125, 6, "SCALAR");
    layout.views.append(
        QJsonObject{{"buffer", 0}, {"byteOffset", layout.offset}, {"byteLength", png.size()}});
    bin.append(png);
    QJsonObject json = document(
        layout, int(bin.size()),
        QJsonObject{{"attributes", QJsonObject{{"POSITION", 0}, {"TEXCOORD_0", 1}}},
                    {"indices", 2},
                    {"material", 0}},
        QJsonObject{{"mesh", 0}},
        QJsonArray{QJsonObject{{"alphaMode", "BLEND"},
                               {"doubleSided", true},
                               {"pbrMetallicRoughness",
                                QJsonObject{{"baseColorTexture", QJsonObject{{"index", 0}}}}}}});
    json["textures"] = QJsonArray{QJsonObject{{"source", 0}}};
    json["images"] = QJsonArray{
        QJsonObject{{"bufferView", int(layout.views.size() - 1)}, {"mimeType", "image/png"}}};
    return glb(json, bin);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_gltf_seeds OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    if (!out.mkpath("."))
        return 2;
    const auto write = [&](const char* name, const QByteArray& bytes) {
        QFile seed(out.filePath(QString::fromLatin1(name)));
        return seed.open(QIODevice::WriteOnly) && seed.write(bytes) == bytes.size();
    };
    const QJsonObject turned{{"mesh", 0},
                             {"translation", QJsonArray{1, 2, 3}},
                             {"rotation", QJsonArray{0, 0.7071068, 0, 0.7071068}},
                             {"scale", QJsonArray{2, 1, 0.5}}};
    const bool ok = write("cube_u16.glb", cube(true, false, QJsonObject{{"mesh", 0}})) &&
                    write("cube_unindexed.glb", cube(false, false, QJsonObject{{"mesh", 0}})) &&
                    write("cube_u8_turned.glb", cube(true, true, turned)) &&
                    write("quad_textured.glb", texturedQuad());
    return ok ? 0 : 2;
}
