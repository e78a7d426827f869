#include "preview/physics/env_cell_collision.h"

#include "datreader/records/cell_struct.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/land_block_info.h"
#include "preview/physics/bsp_walker.h"
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

namespace {

// The cell's own physics BSP (CEnvCell::find_env_collisions after the restriction check): the
// cell's space at scale 1.
TransitionState cellBspCollisions(const EnvCellContext& context, StepContext& ctx,
                                  EnvCellHit& hit) {
    const EnvCellEntry& cell = *context.cell;
    if (!cell.geometry)
        return TransitionState::OK;
    Frame frame = cell.frame;
    frame.origin += context.blockOffset; // into check_pos's landblock frame
    const LocalSpace space = cacheLocalSpace(ctx.path, frame, 1.0f, ctx.currBlockOffset);
    BspWalk walk;
    const TransitionState state = bspFindCollisions(*cell.geometry, space, ctx, walk);
    hit.tooDeep = hit.tooDeep || walk.tooDeep;
    if (state != TransitionState::OK && walk.hit) {
        hit.cellPolygon = true;
        hit.polygon = walk.hit->id;
    }
    return state;
}

// CObjCell::find_obj_collisions over the cell's statics (each a CPhysicsObj with a physics BSP).
TransitionState cellStaticCollisions(const EnvCellContext& context, StepContext& ctx,
                                     EnvCellHit& hit) {
    const EnvCellEntry& cell = *context.cell;
    for (std::size_t index = 0; index < cell.statics.size(); ++index) {
        BspWalk walk;
        const TransitionState state =
            staticObjectCollisions(cell.statics[index], context.blockOffset, ctx, walk);
        hit.tooDeep = hit.tooDeep || walk.tooDeep;
        if (state != TransitionState::OK) {
            hit.staticIndex = int(index);
            hit.polygon = walk.hit ? walk.hit->id : 0;
            return state;
        }
    }
    return TransitionState::OK;
}

} // namespace

TransitionState staticObjectCollisions(const StaticObject& object, Vec3 blockOffset,
                                       StepContext& ctx, BspWalk& walk) {
    // The broad test (CGfxObj::find_obj_collisions' physics sphere): any of the mover's spheres
    // within the static's reach.
    const SpherePath& path = ctx.path;
    bool near = false;
    for (int i = 0; i < path.numSphere && !near; ++i) {
        const TransitionSphere& s = path.globalSphere[std::size_t(i)];
        near = length(s.center - blockOffset - object.frame.origin) <= object.reach + s.radius;
    }
    if (!near)
        return TransitionState::OK;
    Frame frame = object.frame;
    frame.origin += blockOffset; // into check_pos's landblock frame
    const LocalSpace space = cacheLocalSpace(path, frame, object.scale, ctx.currBlockOffset);
    const TransitionState state = bspFindCollisions(*object.geometry, space, ctx, walk);
    // FindObjCollisions: a static met outside a step down, by a mover not in contact.
    if (state != TransitionState::OK && !path.stepDown && !ctx.info.has(object_info::kContact))
        ctx.collision.collidedWithEnvironment = true;
    return state;
}

TransitionState envCellCollisions(const EnvCellContext& context, StepContext& ctx,
                                  EnvCellHit& hit) {
    // check_entry_restrictions (R53). An EnvCell does not override handle_move_restriction, so a
    // refusal sets no collision normal here: the scratch copy takes what the outdoor version
    // would write.
    CollisionInfo scratch = ctx.collision;
    const TransitionState entry =
        checkEntryRestrictions(ctx.info, context.mover, context.restriction, ctx.path,
                               context.cell->frame.origin, scratch);
    if (entry != TransitionState::OK) {
        hit.restricted = true;
        return entry;
    }
    TransitionState state = cellBspCollisions(context, ctx, hit);
    if (state != TransitionState::OK && !ctx.info.has(object_info::kContact))
        ctx.collision.collidedWithEnvironment = true;
    if (state == TransitionState::OK)
        state = cellStaticCollisions(context, ctx, hit);
    return state;
}

} // namespace portalkit::preview
