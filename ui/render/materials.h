#pragma once

// The renderer's own GLSL 3.30 core materials (docs/render.md): texture × colour, lit by an
// ambient term, a key light and up to kMaxLights snapshot lights scaled by the Surface's diffuse,
// plus luminosity; translucency fades alpha. One QEffect per (blend, instanced, lines); each
// drawn thing gets its own QMaterial carrying its parameters.

#include "ui/render/texture_cache.h"

#include <Qt3DRender/QEffect>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderPass>
#include <map>

namespace portalkit::render {

constexpr int kMaxLights = 4;

// A new OpenGL 3.3 core technique in `effect` with one render pass, returned for its shaders
// and states.
Qt3DRender::QRenderPass* addCorePass(Qt3DRender::QEffect* effect);

// Instanced: particles with their own orientation; Billboard: particles turned to the viewer.
// Mesh: lit per pixel (Setup parts). World: lit per vertex, as the client's fixed-function
// pipeline lights everything; the landblocks use it, where per-pixel lighting was two thirds of a
// dungeon frame on llvmpipe (docs/benchmarks.md).
enum class Shading { Mesh, Instanced, Billboard, Lines, World };

class Materials {
  public:
    explicit Materials(Qt3DCore::QNode* owner) : m_owner(owner) {}

    // A material for one drawn thing; `translucency` is the instance's (parts), combined with the
    // Surface's. Parented to `parent`.
    Qt3DRender::QMaterial* make(const SurfaceLook& look, Shading shading, Qt3DCore::QNode* parent,
                                float translucency = 0, float luminosity = 0, float diffuse = 1);
    // Flat unlit colour for overlays.
    Qt3DRender::QMaterial* lines(const QColor& color, Qt3DCore::QNode* parent);

    // Whether a look draws in the blended (second) pass.
    static bool blended(const SurfaceLook& look, float translucency);

  private:
    Qt3DRender::QEffect* effect(Blend blend, Shading shading);

    Qt3DCore::QNode* m_owner;
    std::map<std::pair<int, int>, Qt3DRender::QEffect*> m_effects;
    Qt3DRender::QAbstractTexture* m_white = nullptr;
};

} // namespace portalkit::render
