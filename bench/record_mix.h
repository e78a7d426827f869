#pragma once

// The records suite's mix: each decodable type's share of the records it writes, and which DAT
// (portal or local) a type goes to. Kept beside the suite so a new type's share is one line here.

#include "datreader/container/dat_kind.h"
#include "datreader/records/record.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>
#include <variant>

namespace portalkit::bench {

// Each decodable type's share of the records, in dat::Record's order; meshes, textures and
// surfaces dominate as in a retail client_portal.dat.
// The local DAT's types: the suite writes them to a second, local DAT.
constexpr std::array kLocalRanges{
    dat::TypeRange{0x21000000, 0x21FFFFFF, "UiLayout"},
    dat::TypeRange{0x23000000, 0x24FFFFFF, "StringTable"},
    dat::TypeRange{0x41000000, 0x41FFFFFF, "StringState"},
};

constexpr bool isLocalType(std::string_view name) {
    for (const dat::TypeRange& range : kLocalRanges)
        if (range.name == name)
            return true;
    return false;
}

struct TypeShare {
    std::string_view name;
    std::uint32_t perMille;

    constexpr dat::DatKind kind() const {
        return isLocalType(name) ? dat::DatKind::Local : dat::DatKind::Portal;
    }
    constexpr const dat::TypeRange& range() const {
        for (const dat::TypeRange& local : kLocalRanges)
            if (local.name == name)
                return local;
        return dat::portalTypeRange(name);
    }
    constexpr std::uint32_t firstId() const { return range().first; }
    constexpr std::uint32_t lastId() const { return range().last; }
};

constexpr std::array<TypeShare, std::variant_size_v<dat::Record>> kRecordMix{{
    {"Setup", 80},
    {"GfxObj", 213},
    {"GfxObjDegradeInfo", 30},
    {"Surface", 120},
    {"SurfaceTexture", 80},
    {"RenderSurface", 160},
    {"Palette", 30},
    {"Animation", 90},
    {"MotionTable", 10},
    {"PhysicsScript", 20},
    {"PhysicsScriptTable", 5},
    {"ParticleEmitterInfo", 20},
    {"SoundTable", 5},
    {"Wave", 50},
    // The types RandomRecords does not draw repeat the demo DATs' records (record_templates.h);
    // a type of one id (the 0x0E tables) holds one however large its share. The cell types have
    // no portal id: the container suite's cell-like DAT (cell_dat.h) times LandBlock,
    // LandBlockInfo and EnvCell through decode-all.
    {"Environment", 10},
    {"LandBlock", 0},
    {"LandBlockInfo", 0},
    {"EnvCell", 0},
    {"Scene", 4},
    {"Region", 1},
    {"CharGen", 1},
    {"VitalTable", 1},
    {"SkillTable", 1},
    {"XpTable", 1},
    {"ContractTable", 1},
    {"BadData", 1},
    {"QualityFilter", 2},
    {"UiLayout", 4},
    {"StringTable", 6},
    {"StringState", 1},
    {"EnumMapper", 3},
    {"DidMapper", 1},
    {"DualDidMapper", 1},
    {"CombatTable", 3},
    {"Font", 1},
    {"PaletteSet", 14},
    {"ClothingTable", 10},
    {"RenderTexture", 2},
    {"MaterialInstance", 2},
    {"MaterialModifier", 1},
    {"SpellTable", 1},
    {"SpellComponentTable", 1},
    {"String", 4},
    {"ChatPoseTable", 1},
    {"ActionMap", 1},
    {"KeyMap", 1},
    {"MasterProperty", 1},
    {"DbProperties", 2},
    {"TabooTable", 1},
    {"NameFilterTable", 1},
    {"ObjectHierarchy", 1},
}};

// A decoder added to dat::Record without a share here fails to build.
template <std::size_t... I> constexpr bool mixFollowsRecord(std::index_sequence<I...>) {
    return ((kRecordMix[I].name == std::variant_alternative_t<I, dat::Record>::kTypeName) && ...);
}
static_assert(mixFollowsRecord(std::make_index_sequence<kRecordMix.size()>()));

constexpr std::uint32_t totalPerMille() {
    std::uint32_t total = 0;
    for (const TypeShare& share : kRecordMix)
        total += share.perMille;
    return total;
}
static_assert(totalPerMille() == 1000);

} // namespace portalkit::bench
