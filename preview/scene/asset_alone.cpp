#include "preview/scene/asset_alone.h"

#include "datreader/container/dat_kind.h"
#include "datreader/records/animation.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/setup.h"
#include "preview/scene/preview_scene.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

namespace {

bool partsMatch(const Assets& assets, std::uint32_t setupId, std::uint32_t parts) {
    const auto* setup = assets.get<dat::Setup>(setupId);
    return setup && setup->parts.size() == parts;
}

} // namespace

std::uint32_t playEmitterAlone(PreviewScene& scene, std::uint32_t emitterInfo) {
    // A standing owner never travels a metre: one that emits per metre walks forward.
    const auto* info = scene.assets().get<dat::ParticleEmitterInfo>(emitterInfo);
    const bool walks = info && info->emitterType == kBirthratePerMeter;
    const std::uint32_t owner = scene.createBareOwner({}, walks);
    if (!scene.createEmitter(owner, emitterInfo)) {
        scene.removeOwner(owner);
        return 0;
    }
    if (walks)
        scene.setVelocity(owner, kPerMeterWalk, {});
    return owner;
}

std::optional<Reach> emitterReach(std::shared_ptr<const Assets> assets, std::uint32_t emitterInfo,
                                  double seconds, double dt, std::uint32_t seed) {
    if (!(dt > 0) || !(seconds >= 0) || seconds / dt > 1e6)
        return std::nullopt;
    PreviewScene scene(std::move(assets), seed);
    if (!playEmitterAlone(scene, emitterInfo))
        return std::nullopt;
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    float grow = 0;
    bool any = false;
    const auto take = [&] {
        for (const ParticleInstance& p : scene.snapshot().particles) {
            if (!std::isfinite(p.position.x) || !std::isfinite(p.position.y) ||
                !std::isfinite(p.position.z))
                continue;
            lo = {std::min(lo.x, p.position.x), std::min(lo.y, p.position.y),
                  std::min(lo.z, p.position.z)};
            hi = {std::max(hi.x, p.position.x), std::max(hi.y, p.position.y),
                  std::max(hi.z, p.position.z)};
            if (std::isfinite(p.scale))
                grow = std::max(grow, std::abs(p.scale));
            any = true;
        }
    };
    take();
    while (scene.now() < seconds - 1e-9) {
        scene.advance(dt);
        take();
    }
    if (!any)
        return std::nullopt;
    const Vec3 center{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
    const Vec3 half{(hi.x - lo.x) / 2, (hi.y - lo.y) / 2, (hi.z - lo.z) / 2};
    const float radius = std::sqrt(half.x * half.x + half.y * half.y + half.z * half.z) + grow;
    return Reach{center, radius};
}

std::uint32_t setupForAnimation(const Assets& assets, std::uint32_t animation,
                                std::uint32_t preferred) {
    const auto* anim = assets.get<dat::Animation>(animation);
    if (!anim)
        return 0;
    if (preferred && partsMatch(assets, preferred, anim->numParts))
        return preferred;
    if (!assets.dat())
        return 0;
    std::uint32_t best = 0;
    for (const auto& entry : assets.dat()->entries()) {
        if ((best && entry.id >= best) ||
            dat::typeName(assets.dat()->kind(), entry.id) != dat::Setup::kTypeName)
            continue;
        if (partsMatch(assets, entry.id, anim->numParts))
            best = entry.id;
    }
    return best;
}

} // namespace portalkit::preview
