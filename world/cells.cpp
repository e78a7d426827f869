#include "world/cells.h"

#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"

#include <algorithm>

namespace portalkit::world {

namespace {

// The frame's rotation, normalised: a record may store a quaternion of any length, and an
// all-zero one is taken as no rotation rather than collapsing every point to the origin.
Quat unitRotation(const dat::Quat& q) {
    const float n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(n > 1e-6f))
        return {};
    return {q.w / n, q.x / n, q.y / n, q.z / n};
}

// v turned by unit quaternion q: v + 2w(u×v) + 2u×(u×v) with u = (x, y, z).
Vec3 rotate(const Quat& q, Vec3 v) {
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * q.w + cross(u, t);
}

// The conjugate turns the other way.
Quat inverse(const Quat& q) {
    return {q.w, -q.x, -q.y, -q.z};
}

} // namespace

Vec3 globalToLocal(const dat::Frame& frame, Vec3 p) {
    const Vec3 origin{frame.origin.x, frame.origin.y, frame.origin.z};
    return rotate(inverse(unitRotation(frame.orientation)), p - origin);
}

Vec3 localToGlobal(const dat::Frame& frame, Vec3 p) {
    const Vec3 origin{frame.origin.x, frame.origin.y, frame.origin.z};
    return rotate(unitRotation(frame.orientation), p) + origin;
}

bool pointInsideCellBsp(const dat::BspTree& tree, Vec3 local) {
    if (tree.nodes.empty())
        return false;
    // The chain is walked by index with a step bound, so a record whose children loop back
    // cannot hang the caller.
    std::size_t index = 0;
    for (std::size_t steps = 0; steps <= tree.nodes.size(); ++steps) {
        const dat::BspNode& node = tree.nodes[index];
        if (dat::bspNodeKind(node.tag) == dat::BspNodeKind::Leaf)
            return true; // BSPLEAF: the end of the chain
        const dat::Plane& plane = node.splittingPlane;
        const Plane p{{plane.normal.x, plane.normal.y, plane.normal.z}, plane.d};
        if (p.distance(local) < -kEpsilon)
            return false;
        if (node.posChild < 0 || std::size_t(node.posChild) >= tree.nodes.size())
            return true; // no positive child: in front of every plane on the chain
        index = std::size_t(node.posChild);
    }
    return false;
}

const dat::CellStruct* findCellStruct(const dat::Environment& environment, std::uint32_t key) {
    for (const dat::Environment::Cell& entry : environment.cells)
        if (entry.key == key)
            return &entry.structure;
    return nullptr;
}

bool CellVolume::contains(Vec3 blockLocal) const {
    // CEnvCell::point_in_cell: a cell without portals holds nothing (it cannot be entered).
    if (!hasPortals)
        return false;
    return pointInsideCellBsp(bsp, globalToLocal(frame, blockLocal));
}

CellVolume cellVolume(const dat::EnvCell& cell, const dat::CellStruct& shape) {
    CellVolume out;
    out.id = cell.id;
    out.frame = cell.position;
    out.bsp = shape.cellBsp;
    out.hasPortals = !cell.portals.empty();
    const std::uint32_t blockMask = cell.id & 0xFFFF0000u;
    for (std::uint16_t visible : cell.visibleCells)
        out.visibleCells.push_back(blockMask | visible);
    return out;
}

std::optional<std::uint32_t> findCell(std::span<const CellVolume> cells, Vec3 blockLocal,
                                      std::uint32_t previous) {
    const auto byId = [&](std::uint32_t id) -> const CellVolume* {
        const auto it = std::find_if(cells.begin(), cells.end(),
                                     [id](const CellVolume& c) { return c.id == id; });
        return it == cells.end() ? nullptr : &*it;
    };
    // find_visible_child_cell: the viewer's last cell, then the cells it can see.
    if (const CellVolume* last = previous ? byId(previous) : nullptr) {
        if (last->contains(blockLocal))
            return last->id;
        for (std::uint32_t id : last->visibleCells)
            if (const CellVolume* c = byId(id); c && c->contains(blockLocal))
                return c->id;
    }
    for (const CellVolume& c : cells)
        if (c.contains(blockLocal))
            return c.id;
    return std::nullopt;
}

} // namespace portalkit::world
