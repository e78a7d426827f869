#pragma once

// Terrain for a cell DAT: one spec ("generate": "terrain") describes a rectangle of landblocks
// and yields a LandBlock for each, plus a LandBlockInfo for each landblock its "statics" name
// (docs/demo.md#the-demo-cell-dat). Everything is a function of world coordinates, so the edge
// vertices two neighbouring landblocks share get the same height, type, road and scenery bits.
// Heights are given in metres and stored as the index of the nearest entry of the Region's land
// height table; terrain types and scenery bits are checked against the Region's terrain types.
// No transcendental maths goes into the terrain itself, so two builds give the same bytes.

#include "datreader/io/json_node.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::authoring {

// The terrain of one spec, read and checked once; errors name the DID and the spec path.
class TerrainSpec {
  public:
    // The ids a spec yields, from "blocks" and "statics" alone (so the sources can be listed
    // before any Region is read).
    static std::vector<std::uint32_t> recordIds(const dat::JsonNode& spec);

    TerrainSpec(const dat::JsonNode& spec, const dat::Region& region);

    // The LandBlock 0xXXYYFFFF or the LandBlockInfo 0xXXYYFFFE of a landblock in the spec.
    // hasObjects is left 0: whether a LandBlockInfo exists is the sources' business.
    dat::LandBlock landBlock(std::uint32_t did) const;
    dat::LandBlockInfo landBlockInfo(std::uint32_t did) const;

    // The field in world metres (x east, y north; landblock X starts at 192·X):
    // the continuous height, the height index stored for a vertex there, and its terrain word.
    double metres(double worldX, double worldY) const;
    std::uint8_t heightIndex(double worldX, double worldY) const;
    std::uint16_t terrainWord(double worldX, double worldY) const;

  private:
    struct Ramp {
        bool alongY = false;
        double from = 0, to = 0, rise = 0;
    };
    struct Flat {
        double x = 0, y = 0, radius = 0, blend = 0, height = 0;
        std::optional<std::uint16_t> type;
    };
    struct Road {
        std::vector<std::array<double, 2>> points;
        double halfWidth = 0;
    };
    struct Static {
        std::uint32_t landblock = 0; // 0xXXYY
        std::uint32_t model = 0;
        double x = 0, y = 0, sink = 0, heading = 0;
    };
    enum TypeRole { Rock, Grass, Forest, Dirt, Sand, Snow, ShallowWater, DeepWater, kRoles };

    void readFeatures(const dat::JsonNode& spec);
    void readTypes(const dat::JsonNode& types);
    void readStatics(const dat::JsonNode& statics);
    std::uint16_t type(TypeRole role) const;
    std::uint16_t terrainTypeAt(double worldX, double worldY) const;
    std::uint16_t sceneryAt(std::uint16_t type, double worldX, double worldY) const;
    bool onRoad(double worldX, double worldY) const;
    double noise(double worldX, double worldY, double wavelength, std::uint32_t seed) const;
    double surfaceHeight(std::uint32_t landblock, double x, double y) const;

    dat::JsonNode m_spec;
    std::array<float, 256> m_table{};
    std::vector<std::size_t> m_sceneTypeCounts; // per Region terrain type
    std::uint32_t m_west = 0, m_south = 0, m_east = 0, m_north = 0;
    double m_originX = 0, m_originY = 0; // world metres of the area's south-west corner
    double m_base = 0;
    double m_hillAmplitude = 0, m_hillWavelength = 1;
    std::uint32_t m_hillSeed = 0;
    std::vector<Ramp> m_ramps;
    std::vector<Flat> m_flats;
    std::vector<Road> m_roads;
    std::vector<Static> m_statics;
    double m_waterLevel = 0, m_shallowDepth = 0, m_beach = 0;
    double m_snowLine = 0, m_rockNormalZ = 0;
    double m_forestWavelength = 1, m_forestAbove = 1;
    std::uint32_t m_forestSeed = 0;
    std::array<std::optional<std::uint16_t>, kRoles> m_types;
};

} // namespace portalkit::authoring
