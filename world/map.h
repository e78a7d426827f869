#pragma once

// The world map (docs/world.md#world-map): a cell DAT's outdoor cells as an RGBA8 image, north
// up, coloured by the Region's terrain type map colours, hillshaded from the terrain planes,
// roads drawn over, landblocks the DAT lacks in a background colour; and what each populated
// landblock holds (LandBlockInfo, EnvCells). Plain bytes, no QImage: `portalkit map` and the
// studio's map dock wrap them.

#include "datreader/container/dat_file.h"
#include "datreader/records/region.h"
#include "world/coords.h"
#include "world/terrain.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portalkit::world {

// A rectangle of landblocks, bounds included (X east, Y north, 0..254).
struct BlockArea {
    int xMin = 0, yMin = 0, xMax = kBlocksPerSide - 1, yMax = kBlocksPerSide - 1;
    bool contains(int x, int y) const { return x >= xMin && x <= xMax && y >= yMin && y <= yMax; }
    bool operator==(const BlockArea&) const = default;
};

// The smallest area holding every listed landblock (ids 0xXXYY....); the whole world for none.
BlockArea areaOf(const std::vector<std::uint32_t>& landblocks);

struct MapOptions {
    static constexpr int kMaxCellPixels = 8;
    // The largest image drawn: 64 Mi pixels, 256 MiB of RGBA.
    static constexpr std::int64_t kMaxPixels = std::int64_t(1) << 26;

    int cellPixels = 1; // pixels along each side of a 24 m cell, 1..8
    BlockArea area;     // what the image covers
    // When non-empty, only these landblocks (ids 0xXXYY....) are drawn; the rest is background.
    std::vector<std::uint32_t> only;
    bool hillshade = true;
    std::uint32_t background = 0xFF181C22;  // 0xAARRGGBB, landblocks the DAT lacks
    std::uint32_t road = 0xFFB4A486;        // PortalKit's road colour (docs/world.md#world-map)
    std::uint32_t unknownType = 0xFF808080; // a terrain type the Region does not list
    // Threads drawing landblocks, 0 for one per core. One by default: a second did not pay on
    // the container bench (docs/benchmarks.md).
    int threads = 1;
    // Set from another thread to stop early (the studio's dock); the image is then partial.
    const std::atomic<bool>* cancel = nullptr;
};

// Why these options cannot be drawn (cell pixels out of range, an empty or inverted area, an
// image above kMaxPixels), or nothing when they can.
std::optional<std::string> mapOptionsError(const MapOptions& options);

// RGBA8 pixels, 4 bytes each in R, G, B, A order, rows from the north edge down.
struct MapImage {
    int width = 0, height = 0;
    int cellPixels = 1;
    BlockArea area;
    std::vector<std::uint8_t> rgba;

    // 0xAARRGGBB of pixel (x, y), x east from the west edge, y down from the north edge.
    std::uint32_t pixel(int x, int y) const;
    // The outdoor cell under pixel (x, y), or nothing outside the image.
    std::optional<Lcoord> lcoordAt(int x, int y) const;
    // The top-left pixel of a cell's square, or nothing when the image does not cover it.
    std::optional<std::pair<int, int>> pixelOf(Lcoord cell) const;
};

// A landblock the cell DAT holds a LandBlock (0xXXYYFFFF) for.
struct LandblockSummary {
    std::uint32_t id = 0;                   // 0xXXYYFFFF
    bool hasInfo = false;                   // a LandBlockInfo 0xXXYYFFFE entry is in the DAT
    bool flagsInfo = false;                 // the LandBlock's hasObjects field says it has one
    std::uint32_t envCells = 0;             // entries 0xXXYY0100..0xXXYYFFFD in the DAT
    std::optional<std::uint32_t> infoCells; // LandBlockInfo.numCells, when decoded
};

struct MapStats {
    std::uint64_t landblocks = 0; // LandBlocks drawn
};

// The populated landblocks of `cells` inside `area` (and `only`, when non-empty), in id order,
// from the directory alone; with `decodeInfos` each LandBlockInfo is decoded for numCells.
// Throws DatError naming the DID of an entry that cannot be read or decoded.
std::vector<LandblockSummary> summarizeLandblocks(const dat::DatFile& cells, const BlockArea& area,
                                                  const std::vector<std::uint32_t>& only,
                                                  bool decodeInfos);

// The type a 1-pixel cell shows: the most frequent of its corners' terrain types, a tie going
// to the type met first in the order SW, SE, NE, NW.
int cellMapType(const LandblockTerrain& terrain, int cx, int cy);
// Whether a pixel at landblock-local (x, y) of cell (cx, cy) is drawn as road, for a map of
// `cellPixels`: below 4 pixels a cell is road when two or more of its corners carry road bits;
// from 4 on, the point itself must be on the road (onRoad, docs/world.md#scenery).
bool mapRoadAt(const LandblockTerrain& terrain, int cx, int cy, float x, float y, int cellPixels);
// The light factor of a cell whose mean triangle normal is `normal`: 1 for level ground,
// brighter facing the north-west light (45 degrees up), darker facing away, in [0.45, 1.4].
float hillshadeFactor(Vec3 normal);
// 0xAARRGGBB scaled by `factor` (colour channels, clamped; alpha forced to 0xFF).
std::uint32_t shadeColor(std::uint32_t argb, float factor);

// Draws the map of `cells` with `region`'s colours and height table. Throws DatError naming the
// DID of a LandBlock that cannot be read or decoded, std::invalid_argument for bad options.
MapImage drawWorldMap(const dat::DatFile& cells, const dat::Region& region,
                      const MapOptions& options, MapStats* stats = nullptr);

} // namespace portalkit::world
