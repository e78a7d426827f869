#include "ui/render/frame_graph.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QColorMask>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QRenderStateSet>
#include <Qt3DRender/QRenderTarget>
#include <Qt3DRender/QRenderTargetOutput>
#include <Qt3DRender/QRenderTargetSelector>
#include <Qt3DRender/QScissorTest>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QViewport>
#include <cmath>
#include <numbers>

namespace portalkit::render {

QColor backgroundColor() {
    return QColor(38, 42, 52);
}

QVector3D OrbitCamera::eye() const {
    const float y = yaw * std::numbers::pi_v<float> / 180,
                p = pitch * std::numbers::pi_v<float> / 180;
    return target +
           distance * QVector3D(std::cos(p) * std::sin(y), std::cos(p) * std::cos(y), std::sin(p));
}

void OrbitCamera::apply(Qt3DRender::QCamera* camera, float aspect) const {
    camera->lens()->setPerspectiveProjection(45.0f, aspect > 0 ? aspect : 1.0f,
                                             std::max(0.01f, distance * 0.01f),
                                             // A world of 3×3 landblocks is 800 m across.
                                             std::max(1000.0f, distance * 20));
    camera->setPosition(eye());
    camera->setViewCenter(target);
    // Straight up or down the +Z up vector degenerates; tilt it a little instead.
    camera->setUpVector(std::abs(pitch) > 89.5f ? QVector3D(0, -1, 0) : QVector3D(0, 0, 1));
}

QVector3D OrbitCamera::rayThrough(QPointF pixel, QSize size) const {
    const QVector3D forward = (target - eye()).normalized();
    const QVector3D upHint = std::abs(pitch) > 89.5f ? QVector3D(0, -1, 0) : QVector3D(0, 0, 1);
    const QVector3D right = QVector3D::crossProduct(forward, upHint).normalized();
    const QVector3D up = QVector3D::crossProduct(right, forward);
    const float w = float(std::max(1, size.width())), h = float(std::max(1, size.height()));
    const float tanHalf = std::tan(45.0f * std::numbers::pi_v<float> / 360);
    const float x = (2 * float(pixel.x()) / w - 1) * tanHalf * (w / h);
    const float y = (1 - 2 * float(pixel.y()) / h) * tanHalf;
    return (forward + right * x + up * y).normalized();
}

OrbitCamera OrbitCamera::framing(const BoundingSphere& sphere, float yaw, float pitch,
                                 float fovDegrees) {
    OrbitCamera camera;
    camera.yaw = yaw;
    camera.pitch = pitch;
    camera.target = sphere.center;
    const float half = fovDegrees * std::numbers::pi_v<float> / 360;
    camera.distance = std::max(0.5f, sphere.radius / std::sin(half) * 1.05f);
    return camera;
}

namespace {

// A triangle covering the viewport; the composite reads the particle buffer through it.
const char* kCompositeVertex = R"(#version 330 core
in vec3 vertexPosition;
out vec2 texCoord;
void main() {
    texCoord = vertexPosition.xy * 0.5 + 0.5;
    gl_Position = vec4(vertexPosition.xy, 0.0, 1.0);
}
)";
const char* kCompositeFragment = R"(#version 330 core
in vec2 texCoord;
uniform sampler2D particleBuffer;
out vec4 fragColor;
void main() { fragColor = texture(particleBuffer, texCoord); }
)";

Qt3DRender::QTexture2D* bufferTexture(Qt3DRender::QRenderTarget* target,
                                      Qt3DRender::QRenderTargetOutput::AttachmentPoint point,
                                      Qt3DRender::QAbstractTexture::TextureFormat format) {
    using namespace Qt3DRender;
    auto* output = new QRenderTargetOutput(target);
    output->setAttachmentPoint(point);
    auto* texture = new QTexture2D(output);
    texture->setFormat(format);
    texture->setSize(1, 1);
    texture->setGenerateMipMaps(false);
    texture->setMinificationFilter(QAbstractTexture::Linear);
    texture->setMagnificationFilter(QAbstractTexture::Linear);
    texture->setWrapMode(QTextureWrapMode(QTextureWrapMode::ClampToEdge));
    output->setTexture(texture);
    target->addOutput(output);
    return texture;
}

// The particle buffer holds premultiplied colour and, in alpha, how much of the scene the
// particles hide; the composite lays it over the scene as premultiplied colour.
Qt3DCore::QEntity* addComposite(Qt3DCore::QEntity* sceneRoot, Qt3DRender::QTexture2D* color,
                                Qt3DRender::QLayer* layer) {
    using namespace Qt3DRender;
    auto* entity = new Qt3DCore::QEntity(sceneRoot);
    auto* geometry = new Qt3DCore::QGeometry(entity);
    const float corners[] = {-1, -1, 0, 3, -1, 0, -1, 3, 0};
    auto* buffer = new Qt3DCore::QBuffer(geometry);
    buffer->setData(QByteArray(reinterpret_cast<const char*>(corners), sizeof(corners)));
    auto* position = new Qt3DCore::QAttribute(geometry);
    position->setName(Qt3DCore::QAttribute::defaultPositionAttributeName());
    position->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    position->setVertexBaseType(Qt3DCore::QAttribute::Float);
    position->setVertexSize(3);
    position->setCount(3);
    position->setBuffer(buffer);
    geometry->addAttribute(position);
    auto* renderer = new QGeometryRenderer(entity);
    renderer->setGeometry(geometry);
    renderer->setVertexCount(3);
    renderer->setPrimitiveType(QGeometryRenderer::Triangles);

    auto* effect = new QEffect(entity);
    QRenderPass* pass = addCorePass(effect);
    auto* program = new QShaderProgram(pass);
    program->setVertexShaderCode(kCompositeVertex);
    program->setFragmentShaderCode(kCompositeFragment);
    pass->setShaderProgram(program);
    auto* depth = new QDepthTest(pass);
    depth->setDepthFunction(QDepthTest::Always);
    pass->addRenderState(depth);
    pass->addRenderState(new QNoDepthMask(pass));
    auto* cull = new QCullFace(pass);
    cull->setMode(QCullFace::NoCulling);
    pass->addRenderState(cull);
    using Factor = QBlendEquationArguments::Blending;
    auto* args = new QBlendEquationArguments(pass);
    args->setSourceRgb(Factor::One);
    args->setDestinationRgb(Factor::OneMinusSourceAlpha);
    args->setSourceAlpha(Factor::Zero);
    args->setDestinationAlpha(Factor::One);
    pass->addRenderState(args);
    auto* equation = new QBlendEquation(pass);
    equation->setBlendFunction(QBlendEquation::Add);
    pass->addRenderState(equation);
    auto* material = new QMaterial(entity);
    material->setEffect(effect);
    material->addParameter(new QParameter("particleBuffer", QVariant::fromValue(color)));

    entity->addComponent(renderer);
    entity->addComponent(material);
    entity->addComponent(layer);
    return entity;
}

} // namespace

std::optional<ParticleResolution> particleResolutionFromName(const QString& name) {
    for (ParticleResolution r : {ParticleResolution::Full, ParticleResolution::Half})
        if (particleResolutionName(r) == name.trimmed().toLower())
            return r;
    return std::nullopt;
}

QString particleResolutionName(ParticleResolution resolution) {
    return resolution == ParticleResolution::Half ? QStringLiteral("half") : QStringLiteral("full");
}

void FrameGraph::setSurfaceSize(QSize size) {
    surfaceSize = size.expandedTo(QSize(1, 1));
    const QSize buffer = particleBufferSize();
    for (Qt3DRender::QTexture2D* texture : {particleColor, particleDepth})
        if (texture)
            texture->setSize(buffer.width(), buffer.height());
}

void FrameGraph::setParticleResolution(ParticleResolution resolution) {
    particleResolution = resolution;
    setSurfaceSize(surfaceSize);
    applyParticlePasses();
}

void FrameGraph::setParticleArea(std::optional<QRect> pixels) {
    hasParticles = pixels.has_value();
    enableComposite();
    if (pixels && passes.compositeArea) {
        passes.compositeArea->setLeft(pixels->left());
        passes.compositeArea->setBottom(pixels->top()); // QRect's top is the lowest y here
        passes.compositeArea->setWidth(pixels->width());
        passes.compositeArea->setHeight(pixels->height());
    }
}

QSize FrameGraph::particleBufferSize() const {
    if (particleResolution == ParticleResolution::Full)
        return QSize(1, 1); // unused: particles draw straight into the frame
    // Rounded up, so the buffer covers the surface's last row and column.
    return QSize((surfaceSize.width() + 1) / 2, (surfaceSize.height() + 1) / 2);
}

void FrameGraph::applyParticlePasses() {
    if (!passes.direct)
        return;
    const bool buffered = particleResolution == ParticleResolution::Half;
    const auto select = [](Qt3DRender::QLayerFilter* filter, Qt3DRender::QLayer* layer) {
        for (Qt3DRender::QLayer* old : filter->layers())
            filter->removeLayer(old);
        filter->addLayer(layer);
    };
    select(passes.direct, buffered ? passes.nothing : passes.particles);
    select(passes.buffered, buffered ? passes.particles : passes.nothing);
    select(passes.depth, buffered ? passes.opaque : passes.nothing);
    passes.clear->setBuffers(buffered ? Qt3DRender::QClearBuffers::ColorDepthBuffer
                                      : Qt3DRender::QClearBuffers::None);
    enableComposite();
}

void FrameGraph::enableComposite() {
    if (composite)
        composite->setEnabled(hasParticles && particleResolution == ParticleResolution::Half);
}

FrameGraph buildFrameGraph(Qt3DCore::QNode* parent, Qt3DCore::QEntity* sceneRoot,
                           const SceneView& view, Qt3DRender::QRenderTarget* target) {
    using namespace Qt3DRender;
    FrameGraph graph;
    graph.surfaceSelector = new QRenderSurfaceSelector(parent);
    QFrameGraphNode* top = graph.surfaceSelector;
    if (target) {
        auto* targetSelector = new QRenderTargetSelector(top);
        targetSelector->setTarget(target);
        top = targetSelector;
    }
    auto* viewport = new QViewport(top);
    viewport->setNormalizedRect(QRectF(0, 0, 1, 1));
    graph.camera = new QCamera(sceneRoot);
    auto* cameraSelector = new QCameraSelector(viewport);
    cameraSelector->setCamera(graph.camera);
    auto* filter = new QTechniqueFilter(cameraSelector);
    for (QParameter* p : view.parameters())
        filter->addParameter(p);

    auto* clear = new QClearBuffers(filter);
    clear->setBuffers(QClearBuffers::ColorDepthBuffer);
    clear->setClearColor(backgroundColor());
    new QNoDraw(clear);

    auto* opaque = new QLayerFilter(filter);
    opaque->addLayer(view.opaqueLayer());
    // Nearest first, so the depth test rejects what is hidden before it is shaded: inside a
    // dungeon the room's own walls cover the neighbouring cells drawn behind them, and llvmpipe
    // pays per shaded pixel (docs/benchmarks.md).
    (new QSortPolicy(opaque))->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::FrontToBack});

    auto* blend = new QLayerFilter(filter);
    blend->addLayer(view.blendLayer());
    (new QSortPolicy(blend))->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});

    // Particles either go straight into the frame after the blended layer (full resolution) or
    // into the particle buffer (half); the filters of the way not taken select `nothing`.
    graph.passes.particles = view.particleLayer();
    graph.passes.opaque = view.opaqueLayer();
    graph.passes.nothing = new QLayer(sceneRoot);
    graph.passes.direct = new QLayerFilter(filter);
    (new QSortPolicy(graph.passes.direct))
        ->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});

    // The particle buffer: cleared to transparent black, given the opaque layer's depth, then
    // the particles back to front.
    auto* particleTarget = new QRenderTarget(sceneRoot);
    graph.particleColor =
        bufferTexture(particleTarget, QRenderTargetOutput::Color0, QAbstractTexture::RGBA8_UNorm);
    graph.particleDepth =
        bufferTexture(particleTarget, QRenderTargetOutput::Depth, QAbstractTexture::D24);
    auto* particlePass = new QRenderTargetSelector(filter);
    particlePass->setTarget(particleTarget);
    graph.passes.clear = new QClearBuffers(particlePass);
    graph.passes.clear->setClearColor(QColor(0, 0, 0, 0));
    new QNoDraw(graph.passes.clear);
    auto* depthOnly = new QRenderStateSet(particlePass);
    auto* noColor = new QColorMask(depthOnly);
    noColor->setRedMasked(false);
    noColor->setGreenMasked(false);
    noColor->setBlueMasked(false);
    noColor->setAlphaMasked(false);
    depthOnly->addRenderState(noColor);
    graph.passes.depth = new QLayerFilter(depthOnly);
    graph.passes.buffered = new QLayerFilter(particlePass);
    (new QSortPolicy(graph.passes.buffered))
        ->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});

    auto* compositeLayer = new QLayer(sceneRoot);
    graph.composite = addComposite(sceneRoot, graph.particleColor, compositeLayer);
    auto* compositeArea = new QRenderStateSet(filter);
    graph.passes.compositeArea = new QScissorTest(compositeArea);
    compositeArea->addRenderState(graph.passes.compositeArea);
    auto* composite = new QLayerFilter(compositeArea);
    composite->addLayer(compositeLayer);
    graph.capture = new QRenderCapture(composite);
    graph.applyParticlePasses();
    graph.setSurfaceSize(graph.surfaceSize);
    return graph;
}

} // namespace portalkit::render
