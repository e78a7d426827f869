#include "ui/render/offscreen_renderer.h"

#include "ui/render/world_view.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <Qt3DCore/QAspectEngine>
#include <Qt3DCore/QEntity>
#include <Qt3DRender/QRenderAspect>
#include <Qt3DRender/QRenderSettings>
#include <Qt3DRender/QRenderTarget>
#include <Qt3DRender/QRenderTargetOutput>
#include <Qt3DRender/QTexture>

namespace portalkit::render {

void prepareRenderEnvironment() {
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER"))
        qputenv("QT3D_RENDERER", "opengl");
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setSamples(0);
    QSurfaceFormat::setDefaultFormat(format);
}

QString renderEnvironmentProblem() {
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return QStringLiteral("rendering needs a QGuiApplication");
    const QString platform = QGuiApplication::platformName();
    if ((platform == "xcb" || platform == "offscreen") && qEnvironmentVariableIsEmpty("DISPLAY"))
        return QStringLiteral("rendering needs an X display (run under xvfb-run)");
    QOpenGLContext context;
    if (!context.create())
        return QStringLiteral("no OpenGL context on the '%1' platform (run under xvfb-run with "
                              "QT_QPA_PLATFORM=xcb)")
            .arg(platform);
    QOffscreenSurface surface;
    surface.setFormat(context.format());
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface))
        return QStringLiteral("cannot make an OpenGL context current on an offscreen surface");
    context.doneCurrent();
    return {};
}

struct OffscreenRenderer::Engine {
    Qt3DCore::QAspectEngine engine;
    QOffscreenSurface surface;
    Qt3DCore::QEntity* root = nullptr;
    Qt3DRender::QTexture2D* color = nullptr;
    Qt3DRender::QTexture2D* depth = nullptr;
    std::unique_ptr<SceneView> view;
};

OffscreenRenderer::OffscreenRenderer(QSize size) : m_size(size.expandedTo(QSize(1, 1))) {
    m_error = renderEnvironmentProblem();
    if (!m_error.isEmpty())
        return;
    m_engine = std::make_unique<Engine>();
    Engine& e = *m_engine;
    e.surface.setFormat(QSurfaceFormat::defaultFormat());
    e.surface.create();
    e.engine.registerAspect(new Qt3DRender::QRenderAspect());
    e.engine.setRunMode(Qt3DCore::QAspectEngine::Manual);

    e.root = new Qt3DCore::QEntity();
    e.view = std::make_unique<SceneView>(e.root);
    m_view = e.view.get();

    using namespace Qt3DRender;
    auto* target = new QRenderTarget(e.root);
    const auto output = [&](QRenderTargetOutput::AttachmentPoint point,
                            QAbstractTexture::TextureFormat format) {
        auto* out = new QRenderTargetOutput(target);
        out->setAttachmentPoint(point);
        auto* texture = new QTexture2D(out);
        texture->setFormat(format);
        texture->setSize(m_size.width(), m_size.height());
        texture->setGenerateMipMaps(false);
        out->setTexture(texture);
        target->addOutput(out);
        return texture;
    };
    e.color = output(QRenderTargetOutput::Color0, QAbstractTexture::RGBA8_UNorm);
    e.depth = output(QRenderTargetOutput::Depth, QAbstractTexture::D24);

    auto* settings = new QRenderSettings(e.root);
    settings->setRenderPolicy(QRenderSettings::Always);
    m_graph = buildFrameGraph(settings, e.root, *m_view, target);
    m_graph.surfaceSelector->setSurface(&e.surface);
    m_graph.surfaceSelector->setExternalRenderTargetSize(m_size);
    m_graph.setSurfaceSize(m_size);
    settings->setActiveFrameGraph(m_graph.surfaceSelector);
    e.root->addComponent(settings);
    e.engine.setRootEntity(Qt3DCore::QEntityPtr(e.root));
    m_valid = true;
}

OffscreenRenderer::~OffscreenRenderer() {
    if (m_engine) {
        m_engine->view.reset();
        m_engine->engine.setRootEntity(Qt3DCore::QEntityPtr());
    }
}

void OffscreenRenderer::setAssets(std::shared_ptr<const preview::Assets> assets) {
    if (m_view)
        m_view->setAssets(std::move(assets));
}

void OffscreenRenderer::setSize(QSize size) {
    m_size = size.expandedTo(QSize(1, 1));
    if (!m_engine)
        return;
    m_engine->color->setSize(m_size.width(), m_size.height());
    m_engine->depth->setSize(m_size.width(), m_size.height());
    m_graph.surfaceSelector->setExternalRenderTargetSize(m_size);
    m_graph.setSurfaceSize(m_size);
}

void OffscreenRenderer::setParticleResolution(ParticleResolution resolution) {
    m_graph.setParticleResolution(resolution);
}

OrbitCamera OffscreenRenderer::cameraFor(const preview::FrameSnapshot& snapshot) const {
    if (m_camera)
        return *m_camera;
    return OrbitCamera::framing(m_view ? m_view->bounds(snapshot) : BoundingSphere{});
}

void OffscreenRenderer::prepare(const preview::FrameSnapshot& snapshot) {
    m_view->update(snapshot);
    const OrbitCamera camera = cameraFor(snapshot);
    m_view->world().setViewpoint(camera.eye()); // the cells seen from where the camera is
    camera.apply(m_graph.camera, float(m_size.width()) / float(m_size.height()));
    m_graph.setParticleArea(m_view->particleScreenRect(m_graph.camera->viewMatrix(),
                                                       m_graph.camera->projectionMatrix(), m_size));
}

bool OffscreenRenderer::draw(const preview::FrameSnapshot& snapshot) {
    if (!m_valid)
        return false;
    prepare(snapshot);
    m_engine->engine.processFrame();
    return true;
}

QImage OffscreenRenderer::render(const preview::FrameSnapshot& snapshot) {
    if (!m_valid)
        return {};
    prepare(snapshot);
    QElapsedTimer clock;
    clock.start();
    // Shaders, buffers and textures upload on the first frames that see them; the first capture
    // after start-up shows only the clear colour (docs/render.md), so a cold renderer
    // captures twice.
    const int captures = m_warm ? 1 : 2;
    for (int i = 0; i < (m_warm ? 1 : 2); ++i)
        m_engine->engine.processFrame();
    QImage image;
    for (int c = 0; c < captures; ++c) {
        std::unique_ptr<Qt3DRender::QRenderCaptureReply> reply(m_graph.capture->requestCapture());
        while (!reply->isComplete()) {
            if (clock.elapsed() > m_timeoutMs) {
                m_error = QStringLiteral("no frame within %1 ms (is the OpenGL context working?)")
                              .arg(m_timeoutMs);
                return {};
            }
            m_engine->engine.processFrame();
            QCoreApplication::processEvents();
        }
        image = reply->image();
    }
    m_warm = true;
    if (image.isNull()) {
        m_error = QStringLiteral("the capture returned no image");
        return {};
    }
    return image.convertToFormat(QImage::Format_RGBA8888);
}

} // namespace portalkit::render
