#pragma once

// Seeded random records of every decodable type, for benchmarks and tests. Counts and sizes
// spread log-normally like retail data; the values are plausible, not meaningful, and refer to
// ids within their types' ranges. Every list meets the invariants encode() checks, so every
// record encodes, and its bytes decode and re-encode to the same bytes. The same seed gives the
// same records on every platform.

#include "datreader/authoring/random_draws.h"
#include "datreader/records/record.h"

#include <cstdint>
#include <variant>

namespace portalkit::authoring {

class RandomRecords {
  public:
    explicit RandomRecords(std::uint64_t seed) : m_draw(seed) {}

    // A new record of dat::Record's alternative `typeIndex` with DID `id`; each call draws on
    // from the same sequence. Throws std::out_of_range for an index past the alternatives.
    dat::Record make(std::size_t typeIndex, std::uint32_t id);

    template <typename T> T make(std::uint32_t id) { return std::get<T>(make(indexOf<T>(), id)); }

    // Whether make() draws alternative `typeIndex` at random. Types without a generator yet
    // (the world's records: Environment, LandBlock, LandBlockInfo, EnvCell, Scene, Region) come
    // back at their defaults, with the DID given, and draw nothing.
    static bool randomizes(std::size_t typeIndex);

  private:
    template <typename T, std::size_t I = 0> static constexpr std::size_t indexOf() {
        if constexpr (std::is_same_v<std::variant_alternative_t<I, dat::Record>, T>)
            return I;
        else
            return indexOf<T, I + 1>();
    }

    RandomDraws m_draw;
};

} // namespace portalkit::authoring
