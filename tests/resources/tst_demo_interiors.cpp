// The demo's interiors as their sources build them (resources/demo/interiors.json and
// resources/demo-cell/{town,dungeon}.json): every dungeon portal's other side points back and
// the two portal polygons meet in the landblock, visible-cell lists name real cells, and the
// town's house, its doorway portal and the interior cell behind it agree.

#include "datreader/authoring/dat_sources.h"
#include "datreader/records/record.h"
#include "support/bsp_checks.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <map>
#include <set>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

QJsonArray recordsOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read " + path.toStdString());
    return QJsonDocument::fromJson(file.readAll()).object()["records"].toArray();
}

// Every record of a source file, built the way `portalkit build` builds it.
std::map<std::uint32_t, Record> build(DatKind kind, const QString& path) {
    std::map<std::uint32_t, Record> records;
    for (const QJsonValue& value : recordsOf(path)) {
        std::uint32_t did = 0;
        const QByteArray bytes = authoring::buildRecord(kind, value.toObject(), &did);
        const std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
        records.emplace(did, *decodeRecord(kind, did, data));
    }
    return records;
}

const std::map<std::uint32_t, Record>& interiors() {
    static const auto records =
        build(DatKind::Portal, QStringLiteral(PORTALKIT_DEMO_SOURCES "/interiors.json"));
    return records;
}

template <typename T>
const T& recordAt(const std::map<std::uint32_t, Record>& records, std::uint32_t did) {
    return std::get<T>(records.at(did));
}

// Cell-local to landblock-local: rotate by the frame's quaternion, then move to its origin.
P3 place(const Frame& frame, P3 p) {
    const Quat& q = frame.orientation;
    const P3 u{q.x, q.y, q.z};
    const auto cross = [](P3 a, P3 b) {
        return P3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    };
    const P3 t = cross(u, p);
    const P3 t2{2 * t.x, 2 * t.y, 2 * t.z};
    const P3 c = cross(u, t2);
    return {p.x + q.w * t2.x + c.x + frame.origin.x, p.y + q.w * t2.y + c.y + frame.origin.y,
            p.z + q.w * t2.z + c.z + frame.origin.z};
}

// The portal polygon's corners in the landblock, sorted so two windings compare equal.
std::vector<std::array<double, 3>> portalQuad(const EnvCell& cell, const CellPortal& portal) {
    const Environment& environment = recordAt<Environment>(interiors(), cell.environmentId);
    const auto shape =
        std::find_if(environment.cells.begin(), environment.cells.end(),
                     [key = cell.cellStructure](const auto& c) { return c.key == key; });
    if (shape == environment.cells.end())
        throw std::runtime_error("no CellStruct " + std::to_string(cell.cellStructure));
    const CellStruct& s = shape->structure;
    std::vector<std::array<double, 3>> quad;
    for (const P3& c : cornersOf(s.vertices, s.polygons.at(portal.polygonId))) {
        const P3 p = place(cell.position, c);
        // Rounded to a millimetre: the two sides are placed by different frames.
        quad.push_back({std::round(p.x * 1000), std::round(p.y * 1000), std::round(p.z * 1000)});
    }
    std::sort(quad.begin(), quad.end());
    return quad;
}

std::map<std::uint16_t, EnvCell> envCellsOf(const std::map<std::uint32_t, Record>& records,
                                            std::uint32_t block) {
    std::map<std::uint16_t, EnvCell> cells;
    for (const auto& [did, record] : records)
        if (did >> 16 == block && std::holds_alternative<EnvCell>(record))
            cells.emplace(std::uint16_t(did), std::get<EnvCell>(record));
    return cells;
}

} // namespace

class TestDemoInteriors : public QObject {
    Q_OBJECT

    std::map<std::uint32_t, Record> m_dungeon, m_town;

  private slots:
    void initTestCase() {
        m_dungeon =
            build(DatKind::Cell, QStringLiteral(PORTALKIT_DEMO_CELL_SOURCES "/dungeon.json"));
        m_town = build(DatKind::Cell, QStringLiteral(PORTALKIT_DEMO_CELL_SOURCES "/town.json"));
    }

    void dungeonPortalsPointBackAndMeet() {
        const auto cells = envCellsOf(m_dungeon, 0x01D9);
        QVERIFY(cells.size() >= 6);
        QCOMPARE(recordAt<LandBlockInfo>(m_dungeon, 0x01D9FFFE).numCells,
                 std::uint32_t(cells.size()));
        std::set<std::uint32_t> environments;
        for (const auto& [low, cell] : cells) {
            QCOMPARE(low, std::uint16_t(0x0100 + std::distance(cells.begin(), cells.find(low))));
            environments.insert(cell.environmentId);
            for (std::size_t i = 0; i < cell.portals.size(); ++i) {
                const CellPortal& portal = cell.portals[i];
                QVERIFY2(cells.count(portal.otherCellId), qPrintable(QString::number(low, 16)));
                const EnvCell& other = cells.at(portal.otherCellId);
                QVERIFY(portal.otherPortalId < other.portals.size());
                const CellPortal& back = other.portals[portal.otherPortalId];
                QCOMPARE(back.otherCellId, low);
                QCOMPARE(back.otherPortalId, std::uint16_t(i));
                QVERIFY(portalQuad(cell, portal) == portalQuad(other, back));
            }
        }
        QCOMPARE(environments.size(), std::size_t(1)); // one Environment for the whole dungeon
    }

    void dungeonPortalsAreTheirCellStructsPortals() {
        for (const auto& [low, cell] : envCellsOf(m_dungeon, 0x01D9)) {
            const Environment& environment = recordAt<Environment>(interiors(), cell.environmentId);
            const auto shape =
                std::find_if(environment.cells.begin(), environment.cells.end(),
                             [key = cell.cellStructure](const auto& c) { return c.key == key; });
            QVERIFY(shape != environment.cells.end());
            QCOMPARE(cell.portals.size(), shape->structure.portals.size());
            for (std::size_t i = 0; i < cell.portals.size(); ++i)
                QCOMPARE(cell.portals[i].polygonId, shape->structure.portals[i]);
            // Floor, wall and ceiling slots all name one of the cell's surfaces.
            for (const MeshPolygon& polygon : shape->structure.polygons)
                QVERIFY(polygon.posSurface >= 0 &&
                        std::size_t(polygon.posSurface) < cell.surfaces.size());
        }
    }

    void visibleCellsAreRealAndIncludeTheNeighbours() {
        const auto cells = envCellsOf(m_dungeon, 0x01D9);
        for (const auto& [low, cell] : cells) {
            const std::set<std::uint16_t> visible(cell.visibleCells.begin(),
                                                  cell.visibleCells.end());
            QVERIFY(!visible.count(low));
            for (const std::uint16_t id : visible)
                QVERIFY(cells.count(id));
            for (const CellPortal& portal : cell.portals)
                QVERIFY(visible.count(portal.otherCellId));
        }
    }

    void theHouseDoorLeadsIntoItsCell() {
        const LandBlockInfo& town = recordAt<LandBlockInfo>(m_town, 0xA9B4FFFE);
        QCOMPARE(town.buildings.size(), std::size_t(1));
        const BuildingInfo& house = town.buildings[0];
        const GfxObj& model = recordAt<GfxObj>(interiors(), house.modelId);
        QVERIFY(model.hasPhysics() && !model.physicsBsp.nodes.empty());
        QCOMPARE(town.numCells, std::uint32_t(envCellsOf(m_town, 0xA9B4).size()));

        QCOMPARE(house.portals.size(), std::size_t(1));
        const BuildingPortal& door = house.portals[0];
        const EnvCell& inside = recordAt<EnvCell>(m_town, 0xA9B40000 | door.otherCellId);
        QVERIFY(std::count(door.stabs.begin(), door.stabs.end(), door.otherCellId));
        QVERIFY(inside.flags & EnvCell::kSeenOutside);
        QVERIFY(inside.position == house.frame);
        const CellPortal& out = inside.portals.at(door.otherPortalId);
        QVERIFY(out.leadsOutside());

        // The interior's doorway polygon, placed by the cell's frame, is a gap in the house
        // placed by its frame: its corners are corners of the house's walls, and its centre
        // is inside no house polygon of that plane.
        const auto quad = portalQuad(inside, out);
        std::set<std::array<double, 3>> houseCorners;
        for (const MeshVertex& v : model.vertices) {
            const P3 p = place(house.frame, at(v.origin));
            houseCorners.insert(
                {std::round(p.x * 1000), std::round(p.y * 1000), std::round(p.z * 1000)});
        }
        for (const auto& corner : quad)
            QVERIFY(houseCorners.count(corner));
        const Environment& environment = recordAt<Environment>(interiors(), inside.environmentId);
        const CellStruct& room = environment.cells.at(0).structure;
        const auto doorway = cornersOf(room.vertices, room.polygons.at(out.polygonId));
        P3 centre;
        for (const P3& c : doorway)
            centre = {centre.x + c.x / 4, centre.y + c.y / 4, centre.z + c.z / 4};
        QVERIFY(pointInCell(room.cellBsp, centre)); // on the cell's boundary
        for (const MeshPolygon& polygon : model.physicsPolygons) {
            const auto corners = cornersOf(model.vertices, polygon);
            double x0 = INFINITY, x1 = -INFINITY, z0 = INFINITY, z1 = -INFINITY;
            bool inPlane = true;
            for (const P3& c : corners) {
                inPlane = inPlane && std::abs(c.y - centre.y) < 1e-4;
                x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
                z0 = std::min(z0, c.z), z1 = std::max(z1, c.z);
            }
            QVERIFY(!(inPlane && centre.x > x0 && centre.x < x1 && centre.z > z0 && centre.z < z1));
        }
    }

    void placedObjectsNameDemoRecords() {
        std::set<std::uint32_t> portalIds;
        for (const QString& name : QDir(PORTALKIT_DEMO_SOURCES).entryList({"*.json"})) {
            if (name == "dat.json")
                continue;
            for (const QJsonValue& record : recordsOf(QString(PORTALKIT_DEMO_SOURCES) + "/" + name))
                portalIds.insert(JsonNode(record, "")["id"].u32());
        }
        std::vector<std::uint32_t> named;
        for (const auto* records : {&m_dungeon, &m_town})
            for (const auto& [did, record] : *records) {
                if (const auto* cell = std::get_if<EnvCell>(&record)) {
                    named.push_back(cell->environmentId);
                    named.insert(named.end(), cell->surfaces.begin(), cell->surfaces.end());
                    for (const Stab& stab : cell->statics)
                        named.push_back(stab.id);
                } else if (const auto* info = std::get_if<LandBlockInfo>(&record)) {
                    for (const Stab& stab : info->objects)
                        named.push_back(stab.id);
                    for (const BuildingInfo& building : info->buildings)
                        named.push_back(building.modelId);
                }
            }
        QVERIFY(named.size() > 10);
        for (const std::uint32_t id : named)
            QVERIFY2(portalIds.count(id), formatDid(id).c_str());
    }
};

QTEST_GUILESS_MAIN(TestDemoInteriors)
#include "tst_demo_interiors.moc"
