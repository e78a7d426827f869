#include "datreader/authoring/generators.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <QString>
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>
#include <squish.h>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace portalkit::authoring {
namespace {

using dat::JsonNode;

// --- reading specs ---

constexpr double kMinLength = 0.001; // metres; below this a shape collapses in float precision
constexpr double kMaxLength = 10000;

std::string text(double value) {
    return QString::number(value).toStdString();
}

// A finite number within [min, max]; `fallback` when the key is missing, if one is given.
double realIn(const JsonNode& node, double min, double max,
              std::optional<double> fallback = std::nullopt) {
    const double value = fallback && node.isMissing() ? *fallback : node.f64();
    if (!std::isfinite(value) || value < min || value > max)
        node.fail(text(value) + " is outside " + text(min) + ".." + text(max));
    return value;
}

int integerIn(const JsonNode& node, int min, int max, std::optional<int> fallback = std::nullopt) {
    const int value = fallback && node.isMissing() ? *fallback : node.i32();
    if (value < min || value > max)
        node.fail(std::to_string(value) + " is outside " + std::to_string(min) + ".." +
                  std::to_string(max));
    return value;
}

// [x, y, z] with each component finite and within [min, max].
std::array<double, 3> triple(const JsonNode& node, double min, double max) {
    if (!node.isArray() || node.value().toArray().size() != 3)
        node.fail("expected [x, y, z]");
    return {realIn(node[0], min, max), realIn(node[1], min, max), realIn(node[2], min, max)};
}

struct Vec3d {
    double x = 0, y = 0, z = 0;
};

Vec3d operator+(Vec3d a, Vec3d b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Vec3d operator-(Vec3d a, Vec3d b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3d operator*(Vec3d a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
double length(Vec3d a) {
    return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}
Vec3d normalised(Vec3d a) {
    return a * (1.0 / length(a));
}

Vec3d pointFrom(const JsonNode& node, Vec3d fallback) {
    if (node.isMissing())
        return fallback;
    const auto [x, y, z] = triple(node, -kMaxLength, kMaxLength);
    return {x, y, z};
}

std::uint32_t didOfType(const JsonNode& node, std::uint8_t typeByte, const char* typeName) {
    const std::uint32_t value = node.u32();
    if (value >> 24 != typeByte)
        node.fail(dat::formatDid(value) + " is not a " + typeName + " DID (" +
                  dat::formatDid(std::uint32_t(typeByte) << 24).substr(0, 4) + "xxxxxx)");
    return value;
}

template <typename T> struct Named {
    std::string_view name;
    T value;
};

// One of the named options; `fallback` (a name) when the key is missing, if one is given.
template <typename T>
T choice(const JsonNode& node, std::span<const Named<T>> options,
         std::optional<std::string_view> fallback = std::nullopt) {
    const std::string name =
        fallback && node.isMissing() ? std::string(*fallback) : node.string().toStdString();
    std::string known;
    for (const Named<T>& option : options) {
        if (option.name == name)
            return option.value;
        known += (known.empty() ? "" : ", ") + std::string(option.name);
    }
    node.fail("'" + name + "' is not one of " + known);
}

// --- colours ---

using Rgba = std::array<std::uint8_t, 4>;

constexpr std::size_t kMaxColourStops = 256;

Rgba colourFrom(const JsonNode& node) {
    const QString spelling = node.string();
    const bool wellFormed =
        spelling.startsWith('#') && (spelling.size() == 7 || spelling.size() == 9) &&
        std::all_of(spelling.begin() + 1, spelling.end(),
                    [](QChar c) { return QStringLiteral("0123456789abcdefABCDEF").contains(c); });
    if (!wellFormed)
        node.fail("'" + spelling.toStdString() + "' is not a colour #RRGGBB or #RRGGBBAA");
    const auto channel = [&](int index) {
        return std::uint8_t(spelling.mid(1 + 2 * index, 2).toUInt(nullptr, 16));
    };
    return {channel(0), channel(1), channel(2),
            spelling.size() == 9 ? channel(3) : std::uint8_t(255)};
}

std::vector<Rgba> colourList(const JsonNode& node, std::size_t minCount,
                             const std::vector<Rgba>& fallback) {
    if (node.isMissing())
        return fallback;
    const std::vector<JsonNode> elements = node.elements();
    if (elements.size() < minCount || elements.size() > kMaxColourStops)
        node.fail(std::to_string(elements.size()) + " colours, expected " +
                  std::to_string(minCount) + ".." + std::to_string(kMaxColourStops));
    std::vector<Rgba> colours;
    for (const JsonNode& element : elements)
        colours.push_back(colourFrom(element));
    return colours;
}

// The colour at t in 0..1 of a ramp through `stops` spaced evenly; the ends are the end stops.
Rgba rampAt(const std::vector<Rgba>& stops, double t) {
    if (stops.size() == 1)
        return stops.front();
    const double position = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const std::size_t below = std::min(std::size_t(position), stops.size() - 2);
    const double fraction = position - double(below);
    Rgba colour;
    for (std::size_t c = 0; c < 4; ++c) {
        const double from = stops[below][c];
        const double to = stops[below + 1][c];
        colour[c] = std::uint8_t(std::lround(from + (to - from) * fraction));
    }
    return colour;
}

std::uint32_t argb(const Rgba& colour) {
    return std::uint32_t(colour[3]) << 24 | std::uint32_t(colour[0]) << 16 |
           std::uint32_t(colour[1]) << 8 | colour[2];
}

Rgba fromArgb(std::uint32_t value) {
    return {std::uint8_t(value >> 16), std::uint8_t(value >> 8), std::uint8_t(value),
            std::uint8_t(value >> 24)};
}

// --- deterministic randomness ---

// SplitMix64: a tiny, well-mixed generator, so the same seed gives the same asset everywhere.
std::uint64_t splitMix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double unitRandom(std::uint64_t& state) {
    return double(splitMix64(state) >> 11) * 0x1.0p-53;
}

// --- meshes ---

enum class Shape { Box, Sphere, Cylinder, Cone, Quad, Arrow, Ring };
constexpr Named<Shape> kShapes[] = {{"box", Shape::Box},           {"sphere", Shape::Sphere},
                                    {"cylinder", Shape::Cylinder}, {"cone", Shape::Cone},
                                    {"quad", Shape::Quad},         {"arrow", Shape::Arrow},
                                    {"ring", Shape::Ring}};

enum class Axis { X, Y, Z };
constexpr Named<Axis> kAxes[] = {{"x", Axis::X}, {"y", Axis::Y}, {"z", Axis::Z}};

constexpr int kMinSegments = 3;
constexpr int kMaxSegments = 256;
constexpr int kMaxRings = 64; // with 256 segments: 16705 vertices, inside the i16 vertex ids
// Arrow proportions: the head takes this share of the length, the shaft this share of its width.
constexpr double kArrowHeadShare = 0.3;
constexpr double kArrowShaftShare = 0.5;

// Shapes are built around +Z, then turned onto their axis.
struct Mesh {
    struct Vertex {
        Vec3d position;
        Vec3d normal;
        double u = 0, v = 0;
    };
    std::vector<Vertex> vertices;
    std::vector<std::vector<std::uint16_t>> polygons;

    std::uint16_t vertex(Vec3d position, Vec3d normal, double u, double v) {
        vertices.push_back({position, normalised(normal), u, v});
        return std::uint16_t(vertices.size() - 1);
    }
    void polygon(std::initializer_list<std::uint16_t> corners) { polygons.emplace_back(corners); }
};

// The unit circle at `segments` even steps, first point on +X, counter-clockwise seen from +Z;
// one extra point, an exact copy of the first, closes the loop so seams get their own UVs
// without a crack.
std::vector<std::pair<double, double>> circle(int segments) {
    std::vector<std::pair<double, double>> points;
    for (int j = 0; j < segments; ++j) {
        const double angle = 2 * std::numbers::pi * j / segments;
        points.emplace_back(std::cos(angle), std::sin(angle));
    }
    points.push_back(points.front());
    return points;
}

// A rectangle centred on `centre` spanning ±halfU and ±halfV; halfU × halfV points the way the
// face looks, so the corners run counter-clockwise seen from there.
void addRectangle(Mesh& mesh, Vec3d centre, Vec3d halfU, Vec3d halfV, Vec3d normal) {
    const auto a = mesh.vertex(centre - halfU - halfV, normal, 0, 1);
    const auto b = mesh.vertex(centre + halfU - halfV, normal, 1, 1);
    const auto c = mesh.vertex(centre + halfU + halfV, normal, 1, 0);
    const auto d = mesh.vertex(centre - halfU + halfV, normal, 0, 0);
    mesh.polygon({a, b, c, d});
}

void addBox(Mesh& mesh, Vec3d half) {
    const Vec3d x{half.x, 0, 0}, y{0, half.y, 0}, z{0, 0, half.z};
    addRectangle(mesh, x, y, z, x);
    addRectangle(mesh, x * -1, y * -1, z, x * -1);
    addRectangle(mesh, y, x * -1, z, y);
    addRectangle(mesh, y * -1, x, z, y * -1);
    addRectangle(mesh, z, x, y, z);
    addRectangle(mesh, z * -1, x, y * -1, z * -1);
}

// Latitude bands from the +Z pole down; the pole bands are triangles, the rest planar quads.
void addSphere(Mesh& mesh, double radius, int rings, int segments) {
    const auto around = circle(segments);
    const auto at = [segments](int ring, int segment) {
        return std::uint16_t(ring * (segments + 1) + segment);
    };
    for (int ring = 0; ring <= rings; ++ring) {
        const double polar = std::numbers::pi * ring / rings;
        // Exact at the poles, where sin(pi) would leave each copy of the pole a hair apart.
        const bool pole = ring == 0 || ring == rings;
        const double ringRadius = pole ? 0 : std::sin(polar);
        const double height = ring == 0 ? 1 : ring == rings ? -1 : std::cos(polar);
        for (int segment = 0; segment <= segments; ++segment) {
            const auto [cosine, sine] = around[std::size_t(segment)];
            const Vec3d direction{ringRadius * cosine, ringRadius * sine, height};
            mesh.vertex(direction * radius, direction, double(segment) / segments,
                        double(ring) / rings);
        }
    }
    for (int ring = 0; ring < rings; ++ring) {
        for (int segment = 0; segment < segments; ++segment) {
            const auto a = at(ring, segment), b = at(ring + 1, segment),
                       c = at(ring + 1, segment + 1), d = at(ring, segment + 1);
            if (ring == 0)
                mesh.polygon({a, b, c});
            else if (ring == rings - 1)
                mesh.polygon({a, b, d});
            else
                mesh.polygon({a, b, c, d});
        }
    }
}

// The side of a cylinder from z0 to z1.
void addTube(Mesh& mesh, double radius, double z0, double z1, int segments) {
    const auto around = circle(segments);
    const auto first = std::uint16_t(mesh.vertices.size());
    for (int j = 0; j <= segments; ++j) {
        const auto [cosine, sine] = around[std::size_t(j)];
        const Vec3d normal{cosine, sine, 0};
        mesh.vertex({radius * cosine, radius * sine, z0}, normal, double(j) / segments, 1);
        mesh.vertex({radius * cosine, radius * sine, z1}, normal, double(j) / segments, 0);
    }
    for (int j = 0; j < segments; ++j) {
        const auto bottom = std::uint16_t(first + 2 * j);
        mesh.polygon({bottom, std::uint16_t(bottom + 2), std::uint16_t(bottom + 3),
                      std::uint16_t(bottom + 1)});
    }
}

// The side of a cone with its base at z0 and its apex at z1; each triangle gets its own apex
// vertex so the apex normal follows the face it belongs to.
void addConeSide(Mesh& mesh, double radius, double z0, double z1, int segments) {
    const double height = z1 - z0;
    const auto slantNormal = [&](double cosine, double sine) {
        return Vec3d{height * cosine, height * sine, radius};
    };
    const auto around = circle(segments);
    const auto first = std::uint16_t(mesh.vertices.size());
    for (int j = 0; j <= segments; ++j) {
        const auto [cosine, sine] = around[std::size_t(j)];
        mesh.vertex({radius * cosine, radius * sine, z0}, slantNormal(cosine, sine),
                    double(j) / segments, 1);
    }
    for (int j = 0; j < segments; ++j) {
        const double middle = 2 * std::numbers::pi * (j + 0.5) / segments;
        const auto apex = mesh.vertex({0, 0, z1}, slantNormal(std::cos(middle), std::sin(middle)),
                                      (j + 0.5) / segments, 0);
        mesh.polygon({std::uint16_t(first + j), std::uint16_t(first + j + 1), apex});
    }
}

// A flat disk at height z as a fan around its centre, facing +Z or -Z.
void addDisk(Mesh& mesh, double radius, double z, bool facingUp, int segments) {
    const Vec3d normal{0, 0, facingUp ? 1.0 : -1.0};
    const auto around = circle(segments);
    const auto centre = mesh.vertex({0, 0, z}, normal, 0.5, 0.5);
    for (int j = 0; j < segments; ++j) {
        const auto [cosine, sine] = around[std::size_t(j)];
        mesh.vertex({radius * cosine, radius * sine, z}, normal, 0.5 + 0.5 * cosine,
                    0.5 - 0.5 * sine);
    }
    for (int j = 0; j < segments; ++j) {
        const auto here = std::uint16_t(centre + 1 + j);
        const auto next = std::uint16_t(centre + 1 + (j + 1) % segments);
        if (facingUp)
            mesh.polygon({centre, here, next});
        else
            mesh.polygon({centre, next, here});
    }
}

// A flat annulus at height z, UVs projected from above onto the outer circle's square.
void addAnnulus(Mesh& mesh, double inner, double outer, double z, bool facingUp, int segments) {
    const Vec3d normal{0, 0, facingUp ? 1.0 : -1.0};
    const auto around = circle(segments);
    const auto first = std::uint16_t(mesh.vertices.size());
    for (int j = 0; j < segments; ++j) {
        const auto [cosine, sine] = around[std::size_t(j)];
        for (const double radius : {inner, outer}) {
            const double scale = radius / outer;
            mesh.vertex({radius * cosine, radius * sine, z}, normal, 0.5 + 0.5 * scale * cosine,
                        0.5 - 0.5 * scale * sine);
        }
    }
    for (int j = 0; j < segments; ++j) {
        const auto innerHere = std::uint16_t(first + 2 * j);
        const auto innerNext = std::uint16_t(first + 2 * ((j + 1) % segments));
        const auto outerHere = std::uint16_t(innerHere + 1),
                   outerNext = std::uint16_t(innerNext + 1);
        if (facingUp)
            mesh.polygon({innerHere, outerHere, outerNext, innerNext});
        else
            mesh.polygon({outerHere, innerHere, innerNext, outerNext});
    }
}

// Turns +Z onto the axis by a cyclic permutation, a rotation, so winding and normals survive.
Vec3d ontoAxis(Vec3d v, Axis axis) {
    switch (axis) {
    case Axis::X:
        return {v.z, v.x, v.y};
    case Axis::Y:
        return {v.y, v.z, v.x};
    case Axis::Z:
        break;
    }
    return v;
}

dat::Vec3 toFloat(Vec3d v) {
    return {float(v.x), float(v.y), float(v.z)};
}

Mesh buildShape(const JsonNode& spec, Shape shape) {
    const int segments = integerIn(spec["segments"], kMinSegments, kMaxSegments, 12);
    const auto lengthKey = [&](const char* key, double fallback) {
        return realIn(spec[key], kMinLength, kMaxLength, fallback);
    };
    Mesh mesh;
    switch (shape) {
    case Shape::Box:
    case Shape::Quad: {
        const auto size = spec.has("size") ? triple(spec["size"], kMinLength, kMaxLength)
                                           : std::array{1.0, 1.0, 1.0};
        const Vec3d half{size[0] / 2, size[1] / 2, size[2] / 2};
        if (shape == Shape::Box)
            addBox(mesh, half);
        else // the particle billboard: faces -Y, upright along +Z
            addRectangle(mesh, {}, {half.x, 0, 0}, {0, 0, half.z}, {0, -1, 0});
        break;
    }
    case Shape::Sphere:
        addSphere(mesh, lengthKey("radius", 0.5), integerIn(spec["rings"], 2, kMaxRings, 8),
                  segments);
        break;
    case Shape::Cylinder: {
        const double radius = lengthKey("radius", 0.5), length = lengthKey("length", 1);
        addTube(mesh, radius, 0, length, segments);
        addDisk(mesh, radius, 0, false, segments);
        addDisk(mesh, radius, length, true, segments);
        break;
    }
    case Shape::Cone: {
        const double radius = lengthKey("radius", 0.5);
        addConeSide(mesh, radius, 0, lengthKey("length", 1), segments);
        addDisk(mesh, radius, 0, false, segments);
        break;
    }
    case Shape::Arrow: {
        const double length = lengthKey("length", 1);
        const double headRadius = lengthKey("radius", 0.1 * length);
        const double shaftRadius = kArrowShaftShare * headRadius;
        const double shaftLength = (1 - kArrowHeadShare) * length;
        addTube(mesh, shaftRadius, 0, shaftLength, segments);
        addDisk(mesh, shaftRadius, 0, false, segments);
        addAnnulus(mesh, shaftRadius, headRadius, shaftLength, false, segments);
        addConeSide(mesh, headRadius, shaftLength, length, segments);
        break;
    }
    case Shape::Ring: {
        const double radius = lengthKey("radius", 0.5);
        const JsonNode innerNode = spec["innerRadius"];
        const double inner = realIn(innerNode, kMinLength, kMaxLength, radius / 2);
        if (inner >= radius)
            innerNode.fail("inner radius " + text(inner) + " is not below the radius " +
                           text(radius));
        addAnnulus(mesh, inner, radius, 0, true, segments);
        break;
    }
    }
    return mesh;
}

// The drawing BSP: one internal node holding every polygon, whose plane (the floor of the
// bounds) has all geometry on its positive side, over one empty leaf. Drawing leaves store no
// polygons or sphere (docs/formats.md), so the node carries both.
dat::BspTree singleNodeTree(std::size_t polygonCount, const dat::Sphere& bounds, float floorZ) {
    dat::BspNode root;
    root.tag = dat::bsp_tag::BPnn;
    root.splittingPlane = {{0, 0, 1}, -floorZ};
    root.posChild = 1;
    root.boundingSphere = bounds;
    for (std::size_t i = 0; i < polygonCount; ++i)
        root.polygons.push_back(std::uint16_t(i));
    dat::BspNode leaf;
    leaf.tag = dat::bsp_tag::Leaf;
    return {{root, leaf}};
}

} // namespace

dat::GfxObj generateMesh(const JsonNode& spec, std::uint32_t did) {
    const Shape shape = choice<Shape>(spec["shape"], kShapes);
    const std::uint32_t surface = didOfType(spec["surface"], 0x08, "Surface");
    const Axis axis = choice<Axis>(spec["axis"], kAxes, "z");
    const Vec3d origin = pointFrom(spec["origin"], {});
    const double uvScale = realIn(spec["uvScale"], 0.001, 1000, 1);
    const bool doubleSided = spec["doubleSided"].boolean(false);

    const Mesh mesh = buildShape(spec, shape);
    // Box and quad are laid out in world axes already; the others are built around +Z.
    const bool turns = shape != Shape::Box && shape != Shape::Quad;

    dat::GfxObj gfxObj;
    gfxObj.id = did;
    gfxObj.flags = dat::GfxObj::kHasDrawing;
    gfxObj.surfaces = {surface};
    dat::Vec3 low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
    for (const Mesh::Vertex& source : mesh.vertices) {
        dat::GfxObj::Vertex vertex;
        vertex.id = std::uint16_t(gfxObj.vertices.size());
        vertex.origin =
            toFloat((turns ? ontoAxis(source.position, axis) : source.position) + origin);
        vertex.normal = toFloat(turns ? ontoAxis(source.normal, axis) : source.normal);
        vertex.uvs = {{float(source.u * uvScale), float(source.v * uvScale)}};
        low = {std::min(low.x, vertex.origin.x), std::min(low.y, vertex.origin.y),
               std::min(low.z, vertex.origin.z)};
        high = {std::max(high.x, vertex.origin.x), std::max(high.y, vertex.origin.y),
                std::max(high.z, vertex.origin.z)};
        gfxObj.vertices.push_back(std::move(vertex));
    }
    gfxObj.sortCenter = {(low.x + high.x) / 2, (low.y + high.y) / 2, (low.z + high.z) / 2};

    for (const auto& corners : mesh.polygons) {
        dat::GfxObj::Polygon polygon;
        polygon.id = std::uint16_t(gfxObj.polygons.size());
        // Single-sided polygons cull their back (sides type 0) and have no negative surface;
        // double-sided ones (sides type 2) draw the back with the same surface and UVs.
        polygon.sidesType = doubleSided ? dat::GfxObj::kSidesClockwise : 0;
        polygon.posSurface = 0;
        polygon.negSurface = doubleSided ? 0 : -1;
        polygon.vertexIds.assign(corners.begin(), corners.end());
        polygon.posUVIndices.assign(corners.size(), 0);
        if (doubleSided)
            polygon.negUVIndices = polygon.posUVIndices;
        gfxObj.polygons.push_back(std::move(polygon));
    }

    const auto widened = [](const dat::Vec3& v) { return Vec3d{v.x, v.y, v.z}; };
    double radius = 0;
    for (const dat::GfxObj::Vertex& vertex : gfxObj.vertices)
        radius = std::max(radius, length(widened(vertex.origin) - widened(gfxObj.sortCenter)));
    // Rounded up so the float sphere still holds every vertex.
    const float sphereRadius = std::nextafter(float(radius), INFINITY);
    gfxObj.drawingBsp =
        singleNodeTree(gfxObj.polygons.size(), {gfxObj.sortCenter, sphereRadius}, low.z);
    return gfxObj;
}

namespace {

// --- textures ---

enum class Pattern { Radial, Checker, Gradient, Ring, Spark, Noise, Stripes };
constexpr Named<Pattern> kPatterns[] = {
    {"radial", Pattern::Radial},  {"checker", Pattern::Checker}, {"gradient", Pattern::Gradient},
    {"ring", Pattern::Ring},      {"spark", Pattern::Spark},     {"noise", Pattern::Noise},
    {"stripes", Pattern::Stripes}};

using dat::PixelFormat;
constexpr Named<PixelFormat> kTextureFormats[] = {{"DXT1", PixelFormat::Dxt1},
                                                  {"DXT3", PixelFormat::Dxt3},
                                                  {"DXT5", PixelFormat::Dxt5},
                                                  {"A8R8G8B8", PixelFormat::A8R8G8B8},
                                                  {"R8G8B8", PixelFormat::R8G8B8},
                                                  {"A8", PixelFormat::A8},
                                                  {"P8", PixelFormat::P8},
                                                  {"R5G6B5", PixelFormat::R5G6B5},
                                                  {"A4R4G4B4", PixelFormat::A4R4G4B4}};

constexpr int kMaxTextureSide = 1024;
constexpr int kMaxCells = 256;
constexpr std::size_t kIndexableColours = 256; // a P8 index is one byte

bool isDxt(PixelFormat format) {
    return format == PixelFormat::Dxt1 || format == PixelFormat::Dxt3 ||
           format == PixelFormat::Dxt5;
}

int textureSide(const JsonNode& node, PixelFormat format) {
    // DXT stores 4×4 blocks, so its smallest power of two is 4.
    const int side = integerIn(node, isDxt(format) ? 4 : 1, kMaxTextureSide);
    if ((side & (side - 1)) != 0)
        node.fail(std::to_string(side) + " is not a power of two");
    return side;
}

struct PatternSpec {
    Pattern pattern;
    int width, height;
    std::vector<Rgba> colours;
    int cells;
    std::uint32_t seed;
};

// Smooth value noise on a cells × cells lattice that wraps, so the texture tiles.
double valueNoise(const PatternSpec& spec, double x, double y) {
    const auto lattice = [&](int ix, int iy) {
        std::uint64_t state = std::uint64_t(spec.seed) << 32 ^
                              std::uint64_t((iy % spec.cells) * spec.cells + ix % spec.cells);
        return unitRandom(state);
    };
    const auto smooth = [](double f) { return f * f * (3 - 2 * f); };
    const double gx = x * spec.cells, gy = y * spec.cells;
    const int ix = int(gx), iy = int(gy);
    const double fx = smooth(gx - ix), fy = smooth(gy - iy);
    const double top = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * fx;
    const double bottom =
        lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * fx;
    return top + (bottom - top) * fy;
}

// The pattern's colour at pixel (x, y). Ramp patterns pick a point t on the colour ramp
// (t = 0 is the first colour: the centre, the top row, the bright part); tiled patterns cycle
// through the colours cell by cell.
Rgba patternPixel(const PatternSpec& spec, int x, int y) {
    // The pixel's centre in 0..1, and from the image centre in -1..1.
    const double u = (x + 0.5) / spec.width, v = (y + 0.5) / spec.height;
    const double dx = 2 * u - 1, dy = 2 * v - 1;
    const double distance = std::sqrt(dx * dx + dy * dy);
    const auto cycle = [&](int index) {
        return spec.colours[std::size_t(index) % spec.colours.size()];
    };
    switch (spec.pattern) {
    case Pattern::Radial:
        return rampAt(spec.colours, distance);
    case Pattern::Ring: // brightest on a circle at 0.7 of the half-size, fading over 0.3 each way
        return rampAt(spec.colours, std::abs(distance - 0.7) / 0.3);
    case Pattern::Spark: {
        // A soft core with two thin streaks crossing it: a four-pointed glint.
        const double core = std::pow(std::max(0.0, 1 - distance), 2);
        const double streakAlongX = std::max(0.0, 1 - 16 * std::abs(dy)) * (1 - std::abs(dx));
        const double streakAlongY = std::max(0.0, 1 - 16 * std::abs(dx)) * (1 - std::abs(dy));
        return rampAt(spec.colours, 1 - std::min(1.0, core + streakAlongX + streakAlongY));
    }
    case Pattern::Gradient: // exact end colours on the top and bottom rows
        return rampAt(spec.colours, spec.height > 1 ? double(y) / (spec.height - 1) : 0);
    case Pattern::Noise:
        return rampAt(spec.colours, valueNoise(spec, u, v));
    case Pattern::Checker:
        return cycle(x * spec.cells / spec.width + y * spec.cells / spec.height);
    case Pattern::Stripes:
        return cycle(x * spec.cells / spec.width);
    }
    return spec.colours.front();
}

// R, G, B, A bytes per pixel, row-major from the top: libsquish's input layout.
std::vector<std::uint8_t> renderPattern(const PatternSpec& spec) {
    std::vector<std::uint8_t> rgba;
    rgba.reserve(std::size_t(spec.width) * std::size_t(spec.height) * 4);
    for (int y = 0; y < spec.height; ++y)
        for (int x = 0; x < spec.width; ++x) {
            const Rgba colour = patternPixel(spec, x, y);
            rgba.insert(rgba.end(), colour.begin(), colour.end());
        }
    return rgba;
}

// For each 8-bit value, the `bits`-bit level whose widening by bit replication (what
// surface_image shows) comes nearest: rounding against the decoder, not against v * max / 255.
std::array<std::uint8_t, 256> nearestLevels(int bits) {
    const unsigned levels = 1u << bits;
    const auto widen = [bits](unsigned level) {
        return (level << (8 - bits)) | (level >> (2 * bits - 8));
    };
    std::array<std::uint8_t, 256> nearest{};
    for (unsigned value = 0; value < 256; ++value) {
        unsigned best = 0;
        for (unsigned level = 1; level < levels; ++level)
            if (std::abs(int(widen(level)) - int(value)) < std::abs(int(widen(best)) - int(value)))
                best = level;
        nearest[value] = std::uint8_t(best);
    }
    return nearest;
}

std::vector<std::uint8_t> packPacked16(const std::vector<std::uint8_t>& rgba, PixelFormat format) {
    const auto four = nearestLevels(4), five = nearestLevels(5), six = nearestLevels(6);
    std::vector<std::uint8_t> packed;
    packed.reserve(rgba.size() / 2);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        const std::uint8_t r = rgba[i], g = rgba[i + 1], b = rgba[i + 2], a = rgba[i + 3];
        const unsigned value = format == PixelFormat::R5G6B5
                                   ? unsigned(five[r]) << 11 | unsigned(six[g]) << 5 | five[b]
                                   : unsigned(four[a]) << 12 | unsigned(four[r]) << 8 |
                                         unsigned(four[g]) << 4 | four[b];
        packed.push_back(std::uint8_t(value));
        packed.push_back(std::uint8_t(value >> 8));
    }
    return packed;
}

// Each pixel becomes the index of the nearest palette colour (RGBA distance, lowest index on a
// tie). Patterns repeat colours heavily, so answers are remembered per colour.
std::vector<std::uint8_t> packIndexed(const std::vector<std::uint8_t>& rgba,
                                      const dat::Palette& palette) {
    const std::size_t count = std::min(palette.colors.size(), kIndexableColours);
    std::unordered_map<std::uint32_t, std::uint8_t> nearestOf;
    std::vector<std::uint8_t> indices;
    indices.reserve(rgba.size() / 4);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        const Rgba pixel{rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
        const auto [entry, isNew] = nearestOf.try_emplace(argb(pixel), 0);
        if (isNew) {
            int bestDistance = INT32_MAX;
            for (std::size_t index = 0; index < count; ++index) {
                const Rgba candidate = fromArgb(palette.colors[index]);
                int distance = 0;
                for (std::size_t c = 0; c < 4; ++c)
                    distance += (int(pixel[c]) - candidate[c]) * (int(pixel[c]) - candidate[c]);
                if (distance < bestDistance) {
                    bestDistance = distance;
                    entry->second = std::uint8_t(index);
                }
            }
        }
        indices.push_back(entry->second);
    }
    return indices;
}

std::vector<std::uint8_t> compressDxt(const std::vector<std::uint8_t>& rgba, int width, int height,
                                      PixelFormat format) {
    const int flags = format == PixelFormat::Dxt1   ? squish::kDxt1
                      : format == PixelFormat::Dxt3 ? squish::kDxt3
                                                    : squish::kDxt5;
    std::vector<std::uint8_t> blocks(
        std::size_t(squish::GetStorageRequirements(width, height, flags)));
    squish::CompressImage(rgba.data(), width, height, blocks.data(), flags);
    return blocks;
}

// Pixels in the layout renderSurfaceImage decodes (docs/formats.md).
std::vector<std::uint8_t> encodePixels(const std::vector<std::uint8_t>& rgba, int width, int height,
                                       PixelFormat format, const dat::Palette* palette) {
    std::vector<std::uint8_t> out;
    switch (format) {
    case PixelFormat::A8R8G8B8: // bytes B, G, R, A: a little-endian ARGB u32
    case PixelFormat::R8G8B8:   // bytes B, G, R
        for (std::size_t i = 0; i < rgba.size(); i += 4) {
            out.insert(out.end(), {rgba[i + 2], rgba[i + 1], rgba[i]});
            if (format == PixelFormat::A8R8G8B8)
                out.push_back(rgba[i + 3]);
        }
        return out;
    case PixelFormat::A8:
        for (std::size_t i = 0; i < rgba.size(); i += 4)
            out.push_back(rgba[i + 3]);
        return out;
    case PixelFormat::R5G6B5:
    case PixelFormat::A4R4G4B4:
        return packPacked16(rgba, format);
    case PixelFormat::P8:
        return packIndexed(rgba, *palette);
    case PixelFormat::Dxt1:
    case PixelFormat::Dxt3:
    case PixelFormat::Dxt5:
        return compressDxt(rgba, width, height, format);
    default: // kTextureFormats lists only the formats above
        break;
    }
    return out;
}

} // namespace

dat::RenderSurface generateTexture(const JsonNode& spec, std::uint32_t did,
                                   const dat::Palette* palette) {
    const PixelFormat format = choice<PixelFormat>(spec["format"], kTextureFormats);
    PatternSpec pattern;
    pattern.pattern = choice<Pattern>(spec["pattern"], kPatterns);
    pattern.width = textureSide(spec["width"], format);
    pattern.height = textureSide(spec["height"], format);
    pattern.colours = colourList(spec["colors"], 1, {{255, 255, 255, 255}, {255, 255, 255, 0}});
    pattern.cells = integerIn(spec["cells"], 1, kMaxCells, 8);
    pattern.seed = spec["seed"].u32(1);

    dat::RenderSurface surface;
    surface.id = did;
    surface.width = pattern.width;
    surface.height = pattern.height;
    surface.pixelFormat = std::uint32_t(format);
    const JsonNode paletteNode = spec["palette"];
    if (format == PixelFormat::P8) {
        surface.defaultPaletteId = didOfType(paletteNode, 0x04, "Palette");
        if (!palette)
            paletteNode.fail("P8 needs the palette " + dat::formatDid(surface.defaultPaletteId) +
                             " to choose colours from, none was given");
        if (palette->id != surface.defaultPaletteId)
            paletteNode.fail("the palette given is " + dat::formatDid(palette->id) +
                             ", not the one named here");
        if (palette->colors.empty())
            paletteNode.fail("palette " + dat::formatDid(palette->id) + " has no colours");
    } else if (!paletteNode.isMissing()) {
        paletteNode.fail("only P8 textures name a palette");
    }
    surface.sourceData =
        encodePixels(renderPattern(pattern), pattern.width, pattern.height, format, palette);
    return surface;
}

namespace {

// --- palettes ---

constexpr int kMaxPaletteColours = 2048; // the largest retail palettes

} // namespace

dat::Palette generatePalette(const JsonNode& spec, std::uint32_t did) {
    const JsonNode gradient = spec["gradient"];
    if (gradient.isMissing())
        gradient.fail("expected a list of at least 2 colours");
    const std::vector<Rgba> stops = colourList(gradient, 2, {});
    const int count = integerIn(spec["count"], 2, kMaxPaletteColours, 256);
    dat::Palette palette;
    palette.id = did;
    for (int i = 0; i < count; ++i)
        palette.colors.push_back(argb(rampAt(stops, double(i) / (count - 1))));
    return palette;
}

namespace {

// --- tones ---

enum class Waveform { Sine, Square, Saw, Triangle, Noise };
constexpr Named<Waveform> kWaveforms[] = {{"sine", Waveform::Sine},
                                          {"square", Waveform::Square},
                                          {"saw", Waveform::Saw},
                                          {"triangle", Waveform::Triangle},
                                          {"noise", Waveform::Noise}};

constexpr double kMaxSeconds = 10;
constexpr int kMinSampleRate = 8000;
constexpr int kMaxSampleRate = 48000;
constexpr double kMinFrequency = 20;
constexpr std::uint16_t kFormatPcm = 1;
constexpr std::uint16_t kBitsPerSample = 16;

// WAVEFORMATEX for 16-bit mono PCM: the 16 fixed bytes and cbSize 0, as retail stores it.
std::vector<std::uint8_t> pcmHeader(std::uint32_t sampleRate) {
    constexpr std::uint16_t blockAlign = kBitsPerSample / 8;
    dat::ByteWriter out;
    out.u16(kFormatPcm);
    out.u16(1); // channels
    out.u32(sampleRate);
    out.u32(sampleRate * blockAlign);
    out.u16(blockAlign);
    out.u16(kBitsPerSample);
    out.u16(0); // cbSize: no extra bytes
    return out.take();
}

// One cycle of the waveform at phase 0..1, in -1..1.
double waveAt(Waveform waveform, double phase) {
    switch (waveform) {
    case Waveform::Sine:
        return std::sin(2 * std::numbers::pi * phase);
    case Waveform::Square:
        return phase < 0.5 ? 1 : -1;
    case Waveform::Saw:
        return 2 * phase - 1;
    case Waveform::Triangle:
        return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
    case Waveform::Noise: // drawn by the caller
        break;
    }
    return 0;
}

} // namespace

dat::Wave generateTone(const JsonNode& spec, std::uint32_t did) {
    const int sampleRate = integerIn(spec["sampleRate"], kMinSampleRate, kMaxSampleRate, 22050);
    const double nyquist = sampleRate / 2.0;
    const double startFrequency = realIn(spec["frequency"], kMinFrequency, nyquist, 440);
    const double endFrequency = realIn(spec["sweepTo"], kMinFrequency, nyquist, startFrequency);
    const double seconds = realIn(spec["seconds"], 0.001, kMaxSeconds, 0.5);
    const Waveform waveform = choice<Waveform>(spec["waveform"], kWaveforms, "sine");
    const double volume = realIn(spec["volume"], 0, 1, 0.7);
    const double attack = realIn(spec["attack"], 0, kMaxSeconds, 0.01);
    const double release = realIn(spec["release"], 0, kMaxSeconds, 0.1);
    if (attack + release > seconds)
        spec["release"].fail("attack " + text(attack) + " s + release " + text(release) +
                             " s is longer than the " + text(seconds) + " s tone");
    std::uint64_t noiseState = spec["seed"].u32(1);

    const auto sampleCount = std::size_t(std::lround(seconds * sampleRate));
    const double duration = double(sampleCount) / sampleRate;
    dat::ByteWriter samples;
    double phase = 0;
    double noiseValue = 0;
    long noiseStep = -1;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        const double time = double(i) / sampleRate;
        const double progress = sampleCount > 1 ? double(i) / double(sampleCount - 1) : 0;
        double value;
        if (waveform == Waveform::Noise) {
            // A new random level every half cycle: noise whose pitch follows the frequency.
            if (const auto step = long(2 * phase); step != noiseStep) {
                noiseStep = step;
                noiseValue = 2 * unitRandom(noiseState) - 1;
            }
            value = noiseValue;
        } else {
            value = waveAt(waveform, phase - std::floor(phase));
        }
        const double fadeIn = attack > 0 ? std::min(1.0, time / attack) : 1;
        const double fadeOut = release > 0 ? std::min(1.0, (duration - time) / release) : 1;
        samples.u16(
            std::uint16_t(std::int16_t(std::lround(value * volume * fadeIn * fadeOut * 32767))));
        phase += (startFrequency + (endFrequency - startFrequency) * progress) / sampleRate;
    }

    dat::Wave wave;
    wave.id = did;
    wave.header = pcmHeader(std::uint32_t(sampleRate));
    wave.data = samples.take();
    return wave;
}

namespace {

// --- animations ---

constexpr int kMaxParts = 256;
constexpr int kMaxFrames = 4096;

struct QuatD {
    double w = 1, x = 0, y = 0, z = 0;
};

QuatD normalised(QuatD q) {
    const double norm = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return {q.w / norm, q.x / norm, q.y / norm, q.z / norm};
}

// Spherical interpolation along the shorter arc; nearly equal rotations fall back to a
// normalised lerp, where slerp's division by sin θ loses precision.
QuatD slerp(QuatD a, QuatD b, double s) {
    double dot = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
    if (dot < 0) {
        b = {-b.w, -b.x, -b.y, -b.z};
        dot = -dot;
    }
    double weightA = 1 - s, weightB = s;
    if (dot < 0.9995) {
        const double angle = std::acos(dot);
        weightA = std::sin((1 - s) * angle) / std::sin(angle);
        weightB = std::sin(s * angle) / std::sin(angle);
    }
    return normalised({weightA * a.w + weightB * b.w, weightA * a.x + weightB * b.x,
                       weightA * a.y + weightB * b.y, weightA * a.z + weightB * b.z});
}

struct Pose {
    Vec3d origin;
    QuatD rotation;
};

struct Key {
    int frame;
    Pose pose;
};

// {"axis": [x, y, z], "degrees": d}
QuatD rotationFrom(const JsonNode& node, QuatD fallback) {
    if (node.isMissing())
        return fallback;
    const auto [x, y, z] = triple(node["axis"], -kMaxLength, kMaxLength);
    const double axisLength = std::sqrt(x * x + y * y + z * z);
    if (axisLength < 1e-9)
        node["axis"].fail("the rotation axis has no direction");
    const double half = realIn(node["degrees"], -36000, 36000) * std::numbers::pi / 360;
    const double sine = std::sin(half) / axisLength;
    return normalised({std::cos(half), x * sine, y * sine, z * sine});
}

Pose poseFrom(const JsonNode& node, const Pose& fallback) {
    return {pointFrom(node["origin"], fallback.origin),
            rotationFrom(node["rotation"], fallback.rotation)};
}

// Keys sorted by frame; a second key on a frame is an error at its "frame".
void insertKey(std::vector<Key>& track, const JsonNode& frameNode, Key key) {
    const auto at = std::lower_bound(track.begin(), track.end(), key.frame,
                                     [](const Key& k, int frame) { return k.frame < frame; });
    if (at != track.end() && at->frame == key.frame)
        frameNode.fail("a second key on frame " + std::to_string(key.frame));
    track.insert(at, key);
}

// The track's pose on `frame`: held before the first and after the last key, interpolated
// between; `rest` when the track has no keys.
dat::Frame sampleTrack(const std::vector<Key>& track, int frame, const Pose& rest) {
    Pose pose = rest;
    if (!track.empty()) {
        const auto after = std::upper_bound(track.begin(), track.end(), frame,
                                            [](int f, const Key& k) { return f < k.frame; });
        if (after == track.begin()) {
            pose = after->pose;
        } else if (after == track.end()) {
            pose = track.back().pose;
        } else {
            const Key& before = *(after - 1);
            const double s = double(frame - before.frame) / (after->frame - before.frame);
            pose.origin = before.pose.origin + (after->pose.origin - before.pose.origin) * s;
            pose.rotation = slerp(before.pose.rotation, after->pose.rotation, s);
        }
    }
    const QuatD& q = pose.rotation;
    return {toFloat(pose.origin), {float(q.w), float(q.x), float(q.y), float(q.z)}};
}

} // namespace

dat::Animation generateAnimation(const JsonNode& spec, std::uint32_t did) {
    const int parts = integerIn(spec["parts"], 1, kMaxParts);
    const int frames = integerIn(spec["frames"], 1, kMaxFrames);

    std::vector<Pose> rest(static_cast<std::size_t>(parts));
    if (const JsonNode restNode = spec["rest"]; !restNode.isMissing()) {
        const std::vector<JsonNode> entries = restNode.elements();
        if (entries.size() != std::size_t(parts))
            restNode.fail(std::to_string(entries.size()) + " rest poses for " +
                          std::to_string(parts) + " parts");
        for (std::size_t part = 0; part < entries.size(); ++part)
            rest[part] = poseFrom(entries[part], {});
    }

    std::vector<std::vector<Key>> tracks(static_cast<std::size_t>(parts));
    for (const JsonNode& keyNode : spec["keys"].elements()) {
        const int part = integerIn(keyNode["part"], 0, parts - 1);
        const int frame = integerIn(keyNode["frame"], 0, frames - 1);
        insertKey(tracks[std::size_t(part)], keyNode["frame"],
                  {frame, poseFrom(keyNode, rest[std::size_t(part)])});
    }

    dat::Animation animation;
    animation.id = did;
    animation.numParts = std::uint32_t(parts);
    if (const JsonNode posNode = spec["posFrames"]; !posNode.isMissing()) {
        std::vector<Key> rootTrack;
        for (const JsonNode& keyNode : posNode.elements())
            insertKey(rootTrack, keyNode["frame"],
                      {integerIn(keyNode["frame"], 0, frames - 1), poseFrom(keyNode, {})});
        animation.flags |= dat::Animation::kHasPosFrames;
        for (int frame = 0; frame < frames; ++frame)
            animation.posFrames.push_back(sampleTrack(rootTrack, frame, {}));
    }
    for (int frame = 0; frame < frames; ++frame) {
        dat::AnimationFrame partFrame;
        for (int part = 0; part < parts; ++part)
            partFrame.parts.push_back(
                sampleTrack(tracks[std::size_t(part)], frame, rest[std::size_t(part)]));
        animation.partFrames.push_back(std::move(partFrame));
    }
    return animation;
}

} // namespace portalkit::authoring
