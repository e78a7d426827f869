#pragma once

// The client's two random sources (docs/retail-behaviour.md#randomness), so a seeded preview draws
// the way retail does: particle emission, CallPES delays and SoundTable choices share one ran2
// stream; sound probability gates use the C runtime's rand().

#include <array>
#include <cstdint>

namespace portalkit::preview {

// Numerical Recipes ran2 (L'Ecuyer's combined generator with a Bays–Durham shuffle), the
// algorithm behind the client's Random::rand.
class Ran2 {
  public:
    // Seed 0 behaves as seed 1, as in the client.
    explicit Ran2(std::int32_t seed = 1);

    // In (0, 1 - 1.2e-7].
    double next();
    // Random::RollDice: lo when lo == hi, else uniform between them whichever is larger.
    double rollDice(double lo, double hi);

  private:
    std::int32_t m_state1 = 0;
    std::int32_t m_state2 = 0;
    std::int32_t m_shuffleOut = 0;
    std::array<std::int32_t, 32> m_shuffle{};
};

// The MSVC CRT rand(): a 15-bit LCG output, 0..32767.
class CrtRand {
  public:
    explicit CrtRand(std::uint32_t seed = 1) : m_state(seed) {}
    int next() {
        m_state = m_state * 214013u + 2531011u;
        return int((m_state >> 16) & 0x7FFF);
    }
    // SoundManager::PlayProbability: rand()/32767 < probability.
    bool passes(float probability) { return float(next()) / 32767.0f < probability; }

  private:
    std::uint32_t m_state;
};

} // namespace portalkit::preview
