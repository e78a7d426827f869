#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::dat {

class DatFile;

// One CreateBlockingParticle hook found by the raw scan.
struct BlockingHit {
    std::uint32_t did = 0;
    std::uint32_t offset = 0; // entry offset of the hook's type word
    std::int32_t direction = 0;
    std::uint32_t emitterInfoId = 0;
    std::uint32_t partIndex = 0;
    std::uint32_t emitterId = 0;
};

// Finds CreateBlockingParticle hooks in raw entry bytes without the typed decoders (R50): at every
// 4-aligned offset, hook type 26, a direction of -1/0/1 and a 0x32xxxxxx emitter-info DID, with
// the whole 48-byte hook inside the entry. Being independent, it cross-checks the hook codec.
std::vector<BlockingHit> scanCreateBlocking(std::span<const std::uint8_t> bytes, std::uint32_t did);

// The scan over every PhysicsScript (0x33) and Animation (0x03) of a DAT, in id order. Entries
// that cannot be read are skipped and counted in `unreadable`.
std::vector<BlockingHit> scanCreateBlocking(const DatFile& dat, std::size_t* unreadable = nullptr);

} // namespace portalkit::dat
