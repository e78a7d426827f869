#include "datreader/authoring/bsp_builder.h"
#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace portalkit::authoring {
namespace {

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

} // namespace

dat::GfxObj generateMesh(const JsonNode& spec, std::uint32_t did) {
    const Shape shape = choice<Shape>(spec["shape"], kShapes);
    const std::uint32_t surface = didOfType(spec["surface"], "Surface");
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
        singleNodeDrawingTree(gfxObj.polygons.size(), {gfxObj.sortCenter, sphereRadius}, low.z);
    return gfxObj;
}

} // namespace portalkit::authoring
