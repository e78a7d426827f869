#include "preview/core/retail_random.h"

#include <algorithm>
#include <utility>

namespace portalkit::preview {

namespace {

constexpr std::int32_t kModulus1 = 2147483563;
constexpr std::int32_t kModulus2 = 2147483399;
constexpr std::int32_t kMultiplier1 = 40014;
constexpr std::int32_t kMultiplier2 = 40692;
// Schrage's factorisation m = a·q + r keeps a·x mod m inside 32 bits.
constexpr std::int32_t kQuotient1 = 53668;
constexpr std::int32_t kQuotient2 = 52774;
constexpr std::int32_t kRemainder1 = 12211;
constexpr std::int32_t kRemainder2 = 3791;
constexpr std::int32_t kTableSize = 32;
constexpr std::int32_t kDivisor = 1 + (kModulus1 - 1) / kTableSize;
constexpr double kScale = 1.0 / kModulus1;
constexpr double kLargest = 1.0 - 1.2e-7;

std::int32_t lcgStep(std::int32_t x, std::int32_t a, std::int32_t q, std::int32_t r,
                     std::int32_t m) {
    const std::int32_t k = x / q;
    x = a * (x - k * q) - k * r;
    return x < 0 ? x + m : x;
}

} // namespace

Ran2::Ran2(std::int32_t seed) {
    std::int32_t state =
        seed == 0 ? 1 : (seed < 0 ? (seed == INT32_MIN ? INT32_MAX : -seed) : seed);
    m_state2 = state;
    // Eight warm-up draws, then fill the shuffle table from the top down.
    for (int j = kTableSize + 7; j >= 0; --j) {
        state = lcgStep(state, kMultiplier1, kQuotient1, kRemainder1, kModulus1);
        if (j < kTableSize)
            m_shuffle[std::size_t(j)] = state;
    }
    m_state1 = state;
    m_shuffleOut = m_shuffle[0];
}

double Ran2::next() {
    m_state1 = lcgStep(m_state1, kMultiplier1, kQuotient1, kRemainder1, kModulus1);
    m_state2 = lcgStep(m_state2, kMultiplier2, kQuotient2, kRemainder2, kModulus2);
    const std::size_t slot = std::size_t(m_shuffleOut / kDivisor);
    m_shuffleOut = m_shuffle[slot] - m_state2;
    m_shuffle[slot] = m_state1;
    if (m_shuffleOut < 1)
        m_shuffleOut += kModulus1 - 1;
    return std::min(kScale * m_shuffleOut, kLargest);
}

double Ran2::rollDice(double lo, double hi) {
    if (lo == hi)
        return lo;
    if (hi < lo)
        std::swap(lo, hi);
    return lo + next() * (hi - lo);
}

} // namespace portalkit::preview
