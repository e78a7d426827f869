#pragma once

// Assets looked at on their own (docs/preview.md#assets-alone): an emitter played alone at the
// origin and how far its particles go, and which Setup an Animation can play on. Headless: the
// studio and `portalkit render --emitter` use these the same way.

#include "preview/core/assets.h"
#include "preview/core/math.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace portalkit::preview {

class PreviewScene;

// An emitter of BirthratePerMeter emits only as its owner travels: alone, its owner walks
// forward (+Y) at this velocity, in metres a second.
inline constexpr std::int32_t kBirthratePerMeter = 2;
inline constexpr Vec3 kPerMeterWalk{0, 1, 0};

// A bare owner at the origin playing `emitterInfo` at its root (PreviewScene::createBareOwner,
// createEmitter), walking at kPerMeterWalk when the emitter births per metre. Returns the
// owner's id, or 0 when the info is missing (the owner is then removed again).
std::uint32_t playEmitterAlone(PreviewScene& scene, std::uint32_t emitterInfo);

struct Reach {
    Vec3 center;
    float radius = 0;
};

// Where the particles of `emitterInfo` played alone go in the first `seconds` (a scene of its
// own, seeded with `seed`, stepped `dt`): the sphere around every particle seen, each grown by
// its scale. Nothing when the info is missing or no particle appeared.
std::optional<Reach> emitterReach(std::shared_ptr<const Assets> assets, std::uint32_t emitterInfo,
                                  double seconds = 3.0, double dt = 0.04, std::uint32_t seed = 1);

// The Setup `animation` plays on: `preferred` when its part count is the Animation's numParts,
// else the DAT's lowest Setup id with that many parts; 0 when the Animation is missing or no
// Setup matches. Reads every Setup of the DAT only when `preferred` does not fit.
std::uint32_t setupForAnimation(const Assets& assets, std::uint32_t animation,
                                std::uint32_t preferred = 0);

} // namespace portalkit::preview
