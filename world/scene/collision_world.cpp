#include "world/scene/collision_world.h"

#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "datreader/records/scene.h"
#include "datreader/records/setup.h"
#include "world/coords.h"
#include "world/scenery.h"

#include <QQuaternion>
#include <algorithm>
#include <map>
#include <memory>

namespace portalkit::world {

namespace {

using preview::PhysicsGeometry;

class Collector {
  public:
    Collector(const WorldSources& sources, preview::DatWorld& out, CollisionWorldCounts& counts)
        : m_sources(sources), m_out(out), m_counts(counts) {}

    // One object (a GfxObj or a Setup's parts at their default placement) at `frame`,
    // landblock-local to `block`, at `scale`.
    // As CPhysicsObj::FindObjCollisions picks: the parts' physics BSPs when any part has one,
    // else the Setup's cylinder spheres, else its spheres.
    void addObject(std::uint32_t block, std::uint32_t modelId, const dat::Frame& frame,
                   float scale) {
        ++m_counts.objects;
        const std::vector<WorldPart> parts =
            modelParts(*m_sources.portal, modelId, frameMatrix(frame, scale, {}));
        const bool anyPhysics = std::any_of(parts.begin(), parts.end(), [this](const auto& p) {
            return geometryOf(p.gfxObj) != nullptr;
        });
        if (anyPhysics) {
            for (const WorldPart& part : parts)
                addPart(block, part);
        } else if (const auto* setup = m_sources.portal->get<dat::Setup>(modelId)) {
            addShapes(block, modelId, *setup, frame, scale);
            m_counts.partsWithout += int(parts.size());
        } else {
            m_counts.partsWithout += int(parts.size());
        }
    }

    // The GfxObj geometries for an EnvCell's stabs (a Setup stab is left out).
    preview::GfxObjGeometry gfxObjs() {
        return [this](std::uint32_t id) { return geometryOf(id); };
    }

  private:
    // A Setup's cylinder spheres (else spheres) at the object's frame and scale: the base or
    // centre turned and moved with the object, a cylinder left upright.
    void addShapes(std::uint32_t block, std::uint32_t modelId, const dat::Setup& setup,
                   const dat::Frame& frame, float scale) {
        const preview::Frame at(frame);
        for (const dat::CylSphere& c : setup.cylSpheres)
            pushShape({block, transformPoint(at, preview::Vec3(c.lowPoint) * scale),
                       c.radius * scale, c.height * scale, true, modelId});
        if (!setup.cylSpheres.empty())
            return;
        for (const dat::Sphere& s : setup.spheres)
            pushShape({block, transformPoint(at, preview::Vec3(s.center) * scale), s.radius * scale,
                       0, false, modelId});
    }
    void pushShape(const preview::StaticShape& shape) {
        if (!(shape.radius > 0))
            return; // nothing to meet
        m_out.terrain.shapes.push_back(shape);
        ++m_counts.shapes;
    }

    // A part's world matrix as the transition takes it: origin, rotation and one uniform scale
    // (a Setup's per-axis default scales are uniform in practice; x stands for all three).
    void addPart(std::uint32_t block, const WorldPart& part) {
        const auto geometry = geometryOf(part.gfxObj);
        if (!geometry) {
            ++m_counts.partsWithout;
            return;
        }
        const QMatrix4x4& m = part.transform;
        const QVector3D x = m.column(0).toVector3D();
        const float scale = x.length();
        if (!(scale > 0))
            return;
        QMatrix3x3 rotation;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                rotation(r, c) = m(r, c) / m.column(c).toVector3D().length();
        const QQuaternion q = QQuaternion::fromRotationMatrix(rotation).normalized();
        preview::Frame frame;
        frame.origin = {m(0, 3), m(1, 3), m(2, 3)};
        frame.orientation = {q.scalar(), q.x(), q.y(), q.z()};
        m_out.terrain.statics.push_back(preview::makeStaticObject(block, frame, scale, geometry));
        m_out.staticModels.push_back(part.gfxObj);
        ++m_counts.physicsParts;
    }

    // The GfxObj's physics polygons and tree, built the first time it is placed; null when it
    // has none (most scenery is drawn only).
    std::shared_ptr<const PhysicsGeometry> geometryOf(std::uint32_t id) {
        if (const auto found = m_geometry.find(id); found != m_geometry.end())
            return found->second;
        std::shared_ptr<const PhysicsGeometry> built;
        const auto* gfx = m_sources.portal->get<dat::GfxObj>(id);
        if (gfx && gfx->hasPhysics() && !gfx->physicsPolygons.empty()) {
            built = std::make_shared<const PhysicsGeometry>(PhysicsGeometry::fromGfxObj(*gfx));
            ++m_counts.geometries;
        }
        m_geometry.emplace(id, built);
        return built;
    }

    const WorldSources& m_sources;
    preview::DatWorld& m_out;
    CollisionWorldCounts& m_counts;
    std::map<std::uint32_t, std::shared_ptr<const PhysicsGeometry>> m_geometry;
};

void addBlockObjects(const WorldSources& sources, std::uint32_t block,
                     const LandblockTerrain* terrain, Collector& collector) {
    const auto* info = sources.cells->get<dat::LandBlockInfo>(block - 1);
    if (info) {
        for (const dat::Stab& stab : info->objects)
            collector.addObject(block, stab.id, stab.frame, 1);
        for (const dat::BuildingInfo& building : info->buildings)
            collector.addObject(block, building.modelId, building.frame, 1);
    }
    if (!terrain || !sources.region)
        return;
    SceneryInputs in;
    in.region = sources.region;
    in.info = info;
    in.scenes = [&sources](std::uint32_t id) { return sources.portal->get<dat::Scene>(id); };
    for (const SceneryObject& object : placeScenery(*terrain, in)) {
        dat::Frame frame;
        frame.origin = {object.origin.x, object.origin.y, object.origin.z};
        frame.orientation = {object.orientation.w, object.orientation.x, object.orientation.y,
                             object.orientation.z};
        collector.addObject(block, object.objectId, frame, object.scale);
    }
}

// The block's EnvCells (LandBlockInfo numCells from 0x0100) and its buildings' doorways into
// them, for the transition's interiors and dungeons (preview/physics/env_cell_collision.h).
void addBlockEnvCells(const WorldSources& sources, std::uint32_t block,
                      preview::TerrainWorld& terrain, Collector& collector) {
    const auto* info = sources.cells->get<dat::LandBlockInfo>(block - 1);
    if (!info)
        return;
    for (const dat::BuildingInfo& building : info->buildings)
        terrain.buildings.push_back(preview::makeBuildingEntry(block, building));
    for (std::uint32_t i = 0; i < info->numCells; ++i) {
        const std::uint32_t id = (block & 0xFFFF0000u) | (0x0100 + i);
        const auto* cell = sources.cells->get<dat::EnvCell>(id);
        const auto* env =
            cell ? sources.portal->get<dat::Environment>(cell->environmentId) : nullptr;
        const auto* shape = env ? findCellStruct(*env, cell->cellStructure) : nullptr;
        if (shape)
            terrain.envCells.emplace(id,
                                     preview::makeEnvCellEntry(*cell, *shape, collector.gfxObjs()));
    }
}

} // namespace

preview::DatWorld buildCollisionWorld(const WorldSources& sources, std::uint32_t centre, int radius,
                                      CollisionWorldCounts* counts) {
    preview::DatWorld out;
    CollisionWorldCounts local;
    CollisionWorldCounts& tally = counts ? *counts : local;
    tally = {};
    if (!sources.portal || !sources.cells)
        return out;
    Collector collector(sources, out, tally);
    const std::vector<std::uint32_t> blocks = isDungeon(*sources.cells, centre)
                                                  ? std::vector{landblockOf(centre)}
                                                  : blocksAround(landblockOf(centre), radius);
    for (const std::uint32_t block : blocks) {
        const auto* land = sources.cells->get<dat::LandBlock>(block);
        const LandblockTerrain* terrain = nullptr;
        if (land && sources.region) {
            terrain = &out.terrain.blocks
                           .emplace(block, LandblockTerrain(*land, sources.region->landDefs))
                           .first->second;
            ++tally.blocks;
        }
        addBlockObjects(sources, block, terrain, collector);
        addBlockEnvCells(sources, block, out.terrain, collector);
    }
    return out;
}

} // namespace portalkit::world
