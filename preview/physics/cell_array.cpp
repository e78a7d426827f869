#include "preview/physics/cell_array.h"

#include "preview/physics/transition_cells.h"
#include "world/coords.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace portalkit::preview {

namespace {

world::Vec3 toWorld(Vec3 v) {
    return {v.x, v.y, v.z};
}

// One find_cell_list call: the list it grows and the world it reads.
class CellListBuilder {
  public:
    CellListBuilder(const TerrainWorld& world, std::uint32_t checkCell,
                    std::span<const TransitionSphere> spheres)
        : m_world(world), m_check(checkCell), m_spheres(spheres) {}

    CellArray build();

  private:
    void add(std::uint32_t id) {
        if (std::find(m_out.cells.begin(), m_out.cells.end(), id) != m_out.cells.end())
            return;
        if (m_out.cells.size() >= kMaxCellArray) {
            m_out.full = true;
            return;
        }
        m_out.cells.push_back(id);
    }
    // add_all_outside_cells, once per list.
    void addOutside() {
        if (m_out.addedOutside)
            return;
        m_out.addedOutside = true;
        for (std::uint32_t id : outsideCells(world::landblockOf(m_check), m_spheres))
            add(id);
    }
    // A sphere centre in `cell`'s own space (the spheres are in the check cell's block frame).
    Vec3 toCell(const EnvCellEntry& cell, Vec3 centre) const {
        const world::Vec3 o = world::blockOffset(m_check, cell.id);
        return rotate(conjugate(cell.frame.orientation),
                      centre - Vec3{o.x, o.y, o.z} - cell.frame.origin);
    }
    // check_building_transit / the loaded-neighbour test: any sphere reaches the cell's volume.
    bool anySphereReaches(const EnvCellEntry& cell) const {
        for (const TransitionSphere& s : m_spheres)
            if (sphereIntersectsCellBsp(cell.volume.bsp, {toCell(cell, s.center), s.radius}) != 0)
                return true;
        return false;
    }
    void landTransit(std::uint32_t landCell);
    void envTransit(const EnvCellEntry& cell);
    void findCurrCell();

    const TerrainWorld& m_world;
    std::uint32_t m_check;
    std::span<const TransitionSphere> m_spheres;
    CellArray m_out;
};

// CLandCell::find_transit_cells: the building registered in this land cell leads, through each
// doorway, into a loaded interior cell that a sphere reaches.
void CellListBuilder::landTransit(std::uint32_t landCell) {
    for (const BuildingEntry& building : m_world.buildings) {
        if (building.landCell != landCell)
            continue;
        for (std::uint32_t id : building.interiorCells)
            if (const EnvCellEntry* cell = m_world.envCell(id); cell && anySphereReaches(*cell)) {
                add(id);
                m_out.hitsInteriorCell = true;
            }
    }
}

// CEnvCell::find_transit_cells: an outside portal near a sphere brings in the outdoor cells; a
// loaded neighbour is added when a sphere reaches its volume; an unloaded one by the side of the
// portal plane the sphere is on (it is skipped later, being unloaded).
void CellListBuilder::envTransit(const EnvCellEntry& cell) {
    bool checkOutside = false;
    for (const EnvPortal& portal : cell.portals) {
        if (!portal.outside && portal.otherCell != 0) {
            if (const EnvCellEntry* other = m_world.envCell(portal.otherCell)) {
                if (anySphereReaches(*other))
                    add(portal.otherCell);
                continue;
            }
        }
        if (!portal.hasPlane)
            continue;
        for (const TransitionSphere& s : m_spheres) {
            const float d = dot(portal.normal, toCell(cell, s.center)) + portal.d;
            const float r = s.radius + kTransitionEpsilon;
            if (portal.outside) {
                checkOutside = checkOutside || std::abs(d) < r;
            } else if ((portal.portalSide && d > -r) || (!portal.portalSide && d < r)) {
                add(portal.otherCell);
                break;
            }
        }
    }
    if (checkOutside)
        addOutside();
}

// The loaded cell holding sphere 0's centre: an EnvCell that holds it ends the search, a land
// cell is kept only until one does (an interior wins over the land under it).
void CellListBuilder::findCurrCell() {
    const Vec3 c = m_spheres.front().center;
    const auto outside = world::adjustToOutside(world::landblockOf(m_check), toWorld(c));
    for (std::uint32_t id : m_out.cells) {
        if (!m_world.loaded(id))
            continue;
        if (world::isOutdoorCell(id)) {
            if (outside && outside->cellId == id)
                m_out.currCell = id;
            continue;
        }
        const world::Vec3 o = world::blockOffset(m_check, id);
        if (m_world.envCell(id)->volume.contains(toWorld(c) - o)) {
            m_out.currCell = id;
            m_out.hitsInteriorCell = true;
            return;
        }
    }
}

CellArray CellListBuilder::build() {
    if (world::isOutdoorCell(m_check)) {
        addOutside();
    } else {
        m_out.hitsInteriorCell = true;
        add(m_check);
    }
    if (!m_world.loaded(m_check) || m_spheres.empty())
        return m_out;
    // The list grows while it is walked: cells found through a portal are explored in turn.
    for (std::size_t i = 0; i < m_out.cells.size(); ++i) {
        const std::uint32_t id = m_out.cells[i];
        if (world::isOutdoorCell(id))
            landTransit(id);
        else if (const EnvCellEntry* cell = m_world.envCell(id))
            envTransit(*cell);
    }
    findCurrCell();
    return m_out;
}

} // namespace

CellArray findCellList(const TerrainWorld& world, std::uint32_t checkCell,
                       std::span<const TransitionSphere> spheres) {
    return CellListBuilder(world, checkCell, spheres).build();
}

} // namespace portalkit::preview
