#pragma once

// The draws random records are made of (random_records.h), shared by the files that make them:
// bounded integers and reals, log-normal counts, references into a type's ids, bytes, and the
// geometry values records hold. Internal to datreader/authoring.

#include "datreader/authoring/authoring_math.h"
#include "datreader/container/dat_kind.h"
#include "datreader/records/record.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <span>
#include <vector>

namespace portalkit::authoring {

// References point into the first 64Ki ids of their type's range, which every range holds.
inline constexpr std::uint32_t kIdsPerType = 0x10000;

// The first DID of record type T's portal range (dat_kind.h).
template <typename T>
inline constexpr std::uint32_t kFirstId = dat::portalTypeRange(T::kTypeName).first;

class RandomDraws {
  public:
    explicit RandomDraws(std::uint64_t seed) : m_rng(seed) {}

    std::uint32_t below(std::size_t bound) { return std::uint32_t(m_rng.below(bound)); }
    std::uint32_t between(std::uint32_t low, std::uint32_t high) {
        return low + below(high - low + 1);
    }
    double unit() { return m_rng.unit(); }
    double uniform(double low, double high) { return m_rng.between(low, high); }
    bool chance(double probability) { return m_rng.unit() < probability; }
    float real(double low, double high) { return float(m_rng.between(low, high)); }
    std::uint32_t word() { return std::uint32_t(m_rng.next()); }
    std::uint32_t opaqueColor() { return 0xFF000000 | (word() & 0xFFFFFF); }
    // A DID of record type T.
    template <typename T> std::uint32_t reference() { return kFirstId<T> + below(kIdsPerType); }

    // Log-normal around `median`, clamped to [low, high].
    std::uint32_t around(double median, double sigma, std::uint32_t low, std::uint32_t high) {
        // Box-Muller; 1 - unit() keeps the logarithm's argument above 0.
        const double radius = std::sqrt(-2 * std::log(1 - m_rng.unit()));
        const double normal = radius * std::cos(2 * std::numbers::pi * m_rng.unit());
        const long long value = std::llround(median * std::exp(sigma * normal));
        return std::uint32_t(std::clamp<long long>(value, low, high));
    }

    void randomBytes(std::vector<std::uint8_t>& bytes, std::size_t count) {
        bytes.resize(count);
        for (std::size_t at = 0; at < count; at += 8) {
            const std::uint64_t value = m_rng.next();
            std::memcpy(bytes.data() + at, &value, std::min<std::size_t>(8, count - at));
        }
    }

    dat::Vec3 vec3(double extent) {
        return {real(-extent, extent), real(-extent, extent), real(-extent, extent)};
    }
    dat::Vec3 direction() {
        const dat::Vec3 v = vec3(1);
        const float length = std::max(1e-3f, std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
        return {v.x / length, v.y / length, v.z / length};
    }
    dat::Quat orientation() {
        const dat::Vec3 axis = direction();
        const double half = m_rng.between(0, std::numbers::pi);
        const auto s = float(std::sin(half));
        return {float(std::cos(half)), axis.x * s, axis.y * s, axis.z * s};
    }
    dat::Frame frame(double extent) { return {vec3(extent), orientation()}; }
    dat::Sphere sphere(double extent) { return {vec3(extent), real(0.1, extent)}; }
    dat::Plane plane() { return {direction(), real(-1, 1)}; }

  private:
    SplitMix64 m_rng;
};

// Which hooks a random hook is drawn from: animations fire sounds, attacks and part changes;
// physics scripts drive particles, fades and lights. Together they cover every hook type.
enum class HookSet { Animation, Script };

// random_hooks.cpp: a hook of a type from `set`, with a direction of -1, 0 or 1.
dat::AnimationHook randomHook(RandomDraws& draws, HookSet set);

// random_gfx_obj.cpp: a drawing mesh with balanced BSP trees, sometimes with physics polygons.
void randomize(RandomDraws& draws, dat::GfxObj& gfxObj);

} // namespace portalkit::authoring
