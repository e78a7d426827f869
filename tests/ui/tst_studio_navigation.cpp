// Getting around the world in the studio (docs/studio.md#moving-around-the-world): Go To takes a
// landblock, a cell, an EnvCell or map coordinates and stands the camera there; the status bar
// says where the camera is; the fly camera turns about the eye and W/A/S/D move it.

#include "ui/render/fly_camera.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/studio/studio.h"
#include "ui/studio/world_navigation.h"
#include "ui/widgets/main_window.h"
#include "world/coords.h"

#include <QLabel>
#include <QObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

void compareNear(QVector3D actual, QVector3D expected, float tolerance = 1e-3f) {
    QVERIFY2((actual - expected).length() <= tolerance,
             qPrintable(QStringLiteral("(%1, %2, %3) vs (%4, %5, %6)")
                            .arg(actual.x())
                            .arg(actual.y())
                            .arg(actual.z())
                            .arg(expected.x())
                            .arg(expected.y())
                            .arg(expected.z())));
}

} // namespace

class TestStudioNavigation : public QObject {
    Q_OBJECT

    struct Open {
        MainWindow window;
        Studio studio{&window};
        Open() {
            window.openDat(PORTALKIT_DEMO_DAT);
            window.openDat(PORTALKIT_DEMO_CELL_DAT);
            window.resize(900, 700);
            window.show();
        }
    };

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The status bar's words for an eye: the block under it even when that is a neighbour of
    // the one the scene is drawn around, and the EnvCell when standing in one.
    void placeTextNamesTheBlockUnderTheEye() {
        QVERIFY(cameraPlaceText(0, {1, 2, 3}, 0).isEmpty());
        const QString here = cameraPlaceText(0xA9B4FFFF, {84, 12, 41}, 0);
        QVERIFY2(here.contains("0xA9B4FFFF") && here.contains("0xA9B40019"), qPrintable(here));
        QVERIFY(here.contains(QString::fromStdString(*world::cellCoordinateText(0xA9B40019))));
        // 200 m east is 8 m into the next block east, its cell (0, 0).
        const QString east = cameraPlaceText(0xA9B4FFFF, {200, 10, 41}, 0);
        QVERIFY2(east.contains("0xAAB4FFFF") && east.contains("0xAAB40001"), qPrintable(east));
        QVERIFY(cameraPlaceText(0x01D9FFFF, {96, 60, 1.5f}, 0x01D90100).contains("0x01D90100"));
    }

    // An outdoor cell's id stands the camera at that cell's centre, eye height over the ground.
    void goToACellStandsAtItsCentre() {
        Open o;
        QVERIFY(QTest::qWaitForWindowExposed(&o.window));
        QSignalSpy shown(&o.studio, &Studio::worldShown);
        QVERIFY(o.studio.navigation()->goTo("0xA9B40019"));
        QVERIFY(shown.wait(60000));
        QCOMPARE(o.studio.shownLandblock(), 0xA9B4FFFFu);
        const QVector3D eye = o.studio.viewport()->camera().eye();
        QCOMPARE(eye.x(), 84.0f);
        QCOMPARE(eye.y(), 12.0f);
        QVERIFY(eye.z() > 1.5f); // above the terrain
        const QString place = o.studio.navigation()->placeLabel()->text();
        QVERIFY2(place.contains("0xA9B40019"), qPrintable(place));
    }

    // Map coordinates of a cell land in it; an EnvCell stands the camera inside it.
    void goToCoordinatesAndEnvCells() {
        Open o;
        QVERIFY(QTest::qWaitForWindowExposed(&o.window));
        QSignalSpy shown(&o.studio, &Studio::worldShown);
        const std::string text = *world::cellCoordinateText(0xA9B40024);
        QVERIFY(o.studio.navigation()->goTo(QString::fromStdString(text)));
        QVERIFY(shown.wait(60000));
        QVERIFY2(o.studio.navigation()->placeLabel()->text().contains("0xA9B40024"),
                 qPrintable(o.studio.navigation()->placeLabel()->text()));

        QVERIFY(o.studio.navigation()->goTo("0x01D90102"));
        QVERIFY(shown.wait(60000));
        QCOMPARE(o.studio.viewport()->scene().world().viewCell(), 0x01D90102u);
        QVERIFY(o.studio.navigation()->placeLabel()->text().contains("EnvCell 0x01D90102"));
    }

    void goToRefusesWhatIsNoPlace() {
        Open o;
        QVERIFY(!o.studio.navigation()->goTo("the moon"));
        QVERIFY(o.studio.navigation()->lastError().contains("the moon"));
        QCOMPARE(o.studio.shownLandblock(), 0u);
    }

    // Looking turns about the eye; a second of W moves the eye the fly speed along the view.
    void flyCameraLooksAboutTheEyeAndMoves() {
        render::OrbitCamera camera;
        camera.target = {10, 20, 5};
        camera.distance = 2;
        camera.yaw = 30;
        camera.pitch = 10;
        const QVector3D eye = camera.eye();
        const render::OrbitCamera turned = render::flyLook(camera, 90, 0);
        compareNear(turned.eye(), eye);
        // Turning right by 90° (clockwise from above): the old right is the new forward.
        const QVector3D before = render::viewDirection(camera);
        const QVector3D right = QVector3D::crossProduct(before, QVector3D(0, 0, 1)).normalized();
        const QVector3D after = render::viewDirection(turned);
        compareNear(QVector3D(after.x(), after.y(), 0).normalized(), right);
        QVERIFY(render::flyLook(camera, 0, 200).pitch >= -89.0f); // never past straight up

        render::FlyInput forward;
        forward.forward = 1;
        const render::OrbitCamera moved = render::flyMove(camera, forward, 1.0f, 12.0f);
        compareNear(moved.eye(), eye + before * 12.0f);
        forward.fast = true;
        compareNear(render::flyMove(camera, forward, 0.5f, 12.0f).eye(),
                    eye + before * (6.0f * render::kFlyFastFactor));
        render::FlyInput up;
        up.up = 1;
        compareNear(render::flyMove(camera, up, 1.0f, 3.0f).eye(), eye + QVector3D(0, 0, 3));
    }

    // The viewport's fly mode: V toggles it, the keys' step moves the camera, the status bar
    // shows the speed.
    void viewportFlies() {
        Open o;
        QVERIFY(QTest::qWaitForWindowExposed(&o.window));
        render::ViewportWidget* viewport = o.studio.viewport();
        viewport->flyCameraAction()->setChecked(false);
        viewport->flyCameraAction()->trigger();
        QVERIFY(viewport->flying());
        QCOMPARE(viewport->camera().distance, render::ViewportWidget::kFlyTargetDistance);
        const QVector3D eye = viewport->camera().eye();
        render::FlyInput strafe;
        strafe.right = 1;
        viewport->flyStep(strafe, 0.5f);
        QVERIFY((viewport->camera().eye() - eye).length() > 0.4f * viewport->flySpeed());
        viewport->flyCameraAction()->setChecked(false);
    }
};

QTEST_MAIN(TestStudioNavigation)
#include "tst_studio_navigation.moc"
