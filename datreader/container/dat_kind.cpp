#include "datreader/container/dat_kind.h"

#include <algorithm>
#include <array>

namespace portalkit::dat {
namespace {

struct TypeRange {
    std::uint32_t first;
    std::uint32_t last;
    std::string_view name;
};

// client_portal.dat, docs/formats.md. Exact 0x0E ids come before the 0x0E ranges.
constexpr std::array kPortalTypes{
    TypeRange{0x01000000, 0x0100FFFF, "GfxObj"},
    TypeRange{0x02000000, 0x0200FFFF, "Setup"},
    TypeRange{0x03000000, 0x0300FFFF, "Animation"},
    TypeRange{0x04000000, 0x0400FFFF, "Palette"},
    TypeRange{0x05000000, 0x05FFFFFF, "SurfaceTexture"},
    TypeRange{0x06000000, 0x07FFFFFF, "RenderSurface"},
    TypeRange{0x08000000, 0x0800FFFF, "Surface"},
    TypeRange{0x09000000, 0x0900FFFF, "MotionTable"},
    TypeRange{0x0A000000, 0x0A00FFFF, "Wave"},
    TypeRange{0x0D000000, 0x0D00FFFF, "Environment"},
    TypeRange{0x0E000002, 0x0E000002, "CharGen"},
    TypeRange{0x0E000003, 0x0E000003, "VitalTable"},
    TypeRange{0x0E000004, 0x0E000004, "SkillTable"},
    TypeRange{0x0E000007, 0x0E000007, "ChatPoseTable"},
    TypeRange{0x0E00000D, 0x0E00000D, "ObjectHierarchy"},
    TypeRange{0x0E00000E, 0x0E00000E, "SpellTable"},
    TypeRange{0x0E00000F, 0x0E00000F, "SpellComponentTable"},
    TypeRange{0x0E000011, 0x0E000011, "TreasureTable"},
    TypeRange{0x0E000018, 0x0E000018, "XpTable"},
    TypeRange{0x0E000019, 0x0E000019, "CraftTable"},
    TypeRange{0x0E00001A, 0x0E00001A, "BadData"},
    TypeRange{0x0E00001B, 0x0E00001B, "QuestDefDb"},
    TypeRange{0x0E00001C, 0x0E00001C, "GameEventDb"},
    TypeRange{0x0E00001D, 0x0E00001D, "ContractTable"},
    TypeRange{0x0E00001E, 0x0E00001E, "TabooTable"},
    TypeRange{0x0E00001F, 0x0E00001F, "FileToId"},
    TypeRange{0x0E000020, 0x0E000020, "NameFilterTable"},
    TypeRange{0x0E010000, 0x0E01FFFF, "QualityFilter"},
    TypeRange{0x0E020000, 0x0E02FFFF, "MonitoredProperties"},
    TypeRange{0x0F000000, 0x0F00FFFF, "PaletteSet"},
    TypeRange{0x10000000, 0x1000FFFF, "ClothingTable"},
    TypeRange{0x11000000, 0x1100FFFF, "GfxObjDegradeInfo"},
    TypeRange{0x12000000, 0x1200FFFF, "Scene"},
    TypeRange{0x13000000, 0x1300FFFF, "Region"},
    TypeRange{0x14000000, 0x1400FFFF, "KeyMap"},
    TypeRange{0x15000000, 0x15FFFFFF, "RenderTexture"},
    TypeRange{0x16000000, 0x16FFFFFF, "RenderMaterial"},
    TypeRange{0x17000000, 0x17FFFFFF, "MaterialModifier"},
    TypeRange{0x18000000, 0x18FFFFFF, "MaterialInstance"},
    TypeRange{0x19000000, 0x19FFFFFF, "RenderMesh"},
    TypeRange{0x20000000, 0x2000FFFF, "SoundTable"},
    TypeRange{0x22000000, 0x22FFFFFF, "EnumMapper"},
    TypeRange{0x25000000, 0x25FFFFFF, "DidMapper"},
    TypeRange{0x26000000, 0x2600FFFF, "ActionMap"},
    TypeRange{0x27000000, 0x27FFFFFF, "DualDidMapper"},
    TypeRange{0x30000000, 0x3000FFFF, "CombatTable"},
    TypeRange{0x31000000, 0x3100FFFF, "String"},
    TypeRange{0x32000000, 0x3200FFFF, "ParticleEmitterInfo"},
    TypeRange{0x33000000, 0x3300FFFF, "PhysicsScript"},
    TypeRange{0x34000000, 0x3400FFFF, "PhysicsScriptTable"},
    TypeRange{0x38000000, 0x3800FFFF, "ItemMutation"},
    TypeRange{0x39000000, 0x39FFFFFF, "MasterProperty"},
    TypeRange{0x40000000, 0x40000FFF, "Font"},
    TypeRange{0x40001000, 0x400FFFFF, "FontLocal"},
    TypeRange{0x78000000, 0x7FFFFFFF, "DbProperties"},
    TypeRange{0x00000001, 0x0000FFFF, "WeenieDef"},
};

// client_local_English.dat, docs/formats.md.
constexpr std::array kLocalTypes{
    TypeRange{0x21000000, 0x21FFFFFF, "UiLayout"},
    TypeRange{0x23000000, 0x24FFFFFF, "StringTable"},
    TypeRange{0x41000000, 0x41FFFFFF, "StringState"},
};

// client_highres.dat holds RenderSurfaces only.
constexpr std::array kHighResTypes{
    TypeRange{0x06000000, 0x07FFFFFF, "RenderSurface"},
};

constexpr std::string_view kIteration = "Iteration";
constexpr std::string_view kUnknown = "Unknown";
constexpr std::array kCellTypeNames{std::string_view{"LandBlock"},
                                    std::string_view{"LandBlockInfo"}, std::string_view{"EnvCell"}};

template <std::size_t N>
std::string_view lookup(const std::array<TypeRange, N>& table, std::uint32_t did) {
    for (const auto& range : table)
        if (did >= range.first && did <= range.last)
            return range.name;
    return kUnknown;
}

template <std::size_t N>
std::vector<std::string_view> names(const std::array<TypeRange, N>& table) {
    std::vector<std::string_view> out;
    for (const auto& range : table)
        if (std::find(out.begin(), out.end(), range.name) == out.end())
            out.push_back(range.name);
    return out;
}

} // namespace

std::string_view kindName(DatKind kind) {
    switch (kind) {
    case DatKind::Portal:
        return "portal";
    case DatKind::Cell:
        return "cell";
    case DatKind::Local:
        return "local";
    case DatKind::HighRes:
        return "highres";
    case DatKind::Unknown:
        break;
    }
    return "unknown";
}

std::optional<DatKind> kindFromName(std::string_view name) {
    for (auto kind : {DatKind::Portal, DatKind::Cell, DatKind::Local, DatKind::HighRes})
        if (kindName(kind) == name)
            return kind;
    return std::nullopt;
}

std::uint32_t defaultBlockSize(DatKind kind) {
    return kind == DatKind::Cell ? 256 : 1024;
}

std::string_view typeName(DatKind kind, std::uint32_t did) {
    // The iteration record would read as an EnvCell in a cell DAT (docs/formats.md): classify
    // first.
    if (did == kIterationDid)
        return kIteration;
    switch (kind) {
    case DatKind::Portal:
        return lookup(kPortalTypes, did);
    case DatKind::Cell: {
        const std::uint32_t low = did & 0xFFFF;
        if (low == 0xFFFF)
            return kCellTypeNames[0];
        if (low == 0xFFFE)
            return kCellTypeNames[1];
        if (low >= 0x0100)
            return kCellTypeNames[2];
        return kUnknown;
    }
    case DatKind::Local:
        return lookup(kLocalTypes, did);
    case DatKind::HighRes:
        return lookup(kHighResTypes, did);
    case DatKind::Unknown:
        break;
    }
    return kUnknown;
}

std::vector<std::string_view> typeNames(DatKind kind) {
    std::vector<std::string_view> out;
    switch (kind) {
    case DatKind::Portal:
        out = names(kPortalTypes);
        break;
    case DatKind::Cell:
        out.assign(kCellTypeNames.begin(), kCellTypeNames.end());
        break;
    case DatKind::Local:
        out = names(kLocalTypes);
        break;
    case DatKind::HighRes:
        out = names(kHighResTypes);
        break;
    case DatKind::Unknown:
        break;
    }
    out.push_back(kIteration);
    out.push_back(kUnknown);
    return out;
}

} // namespace portalkit::dat
