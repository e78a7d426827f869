#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// The four DAT families of the end-of-retail client (docs/formats.md).
enum class DatKind { Portal, Cell, Local, HighRes, Unknown };

std::string_view kindName(DatKind kind);
std::optional<DatKind> kindFromName(std::string_view name);

// Block size a retail DAT of this kind uses.
std::uint32_t defaultBlockSize(DatKind kind);

constexpr std::uint32_t kIterationDid = 0xFFFF0001;

// One type's DIDs: first..last, both included.
struct TypeRange {
    std::uint32_t first;
    std::uint32_t last;
    std::string_view name;

    constexpr std::uint32_t size() const { return last - first + 1; }
};

// client_portal.dat (docs/formats.md#types-by-did). Exact 0x0E ids come before the 0x0E ranges.
inline constexpr std::array kPortalTypeRanges{
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

// The portal range of the type `name`. Evaluated at compile time, as every caller does
// (`constexpr auto gfxObj = portalTypeRange("GfxObj")`), a name not in the table fails to build.
constexpr const TypeRange& portalTypeRange(std::string_view name) {
    for (const TypeRange& range : kPortalTypeRanges)
        if (range.name == name)
            return range;
    throw std::invalid_argument("no portal type of that name");
}

// DID -> type name, per DAT kind (docs/formats.md). Every listing goes through this one table.
std::string_view typeName(DatKind kind, std::uint32_t did);
// All type names a DAT of `kind` can hold, for `--type` validation and help text.
std::vector<std::string_view> typeNames(DatKind kind);

} // namespace portalkit::dat
