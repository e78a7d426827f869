#include "world/map.h"

#include "datreader/container/entry_reader.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "world/scenery.h"

#include <algorithm>
#include <array>
#include <exception>
#include <stdexcept>
#include <thread>

namespace portalkit::world {
namespace {

constexpr std::uint32_t kInfoLow = 0xFFFE;
constexpr std::uint32_t kBlockLow = 0xFFFF;
// Below this many pixels per cell a road along a cell edge would fall between the samples, so
// the corner rule draws it (docs/world.md#world-map).
constexpr int kPointRoadPixels = 4;

bool wanted(std::uint32_t id, const BlockArea& area, const std::vector<std::uint32_t>& only) {
    if (!area.contains(blockX(id), blockY(id)))
        return false;
    return only.empty() || std::binary_search(only.begin(), only.end(), landblockOf(id));
}

std::vector<std::uint32_t> sortedBlocks(std::vector<std::uint32_t> ids) {
    for (std::uint32_t& id : ids)
        id = landblockOf(id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// The mean of the cell's two triangle normals, normalised.
Vec3 cellNormal(const LandblockTerrain& terrain, int cx, int cy) {
    const Vec3 sum =
        terrain.polygon(cx, cy, 0).plane.normal + terrain.polygon(cx, cy, 1).plane.normal;
    const float len = length(sum);
    return len < kEpsilon ? Vec3{0, 0, 1} : sum * (1.0f / len);
}

void putPixel(MapImage& image, int x, int y, std::uint32_t argb) {
    std::uint8_t* p =
        image.rgba.data() + (std::size_t(y) * std::size_t(image.width) + std::size_t(x)) * 4;
    p[0] = std::uint8_t(argb >> 16);
    p[1] = std::uint8_t(argb >> 8);
    p[2] = std::uint8_t(argb);
    p[3] = std::uint8_t(argb >> 24);
}

std::uint32_t typeColor(const dat::Region& region, const MapOptions& options, int type) {
    const auto& types = region.terrain.terrainTypes;
    return std::size_t(type) < types.size() ? types[std::size_t(type)].color : options.unknownType;
}

// One landblock's cells into the image (which covers it).
void drawLandblock(const LandblockTerrain& terrain, const dat::Region& region,
                   const MapOptions& options, MapImage& image) {
    const int n = options.cellPixels;
    const auto origin = image.pixelOf({kCellsPerBlock * blockX(terrain.id()),
                                       kCellsPerBlock * blockY(terrain.id()) + kCellsPerBlock - 1});
    const float step = kCellLength / float(n);
    for (int cx = 0; cx < kCellsPerBlock; ++cx) {
        for (int cy = 0; cy < kCellsPerBlock; ++cy) {
            const float light =
                options.hillshade ? hillshadeFactor(cellNormal(terrain, cx, cy)) : 1;
            const std::uint32_t ground =
                shadeColor(typeColor(region, options, cellMapType(terrain, cx, cy)), light);
            const std::uint32_t road = shadeColor(options.road, light);
            const int left = origin->first + cx * n;
            const int top = origin->second + (kCellsPerBlock - 1 - cy) * n;
            for (int j = 0; j < n; ++j) {     // rows from the cell's north edge
                for (int i = 0; i < n; ++i) { // columns from its west edge
                    const float x = kCellLength * float(cx) + (float(i) + 0.5f) * step;
                    const float y = kCellLength * float(cy + 1) - (float(j) + 0.5f) * step;
                    const bool onRoad = mapRoadAt(terrain, cx, cy, x, y, n);
                    putPixel(image, left + i, top + j, onRoad ? road : ground);
                }
            }
        }
    }
}

struct BlockJob {
    const dat::DatFile& cells;
    const dat::Region& region;
    const MapOptions& options;
    MapImage& image;
};

// Reads, decodes and draws landblocks [begin, end) of `ids`; errors carry the DID.
void drawRange(const BlockJob& job, const std::vector<const dat::EntryInfo*>& entries,
               std::size_t begin, std::size_t end) {
    dat::EntryReader reader(job.cells);
    std::vector<std::uint8_t> scratch;
    for (std::size_t i = begin; i < end; ++i) {
        if (job.options.cancel && job.options.cancel->load(std::memory_order_relaxed))
            return;
        const dat::EntryInfo& entry = *entries[i];
        try {
            const auto bytes = reader.view(entry, scratch);
            const dat::LandBlock block = dat::LandBlock::decode(bytes, entry.id);
            drawLandblock(LandblockTerrain(block, job.region.landDefs), job.region, job.options,
                          job.image);
        } catch (dat::DatError& error) {
            error.withDid(entry.id).withContext("drawing the map");
            throw;
        }
    }
}

} // namespace

BlockArea areaOf(const std::vector<std::uint32_t>& landblocks) {
    if (landblocks.empty())
        return {};
    BlockArea area{kBlocksPerSide, kBlocksPerSide, -1, -1};
    for (std::uint32_t id : landblocks) {
        area.xMin = std::min(area.xMin, blockX(id));
        area.xMax = std::max(area.xMax, blockX(id));
        area.yMin = std::min(area.yMin, blockY(id));
        area.yMax = std::max(area.yMax, blockY(id));
    }
    return area;
}

std::optional<std::string> mapOptionsError(const MapOptions& options) {
    if (options.cellPixels < 1 || options.cellPixels > MapOptions::kMaxCellPixels)
        return "cell pixels must be 1 to 8, not " + std::to_string(options.cellPixels);
    const BlockArea& a = options.area;
    if (a.xMin < 0 || a.yMin < 0 || a.xMax >= kBlocksPerSide || a.yMax >= kBlocksPerSide ||
        a.xMin > a.xMax || a.yMin > a.yMax)
        return "the area must lie within landblocks 0..254 with its minimum at most its maximum";
    const std::int64_t side = std::int64_t(kCellsPerBlock) * options.cellPixels;
    const std::int64_t pixels =
        std::int64_t(a.xMax - a.xMin + 1) * side * std::int64_t(a.yMax - a.yMin + 1) * side;
    if (pixels > MapOptions::kMaxPixels)
        return "the image would have " + std::to_string(pixels) +
               " pixels, more than 64 Mi; draw fewer landblocks or fewer cell pixels";
    return std::nullopt;
}

std::uint32_t MapImage::pixel(int x, int y) const {
    const std::uint8_t* p =
        rgba.data() + (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4;
    return std::uint32_t(p[3]) << 24 | std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2];
}

std::optional<Lcoord> MapImage::lcoordAt(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height)
        return std::nullopt;
    return Lcoord{kCellsPerBlock * area.xMin + x / cellPixels,
                  kCellsPerBlock * (area.yMax + 1) - 1 - y / cellPixels};
}

std::optional<std::pair<int, int>> MapImage::pixelOf(Lcoord cell) const {
    const int column = cell.x - kCellsPerBlock * area.xMin;
    const int row = kCellsPerBlock * (area.yMax + 1) - 1 - cell.y;
    if (column < 0 || row < 0 || column * cellPixels >= width || row * cellPixels >= height)
        return std::nullopt;
    return std::pair{column * cellPixels, row * cellPixels};
}

std::vector<LandblockSummary> summarizeLandblocks(const dat::DatFile& cells, const BlockArea& area,
                                                  const std::vector<std::uint32_t>& only,
                                                  bool decodeInfos) {
    const std::vector<std::uint32_t> filter = sortedBlocks(only);
    // Entries are in id order, so a landblock's EnvCells, its LandBlockInfo and its LandBlock
    // come one after another: one pass counts them.
    std::vector<LandblockSummary> out;
    LandblockSummary current;
    std::uint32_t currentBlock = 0;
    dat::EntryReader reader(cells);
    std::vector<std::uint8_t> scratch;
    for (const dat::EntryInfo& entry : cells.entries()) {
        if (!wanted(entry.id, area, filter))
            continue;
        if (landblockOf(entry.id) != currentBlock) {
            current = {};
            currentBlock = landblockOf(entry.id);
        }
        const std::uint32_t low = entry.id & 0xFFFF;
        if (isEnvCell(entry.id)) {
            ++current.envCells;
        } else if (low == kInfoLow) {
            current.hasInfo = true;
            if (decodeInfos) {
                try {
                    current.infoCells =
                        dat::LandBlockInfo::decode(reader.view(entry, scratch), entry.id).numCells;
                } catch (dat::DatError& error) {
                    error.withDid(entry.id).withContext("summarising the landblocks");
                    throw;
                }
            }
        } else if (low == kBlockLow) {
            current.id = entry.id;
            // The hasObjects field is the LandBlock's first word after its id.
            std::array<std::uint8_t, 8> head{};
            if (entry.size >= head.size()) {
                const auto bytes = reader.view(entry, scratch);
                current.flagsInfo = bytes[4] | bytes[5] | bytes[6] | bytes[7];
            }
            out.push_back(current);
        }
    }
    return out;
}

int cellMapType(const LandblockTerrain& terrain, int cx, int cy) {
    const std::array<int, 4> corners{terrain.terrainType(cx, cy), terrain.terrainType(cx + 1, cy),
                                     terrain.terrainType(cx + 1, cy + 1),
                                     terrain.terrainType(cx, cy + 1)};
    int best = corners[0], bestCount = 0;
    for (int type : corners) {
        const int count = int(std::count(corners.begin(), corners.end(), type));
        if (count > bestCount) { // strictly more: a tie keeps the type met first
            best = type;
            bestCount = count;
        }
    }
    return best;
}

bool mapRoadAt(const LandblockTerrain& terrain, int cx, int cy, float x, float y, int cellPixels) {
    if (cellPixels >= kPointRoadPixels)
        return onRoad(terrain, x, y);
    const int corners = (terrain.road(cx, cy) != 0) + (terrain.road(cx + 1, cy) != 0) +
                        (terrain.road(cx + 1, cy + 1) != 0) + (terrain.road(cx, cy + 1) != 0);
    return corners >= 2;
}

float hillshadeFactor(Vec3 normal) {
    // The light comes from the north-west, 45 degrees above the horizon; level ground keeps its
    // colour exactly (dot(up, L) / L.z = 1).
    constexpr Vec3 kLight{-0.5f, 0.5f, 0.70710678f};
    const float factor = dot(normal, kLight) / kLight.z;
    return std::clamp(factor, 0.45f, 1.4f);
}

std::uint32_t shadeColor(std::uint32_t argb, float factor) {
    if (factor == 1.0f)
        return argb | 0xFF000000u;
    auto channel = [&](int shift) {
        const float value = float((argb >> shift) & 0xFF) * factor + 0.5f;
        return std::uint32_t(std::clamp(value, 0.0f, 255.0f)) << shift;
    };
    return 0xFF000000u | channel(16) | channel(8) | channel(0);
}

MapImage drawWorldMap(const dat::DatFile& cells, const dat::Region& region,
                      const MapOptions& options, MapStats* stats) {
    if (const auto error = mapOptionsError(options))
        throw std::invalid_argument(*error);
    MapImage image;
    image.cellPixels = options.cellPixels;
    image.area = options.area;
    const int side = kCellsPerBlock * options.cellPixels;
    image.width = (options.area.xMax - options.area.xMin + 1) * side;
    image.height = (options.area.yMax - options.area.yMin + 1) * side;
    image.rgba.resize(std::size_t(image.width) * std::size_t(image.height) * 4);
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            putPixel(image, x, y, options.background | 0xFF000000u);

    const std::vector<std::uint32_t> filter = sortedBlocks(options.only);
    std::vector<const dat::EntryInfo*> blocks;
    for (const dat::EntryInfo& entry : cells.entries())
        if ((entry.id & 0xFFFF) == kBlockLow && wanted(entry.id, options.area, filter))
            blocks.push_back(&entry);

    const BlockJob job{cells, region, options, image};
    // Each landblock writes only its own pixels, so threads need no lock; each has its reader.
    const int threads = std::clamp(
        options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency()), 1, 16);
    const std::size_t chunk = (blocks.size() + std::size_t(threads) - 1) / std::size_t(threads);
    if (threads == 1 || blocks.size() < 64) {
        drawRange(job, blocks, 0, blocks.size());
    } else {
        std::vector<std::thread> workers;
        auto errors = std::vector<std::exception_ptr>(std::size_t(threads));
        for (int t = 0; t < threads; ++t) {
            const std::size_t begin = std::min(blocks.size(), std::size_t(t) * chunk);
            const std::size_t end = std::min(blocks.size(), begin + chunk);
            workers.emplace_back([&, t, begin, end] {
                try {
                    drawRange(job, blocks, begin, end);
                } catch (...) {
                    errors[std::size_t(t)] = std::current_exception();
                }
            });
        }
        for (std::thread& worker : workers)
            worker.join();
        for (const std::exception_ptr& error : errors) // the first in id order
            if (error)
                std::rethrow_exception(error);
    }
    if (stats)
        stats->landblocks = blocks.size();
    return image;
}

} // namespace portalkit::world
