#pragma once

#include <cstdint>

namespace portalkit::preview {

// Seeded generator (SplitMix64) passed explicitly to whatever needs randomness: the same seed
// gives the same sequence on every platform and compiler, which std::uniform_*_distribution
// does not promise.
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next();
    // Uniform in [0, 1).
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
    // Uniform in [low, high).
    double between(double low, double high) { return low + (high - low) * unit(); }
    // Uniform integer in [0, bound); bound 0 gives 0.
    std::uint64_t below(std::uint64_t bound);

  private:
    std::uint64_t m_state;
};

} // namespace portalkit::preview
