#include "preview/core/rng.h"

namespace portalkit::preview {

std::uint64_t Rng::next() {
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t Rng::below(std::uint64_t bound) {
    if (bound == 0)
        return 0;
    // Rejection keeps the result unbiased for bounds that do not divide 2^64.
    const std::uint64_t limit = ~std::uint64_t{0} - ~std::uint64_t{0} % bound;
    std::uint64_t value;
    do {
        value = next();
    } while (value >= limit);
    return value % bound;
}

} // namespace portalkit::preview
