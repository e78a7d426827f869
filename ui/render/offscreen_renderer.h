#pragma once

// Renders FrameSnapshots into an FBO without a window: a bare QAspectEngine in Manual run mode,
// a QOffscreenSurface and a QRenderCapture (docs/render.md). Needs a
// QGuiApplication, QT3D_RENDERER=opengl and an X display (Xvfb). Every wait is bounded: a frame
// that does not arrive within timeoutMs() fails with errorString() instead of hanging.

#include "ui/render/frame_graph.h"
#include "ui/render/scene_view.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <memory>
#include <optional>

namespace portalkit::render {

// Empty when rendering can work here; otherwise why not (no X display, no GL context).
// Call with a QGuiApplication alive.
QString renderEnvironmentProblem();
// QT3D_RENDERER=opengl (unless set) and the 3.3 core default format; call before constructing
// the QGuiApplication.
void prepareRenderEnvironment();

class OffscreenRenderer {
  public:
    explicit OffscreenRenderer(QSize size = QSize(800, 600));
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    // False when no GL context could be made; errorString() says why.
    bool isValid() const { return m_valid; }
    QString errorString() const { return m_error; }

    void setAssets(std::shared_ptr<const preview::Assets> assets);
    QSize size() const { return m_size; }
    void setSize(QSize size);
    // No camera (the default) frames every owner's selection sphere at yaw 0, pitch 15.
    void setCamera(std::optional<OrbitCamera> camera) { m_camera = camera; }
    const std::optional<OrbitCamera>& camera() const { return m_camera; }
    // Full (the default) or half; see frame_graph.h.
    void setParticleResolution(ParticleResolution resolution);
    ParticleResolution particleResolution() const { return m_graph.particleResolution; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    // Only when isValid().
    SceneView& scene() { return *m_view; }

    // The snapshot drawn and captured (RGBA8888, size()); a null image on failure or timeout.
    QImage render(const preview::FrameSnapshot& snapshot);
    // Updates the scene and draws one frame without capturing (benchmarks). False on failure.
    bool draw(const preview::FrameSnapshot& snapshot);
    // The camera render() would use for this snapshot.
    OrbitCamera cameraFor(const preview::FrameSnapshot& snapshot) const;

  private:
    struct Engine;
    void prepare(const preview::FrameSnapshot& snapshot);

    std::unique_ptr<Engine> m_engine;
    SceneView* m_view = nullptr;
    FrameGraph m_graph;
    QSize m_size;
    std::optional<OrbitCamera> m_camera;
    int m_timeoutMs = 10000;
    bool m_valid = false;
    bool m_warm = false;
    QString m_error;
};

} // namespace portalkit::render
