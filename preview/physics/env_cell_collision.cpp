#include "preview/physics/env_cell_collision.h"

#include "datreader/records/cell_struct.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/land_block_info.h"
#include "world/coords.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace portalkit::preview {

namespace {

Vec3 vec(const dat::Vec3& v) {
    return {v.x, v.y, v.z};
}

// A record's frame with its rotation made unit length: records may store any length, and the
// transition turns spheres by the conjugate, which is the inverse only for a unit quaternion.
Frame unitFrame(const dat::Frame& frame) {
    return Frame(vec(frame.origin), normalized(Quat(frame.orientation)));
}

std::map<std::uint16_t, Vec3> vertexMap(const dat::CellStruct& shape) {
    std::map<std::uint16_t, Vec3> out;
    for (const dat::MeshVertex& vertex : shape.vertices)
        out[vertex.id] = vec(vertex.origin);
    return out;
}

// The polygon's corners, or nothing when one names a vertex the shape lacks.
std::vector<Vec3> corners(const dat::MeshPolygon& polygon,
                          const std::map<std::uint16_t, Vec3>& vertices) {
    std::vector<Vec3> out;
    for (std::int16_t id : polygon.vertexIds) {
        const auto it = vertices.find(std::uint16_t(id));
        if (it == vertices.end())
            return {};
        out.push_back(it->second);
    }
    return out;
}

// The portal polygon's plane (CCellStruct::get_portal names the drawing polygon by id), made as
// CPolygon::make_plane makes it.
void setPortalPlane(EnvPortal& portal, std::uint16_t polygonId, const dat::CellStruct& shape,
                    const std::map<std::uint16_t, Vec3>& vertices) {
    for (const dat::MeshPolygon& polygon : shape.polygons) {
        if (polygon.id != polygonId)
            continue;
        std::vector<Vec3> points = corners(polygon, vertices);
        if (points.size() < 3)
            return;
        const BspPolygon plane = makeBspPolygon(polygon.id, std::move(points));
        portal.hasPlane = length(plane.normal) > 0;
        portal.normal = plane.normal;
        portal.d = plane.d;
        return;
    }
}

EnvPortal makePortal(const dat::CellPortal& portal, std::uint32_t cellId,
                     const dat::CellStruct& shape, const std::map<std::uint16_t, Vec3>& vertices) {
    constexpr std::uint16_t kOutsideFlag = 0x4; // CCellPortal::UnPack: other_cell_id = −1
    EnvPortal out;
    out.outside = (portal.flags & kOutsideFlag) != 0 || portal.leadsOutside();
    out.otherCell = out.outside ? 0 : (cellId & 0xFFFF0000u) | portal.otherCellId;
    out.portalSide = (portal.flags & dat::CellPortal::kPortalSide) == 0;
    setPortalPlane(out, portal.polygonId, shape, vertices);
    return out;
}

} // namespace

StaticObject makeStaticObject(std::uint32_t block, const Frame& frame, float scale,
                              std::shared_ptr<const PhysicsGeometry> geometry) {
    StaticObject out{world::landblockOf(block), frame, scale, std::move(geometry), 0};
    for (const auto& [id, polygon] : out.geometry->polygons)
        for (const Vec3& v : polygon.vertices)
            out.reach = std::max(out.reach, length(v) * scale);
    return out;
}

PhysicsGeometry cellPhysicsGeometry(const dat::CellStruct& shape) {
    PhysicsGeometry out;
    out.tree = shape.physicsBsp;
    const auto vertices = vertexMap(shape);
    for (const dat::MeshPolygon& polygon : shape.physicsPolygons) {
        std::vector<Vec3> points = corners(polygon, vertices);
        if (points.size() >= 3)
            out.polygons[polygon.id] = makeBspPolygon(polygon.id, std::move(points));
    }
    return out;
}

EnvCellEntry makeEnvCellEntry(const dat::EnvCell& cell, const dat::CellStruct& shape,
                              const GfxObjGeometry& gfxObjs) {
    EnvCellEntry out;
    out.id = cell.id;
    out.frame = unitFrame(cell.position);
    if (!shape.physicsBsp.nodes.empty())
        out.geometry = std::make_shared<const PhysicsGeometry>(cellPhysicsGeometry(shape));
    out.volume = world::cellVolume(cell, shape);
    const auto vertices = vertexMap(shape);
    for (const dat::CellPortal& portal : cell.portals)
        out.portals.push_back(makePortal(portal, cell.id, shape, vertices));
    out.seenOutside = (cell.flags & dat::EnvCell::kSeenOutside) != 0;
    out.restrictionObject = cell.hasRestrictionObject() ? cell.restrictionObject : 0;
    // CEnvCell::init_static_objects: the stabs stand in this cell, their frames landblock-local.
    for (const dat::Stab& stab : cell.statics) {
        auto geometry = gfxObjs ? gfxObjs(stab.id) : nullptr;
        if (!geometry) {
            ++out.staticsWithoutPhysics;
            continue;
        }
        out.statics.push_back(makeStaticObject(cell.id, unitFrame(stab.frame), 1.0f, geometry));
    }
    return out;
}

BuildingEntry makeBuildingEntry(std::uint32_t block, const dat::BuildingInfo& building) {
    BuildingEntry out;
    const auto cell = world::cellAt(block, building.frame.origin.x, building.frame.origin.y);
    if (!cell)
        return out;
    out.landCell = *cell;
    for (const dat::BuildingPortal& portal : building.portals) {
        const std::uint32_t id = (block & 0xFFFF0000u) | portal.otherCellId;
        if (std::find(out.interiorCells.begin(), out.interiorCells.end(), id) ==
            out.interiorCells.end())
            out.interiorCells.push_back(id);
    }
    return out;
}

int sphereIntersectsCellBsp(const dat::BspTree& cellBsp, const TransitionSphere& local) {
    if (cellBsp.nodes.empty())
        return 0;
    const float reach = local.radius + 0.01f;
    bool straddles = false;
    std::size_t index = 0;
    // The positive chain, walked by index with a step bound so a looping record cannot hang.
    for (std::size_t steps = 0; steps <= cellBsp.nodes.size(); ++steps) {
        const dat::BspNode& node = cellBsp.nodes[index];
        if (dat::bspNodeKind(node.tag) == dat::BspNodeKind::Leaf)
            break;
        const float s = dot(vec(node.splittingPlane.normal), local.center) + node.splittingPlane.d;
        if (s <= -reach)
            return 0; // wholly behind a wall of the cell
        straddles = straddles || s < reach;
        if (node.posChild < 0 || std::size_t(node.posChild) >= cellBsp.nodes.size())
            break;
        index = std::size_t(node.posChild);
    }
    return straddles ? 1 : 2;
}

bool missileHitsBsp(const PhysicsGeometry& geometry, const Frame& frame, float scale,
                    const TransitionSphere& at, Vec3 from, CollisionInfo& collision, BspHit& hit) {
    // cache_localspace_sphere: into the owner's space, scaled by 1/scale.
    const Quat back = conjugate(frame.orientation);
    const float inverse = 1.0f / scale;
    const TransitionSphere local{rotate(back, at.center - frame.origin) * inverse,
                                 at.radius * inverse};
    const Vec3 localFrom = rotate(back, from - frame.origin) * inverse;
    BspWalk walk;
    const bool counted = sphereIntersectsPoly(geometry, local, local.center - localFrom, walk);
    hit.tooDeep = hit.tooDeep || walk.tooDeep;
    if (!counted && !walk.hit)
        return false;
    // collide_with_pt without PerfectClip: the polygon's normal, turned into the parent space.
    collision.setCollisionNormal(rotate(frame.orientation, walk.hit->normal));
    hit.polygon = walk.hit;
    return true;
}

namespace {

// The cell's own physics BSP (CEnvCell::find_env_collisions after the restriction check).
bool cellBspHit(const EnvCellContext& context, const SpherePath& path, CollisionInfo& collision,
                EnvCellHit& hit) {
    const EnvCellEntry& cell = *context.cell;
    if (!cell.geometry)
        return false;
    TransitionSphere at = path.globalSphere[0];
    at.center -= context.blockOffset;
    const Vec3 from = path.globalCurrCenter[0] - context.currBlockOffset;
    BspHit bsp;
    const bool reached = missileHitsBsp(*cell.geometry, cell.frame, 1.0f, at, from, collision, bsp);
    hit.tooDeep = hit.tooDeep || bsp.tooDeep;
    if (reached) {
        hit.cellPolygon = true;
        hit.polygon = bsp.polygon->id;
    }
    return reached;
}

// CObjCell::find_obj_collisions over the cell's statics (each a CPhysicsObj with a physics BSP).
bool cellStaticHit(const EnvCellContext& context, const SpherePath& path, CollisionInfo& collision,
                   EnvCellHit& hit) {
    const EnvCellEntry& cell = *context.cell;
    TransitionSphere at = path.globalSphere[0];
    at.center -= context.blockOffset;
    const Vec3 from = path.globalCurrCenter[0] - context.currBlockOffset;
    for (std::size_t index = 0; index < cell.statics.size(); ++index) {
        const StaticObject& object = cell.statics[index];
        if (length(at.center - object.frame.origin) > object.reach + at.radius)
            continue;
        BspHit bsp;
        const bool reached =
            missileHitsBsp(*object.geometry, object.frame, object.scale, at, from, collision, bsp);
        hit.tooDeep = hit.tooDeep || bsp.tooDeep;
        if (reached) {
            hit.staticIndex = int(index);
            hit.polygon = bsp.polygon->id;
            return true;
        }
    }
    return false;
}

} // namespace

TransitionState envCellCollisions(const EnvCellContext& context, const ObjectInfo& info,
                                  SpherePath& path, CollisionInfo& collision, EnvCellHit& hit) {
    // check_entry_restrictions (R53). An EnvCell does not override handle_move_restriction, so a
    // refusal sets no collision normal here: the scratch copy takes what the outdoor version
    // would write.
    CollisionInfo scratch = collision;
    const TransitionState entry = checkEntryRestrictions(info, context.mover, context.restriction,
                                                         path, context.cell->frame.origin, scratch);
    if (entry != TransitionState::OK) {
        hit.restricted = true;
        return entry;
    }
    const bool environment = !info.has(object_info::kContact);
    if (cellBspHit(context, path, collision, hit)) {
        collision.collidedWithEnvironment = collision.collidedWithEnvironment || environment;
        return TransitionState::Collided;
    }
    if (cellStaticHit(context, path, collision, hit)) {
        collision.collidedWithEnvironment = collision.collidedWithEnvironment || environment;
        return TransitionState::Collided;
    }
    return TransitionState::OK;
}

} // namespace portalkit::preview
