// A GfxObj alone under the Physics polygons overlay also draws its physics BSP (issue 24,
// docs/render.md#overlays): each node's bounding sphere as three great circles. Checked by where
// the lines land, whatever their colour: the pixels the BSP adds (the frame with the overlay on,
// against the same part owned by an owner, which draws its physics polygons only) all lie on rays
// that pass through one of the record's node spheres, and the same spheres moved aside would not
// explain them. Under Xvfb; PORTALKIT_SCREENSHOTS=<dir> keeps the frame.

#include "datreader/records/bsp.h"
#include "datreader/records/gfx_obj.h"
#include "preview/core/assets.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/scene_view.h"

#include <QApplication>
#include <QImage>
#include <QObject>
#include <QStandardPaths>
#include <QTest>
#include <QVector3D>
#include <cmath>
#include <numbers>
#include <vector>

using namespace portalkit;

namespace {

constexpr std::uint32_t kHouse = 0x01000D01; // a generated building with a physics BSP

std::shared_ptr<preview::Assets> demoAssets() {
    auto dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    return std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(std::move(dat)));
}

// Pixels where two frames differ.
std::vector<QPoint> differing(const QImage& a, const QImage& b) {
    std::vector<QPoint> out;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            if (a.pixel(x, y) != b.pixel(x, y))
                out.emplace_back(x, y);
    return out;
}

// The physics BSP's node spheres that can draw (a radius above 0).
std::vector<dat::Sphere> spheres(const dat::GfxObj& gfx, bool leaves) {
    std::vector<dat::Sphere> out;
    for (const dat::BspNode& node : gfx.physicsBsp.nodes)
        if ((node.tag == dat::bsp_tag::Leaf) == leaves && node.boundingSphere.radius > 0)
            out.push_back(node.boundingSphere);
    return out;
}

// Whether the ray through `pixel` passes within a sphere (its radius plus a pixel's worth of
// slack at that distance): a point on a great circle is on its sphere, so its ray does.
bool onSomeSphere(const render::OrbitCamera& camera, QSize size, QPoint pixel,
                  const std::vector<dat::Sphere>& candidates) {
    const QVector3D eye = camera.eye();
    const QVector3D ray = camera.rayThrough(QPointF(pixel) + QPointF(0.5, 0.5), size).normalized();
    const float pixelAngle =
        2 * std::tan(std::numbers::pi_v<float> / 8) / float(size.height()); // 45° lens
    for (const dat::Sphere& s : candidates) {
        const QVector3D c(s.center.x, s.center.y, s.center.z);
        const QVector3D toCentre = c - eye;
        const float along = QVector3D::dotProduct(toCentre, ray);
        const float off = (toCentre - along * ray).length();
        if (off <= s.radius + 2 * pixelAngle * toCentre.length() + 1e-3f)
            return true;
    }
    return false;
}

preview::FrameSnapshot alone(std::uint32_t gfxObj) {
    preview::FrameSnapshot snapshot;
    snapshot.parts.push_back(preview::PartInstance{0, 0, gfxObj});
    return snapshot;
}

// The fraction of `pixels` whose ray passes through none of `candidates`.
double unexplained(const render::OrbitCamera& camera, QSize size, const std::vector<QPoint>& pixels,
                   const std::vector<dat::Sphere>& candidates) {
    std::size_t off = 0;
    for (const QPoint& pixel : pixels)
        off += !onSomeSphere(camera, size, pixel, candidates);
    return pixels.empty() ? 1.0 : double(off) / double(pixels.size());
}

preview::FrameSnapshot owned(std::uint32_t gfxObj) {
    preview::FrameSnapshot snapshot = alone(gfxObj);
    snapshot.parts.front().owner = 1;
    preview::OwnerInstance owner;
    owner.owner = 1;
    snapshot.owners.push_back(owner);
    return snapshot;
}

} // namespace

class TestRenderPhysicsBsp : public QObject {
    Q_OBJECT

    std::shared_ptr<preview::Assets> m_assets;
    const dat::GfxObj* m_house = nullptr;
    render::OrbitCamera m_camera;
    const QSize m_size{320, 240};

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_assets = demoAssets();
        m_house = m_assets->get<dat::GfxObj>(kHouse);
        QVERIFY(m_house);
        QVERIFY(!spheres(*m_house, true).empty());
        QVERIFY(!spheres(*m_house, false).empty());
        const auto bounds = render::gfxObjBounds(*m_assets, kHouse);
        QVERIFY(bounds);
        m_camera = render::OrbitCamera::framing(*bounds, 30, 25);
    }

    void bspSpheresDrawWhereTheRecordPutsThem() {
        render::OffscreenRenderer renderer(m_size);
        QVERIFY2(renderer.isValid(), qPrintable(renderer.errorString()));
        renderer.setAssets(m_assets);
        renderer.setCamera(m_camera);
        const auto draw = [&](const preview::FrameSnapshot& snapshot, bool physics) {
            renderer.scene().setOverlay(render::Overlay::PhysicsPolygons, physics);
            return renderer.render(snapshot).convertToFormat(QImage::Format_RGB32);
        };
        const QImage plain = draw(alone(kHouse), false);
        const QImage aloneLines = draw(alone(kHouse), true);
        const QImage ownedPlain = draw(owned(kHouse), false);
        const QImage ownedLines = draw(owned(kHouse), true);
        for (const QImage* image : {&plain, &aloneLines, &ownedPlain, &ownedLines})
            QVERIFY(!image->isNull());
        if (const QString dir = qEnvironmentVariable("PORTALKIT_SCREENSHOTS"); !dir.isEmpty())
            aloneLines.save(dir + "/physics_bsp.png");
        QCOMPARE(differing(plain, ownedPlain).size(), std::size_t(0)); // the owner draws nothing

        // An owned part (a Setup's) gets its physics polygons only; alone, the BSP comes on top.
        const auto polygons = differing(ownedPlain, ownedLines);
        QVERIFY2(polygons.size() > 30, qPrintable(QString::number(polygons.size())));
        const auto bsp = differing(ownedLines, aloneLines);
        QVERIFY2(bsp.size() > 200, qPrintable(QString::number(bsp.size())));

        auto all = spheres(*m_house, true);
        const auto internal = spheres(*m_house, false);
        all.insert(all.end(), internal.begin(), internal.end());
        // A few pixels may be a polygon edge the BSP's lines covered, seen again beside them.
        const double off = unexplained(m_camera, m_size, bsp, all);
        QVERIFY2(off < 0.02,
                 qPrintable(
                     QStringLiteral("%1 of %2 pixels off every sphere").arg(off).arg(bsp.size())));
        // Moved aside by three radii and a metre, the same spheres would not explain the drawing.
        auto moved = all;
        for (dat::Sphere& s : moved)
            s.center.x += 3 * (s.radius + 1);
        QVERIFY(unexplained(m_camera, m_size, bsp, moved) > 0.25);
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestRenderPhysicsBsp test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_render_physics_bsp.moc"
