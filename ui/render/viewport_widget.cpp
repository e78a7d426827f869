#include "ui/render/viewport_widget.h"

#include "ui/render/world_view.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QMouseEvent>
#include <QSettings>
#include <QSurfaceFormat>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QRenderSettings>
#include <cmath>

namespace portalkit::render {

ViewportWidget::ViewportWidget(QWidget* parent) : QWidget(parent) {
    const QSurfaceFormat before = QSurfaceFormat::defaultFormat();
    m_window = new Qt3DExtras::Qt3DWindow();
    // Qt3DWindow forces 4x MSAA and 4.3 core into the default format; undo that (qt3d-headless).
    QSurfaceFormat format = before;
    format.setSamples(0);
    QSurfaceFormat::setDefaultFormat(format);
    m_window->setFormat(format);

    m_root = new Qt3DCore::QEntity();
    m_view = std::make_unique<SceneView>(m_root);
    m_graph = buildFrameGraph(nullptr, m_root, *m_view);
    m_graph.surfaceSelector->setSurface(m_window);
    m_window->setActiveFrameGraph(m_graph.surfaceSelector);
    m_window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    m_window->setRootEntity(m_root);
    m_window->installEventFilter(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_caption = new QLabel(this);
    m_caption->setContentsMargins(6, 2, 6, 2);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setWordWrap(true); // a long caption takes a second line, not a clipped one
    m_caption->hide();            // until there is something to say
    layout->addWidget(m_caption);
    QWidget* container = QWidget::createWindowContainer(m_window, this);
    container->setMinimumSize(160, 120);
    container->setFocusPolicy(Qt::StrongFocus);
    layout->addWidget(container, 1);
    createActions();
    applySurfaceSize();
    applyCamera();
}

namespace {

constexpr auto kOverlaySetting = "viewport/overlays";
constexpr auto kParticleResolutionSetting = "viewport/particleResolution";
constexpr auto kFlySetting = "viewport/fly";
constexpr int kFlyTickMs = 16; // about 60 steps a second while a key is held

QString overlayLabel(Overlay overlay) {
    switch (overlay) {
    case Overlay::CollisionSpheres:
        return ViewportWidget::tr("&Collision spheres");
    case Overlay::CylSpheres:
        return ViewportWidget::tr("C&ylinder spheres");
    case Overlay::SelectionSphere:
        return ViewportWidget::tr("&Selection sphere");
    case Overlay::PartAxes:
        return ViewportWidget::tr("Part &axes");
    case Overlay::Lights:
        return ViewportWidget::tr("&Lights");
    case Overlay::Grid:
        return ViewportWidget::tr("Ground &grid");
    case Overlay::LandblockGrid:
        return ViewportWidget::tr("Land&block grid");
    case Overlay::CellBoundaries:
        return ViewportWidget::tr("&Cell boundaries");
    case Overlay::Portals:
        return ViewportWidget::tr("&Portal polygons");
    case Overlay::PhysicsPolygons:
        return ViewportWidget::tr("P&hysics polygons");
    }
    return {};
}

} // namespace

void ViewportWidget::createActions() {
    const QStringList remembered =
        QSettings("PortalKit", "Studio").value(kOverlaySetting).toStringList();
    for (int i = 0; i < kOverlayCount; ++i) {
        const Overlay overlay = Overlay(i);
        auto* action = new QAction(overlayLabel(overlay), this);
        action->setCheckable(true);
        QString shortName = overlayName(overlay);
        shortName[0] = shortName[0].toUpper();
        action->setIconText(shortName); // the toolbar's button
        // Alt+1 … Alt+9, then Alt+0 for the tenth.
        action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(i < 9 ? Qt::Key_1 + i : Qt::Key_0)));
        action->setShortcutContext(Qt::WindowShortcut);
        action->setChecked(remembered.contains(overlayName(overlay)));
        m_view->setOverlay(overlay, action->isChecked());
        connect(action, &QAction::toggled, this, [this, overlay](bool on) {
            m_view->setOverlay(overlay, on);
            QStringList names;
            for (int j = 0; j < kOverlayCount; ++j)
                if (m_view->overlay(Overlay(j)))
                    names << overlayName(Overlay(j));
            QSettings("PortalKit", "Studio").setValue(kOverlaySetting, names);
        });
        addAction(action);
        m_overlayActions << action;
    }
    m_frameAction = new QAction(tr("&Frame selection"), this);
    m_frameAction->setShortcut(Qt::Key_F);
    m_frameAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_frameAction, &QAction::triggered, this, &ViewportWidget::frameSelection);
    addAction(m_frameAction);

    // Half by default: what keeps dense effects interactive on a software renderer
    // (docs/benchmarks.md).
    m_halfParticlesAction = new QAction(tr("&Half-resolution particles"), this);
    m_halfParticlesAction->setCheckable(true);
    m_halfParticlesAction->setChecked(
        particleResolutionFromName(QSettings("PortalKit", "Studio")
                                       .value(kParticleResolutionSetting, "half")
                                       .toString()) != ParticleResolution::Full);
    m_graph.setParticleResolution(m_halfParticlesAction->isChecked() ? ParticleResolution::Half
                                                                     : ParticleResolution::Full);
    connect(m_halfParticlesAction, &QAction::toggled, this, [this](bool half) {
        const ParticleResolution resolution =
            half ? ParticleResolution::Half : ParticleResolution::Full;
        m_graph.setParticleResolution(resolution);
        QSettings("PortalKit", "Studio")
            .setValue(kParticleResolutionSetting, particleResolutionName(resolution));
    });
    addAction(m_halfParticlesAction);

    m_flyAction = new QAction(tr("F&ly camera"), this);
    m_flyAction->setCheckable(true);
    m_flyAction->setShortcut(Qt::Key_V);
    m_flyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_flyAction->setChecked(QSettings("PortalKit", "Studio").value(kFlySetting, false).toBool());
    connect(m_flyAction, &QAction::toggled, this, [this](bool on) {
        QSettings("PortalKit", "Studio").setValue(kFlySetting, on);
        if (on)
            enterFly();
    });
    addAction(m_flyAction);
    m_flyTimer = new QTimer(this);
    m_flyTimer->setInterval(kFlyTickMs);
    connect(m_flyTimer, &QTimer::timeout, this, &ViewportWidget::flyTick);
    m_worldTimer = new QTimer(this);
    m_worldTimer->setInterval(kWorldBlockMs);
    connect(m_worldTimer, &QTimer::timeout, this, [this] {
        if (!m_view->world().addPending())
            m_worldTimer->stop();
    });
}

void ViewportWidget::setWorld(const std::vector<world::WorldBlock>& blocks) {
    m_view->setWorld(blocks, WorldPace::OnRequest);
    // The first block (the one at the origin) now, so the view is never empty for a tick.
    if (m_view->world().addPending())
        m_worldTimer->start();
    else
        m_worldTimer->stop();
}

// Flying keeps the eye and pulls the target close: the near plane follows the orbit distance, and
// a far target would clip everything within metres of the eye (a dungeon's walls).
void ViewportWidget::enterFly() {
    const QVector3D eye = m_camera.eye();
    const QVector3D direction = viewDirection(m_camera);
    m_camera.distance = kFlyTargetDistance;
    m_camera.target = eye + direction * kFlyTargetDistance;
    applyCamera();
}

void ViewportWidget::flyStep(const FlyInput& input, float seconds) {
    m_camera = flyMove(m_camera, input, seconds, m_flySpeed);
    applyCamera();
}

void ViewportWidget::flyTick() {
    // Real elapsed time, so the speed holds however late the timer fires; a long stall does not
    // throw the camera across the world.
    const float seconds = std::min(0.1f, float(m_flyClock.restart()) / 1000.0f);
    if (!m_flyInput.moving()) {
        m_flyTimer->stop();
        return;
    }
    flyStep(m_flyInput, seconds);
}

// W/A/S/D, Q/E (and Space/C) set the direction held; Shift is fast. True when the key is ours.
bool ViewportWidget::handleFlyKey(QKeyEvent* event, bool pressed) {
    m_flyInput.fast = event->modifiers() & Qt::ShiftModifier;
    const int sign = pressed ? 1 : 0;
    switch (event->key()) {
    case Qt::Key_W:
        m_flyInput.forward = sign;
        break;
    case Qt::Key_S:
        m_flyInput.forward = -sign;
        break;
    case Qt::Key_D:
        m_flyInput.right = sign;
        break;
    case Qt::Key_A:
        m_flyInput.right = -sign;
        break;
    case Qt::Key_E:
    case Qt::Key_Space:
        m_flyInput.up = sign;
        break;
    case Qt::Key_Q:
    case Qt::Key_C:
        m_flyInput.up = -sign;
        break;
    case Qt::Key_Shift:
        return true;
    default:
        return false;
    }
    if (event->isAutoRepeat())
        return true; // the timer moves; repeats only arrive at the keyboard's rate
    if (m_flyInput.moving() && !m_flyTimer->isActive()) {
        m_flyClock.restart();
        m_flyTimer->start();
    }
    return true;
}

ViewportWidget::~ViewportWidget() {
    m_view.reset();
}

QWindow* ViewportWidget::renderWindow() const {
    return m_window.data();
}

void ViewportWidget::setAssets(std::shared_ptr<const preview::Assets> assets) {
    m_view->setAssets(std::move(assets));
    m_framed = false;
}

void ViewportWidget::showSnapshot(const preview::FrameSnapshot& snapshot) {
    m_last = snapshot;
    m_view->update(snapshot);
    applyParticleArea();
    if (!m_framed && !snapshot.owners.empty()) {
        frameSelection();
        m_framed = true;
    }
}

void ViewportWidget::setOverlay(Overlay overlay, bool on) {
    // Through the action, so menus, toolbar and the remembered choice follow.
    m_overlayActions[int(overlay)]->setChecked(on);
}

bool ViewportWidget::overlay(Overlay overlay) const {
    return m_view->overlay(overlay);
}

void ViewportWidget::setCamera(const OrbitCamera& camera) {
    m_camera = camera;
    applyCamera();
}

void ViewportWidget::setCaption(const QString& text) {
    m_caption->setText(text);
    m_caption->setVisible(!text.isEmpty());
}

void ViewportWidget::frameSelection() {
    BoundingSphere sphere = m_view->bounds(m_last);
    sphere.radius *= kFrameMargin;
    m_camera = OrbitCamera::framing(sphere, m_camera.yaw, m_camera.pitch);
    applyCamera();
}

void ViewportWidget::applySurfaceSize() {
    if (m_window)
        m_graph.setSurfaceSize(m_window->size() * m_window->devicePixelRatio());
}

void ViewportWidget::applyParticleArea() {
    m_graph.setParticleArea(m_view->particleScreenRect(
        m_graph.camera->viewMatrix(), m_graph.camera->projectionMatrix(), m_graph.surfaceSize));
}

void ViewportWidget::applyCamera() {
    const QSize s = m_window ? m_window->size() : size();
    m_camera.apply(m_graph.camera, s.height() > 0 ? float(s.width()) / float(s.height()) : 1.0f);
    applyParticleArea();
    emit cameraChanged();
}

QImage ViewportWidget::capture(int timeoutMs) {
    QElapsedTimer clock;
    clock.start();
    applyCamera();
    // The first capture after start-up is only the clear colour (docs/render.md), and with
    // the OnDemand policy a capture may be served by a frame drawn before the last change was
    // synchronised: the second capture is always current.
    const int captures = 2;
    QImage image;
    for (int i = 0; i < captures; ++i) {
        std::unique_ptr<Qt3DRender::QRenderCaptureReply> reply(m_graph.capture->requestCapture());
        QEventLoop loop;
        QTimer timer;
        timer.setSingleShot(true);
        connect(reply.get(), &Qt3DRender::QRenderCaptureReply::completed, &loop, &QEventLoop::quit);
        connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0)
            return {};
        timer.start(int(left));
        if (!reply->isComplete())
            loop.exec();
        if (!reply->isComplete())
            return {};
        image = reply->image();
    }
    m_captured = true;
    return image.convertToFormat(QImage::Format_RGBA8888);
}

bool ViewportWidget::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_window)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ControlModifier)) {
            emit groundClicked(m_camera.eye(),
                               m_camera.rayThrough(e->position(), m_window->size()));
            m_buttons = Qt::NoButton; // a click, not the start of a drag
            return true;
        }
        m_lastMouse = e->position().toPoint();
        m_buttons = e->buttons();
        return true;
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        const QPoint delta = e->position().toPoint() - m_lastMouse;
        m_lastMouse = e->position().toPoint();
        if ((e->buttons() & Qt::LeftButton) && flying()) {
            m_camera = flyLook(m_camera, float(delta.x()) * 0.25f, -float(delta.y()) * 0.25f);
        } else if (e->buttons() & Qt::LeftButton) {
            m_camera.yaw -= float(delta.x()) * 0.4f;
            m_camera.pitch = std::clamp(m_camera.pitch + float(delta.y()) * 0.4f, -89.0f, 89.0f);
        } else if (e->buttons() & (Qt::RightButton | Qt::MiddleButton)) {
            const QVector3D forward = (m_camera.target - m_camera.eye()).normalized();
            const QVector3D right =
                QVector3D::crossProduct(forward, QVector3D(0, 0, 1)).normalized();
            const QVector3D up = QVector3D::crossProduct(right, forward);
            const float k = m_camera.distance * 0.002f;
            m_camera.target += (-right * float(delta.x()) + up * float(delta.y())) * k;
        } else {
            return false;
        }
        applyCamera();
        return true;
    }
    case QEvent::Wheel: {
        auto* e = static_cast<QWheelEvent*>(event);
        const float steps = float(e->angleDelta().y()) / 120.0f;
        if (flying()) {
            m_flySpeed = std::clamp(m_flySpeed * std::pow(1.25f, steps), 0.5f, 500.0f);
            emit cameraChanged(); // the status bar shows the speed
            return true;
        }
        m_camera.distance = std::clamp(m_camera.distance * std::pow(0.85f, steps), 0.05f, 5000.0f);
        applyCamera();
        return true;
    }
    case QEvent::Resize:
        applySurfaceSize();
        QTimer::singleShot(0, this, [this] { applyCamera(); });
        return false;
    case QEvent::KeyPress: {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_F) {
            frameSelection();
            return true;
        }
        if (key->key() == Qt::Key_V && !key->isAutoRepeat()) {
            m_flyAction->toggle();
            return true;
        }
        return handleFlyKey(key, true);
    }
    case QEvent::KeyRelease:
        return handleFlyKey(static_cast<QKeyEvent*>(event), false);
    case QEvent::FocusOut:
        m_flyInput = {}; // a key released elsewhere never arrives here
        return false;
    default:
        return false;
    }
}

} // namespace portalkit::render
