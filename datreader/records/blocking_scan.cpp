#include "datreader/records/blocking_scan.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/hooks.h"

#include <cstring>

namespace portalkit::dat {
namespace {

constexpr std::size_t kHookBytes = 8 + 40; // header + the full CreateParticle payload (R28)

std::uint32_t wordAt(std::span<const std::uint8_t> bytes, std::size_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data() + offset, 4);
    return value;
}

} // namespace

std::vector<BlockingHit> scanCreateBlocking(std::span<const std::uint8_t> bytes,
                                            std::uint32_t did) {
    std::vector<BlockingHit> hits;
    for (std::size_t at = 0; at + kHookBytes <= bytes.size(); at += 4) {
        if (wordAt(bytes, at) != std::uint32_t(HookType::CreateBlockingParticle))
            continue;
        const auto direction = std::int32_t(wordAt(bytes, at + 4));
        const std::uint32_t emitterInfoId = wordAt(bytes, at + 8);
        if (!validHookDirection(direction) || emitterInfoId >> 24 != 0x32)
            continue;
        hits.push_back({did, std::uint32_t(at), direction, emitterInfoId, wordAt(bytes, at + 12),
                        wordAt(bytes, at + 44)});
    }
    return hits;
}

std::vector<BlockingHit> scanCreateBlocking(const DatFile& dat, std::size_t* unreadable) {
    std::vector<BlockingHit> hits;
    std::size_t failed = 0;
    if (dat.kind() != DatKind::Portal)
        return hits; // only portal DATs hold scripts and animations
    for (const EntryInfo& entry : dat.entries()) {
        const std::uint32_t type = entry.id >> 24;
        if (type != 0x33 && type != 0x03)
            continue;
        try {
            const auto found = scanCreateBlocking(dat.read(entry), entry.id);
            hits.insert(hits.end(), found.begin(), found.end());
        } catch (const DatError&) {
            ++failed;
        }
    }
    if (unreadable)
        *unreadable = failed;
    return hits;
}

} // namespace portalkit::dat
