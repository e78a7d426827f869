#include "bench/portal_dat.h"

#include "bench/bench_common.h"
#include "datreader/authoring/authoring_math.h"
#include "datreader/container/dat_writer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string_view>

namespace portalkit::bench {
namespace {

constexpr std::uint32_t kMaxPortalEntryBytes = 300 * 1024;

// Entry payloads are slices of one seeded pseudo-random pool at a per-id start. The slices are
// not copied: the writer only reads them, and 900 MiB of fresh copies would cost seconds of page
// faults that say nothing about the writer.
constexpr std::size_t kPayloadPoolBytes = 4 * kMaxPortalEntryBytes;

std::vector<char> payloadPool(std::uint64_t seed) {
    std::vector<char> pool(kPayloadPoolBytes);
    authoring::SplitMix64 rng(seed);
    for (std::size_t at = 0; at < kPayloadPoolBytes; at += 8) {
        const std::uint64_t word = rng.next();
        std::memcpy(pool.data() + at, &word, 8);
    }
    return pool;
}

QByteArray payloadSlice(const std::vector<char>& pool, std::uint64_t seed, std::uint32_t id,
                        std::uint32_t size) {
    const std::size_t start = authoring::SplitMix64(seed ^ id).below(kPayloadPoolBytes - size + 1);
    return QByteArray::fromRawData(pool.data() + start, qsizetype(size));
}

// One portal type: its share of the entries and a log-normal size (median, sigma) shaped after
// end-of-retail client_portal.dat, where textures and sounds carry most bytes. Its ids are the
// type's range in dat_kind.h.
struct PortalType {
    std::string_view name;
    std::uint32_t perMille; // share of the entries
    double medianBytes;
    double sigma;

    constexpr std::uint32_t firstId() const { return dat::portalTypeRange(name).first; }
    constexpr std::uint32_t idCapacity() const { return dat::portalTypeRange(name).size(); }
};

constexpr std::size_t kRenderSurfaceType = 5; // takes the entries other types have no ids for
constexpr std::array kPortalMix{
    PortalType{"GfxObj", 320, 1800, 1.0},         PortalType{"Setup", 80, 500, 0.9},
    PortalType{"Animation", 100, 5000, 1.1},      PortalType{"Palette", 30, 2000, 0.3},
    PortalType{"SurfaceTexture", 60, 16000, 1.0}, PortalType{"RenderSurface", 220, 16000, 1.1},
    PortalType{"Surface", 50, 40, 0.4},           PortalType{"MotionTable", 20, 3000, 1.0},
    PortalType{"Wave", 50, 30000, 1.0},           PortalType{"Environment", 20, 8000, 0.8},
    PortalType{"PaletteSet", 10, 200, 0.6},       PortalType{"GfxObjDegradeInfo", 10, 100, 0.5},
    PortalType{"SoundTable", 10, 600, 0.8},       PortalType{"ParticleEmitterInfo", 10, 150, 0.5},
    PortalType{"PhysicsScript", 10, 300, 0.7},
};
static_assert(kPortalMix[kRenderSurfaceType].name == "RenderSurface");
// Every name is a portal type: a lookup that fails in a constant expression does not build.
static_assert([] {
    for (const PortalType& type : kPortalMix)
        type.firstId();
    return true;
}());

std::uint64_t clampedTotal(const std::vector<double>& rawSizes, double scale) {
    std::uint64_t total = 0;
    for (double raw : rawSizes)
        total += std::min<std::uint64_t>(kMaxPortalEntryBytes, std::llround(raw * scale));
    return total;
}

} // namespace

std::vector<PlannedEntry> planPortal(std::uint64_t entryCount, std::uint64_t targetBytes,
                                     std::mt19937_64& rng) {
    std::array<std::uint64_t, kPortalMix.size()> counts{};
    std::uint64_t counted = 0;
    for (std::size_t i = 0; i < kPortalMix.size(); ++i) {
        counts[i] = std::min<std::uint64_t>(kPortalMix[i].idCapacity(),
                                            entryCount * kPortalMix[i].perMille / 1000);
        counted += counts[i];
    }
    counts[kRenderSurfaceType] += entryCount - counted;

    std::vector<PlannedEntry> entries;
    std::vector<double> rawSizes;
    entries.reserve(entryCount);
    rawSizes.reserve(entryCount);
    for (std::size_t i = 0; i < kPortalMix.size(); ++i) {
        const PortalType& type = kPortalMix[i];
        if (counts[i] == 0)
            continue;
        // Real ids have gaps; keep them no wider than the type's range allows.
        const std::uint64_t maxStep =
            std::clamp<std::uint64_t>(type.idCapacity() / counts[i], 1, 3);
        std::lognormal_distribution<double> sizeOf(std::log(type.medianBytes), type.sigma);
        std::uint32_t id = type.firstId();
        for (std::uint64_t n = 0; n < counts[i]; ++n) {
            entries.push_back({id, 0});
            rawSizes.push_back(sizeOf(rng));
            id += std::uint32_t(1 + rng() % maxStep);
        }
    }

    // Scale every size by one factor so the total meets the target despite the 300 KB cap.
    double low = 0, high = 1;
    while (clampedTotal(rawSizes, high) < targetBytes && high < 1e9)
        high *= 2;
    for (int step = 0; step < 60; ++step) {
        const double middle = (low + high) / 2;
        (clampedTotal(rawSizes, middle) < targetBytes ? low : high) = middle;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i].size = std::uint32_t(
            std::min<std::uint64_t>(kMaxPortalEntryBytes, std::llround(rawSizes[i] * high)));
    return entries;
}

WriteSeconds saveTimed(dat::DatWriter& writer, Clock::time_point start, const QString& path) {
    WriteSeconds seconds;
    seconds.plan = secondsSince(start);
    const auto saveStart = Clock::now();
    writer.save(path);
    seconds.save = secondsSince(saveStart);
    return seconds;
}

WriteSeconds writePlannedDat(const std::vector<PlannedEntry>& plan, dat::DatKind kind,
                             std::uint32_t blockSize, std::uint64_t seed, const QString& path) {
    const auto start = Clock::now();
    const std::vector<char> pool = payloadPool(seed); // outlives the writer, which views it
    dat::DatWriter writer(kind, blockSize);
    for (const PlannedEntry& planned : plan) {
        dat::WriterEntry entry;
        entry.id = planned.id;
        entry.data = payloadSlice(pool, seed, planned.id, planned.size);
        writer.put(std::move(entry));
    }
    return saveTimed(writer, start, path);
}

void writePortalBenchDat(const QString& path, PortalSize size, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    writePlannedDat(planPortal(size.entries, std::uint64_t(size.payloadMiB * kMiB), rng),
                    dat::DatKind::Portal, kPortalBlockSize, seed, path);
}

} // namespace portalkit::bench
