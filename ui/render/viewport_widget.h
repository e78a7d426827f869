#pragma once

// The studio's 3D viewport: a Qt3DWindow inside a window container, drawing FrameSnapshots with
// the same SceneView and frame graph as the offscreen renderer. Left drag orbits (or, with the
// fly camera on, looks around), right (or middle) drag pans, the wheel zooms (with the fly
// camera, sets its speed); W/A/S/D, Q/E fly, Shift faster (fly_camera.h). frameSelection()
// frames every owner's selection sphere.
// The overlay toggles, frame-selection and the particle resolution are QActions the studio puts
// in its menus and toolbar; the overlays and resolution chosen are remembered in
// QSettings("PortalKit", "Studio").

#include "ui/render/fly_camera.h"
#include "ui/render/frame_graph.h"
#include "ui/render/scene_view.h"

#include <QAction>
#include <QElapsedTimer>
#include <QImage>
#include <QPointer>
#include <QWidget>
#include <memory>

class QKeyEvent;
class QLabel;
class QTimer;

namespace Qt3DExtras {
class Qt3DWindow;
}

namespace portalkit::render {

class ViewportWidget : public QWidget {
    Q_OBJECT
  public:
    explicit ViewportWidget(QWidget* parent = nullptr);
    ~ViewportWidget() override;

    void setAssets(std::shared_ptr<const preview::Assets> assets);
    void showSnapshot(const preview::FrameSnapshot& snapshot);

    void setOverlay(Overlay overlay, bool on);
    bool overlay(Overlay overlay) const;
    // One checkable action per overlay (Alt+1 … Alt+9, Alt+0), in Overlay order.
    QList<QAction*> overlayActions() const { return m_overlayActions; }
    QAction* frameSelectionAction() const { return m_frameAction; }
    // Checked: left drag turns the view about the eye instead of orbiting (V; remembered).
    QAction* flyCameraAction() const { return m_flyAction; }
    bool flying() const { return m_flyAction->isChecked(); }
    // Metres per second W/A/S/D move the camera (the wheel changes it while flying).
    float flySpeed() const { return m_flySpeed; }
    // Orbit distance while flying: the target sits just ahead of the eye, so turning turns the eye.
    static constexpr float kFlyTargetDistance = 2.0f;
    // Moves the camera as `seconds` of the held keys would (the key timer's step; tests drive it).
    void flyStep(const FlyInput& input, float seconds);
    // Checked: particles draw at half resolution (the default; remembered).
    QAction* halfResolutionParticlesAction() const { return m_halfParticlesAction; }
    ParticleResolution particleResolution() const { return m_graph.particleResolution; }

    const OrbitCamera& camera() const { return m_camera; }
    void setCamera(const OrbitCamera& camera);
    // Frames the last snapshot's owners (their selection spheres grown by kFrameMargin, so a
    // motion's raised arms or a jump stay in view), keeping yaw and pitch.
    void frameSelection();
    static constexpr float kFrameMargin = 1.4f;

    // One line above the view saying what it shows ("Setup 0x02000001"), and when the browser
    // shows something it cannot draw, that it still shows the last Setup.
    void setCaption(const QString& text);
    QLabel* captionLabel() const { return m_caption; }

    // The 3D view as drawn (QRenderCapture); a null image when no frame arrives in time.
    QImage capture(int timeoutMs = 5000);

    SceneView& scene() { return *m_view; }
    // Shows these landblocks (SceneView::setWorld): blocks already drawn stay, and the new ones
    // are added one per kWorldBlockMs so no frame takes in a whole 3x3 (docs/benchmarks.md).
    void setWorld(const std::vector<world::WorldBlock>& blocks);
    static constexpr int kWorldBlockMs = 20;
    // The Qt3DWindow inside the container (mouse and key events arrive there).
    QWindow* renderWindow() const;

  signals:
    void cameraChanged();
    // Ctrl+left click: the ray from the eye through the clicked pixel (the studio stands a Setup
    // where it meets the ground; docs/studio.md#effects-in-the-world).
    void groundClicked(QVector3D origin, QVector3D direction);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void applyCamera();
    void applySurfaceSize();
    void applyParticleArea();
    void createActions();
    bool handleFlyKey(QKeyEvent* event, bool pressed);
    void flyTick();
    void enterFly();

    QPointer<Qt3DExtras::Qt3DWindow> m_window; // owned by the container
    QLabel* m_caption = nullptr;
    Qt3DCore::QEntity* m_root = nullptr;
    std::unique_ptr<SceneView> m_view;
    FrameGraph m_graph;
    OrbitCamera m_camera;
    preview::FrameSnapshot m_last;
    QList<QAction*> m_overlayActions;
    QAction* m_frameAction = nullptr;
    QAction* m_halfParticlesAction = nullptr;
    QAction* m_flyAction = nullptr;
    float m_flySpeed = kFlySpeed;
    FlyInput m_flyInput;
    QTimer* m_flyTimer = nullptr;
    QTimer* m_worldTimer = nullptr; // adds the next waiting landblock
    QElapsedTimer m_flyClock;
    bool m_framed = false;
    bool m_captured = false;
    QPoint m_lastMouse;
    Qt::MouseButtons m_buttons;
};

} // namespace portalkit::render
