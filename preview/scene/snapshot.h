#pragma once

// What to draw at one moment (architecture.md: the renderer reads only snapshots): every visible
// part with its GfxObj and material values, every live particle, every light, the UV scrolls.

#include "preview/appearance/compose.h"
#include "preview/core/math.h"
#include "preview/physics/world.h"

#include <cstdint>
#include <map>
#include <vector>

namespace portalkit::preview {

struct PartInstance {
    std::uint32_t owner = 0;
    std::int32_t part = 0;
    std::uint32_t gfxObj = 0;
    Frame world;
    Vec3 scale{1, 1, 1};
    float translucency = 0; // 0 opaque; parts at 1 are left out, as the client skips them
    float luminosity = 0;
    float diffuse = 1;
    // The owner's ObjDesc on this part (textures swapped, palette composed), for this gfxObj;
    // null when the part draws its GfxObj's own surfaces.
    std::shared_ptr<const appearance::PartLook> look;
};

struct ParticleInstance {
    std::uint32_t owner = 0;
    std::uint32_t emitter = 0; // logical id
    std::uint32_t gfxObj = 0;  // the emitter info's HwGfxObj
    Vec3 position;
    Quat orientation;
    float scale = 1;
    float translucency = 0;
};

struct LightInstance {
    std::uint32_t owner = 0;
    std::int32_t type = 0; // 0 point, 1 distant, 2 spot
    Frame world;
    std::uint32_t color = 0; // 0xAARRGGBB
    float intensity = 0;
    float range = 0; // falloff × 1.5, the hardware light range (docs/retail-behaviour.md#lights)
    float coneAngle = 0;
};

// Each owner's root, for what the renderer draws from the Setup itself: collision, cylinder and
// selection spheres, part axes, framing the camera.
struct OwnerInstance {
    std::uint32_t owner = 0;
    std::uint32_t setup = 0;
    Frame root;
    float scale = 1;
    bool hidden = false; // Hidden or NoDraw: the parts are left out of `parts`
};

struct FrameSnapshot {
    double t = 0;
    std::vector<OwnerInstance> owners;
    std::vector<PartInstance> parts;
    std::vector<ParticleInstance> particles;
    std::vector<LightInstance> lights;
    std::map<std::uint32_t, Vec3> uvOffsets; // GfxObj → (u, v, 0) of TextureVelocity
    std::optional<PreviewWorld> world;       // a scenario's ground, walls and spheres
};

} // namespace portalkit::preview
