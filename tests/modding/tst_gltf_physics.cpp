// The imported GfxObj collides (modding/gltf_mesh.h, docs/formats.md#bsp-trees): a missile
// flown at an imported box or sphere stops at its face under the retail transition, and not
// when the same model is imported without physics; a closed convex body's tree has a solid
// leaf; a dense mesh's tree has small leaves; and through the CLI, a glTF imported into the
// demo portal DAT and placed in the town by a patched LandBlockInfo stops a scenario's arrow.

#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "gltf_samples.h"
#include "modding/gltf_import.h"
#include "preview/physics/bsp_collision.h"
#include "preview/physics/object_info.h"
#include "preview/physics/terrain_transition.h"
#include "support/bsp_checks.h"
#include "support/demo_dats.h"
#include "world/coords.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QObject>
#include <QProcess>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kImported = 0x0100F001;
constexpr std::uint32_t kTown = 0xA9B4FFFF;

preview::TerrainWorld townWith(const dat::GfxObj& gfxObj, preview::Vec3 at) {
    preview::TerrainWorld out;
    const auto region = testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000);
    out.blocks.emplace(kTown, world::LandblockTerrain(testing::demoRecord<dat::LandBlock>(
                                                          testing::demoCellDat(), kTown),
                                                      region.landDefs));
    preview::Frame frame;
    frame.origin = at;
    out.statics.push_back(preview::makeStaticObject(
        kTown, frame, 1.0f,
        std::make_shared<preview::PhysicsGeometry>(preview::PhysicsGeometry::fromGfxObj(gfxObj))));
    return out;
}

// A missile of radius 0.1 flown from `begin` to `end` in the town block.
preview::TerrainTransition fly(const preview::TerrainWorld& world, preview::Vec3 begin,
                               preview::Vec3 end) {
    preview::MoverDescription bolt;
    bolt.physicsState = 0x40; // Missile
    preview::TerrainMove move;
    move.beginCell = *world::cellAt(kTown, begin.x, begin.y);
    move.begin = begin;
    move.end = end;
    move.spheres[0] = {{0, 0, 0}, 0.1f};
    return preview::terrainTransition(world, preview::makeObjectInfo(bolt), move);
}

// Runs the CLI and returns what it printed; `ok` says whether it exited 0.
QByteArray runCli(const QStringList& arguments, bool& ok) {
    QProcess process;
    process.start(QStringLiteral(PORTALKIT_CLI), arguments);
    ok = process.waitForFinished(180000) && process.exitStatus() == QProcess::NormalExit &&
         process.exitCode() == 0;
    if (!ok)
        qWarning("portalkit %s: %s", qPrintable(arguments.join(' ')),
                 process.readAllStandardError().constData());
    return process.readAllStandardOutput();
}

} // namespace

class TestGltfPhysics : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

  private slots:
    // A missile flown at the imported cube stops at its west face (x = 59 for a cube centred
    // at x = 60) with the face's normal; the same cube imported without physics lets it
    // through, so it is the built BSP that stops it.
    void theImportedPhysicsBspStopsAMissile() {
        const QString path = writeFile(m_dir, "wall.gltf", cubeGltf());
        const dat::GfxObj solid = gfxObjOf(modding::importGltf(path, kImported, {}));
        QVERIFY(solid.hasPhysics());
        const std::string problem =
            testing::physicsTreeProblem(solid.physicsBsp, solid.vertices, solid.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());

        const world::LandblockTerrain terrain(
            testing::demoRecord<dat::LandBlock>(testing::demoCellDat(), kTown),
            testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000).landDefs);
        const float ground = *terrain.heightAt(60, 88);
        const float z = ground + 1.5f;
        const preview::TerrainWorld world = townWith(solid, {60, 88, ground + 1});
        const auto t = fly(world, {50, 88, z}, {62, 88, z});
        QVERIFY(t.ok);
        QVERIFY(t.stepsTaken < t.stepsPlanned);
        QCOMPARE(t.hitStatic, 0);
        QVERIFY(world.statics[0].geometry->polygon(t.hitPolygon));
        QVERIFY(t.collision.collisionNormalValid);
        QVERIFY(t.collision.collisionNormal.x < -0.999f);
        QVERIFY2(t.origin.x <= 59 - 0.1f + 1e-3f && t.origin.x > 59 - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
        QVERIFY(!t.bspTooDeep);

        modding::GltfImportOptions drawingOnly;
        drawingOnly.physics = false;
        const dat::GfxObj ghost = gfxObjOf(modding::importGltf(path, kImported, drawingOnly));
        QVERIFY(!ghost.hasPhysics());
        const auto through = fly(townWith(ghost, {60, 88, ground + 1}), {50, 88, z}, {62, 88, z});
        QVERIFY(through.ok);
        QCOMPARE(through.hitStatic, -1);
        QVERIFY(std::abs(through.origin.x - 62) < 1e-3f);
    }

    // A sphere of 1,000 triangles gets a tree deep enough for small leaves (a walk tests a
    // few polygons, not all), sound by the checks the demo's trees pass; its pole triangles
    // have no area and are drawn but left out of physics. A missile stops on its surface.
    // The acceptance run, all through the CLI on copies of the demo DATs: the box imported
    // into the portal DAT, placed on the town floor at (60, 88) by adding it to the block's
    // LandBlockInfo, and house_arrow.json's 50 m/s arrow shot at it from 10 m west, in the cell
    // DAT's geometry: the first collision is the box (a static, its west face's normal) and
    // the arrow never gets past the face at x = 59.
    void anImportedModelStopsAScenariosArrow() {
        const QString portal = m_dir.filePath("client_portal.dat");
        const QString cell = m_dir.filePath("client_cell_1.dat");
        QVERIFY(QFile::copy(QStringLiteral(PORTALKIT_DEMO_DAT), portal));
        QVERIFY(QFile::copy(QStringLiteral(PORTALKIT_DEMO_CELL_DAT), cell));
        for (const QString& dat : {portal, cell})
            QFile::setPermissions(dat, QFile::ReadOwner | QFile::WriteOwner);
        const QString model =
            writeFile(m_dir, "box.glb", glb(QJsonDocument(cubeJson({})).toJson(), cubeBuffer()));
        bool ok = false;
        runCli({"import", portal, "--gltf", model, "--as", "0x0100F001"}, ok);
        QVERIFY(ok);

        QJsonObject info =
            QJsonDocument::fromJson(runCli({"show", cell, "0xA9B4FFFE", "--json"}, ok)).object();
        QVERIFY(ok);
        QJsonArray objects = info["objects"].toArray();
        objects.append(
            QJsonObject{{"id", "0x0100F001"},
                        {"frame", QJsonObject{{"origin", QJsonArray{60, 88, 41.25}},
                                              {"orientation", QJsonArray{1, 0, 0, 0}}}}});
        info["objects"] = objects;
        runCli({"import", cell, "--record",
                writeFile(m_dir, "info.json", QJsonDocument(info).toJson())},
               ok);
        QVERIFY(ok);

        QFile arrow(QStringLiteral(PORTALKIT_SCENARIOS "/house_arrow.json"));
        QVERIFY(arrow.open(QIODevice::ReadOnly));
        QJsonObject scenario = QJsonDocument::fromJson(arrow.readAll()).object();
        QJsonObject world = scenario["world"].toObject();
        world["origin"] = QJsonArray{50, 88, 40.25}; // the arrow starts 1.5 m above this
        scenario["world"] = world;
        const QByteArray trace = runCli(
            {"simulate", portal, cell, "--scenario",
             writeFile(m_dir, "arrow.json", QJsonDocument(scenario).toJson()), "--trace", "-"},
            ok);
        QVERIFY(ok);
        bool hit = false;
        double farthest = -INFINITY;
        for (const QByteArray& line : trace.split('\n')) {
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            if (event["event"] == "physics")
                farthest =
                    std::max(farthest, event["frame"].toObject()["origin"].toArray()[0].toDouble());
            if (!hit && event["event"] == "collision" && event["hit"] == "static") {
                hit = true;
                QCOMPARE(event["id"].toString(), QStringLiteral("0x0100F001"));
                QVERIFY(event["normal"].toArray()[0].toDouble() < -0.99);
            }
        }
        QVERIFY(hit);
        // Scenario x 9 is the face (world x 59); the arrow's centre stays a radius short.
        QVERIFY2(farthest < 9 - 0.05 && farthest > 8, qPrintable(QString::number(farthest)));
    }

    void aDenseMeshGetsASplitTree() {
        const Mesh sphere = makeSphere(2, 32, 16);
        const QByteArray gltf =
            QJsonDocument(meshJson(sphere, QString::fromLatin1(dataUri(meshBuffer(sphere)))))
                .toJson();
        const dat::GfxObj g =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "sphere.gltf", gltf), kImported, {}));
        QCOMPARE(g.polygons.size(), sphere.indices.size() / 3);
        QCOMPARE(g.physicsPolygons.size(), g.polygons.size() - 2 * 32); // 32 per pole
        const std::string problem =
            testing::physicsTreeProblem(g.physicsBsp, g.vertices, g.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        std::size_t leaves = 0, largest = 0;
        for (const dat::BspNode& node : g.physicsBsp.nodes)
            if (node.tag == dat::bsp_tag::Leaf) {
                ++leaves;
                largest = std::max(largest, node.polygons.size());
            }
        QVERIFY2(leaves >= 64, qPrintable(QString::number(leaves)));
        QVERIFY2(largest <= 64, qPrintable(QString::number(largest)));

        const world::LandblockTerrain terrain(
            testing::demoRecord<dat::LandBlock>(testing::demoCellDat(), kTown),
            testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000).landDefs);
        const float centre = *terrain.heightAt(60, 88) + 2.5f;
        const auto t = fly(townWith(g, {60, 88, centre}), {50, 88, centre}, {62, 88, centre});
        QCOMPARE(t.hitStatic, 0);
        // The facets lie inside the true sphere by at most r(1 − cos(π/32)) ≈ 1 cm.
        QVERIFY2(t.origin.x <= 58 - 0.1f + 1e-3f && t.origin.x > 58 - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
    }

    // A closed convex body gets the exact tree: a chain of its six face planes over a solid
    // leaf, so the collision walk's solid test finds a sphere wholly inside the box (placement
    // in it fails), which no polygon test would. Two boxes in one mesh are closed but not
    // convex, and get the spatial tree, whose leaves are never solid.
    void aClosedConvexBodyHasASolidLeaf() {
        const dat::GfxObj box =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "box.gltf", cubeGltf()), kImported, {}));
        QCOMPARE(box.physicsBsp.nodes.size(), std::size_t(7));
        QVERIFY(box.physicsBsp.nodes.back().solid);
        const std::string problem =
            testing::physicsTreeProblem(box.physicsBsp, box.vertices, box.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        const preview::PhysicsGeometry geometry = preview::PhysicsGeometry::fromGfxObj(box);
        const auto solidAt = [&](preview::Vec3 centre, bool centerCheck) {
            preview::BspWalk walk;
            return preview::sphereIntersectsSolid(geometry, {centre, 0.2f}, centerCheck, walk);
        };
        QVERIFY(solidAt({0.1f, -0.2f, 0.3f}, true));   // inside, touching no face
        QVERIFY(!solidAt({0.1f, -0.2f, 0.3f}, false)); // no polygon reached
        QVERIFY(!solidAt({0, 0, 1.5f}, true));         // above the box
        QVERIFY(solidAt({0, 0, 1.1f}, true));          // reaching its top face

        Mesh twoBoxes = makeCube();
        const Mesh other = makeCube();
        const auto base = std::uint16_t(twoBoxes.positions.size() / 3);
        for (std::size_t i = 0; i < other.positions.size(); ++i)
            twoBoxes.positions.push_back(other.positions[i] + (i % 3 == 0 ? 5.0f : 0.0f));
        twoBoxes.normals.insert(twoBoxes.normals.end(), other.normals.begin(), other.normals.end());
        twoBoxes.uvs.insert(twoBoxes.uvs.end(), other.uvs.begin(), other.uvs.end());
        for (const std::uint16_t i : other.indices)
            twoBoxes.indices.push_back(std::uint16_t(base + i));
        const QByteArray gltf =
            QJsonDocument(meshJson(twoBoxes, QString::fromLatin1(dataUri(meshBuffer(twoBoxes)))))
                .toJson();
        const dat::GfxObj pair =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "pair.gltf", gltf), kImported, {}));
        QCOMPARE(pair.physicsPolygons.size(), std::size_t(24));
        for (const dat::BspNode& node : pair.physicsBsp.nodes)
            QVERIFY(!node.solid);
        const std::string pairProblem =
            testing::physicsTreeProblem(pair.physicsBsp, pair.vertices, pair.physicsPolygons);
        QVERIFY2(pairProblem.empty(), pairProblem.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGltfPhysics)
#include "tst_gltf_physics.moc"
