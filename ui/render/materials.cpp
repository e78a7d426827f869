#include "ui/render/materials.h"

#include <QPainter>
#include <QUrl>
#include <QVector2D>
#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QPaintedTextureImage>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTechnique>
#include <Qt3DRender/QTexture>

namespace portalkit::render {

namespace {

// Meshes (Setup parts): lit per pixel in the fragment shader.
const char* kMeshVertex = R"(#version 330 core
in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
uniform mat4 modelMatrix;
uniform mat3 modelNormalMatrix;
uniform mat4 viewProjectionMatrix;
uniform vec2 uvOffset;
out vec3 worldPos;
out vec3 worldNormal;
out vec2 texCoord;
void main() {
    vec4 world = modelMatrix * vec4(vertexPosition, 1.0);
    worldPos = world.xyz;
    worldNormal = normalize(modelNormalMatrix * vertexNormal);
    texCoord = vertexTexCoord + uvOffset;
    gl_Position = viewProjectionMatrix * world;
}
)";

// The lighting sum both shading paths share: ambient, key light and up to four snapshot lights.
const char* kLighting = R"(
uniform vec3 ambientColor;
uniform vec3 keyDirection;
uniform vec3 keyColor;
uniform int pkLightCount;
uniform vec4 lightPosition0; uniform vec4 lightPosition1;
uniform vec4 lightPosition2; uniform vec4 lightPosition3;
uniform vec4 lightColor0; uniform vec4 lightColor1;
uniform vec4 lightColor2; uniform vec4 lightColor3;
uniform vec4 lightDirection0; uniform vec4 lightDirection1;
uniform vec4 lightDirection2; uniform vec4 lightDirection3;
vec3 contribution(vec3 at, vec3 n, vec4 pos, vec4 color, vec4 dir) {
    // pos.w: 0 point, 1 distant, 2 spot; color.w: range; dir.w: cone angle (radians)
    if (pos.w == 1.0)
        return color.rgb * max(dot(n, -dir.xyz), 0.0);
    vec3 toLight = pos.xyz - at;
    float d = length(toLight);
    if (color.w <= 0.0 || d > color.w) return vec3(0.0);
    vec3 l = toLight / max(d, 1e-4);
    float atten = 1.0 - d / color.w;
    if (pos.w == 2.0 && dot(-l, dir.xyz) < cos(dir.w)) return vec3(0.0);
    return color.rgb * atten * max(dot(n, l), 0.0);
}
vec3 lighting(vec3 at, vec3 n) {
    vec3 light = ambientColor + keyColor * max(dot(n, -keyDirection), 0.0);
    // A loop, not four guarded calls: llvmpipe runs the body of an if even when its condition
    // is false, so guarded calls cost all four lights; a loop runs one pass past the count.
    for (int i = 0; i < pkLightCount; ++i) {
        vec4 pos = i == 0 ? lightPosition0 : i == 1 ? lightPosition1
                 : i == 2 ? lightPosition2 : lightPosition3;
        vec4 color = i == 0 ? lightColor0 : i == 1 ? lightColor1
                   : i == 2 ? lightColor2 : lightColor3;
        vec4 dir = i == 0 ? lightDirection0 : i == 1 ? lightDirection1
                 : i == 2 ? lightDirection2 : lightDirection3;
        light += contribution(at, n, pos, color, dir);
    }
    return light;
}
)";

// Particles: one instance per particle, lit per vertex as the client's fixed-function pipeline
// lit them. Per-pixel lighting made llvmpipe fill the bottleneck at 10k sprites (benchmarks.md).
// instanceRotation is the particle's quaternion (w, x, y, z). Billboards (BILLBOARD defined)
// turn local +Y toward the viewer, keeping +Z up in billboardMode 5
// (docs/retail-behaviour.md#particle-drawing). The two are separate programs because llvmpipe runs
// both sides of a branch.
const char* kInstancedVertex = R"(
in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
in vec3 instancePosition;
in vec4 instanceRotation;
in vec2 instanceScaleFade;
uniform mat4 viewProjectionMatrix;
uniform vec3 eyePosition;
uniform int billboardMode;
uniform vec2 uvOffset;
uniform float translucency;
uniform float luminosity;
uniform float diffuse;
out vec2 texCoord;
out vec3 light;
out float opacity;
vec3 rotateQ(vec4 q, vec3 v) {
    vec3 u = q.yzw;
    return v + 2.0 * cross(u, cross(u, v) + q.x * v);
}
void main() {
    vec3 local = vertexPosition * instanceScaleFade.x;
    vec3 p;
    vec3 n;
#ifdef BILLBOARD
    vec3 y = instancePosition - eyePosition;
    if (billboardMode == 5) y.z = 0.0;
    y = length(y) > 1e-5 ? normalize(y) : vec3(0.0, 1.0, 0.0);
    vec3 up = abs(y.z) > 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(0.0, 0.0, 1.0);
    vec3 x = normalize(cross(y, up));
    vec3 z = cross(x, y);
    mat3 basis = mat3(x, y, z);
    p = basis * local;
    n = basis * vertexNormal;
#else
    p = rotateQ(instanceRotation, local);
    n = rotateQ(instanceRotation, vertexNormal);
#endif
    vec3 world = instancePosition + p;
    // Both faces are drawn; light the side that faces the viewer.
    n = normalize(n);
    if (dot(n, eyePosition - world) < 0.0) n = -n;
    light = clamp(lighting(world, n) * diffuse + vec3(luminosity), 0.0, 1.0);
    opacity = (1.0 - clamp(translucency, 0.0, 1.0)) * (1.0 - clamp(instanceScaleFade.y, 0.0, 1.0));
    texCoord = vertexTexCoord + uvOffset;
    gl_Position = viewProjectionMatrix * vec4(world, 1.0);
}
)";

const char* kInstancedFragment = R"(#version 330 core
in vec2 texCoord;
in vec3 light;
in float opacity;
uniform sampler2D surfaceTexture;
uniform vec4 baseColor;
uniform int clipMap;
uniform int additive;
out vec4 fragColor;
void main() {
    vec4 texel = texture(surfaceTexture, texCoord) * baseColor;
    if (clipMap == 1 && texel.a < 0.5) discard;
    float alpha = texel.a * opacity;
    vec3 rgb = texel.rgb * light;
    if (additive == 1) rgb *= alpha;
    fragColor = vec4(rgb, alpha);
}
)";

const char* kMeshFragment = R"(
in vec3 worldPos;
in vec3 worldNormal;
in vec2 texCoord;
uniform sampler2D surfaceTexture;
uniform vec4 baseColor;
uniform float translucency;
uniform float luminosity;
uniform float diffuse;
uniform int clipMap;
uniform int additive;
out vec4 fragColor;
void main() {
    vec4 texel = texture(surfaceTexture, texCoord) * baseColor;
#ifdef CLIP_TEST
    if (clipMap == 1 && texel.a < 0.5) discard;
#endif
    vec3 n = normalize(worldNormal);
    if (!gl_FrontFacing) n = -n;
    vec3 rgb = texel.rgb * clamp(lighting(worldPos, n) * diffuse + vec3(luminosity), 0.0, 1.0);
    float alpha = texel.a * (1.0 - clamp(translucency, 0.0, 1.0));
    if (additive == 1) rgb *= alpha;
    fragColor = vec4(rgb, alpha);
}
)";

// The world (Shading::World): the lighting sum per vertex, the texture per pixel.
const char* kWorldVertex = R"(
in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
uniform mat4 modelMatrix;
uniform mat3 modelNormalMatrix;
uniform mat4 viewProjectionMatrix;
uniform vec3 eyePosition;
uniform vec2 uvOffset;
uniform float luminosity;
uniform float diffuse;
out vec3 light;
out vec2 texCoord;
void main() {
    vec4 world = modelMatrix * vec4(vertexPosition, 1.0);
    vec3 n = normalize(modelNormalMatrix * vertexNormal);
    // Both faces are drawn; light the side that faces the viewer.
    if (dot(n, eyePosition - world.xyz) < 0.0) n = -n;
    light = clamp(lighting(world.xyz, n) * diffuse + vec3(luminosity), 0.0, 1.0);
    texCoord = vertexTexCoord + uvOffset;
    gl_Position = viewProjectionMatrix * world;
}
)";

const char* kWorldFragment = R"(
in vec3 light;
in vec2 texCoord;
uniform sampler2D surfaceTexture;
uniform vec4 baseColor;
uniform float translucency;
uniform int clipMap;
uniform int additive;
out vec4 fragColor;
void main() {
    vec4 texel = texture(surfaceTexture, texCoord) * baseColor;
#ifdef CLIP_TEST
    if (clipMap == 1 && texel.a < 0.5) discard;
#endif
    vec3 rgb = texel.rgb * light;
    float alpha = texel.a * (1.0 - clamp(translucency, 0.0, 1.0));
    if (additive == 1) rgb *= alpha;
    fragColor = vec4(rgb, alpha);
}
)";

const char* kLinesVertex = R"(#version 330 core
in vec3 vertexPosition;
uniform mat4 modelViewProjection;
void main() { gl_Position = modelViewProjection * vec4(vertexPosition, 1.0); }
)";
const char* kLinesFragment = R"(#version 330 core
uniform vec4 baseColor;
out vec4 fragColor;
void main() { fragColor = baseColor; }
)";

// Only surfaces that may be clipped get the alpha test: an opaque surface's shader without a
// discard lets the depth test run before shading.
QByteArray clip(Blend blend) {
    return blend == Blend::Opaque ? QByteArray() : QByteArray("#define CLIP_TEST\n");
}

class WhiteImage : public Qt3DRender::QPaintedTextureImage {
  public:
    explicit WhiteImage(Qt3DCore::QNode* parent) : QPaintedTextureImage(parent) {
        setSize(QSize(2, 2));
    }

  protected:
    void paint(QPainter* painter) override { painter->fillRect(0, 0, 2, 2, Qt::white); }
};

} // namespace

Qt3DRender::QRenderPass* addCorePass(Qt3DRender::QEffect* effect) {
    using namespace Qt3DRender;
    auto* technique = new QTechnique(effect);
    technique->graphicsApiFilter()->setApi(QGraphicsApiFilter::OpenGL);
    technique->graphicsApiFilter()->setProfile(QGraphicsApiFilter::CoreProfile);
    technique->graphicsApiFilter()->setMajorVersion(3);
    technique->graphicsApiFilter()->setMinorVersion(3);
    auto* pass = new QRenderPass(technique);
    technique->addRenderPass(pass);
    effect->addTechnique(technique);
    return pass;
}

bool Materials::blended(const SurfaceLook& look, float translucency) {
    return look.blend == Blend::Alpha || look.blend == Blend::Additive || look.translucency > 0 ||
           translucency > 0 || look.color.alpha() < 255;
}

Qt3DRender::QEffect* Materials::effect(Blend blend, Shading shading) {
    const auto key = std::make_pair(int(blend), int(shading));
    if (auto it = m_effects.find(key); it != m_effects.end())
        return it->second;
    using namespace Qt3DRender;
    auto* effect = new QEffect(m_owner);
    QRenderPass* pass = addCorePass(effect);
    auto* program = new QShaderProgram(pass);
    if (shading == Shading::Lines) {
        program->setVertexShaderCode(kLinesVertex);
        program->setFragmentShaderCode(kLinesFragment);
    } else {
        // Particles light per vertex, meshes per pixel; kLighting goes where the lighting is.
        const QByteArray version = "#version 330 core\n";
        if (shading == Shading::Instanced || shading == Shading::Billboard) {
            const QByteArray billboard = shading == Shading::Billboard ? "#define BILLBOARD\n" : "";
            program->setVertexShaderCode(version + billboard + kLighting + kInstancedVertex);
            program->setFragmentShaderCode(kInstancedFragment);
        } else if (shading == Shading::World) {
            program->setVertexShaderCode(version + kLighting + kWorldVertex);
            program->setFragmentShaderCode(version + clip(blend) + kWorldFragment);
        } else {
            program->setVertexShaderCode(kMeshVertex);
            program->setFragmentShaderCode(version + clip(blend) + kLighting + kMeshFragment);
        }
    }
    pass->setShaderProgram(program);
    auto* cull = new QCullFace(pass);
    cull->setMode(QCullFace::NoCulling); // both sides: winding in the data is not relied on
    pass->addRenderState(cull);
    auto* depth = new QDepthTest(pass);
    depth->setDepthFunction(QDepthTest::LessOrEqual);
    pass->addRenderState(depth);
    if (blend == Blend::Alpha || blend == Blend::Additive) {
        using Factor = QBlendEquationArguments::Blending;
        const bool additive = blend == Blend::Additive;
        auto* args = new QBlendEquationArguments(pass);
        args->setSourceRgb(additive ? Factor::One : Factor::SourceAlpha);
        args->setDestinationRgb(additive ? Factor::One : Factor::OneMinusSourceAlpha);
        if (shading == Shading::Instanced || shading == Shading::Billboard) {
            // Alpha accumulates how much of the scene the particles hide, as the particle
            // buffer needs (frame_graph.h): alpha blending adds to it, additive leaves it.
            args->setSourceAlpha(additive ? Factor::Zero : Factor::One);
            args->setDestinationAlpha(additive ? Factor::One : Factor::OneMinusSourceAlpha);
        } else {
            args->setSourceAlpha(Factor::One);
            args->setDestinationAlpha(Factor::OneMinusSourceAlpha);
        }
        pass->addRenderState(args);
        auto* equation = new QBlendEquation(pass);
        equation->setBlendFunction(QBlendEquation::Add);
        pass->addRenderState(equation);
        pass->addRenderState(new QNoDepthMask(pass));
    }
    m_effects[key] = effect;
    return effect;
}

Qt3DRender::QMaterial* Materials::make(const SurfaceLook& look, Shading shading,
                                       Qt3DCore::QNode* parent, float translucency,
                                       float luminosity, float diffuse) {
    using Qt3DRender::QParameter;
    Blend blend = look.blend;
    if (blend == Blend::Opaque || blend == Blend::ClipMap)
        if (blended(look, translucency))
            blend = Blend::Alpha;
    if (!m_white) {
        auto* white = new Qt3DRender::QTexture2D(m_owner);
        white->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
        white->addTextureImage(new WhiteImage(white));
        m_white = white;
    }
    auto* material = new Qt3DRender::QMaterial(parent);
    material->setEffect(effect(blend, shading));
    material->addParameter(new QParameter(
        "surfaceTexture", QVariant::fromValue(look.texture ? look.texture : m_white)));
    material->addParameter(new QParameter("baseColor", look.color));
    // Surface and instance translucency combine as independent fades.
    const float combined = 1.0f - (1.0f - look.translucency) * (1.0f - translucency);
    material->addParameter(new QParameter("translucency", combined));
    material->addParameter(new QParameter("luminosity", std::max(look.luminosity, luminosity)));
    material->addParameter(new QParameter("diffuse", look.diffuse * diffuse));
    material->addParameter(new QParameter("clipMap", look.blend == Blend::ClipMap ? 1 : 0));
    material->addParameter(new QParameter("additive", blend == Blend::Additive ? 1 : 0));
    material->addParameter(new QParameter("uvOffset", QVector2D(0, 0)));
    return material;
}

Qt3DRender::QMaterial* Materials::lines(const QColor& color, Qt3DCore::QNode* parent) {
    auto* material = new Qt3DRender::QMaterial(parent);
    material->setEffect(effect(Blend::Opaque, Shading::Lines));
    material->addParameter(new Qt3DRender::QParameter("baseColor", color));
    return material;
}

} // namespace portalkit::render
