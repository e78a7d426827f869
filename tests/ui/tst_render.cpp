// The Qt3D renderer on the demo DAT: what a Setup looks like off screen and in the viewport, that
// particles, lights and overlays show, and `portalkit render`. Every check is behavioural
// (coverage, centroid, colour order, differences between frames), never a stored image.

#include "preview/scene/preview_scene.h"
#include "support/demo_ids.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/viewport_widget.h"

#include <QAction>
#include <QApplication>
#include <QByteArray>
#include <QCamera>
#include <QColor>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QIODevice>
#include <QImage>
#include <QList>
#include <QMouseEvent>
#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRect>
#include <QRgb>
#include <QSettings>
#include <QSize>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTest>
#include <QVector3D>
#include <QWheelEvent>
#include <QWindow>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::testing::demo_ids;

namespace {

std::shared_ptr<Assets> demoAssets() {
    auto dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    return std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(dat)));
}

bool isBackground(QRgb c) {
    const QColor bg = render::backgroundColor();
    return std::abs(qRed(c) - bg.red()) + std::abs(qGreen(c) - bg.green()) +
               std::abs(qBlue(c) - bg.blue()) <
           12;
}

struct Coverage {
    int pixels = 0;
    double cx = 0, cy = 0;
    double r = 0, g = 0, b = 0;
};

Coverage coverage(const QImage& image) {
    Coverage out;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            if (isBackground(c))
                continue;
            ++out.pixels;
            out.cx += x;
            out.cy += y;
            out.r += qRed(c);
            out.g += qGreen(c);
            out.b += qBlue(c);
        }
    if (out.pixels) {
        out.cx /= out.pixels;
        out.cy /= out.pixels;
        out.r /= out.pixels;
        out.g /= out.pixels;
        out.b /= out.pixels;
    }
    return out;
}

int differingPixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size())
        return a.width() * a.height();
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                    std::abs(qBlue(p) - qBlue(q)) >
                24)
                ++n;
        }
    return n;
}

// Adds an owner of `setup` at the origin; its id, or 0 when the scene refused it.
std::uint32_t addOwner(PreviewScene& scene, std::uint32_t setup) {
    OwnerDesc desc;
    desc.setup = setup;
    return scene.createOwner(desc);
}

// A 320×240 viewport and a scene over the same demo assets; show() puts the viewport on screen
// and hands it the assets, false when the window never showed.
struct ShownViewport {
    render::ViewportWidget viewport;
    std::shared_ptr<Assets> assets = demoAssets();
    PreviewScene scene{assets, 1};
    bool show() {
        viewport.resize(320, 240);
        viewport.show();
        if (!QTest::qWaitForWindowExposed(&viewport))
            return false;
        viewport.setAssets(assets);
        return true;
    }
};

// An offscreen renderer of `size` and a scene over the same demo assets.
struct RenderStage {
    std::shared_ptr<Assets> assets = demoAssets();
    render::OffscreenRenderer renderer;
    PreviewScene scene{assets, 1};
    explicit RenderStage(QSize size) : renderer(size) { renderer.setAssets(assets); }
};

// The human alone at the origin, and a 240×240 offscreen renderer over the same assets.
struct HumanScene {
    std::shared_ptr<Assets> assets = demoAssets();
    render::OffscreenRenderer renderer{QSize(240, 240)};
    PreviewScene scene{assets, 1};
    std::uint32_t owner = 0;
    HumanScene() {
        renderer.setAssets(assets);
        owner = addOwner(scene, kHuman);
    }
};

// The scene at time t after the recall starts at 0.
FrameSnapshot recallAt(PreviewScene& scene, std::uint32_t owner, double t) {
    while (scene.now() < t - 1e-9)
        scene.advance(0.02);
    (void)owner;
    return scene.snapshot();
}

} // namespace

class TestRender : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY2(render::renderEnvironmentProblem().isEmpty(), "no GL here");
        // The viewport remembers its overlays in QSettings: keep them out of the user's.
        QStandardPaths::setTestModeEnabled(true);
    }
    void init() {
        QSettings settings("PortalKit", "Studio");
        settings.remove("viewport/overlays");
        settings.remove("viewport/particleResolution");
    }

    // The human stands in the middle of the frame in its skin colours (human.json's texture
    // 0x08000A06: #C89070 / #A06848, so red > green > blue).
    void humanRendersCentredInItsColour() {
        render::OffscreenRenderer renderer(QSize(320, 240));
        QVERIFY2(renderer.isValid(), qPrintable(renderer.errorString()));
        renderer.setAssets(demoAssets());
        PreviewScene scene(demoAssets(), 1);
        QVERIFY(addOwner(scene, kHuman));
        const QImage image = renderer.render(scene.snapshot());
        QVERIFY2(!image.isNull(), qPrintable(renderer.errorString()));
        QCOMPARE(image.size(), QSize(320, 240));
        const Coverage c = coverage(image);
        QVERIFY2(c.pixels > 320 * 240 / 50, qPrintable(QString::number(c.pixels)));
        QVERIFY2(std::abs(c.cx - 160) < 320 * 0.15, qPrintable(QString::number(c.cx)));
        QVERIFY2(std::abs(c.cy - 120) < 240 * 0.2, qPrintable(QString::number(c.cy)));
        QVERIFY2(c.r > c.g && c.g > c.b && c.r > 90,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(c.r).arg(c.g).arg(c.b)));
    }

    // Recall makes emitter 0x3200078E leaving animation frame 16 (about 1.72 s): the frame after
    // has particles the frame before did not, and they are what changes the picture.
    void recallParticlesShow() {
        RenderStage stage(QSize(320, 240));
        QVERIFY(stage.renderer.isValid());
        render::OffscreenRenderer& renderer = stage.renderer;
        PreviewScene& scene = stage.scene;
        const std::uint32_t owner = addOwner(scene, kHuman);
        QVERIFY(owner);
        QVERIFY(scene.performMotion(owner, kRecall));
        const FrameSnapshot before = recallAt(scene, owner, 1.6);
        renderer.setCamera(renderer.cameraFor(before)); // one camera for both frames
        const FrameSnapshot after = recallAt(scene, owner, 2.0);
        QVERIFY(before.particles.empty());
        QVERIFY(!after.particles.empty());
        const QImage withParticles = renderer.render(after);
        FrameSnapshot bare = after;
        bare.particles.clear();
        const QImage withoutParticles = renderer.render(bare);
        const QImage earlier = renderer.render(before);
        QVERIFY(!withParticles.isNull() && !withoutParticles.isNull() && !earlier.isNull());
        QVERIFY2(differingPixels(withParticles, withoutParticles) > 20,
                 qPrintable(QString::number(differingPixels(withParticles, withoutParticles))));
        QVERIFY(differingPixels(withParticles, earlier) > 20);
    }

    // The half-resolution particle buffer changes about as many pixels as the full one and
    // leaves the rest of the frame alone.
    void halfResolutionParticlesMatchFull() {
        HumanScene h;
        QVERIFY(h.renderer.isValid());
        QVERIFY(h.scene.performMotion(h.owner, kRecall));
        const FrameSnapshot after = recallAt(h.scene, h.owner, 2.0);
        QVERIFY(!after.particles.empty());
        h.renderer.setCamera(h.renderer.cameraFor(after));
        FrameSnapshot bare = after;
        bare.particles.clear();
        const QImage plain = h.renderer.render(bare);
        QCOMPARE(h.renderer.particleResolution(), render::ParticleResolution::Full);
        const QImage full = h.renderer.render(after);
        h.renderer.setParticleResolution(render::ParticleResolution::Half);
        const QImage half = h.renderer.render(after);
        QVERIFY(!plain.isNull() && !full.isNull() && !half.isNull());
        const int fullChanged = differingPixels(full, plain);
        const int halfChanged = differingPixels(half, plain);
        QVERIFY2(fullChanged > 20, qPrintable(QString::number(fullChanged)));
        QVERIFY2(halfChanged > fullChanged / 2 && halfChanged < fullChanged * 2,
                 qPrintable(QStringLiteral("%1 %2").arg(halfChanged).arg(fullChanged)));
        // Outside what the particles touch at full resolution, half resolution changes at most
        // their soft one-pixel rims.
        int outside = 0;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x) {
                const QRgb p = plain.pixel(x, y), f = full.pixel(x, y), q = half.pixel(x, y);
                const auto distance = [](QRgb a, QRgb b) {
                    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
                           std::abs(qBlue(a) - qBlue(b));
                };
                if (distance(p, f) <= 24 && distance(p, q) > 24)
                    ++outside;
            }
        QVERIFY2(outside < fullChanged / 2,
                 qPrintable(QStringLiteral("%1 of %2").arg(outside).arg(fullChanged)));
    }

    // The particles' screen rectangle (which bounds the half-resolution composite) holds every
    // pixel they change, is smaller than the frame for the recall's sparkles, and grows to the
    // whole frame for a sprite at the eye.
    void particleScreenRectHoldsTheParticles() {
        HumanScene h;
        QVERIFY(h.renderer.isValid());
        QVERIFY(h.scene.performMotion(h.owner, kRecall));
        const FrameSnapshot after = recallAt(h.scene, h.owner, 2.0);
        const render::OrbitCamera camera = h.renderer.cameraFor(after);
        h.renderer.setCamera(camera);
        FrameSnapshot bare = after;
        bare.particles.clear();
        const QImage plain = h.renderer.render(bare);
        const QImage full = h.renderer.render(after);
        Qt3DRender::QCamera lens;
        camera.apply(&lens, 1.0f);
        const auto rect = h.renderer.scene().particleScreenRect(
            lens.viewMatrix(), lens.projectionMatrix(), h.renderer.size());
        QVERIFY(rect.has_value());
        QVERIFY2(rect->width() * rect->height() < 240 * 240 / 2,
                 qPrintable(QStringLiteral("%1x%2").arg(rect->width()).arg(rect->height())));
        int changed = 0, outside = 0;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x)
                if (plain.pixel(x, y) != full.pixel(x, y)) {
                    ++changed;
                    // Images count rows from the top, the rectangle from the bottom.
                    outside += !rect->contains(x, plain.height() - 1 - y);
                }
        QVERIFY(changed > 20);
        QCOMPARE(outside, 0);

        FrameSnapshot close = bare;
        ParticleInstance sprite;
        sprite.gfxObj = 0x01000A01;
        sprite.position = Vec3(camera.eye().x(), camera.eye().y(), camera.eye().z());
        sprite.scale = 1;
        close.particles.push_back(sprite);
        h.renderer.render(close);
        QCOMPARE(h.renderer.scene().particleScreenRect(lens.viewMatrix(), lens.projectionMatrix(),
                                                       h.renderer.size()),
                 std::optional<QRect>(QRect(0, 0, 240, 240)));
        h.renderer.render(bare);
        QVERIFY(!h.renderer.scene().particleScreenRect(lens.viewMatrix(), lens.projectionMatrix(),
                                                       h.renderer.size()));
    }

    // The particle buffer is depth-tested against the scene at either resolution: a large
    // sprite behind the body leaves the body's pixels alone (at half resolution all but a soft
    // rim along the silhouette), the same sprite in front covers them.
    void particlesBehindTheBodyStayHidden_data() {
        QTest::addColumn<bool>("half");
        QTest::newRow("full") << false;
        QTest::newRow("half") << true;
    }
    void particlesBehindTheBodyStayHidden() {
        QFETCH(bool, half);
        HumanScene h;
        QVERIFY(h.renderer.isValid());
        h.renderer.setParticleResolution(half ? render::ParticleResolution::Half
                                              : render::ParticleResolution::Full);
        const FrameSnapshot bare = h.scene.snapshot();
        h.renderer.setCamera(h.renderer.cameraFor(bare));
        const QImage plain = h.renderer.render(bare);
        QVERIFY(!plain.isNull());
        // The camera looks from +Y at yaw 0: behind the body is -Y.
        const auto withSprite = [&](float y) {
            FrameSnapshot snapshot = bare;
            ParticleInstance sprite;
            sprite.owner = h.owner;
            sprite.emitter = 1;
            sprite.gfxObj = 0x01000A01; // the recall emitter's additive sparkle, 0.25 m
            sprite.position = Vec3(0, y, 1.2f);
            sprite.scale = 8;
            snapshot.particles.push_back(sprite);
            return h.renderer.render(snapshot);
        };
        const QImage behind = withSprite(-0.6f), inFront = withSprite(0.6f);
        const auto changed = [](QRgb a, QRgb b) {
            return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
                       std::abs(qBlue(a) - qBlue(b)) >
                   24;
        };
        // The body's interior: body pixels at least two pixels in from its silhouette, where
        // half resolution's soft rim cannot reach.
        const auto inBody = [&](int x, int y) {
            return x >= 0 && y >= 0 && x < plain.width() && y < plain.height() &&
                   !isBackground(plain.pixel(x, y));
        };
        int body = 0, interior = 0, coveredBehind = 0, interiorBehind = 0, coveredInFront = 0;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x) {
                if (!inBody(x, y))
                    continue;
                bool inside = true;
                for (int dy = -2; dy <= 2; ++dy)
                    for (int dx = -2; dx <= 2; ++dx)
                        inside = inside && inBody(x + dx, y + dy);
                const bool hit = changed(plain.pixel(x, y), behind.pixel(x, y));
                ++body;
                interior += inside;
                coveredBehind += hit;
                interiorBehind += inside && hit;
                coveredInFront += changed(plain.pixel(x, y), inFront.pixel(x, y));
            }
        QVERIFY(interior > 1000);
        QVERIFY2(coveredInFront > body / 10, qPrintable(QString::number(coveredInFront)));
        QVERIFY2(interiorBehind < interior / 100,
                 qPrintable(QStringLiteral("%1 of %2").arg(interiorBehind).arg(interior)));
        if (!half) // at full resolution the rim is exact too
            QVERIFY2(coveredBehind < body / 100,
                     qPrintable(QStringLiteral("%1 of %2").arg(coveredBehind).arg(body)));
        QVERIFY(differingPixels(plain, behind) > 20); // the sprite shows around the body
    }

    // Each overlay draws something; turning it off again gives the plain frame back.
    void overlaysToggle() {
        HumanScene human;
        QVERIFY(human.renderer.isValid());
        QVERIFY(human.owner);
        const FrameSnapshot snapshot = human.scene.snapshot();
        const QImage plain = human.renderer.render(snapshot);
        for (render::Overlay overlay :
             {render::Overlay::CollisionSpheres, render::Overlay::SelectionSphere,
              render::Overlay::PartAxes, render::Overlay::Grid}) {
            human.renderer.scene().setOverlay(overlay, true);
            const QImage on = human.renderer.render(snapshot);
            QVERIFY2(differingPixels(plain, on) > 30, qPrintable(render::overlayName(overlay)));
            human.renderer.scene().setOverlay(overlay, false);
            QCOMPARE(differingPixels(plain, human.renderer.render(snapshot)), 0);
        }
    }

    // A scenario's walls and target spheres are drawn, and the grid lies on its ground.
    void scenarioWorldIsDrawn() {
        HumanScene human;
        QVERIFY(human.renderer.isValid());
        QVERIFY(human.owner);
        FrameSnapshot bare = human.scene.snapshot();
        QVERIFY(!bare.world);
        const QImage plain = human.renderer.render(bare);

        PreviewWorld world;
        world.boxes.push_back({7, {0.6f, -0.1f, 0}, {0.8f, 0.1f, 1.5f}});
        human.scene.setWorld(world);
        const FrameSnapshot withWall = human.scene.snapshot();
        QVERIFY(withWall.world);
        QVERIFY(differingPixels(plain, human.renderer.render(withWall)) > 30);

        world.boxes.clear();
        world.spheres.push_back({{}, {-0.7f, 0, 1}, 0.2f});
        human.scene.setWorld(world);
        QVERIFY(differingPixels(plain, human.renderer.render(human.scene.snapshot())) > 30);

        human.renderer.scene().setOverlay(render::Overlay::Grid, true);
        world.spheres.clear();
        world.ground = GroundPlane{0, {0, 0, 1}};
        human.scene.setWorld(world);
        const QImage low = human.renderer.render(human.scene.snapshot());
        world.ground = GroundPlane{0.8f, {0, 0, 1}};
        human.scene.setWorld(world);
        QVERIFY(differingPixels(low, human.renderer.render(human.scene.snapshot())) > 30);
        human.renderer.scene().setOverlay(render::Overlay::Grid, false);
    }

    // Flame Bolt carries a light; placed in front of the human it lights the side facing it.
    void lightsAffectTheScene() {
        RenderStage stage(QSize(240, 240));
        QVERIFY(stage.renderer.isValid());
        render::OffscreenRenderer& renderer = stage.renderer;
        PreviewScene& scene = stage.scene;
        OwnerDesc bolt;
        bolt.setup = kFlameBolt;
        bolt.frame.origin = Vec3(0, 0.6f, 1.2f);
        QVERIFY(scene.createOwner(bolt));
        scene.advance(0.1);
        const FrameSnapshot withBolt = scene.snapshot();
        QCOMPARE(withBolt.lights.size(), std::size_t(1));
        QVERIFY(withBolt.lights.front().range > 0);

        PreviewScene humanScene(stage.assets, 1);
        QVERIFY(addOwner(humanScene, kHuman));
        FrameSnapshot lit = humanScene.snapshot();
        lit.lights = withBolt.lights;
        FrameSnapshot dark = lit;
        dark.lights.clear();
        renderer.setCamera(renderer.cameraFor(lit));
        const QImage litImage = renderer.render(lit), darkImage = renderer.render(dark);
        QVERIFY(differingPixels(litImage, darkImage) > 100);
        // The light is orange (0xFF9030): lit pixels gain more red than blue.
        const Coverage a = coverage(litImage), b = coverage(darkImage);
        QVERIFY(a.r - b.r > a.b - b.b);
    }

    // Missing records log and draw nothing; the renderer keeps working.
    void missingGfxObjDrawsNothing() {
        render::OffscreenRenderer renderer(QSize(64, 64));
        QVERIFY(renderer.isValid());
        renderer.setAssets(demoAssets());
        FrameSnapshot snapshot;
        PartInstance part;
        part.gfxObj = 0x01FFFFFF;
        snapshot.parts.push_back(part);
        ParticleInstance particle;
        particle.gfxObj = 0x01FFFFFE;
        snapshot.particles.push_back(particle);
        const QImage image = renderer.render(snapshot);
        QVERIFY(!image.isNull());
        QCOMPARE(coverage(image).pixels, 0);
    }

    void viewportShowsAndCaptures() {
        ShownViewport stage;
        QVERIFY(stage.show());
        QVERIFY(addOwner(stage.scene, kWisp));
        render::ViewportWidget& viewport = stage.viewport;
        PreviewScene& scene = stage.scene;
        scene.advance(0.5);
        viewport.showSnapshot(scene.snapshot());
        viewport.frameSelection();
        const QImage plain = viewport.capture();
        QVERIFY(!plain.isNull());
        QVERIFY(coverage(plain).pixels > 0);
        viewport.setOverlay(render::Overlay::SelectionSphere, true);
        QVERIFY(viewport.overlay(render::Overlay::SelectionSphere));
        QVERIFY(differingPixels(plain, viewport.capture()) > 0);
        const float distance = viewport.camera().distance;
        render::OrbitCamera closer = viewport.camera();
        closer.distance = distance / 2;
        viewport.setCamera(closer);
        QVERIFY(coverage(viewport.capture()).pixels > coverage(plain).pixels);
    }

    // The studio's overlay toggles are the viewport's actions, remembered between runs.
    void viewportOverlayActionsAreRemembered() {
        {
            render::ViewportWidget viewport;
            const QList<QAction*> actions = viewport.overlayActions();
            QCOMPARE(actions.size(), render::kOverlayCount);
            for (QAction* action : actions) {
                QVERIFY(action->isCheckable());
                QVERIFY(!action->isChecked());
            }
            actions[int(render::Overlay::Grid)]->trigger();
            QVERIFY(viewport.overlay(render::Overlay::Grid));
            QVERIFY(viewport.scene().overlay(render::Overlay::Grid));
            viewport.setOverlay(render::Overlay::CylSpheres, true);
            QVERIFY(actions[int(render::Overlay::CylSpheres)]->isChecked());
        }
        QCOMPARE(QSettings("PortalKit", "Studio").value("viewport/overlays").toStringList(),
                 (QStringList{"cylinders", "grid"}));
        {
            render::ViewportWidget viewport;
            QVERIFY(viewport.overlay(render::Overlay::Grid));
            QVERIFY(viewport.overlay(render::Overlay::CylSpheres));
            QVERIFY(!viewport.overlay(render::Overlay::SelectionSphere));
            viewport.setOverlay(render::Overlay::Grid, false);
            viewport.setOverlay(render::Overlay::CylSpheres, false);
        }
        QVERIFY(
            QSettings("PortalKit", "Studio").value("viewport/overlays").toStringList().isEmpty());
    }

    // The viewport draws particles at half resolution unless told otherwise, and remembers.
    void viewportParticleResolutionIsRemembered() {
        {
            render::ViewportWidget viewport;
            QAction* half = viewport.halfResolutionParticlesAction();
            QVERIFY(half->isCheckable());
            QVERIFY(half->isChecked());
            QCOMPARE(viewport.particleResolution(), render::ParticleResolution::Half);
            half->trigger();
            QCOMPARE(viewport.particleResolution(), render::ParticleResolution::Full);
        }
        QCOMPARE(QSettings("PortalKit", "Studio").value("viewport/particleResolution").toString(),
                 QStringLiteral("full"));
        render::ViewportWidget viewport;
        QVERIFY(!viewport.halfResolutionParticlesAction()->isChecked());
        QCOMPARE(viewport.particleResolution(), render::ParticleResolution::Full);
    }

    // The wheel zooms, a left drag orbits, a right drag pans; F frames the selection again.
    void viewportMouseMovesTheCamera() {
        ShownViewport stage;
        QVERIFY(stage.show());
        QVERIFY(addOwner(stage.scene, kHuman));
        render::ViewportWidget& viewport = stage.viewport;
        viewport.showSnapshot(stage.scene.snapshot());
        QWindow* window = viewport.renderWindow();
        QVERIFY(window);
        const render::OrbitCamera framed = viewport.camera();

        QWheelEvent wheel(QPointF(50, 50), QPointF(50, 50), QPoint(), QPoint(0, 240), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(window, &wheel);
        QVERIFY(viewport.camera().distance < framed.distance);

        // One mouse event at `at` (window and scene position alike) to the render window.
        const auto mouse = [&](QEvent::Type type, QPointF at, Qt::MouseButton button,
                               Qt::MouseButtons buttons) {
            QMouseEvent event(type, at, at, button, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(window, &event);
        };
        mouse(QEvent::MouseButtonPress, QPointF(50, 50), Qt::LeftButton, Qt::LeftButton);
        mouse(QEvent::MouseMove, QPointF(90, 60), Qt::NoButton, Qt::LeftButton);
        QVERIFY(viewport.camera().yaw != framed.yaw);
        QVERIFY(viewport.camera().pitch != framed.pitch);

        const QVector3D target = viewport.camera().target;
        mouse(QEvent::MouseButtonPress, QPointF(90, 60), Qt::RightButton, Qt::RightButton);
        mouse(QEvent::MouseMove, QPointF(130, 60), Qt::NoButton, Qt::RightButton);
        QVERIFY(viewport.camera().target != target);

        viewport.frameSelection();
        QVERIFY(std::abs(viewport.camera().distance - framed.distance) < 1e-3f);
        QVERIFY((viewport.camera().target - framed.target).length() < 1e-3f);
    }

    void cliRendersPngs() {
        QTemporaryDir dir;
        QProcess one;
        one.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--time",
                                  "0", "-o", dir.filePath("one.png"), "--size", "200x150"});
        QVERIFY(one.waitForFinished(60000));
        QVERIFY2(one.exitCode() == 0, one.readAllStandardError().constData());
        QImage image(dir.filePath("one.png"));
        QCOMPARE(image.size(), QSize(200, 150));
        QVERIFY(coverage(image.convertToFormat(QImage::Format_RGB32)).pixels > 200);

        QProcess sequence;
        sequence.start(PORTALKIT_CLI,
                       {"render", PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--motion",
                        "0x10000153", "--time", "0.5,2.0", "-o", dir.filePath("seq_%03d.png"),
                        "--size", "160x120", "--camera", "30,20", "--overlays", "spheres,grid"});
        QVERIFY(sequence.waitForFinished(60000));
        QVERIFY2(sequence.exitCode() == 0, sequence.readAllStandardError().constData());
        QCOMPARE(QImage(dir.filePath("seq_000.png")).size(), QSize(160, 120));
        QCOMPARE(QImage(dir.filePath("seq_001.png")).size(), QSize(160, 120));
    }

    void cliRendersAScenario() {
        QTemporaryDir dir;
        QProcess process;
        process.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, "--scenario",
                                      PORTALKIT_SCENARIOS "/arrow.json", "--time", "0.3,0.8", "-o",
                                      dir.filePath("arrow_%d.png"), "--size", "160x120"});
        QVERIFY(process.waitForFinished(60000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        for (const char* name : {"arrow_0.png", "arrow_1.png"}) {
            const QImage image(dir.filePath(name));
            QCOMPARE(image.size(), QSize(160, 120));
            QVERIFY(coverage(image.convertToFormat(QImage::Format_RGB32)).pixels > 0);
        }
        // Object options do not apply to a scenario.
        QProcess mixed;
        mixed.start(PORTALKIT_CLI,
                    {"render", PORTALKIT_DEMO_DAT, "--scenario", PORTALKIT_SCENARIOS "/arrow.json",
                     "--setup", "0x02000001", "--time", "0", "-o", dir.filePath("x.png")});
        QVERIFY(mixed.waitForFinished(60000));
        QCOMPARE(mixed.exitCode(), 2);
    }

    // render --at means what simulate's does: the chosen effect plays at T, as T=ACTION would.
    void cliAtPlaysTheChosenEffect() {
        QTemporaryDir dir;
        const auto render = [&](const QString& name, const QStringList& more) {
            QProcess process;
            process.start(PORTALKIT_CLI, QStringList{"render", PORTALKIT_DEMO_DAT, "--setup",
                                                     "0x02000001", "--time", "2", "--size",
                                                     "160x120", "-o", dir.filePath(name)} +
                                             more);
            if (!process.waitForFinished(60000) || process.exitCode() != 0)
                return QByteArray();
            QFile file(dir.filePath(name));
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        const QByteArray timed = render("timed.png", {"--motion", "0x10000153", "--at", "1.5"});
        const QByteArray action = render("action.png", {"--at", "1.5=motion:0x10000153"});
        const QByteArray atZero = render("zero.png", {"--motion", "0x10000153"});
        QVERIFY(!timed.isEmpty() && !atZero.isEmpty());
        QCOMPARE(timed, action);
        QVERIFY(timed != atZero);
    }

    // The old spelling: without --time, plain --at values are the times to render, with a note.
    void cliOldAtSpellingStillRenders() {
        QTemporaryDir dir;
        const auto render = [&](const QString& option, const QString& prefix) {
            QProcess process;
            process.start(PORTALKIT_CLI,
                          {"render", PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--motion",
                           "0x10000153", option, "1.0,0.5", "--at", "0.2=state:0x00404C08",
                           "--size", "160x120", "-o", dir.filePath(prefix + "_%d.png")});
            process.waitForFinished(60000);
            return process.exitCode() == 0 ? process.readAllStandardError() : QByteArray("failed");
        };
        const QByteArray newErr = render("--time", "new");
        const QByteArray oldErr = render("--at", "old");
        QVERIFY(!newErr.contains("failed") && !oldErr.contains("failed"));
        QVERIFY2(oldErr.contains("deprecated"), oldErr.constData());
        QVERIFY(!newErr.contains("deprecated"));
        for (const char* index : {"0", "1"}) {
            QFile a(dir.filePath(QStringLiteral("new_%1.png").arg(index)));
            QFile b(dir.filePath(QStringLiteral("old_%1.png").arg(index)));
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QCOMPARE(a.readAll(), b.readAll());
        }
    }

    void cliRejectsBadArguments_data() {
        QTest::addColumn<QStringList>("arguments");
        const QStringList base{"render", PORTALKIT_DEMO_DAT, "--setup", "0x02000001"};
        QTest::newRow("no --time") << (base + QStringList{"-o", "x.png"});
        QTest::newRow("no -o") << (base + QStringList{"--time", "0"});
        QTest::newRow("two times, one file")
            << (base + QStringList{"--time", "0,1", "-o", "x.png"});
        QTest::newRow("bad size") << (base +
                                      QStringList{"--time", "0", "-o", "x.png", "--size", "0x5"});
        QTest::newRow("bad overlay")
            << (base + QStringList{"--time", "0", "-o", "x.png", "--overlays", "nope"});
        QTest::newRow("bad particle resolution")
            << (base + QStringList{"--time", "0", "-o", "x.png", "--particles", "quarter"});
        QTest::newRow("bad camera")
            << (base + QStringList{"--time", "0", "-o", "x.png", "--camera", "a,b"});
        QTest::newRow("missing setup") << QStringList{
            "render", PORTALKIT_DEMO_DAT, "--setup", "0x02FFFFFF", "--time", "0", "-o", "x.png"};
        QTest::newRow("no DAT") << QStringList{
            "render", "/nonexistent.dat", "--setup", "0x02000001", "--time", "0", "-o", "x.png"};
        QTest::newRow("--at T without an effect")
            << (base + QStringList{"--time", "0", "--at", "1", "-o", "x.png"});
        QTest::newRow("--at with a scenario")
            << QStringList{"render",     PORTALKIT_DEMO_DAT,
                           "--scenario", PORTALKIT_SCENARIOS "/arrow.json",
                           "--time",     "0",
                           "--at",       "0=script:0x33000AEA",
                           "-o",         "x.png"};
    }
    void cliRejectsBadArguments() {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(PORTALKIT_CLI, arguments);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(!QFile::exists(dir.filePath("x.png")));
    }

    // Without an X display the command fails at once with exit 2 rather than hanging.
    void cliWithoutDisplayFailsFast() {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        process.setProcessEnvironment(env);
        QTemporaryDir dir;
        process.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, "--setup", "0x02000001",
                                      "--time", "0", "-o", dir.filePath("x.png")});
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("display"));
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestRender test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_render.moc"
