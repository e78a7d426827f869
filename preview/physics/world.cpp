#include "preview/physics/world.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

namespace {

// Double precision for the contact search: a 10 m step must still land within microns.
struct D3 {
    double x = 0, y = 0, z = 0;
    D3() = default;
    D3(double x_, double y_, double z_) : x(x_), y(y_), z(z_) {}
    D3(Vec3 v) : x(v.x), y(v.y), z(v.z) {}
    D3 operator+(D3 o) const { return {x + o.x, y + o.y, z + o.z}; }
    D3 operator-(D3 o) const { return {x - o.x, y - o.y, z - o.z}; }
    D3 operator*(double s) const { return {x * s, y * s, z * s}; }
    Vec3 f() const { return {float(x), float(y), float(z)}; }
};
double dotd(D3 a, D3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
double lend(D3 a) {
    return std::sqrt(dotd(a, a));
}

constexpr double kTouch = 1e-6; // closer than this is contact

struct Toi {
    double t;
    D3 normal;
};

std::optional<Toi> planeToi(const GroundPlane& plane, D3 c0, D3 d, double r) {
    const D3 n = D3(normalized(plane.normal));
    const double offset = dotd(n, D3(0, 0, plane.height));
    const double gap = dotd(n, c0) - offset - r;
    const double approach = dotd(n, d);
    if (approach >= 0)
        return std::nullopt; // along or away from the plane
    if (gap <= kTouch)
        return Toi{0, n};
    const double t = gap / -approach;
    if (t > 1)
        return std::nullopt;
    return Toi{t, n};
}

std::optional<Toi> sphereToi(D3 center, double otherRadius, D3 c0, D3 d, double r) {
    const double reach = r + otherRadius;
    const D3 m = c0 - center;
    const double a = dotd(d, d), b = dotd(m, d), c = dotd(m, m) - reach * reach;
    if (b >= 0 || a <= 0)
        return std::nullopt; // not closing in
    double t = 0;
    if (c > kTouch) {
        const double disc = b * b - a * c;
        if (disc < 0)
            return std::nullopt;
        t = (-b - std::sqrt(disc)) / a;
        if (t > 1)
            return std::nullopt;
    }
    const D3 at = m + d * t;
    const double len = lend(at);
    return Toi{t, len > 0 ? at * (1 / len) : d * (-1 / std::sqrt(a))};
}

// Outward normal of the box at `p`: towards `p` from its closest point, or the nearest face
// when `p` is inside.
D3 boxNormal(const WorldBox& box, D3 p, D3 closest) {
    const D3 away = p - closest;
    if (const double len = lend(away); len > 0)
        return away * (1 / len);
    const double faces[6] = {p.x - box.min.x, box.max.x - p.x, p.y - box.min.y,
                             box.max.y - p.y, p.z - box.min.z, box.max.z - p.z};
    const D3 normals[6] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
    return normals[std::min_element(faces, faces + 6) - faces];
}

// Conservative advancement: the distance to a convex box along a line is convex, so stepping
// by the current gap never passes the first contact, and a fast move reaches it in one or two
// iterations whatever its length.
std::optional<Toi> boxToi(const WorldBox& box, D3 c0, D3 d, double r) {
    const double len = lend(d);
    double t = 0;
    for (int i = 0; i < 256; ++i) {
        const D3 p = c0 + d * t;
        const D3 q{std::clamp(p.x, double(box.min.x), double(box.max.x)),
                   std::clamp(p.y, double(box.min.y), double(box.max.y)),
                   std::clamp(p.z, double(box.min.z), double(box.max.z))};
        const double gap = lend(p - q) - r;
        if (gap <= kTouch) {
            const D3 n = boxNormal(box, p, q);
            if (dotd(n, d) >= 0)
                return std::nullopt; // touching but not pressing in
            return Toi{t, n};
        }
        if (len <= 0)
            return std::nullopt;
        t += gap / len;
        if (t > 1)
            return std::nullopt;
    }
    return std::nullopt; // a grazing pass that never closes to contact
}

} // namespace

bool PreviewWorld::contains(Vec3 p) const {
    if (!bounds)
        return true;
    const auto& [lo, hi] = *bounds;
    return p.x >= lo.x && p.y >= lo.y && p.z >= lo.z && p.x <= hi.x && p.y <= hi.y && p.z <= hi.z;
}

const char* hitKindName(HitKind kind) {
    switch (kind) {
    case HitKind::Ground:
        return "ground";
    case HitKind::Box:
        return "box";
    case HitKind::Sphere:
        return "sphere";
    case HitKind::Terrain:
        return "terrain";
    case HitKind::Static:
        return "static";
    case HitKind::Cell:
        return "cell";
    }
    return "ground";
}

std::optional<SweepHit> sweepSpheres(const PreviewWorld& world,
                                     const std::vector<CollisionSphere>& spheres, const Frame& from,
                                     const Frame& to, const ObjectFacts& mover,
                                     std::uint32_t targetId) {
    std::optional<SweepHit> best;
    const auto offer = [&](const std::optional<Toi>& toi, HitKind kind, std::uint32_t id) {
        if (toi && (!best || toi->t < best->t))
            best = SweepHit{toi->t, toi->normal.f(), kind, id};
    };
    for (const CollisionSphere& sphere : spheres) {
        const D3 c0 = transformPoint(from, sphere.center);
        const D3 d = D3(transformPoint(to, sphere.center)) - c0;
        const double r = sphere.radius;
        if (world.ground)
            offer(planeToi(*world.ground, c0, d, r), HitKind::Ground, 0);
        for (const WorldBox& box : world.boxes)
            offer(boxToi(box, c0, d, r), HitKind::Box, box.id);
        for (const WorldSphere& other : world.spheres) {
            if (other.facts.id != 0 && other.facts.id == mover.id)
                continue; // its own shadow
            if (missileIgnore(mover, targetId, other.facts))
                continue;
            offer(sphereToi(other.center, other.radius, c0, d, r), HitKind::Sphere, other.facts.id);
        }
    }
    return best;
}

} // namespace portalkit::preview
