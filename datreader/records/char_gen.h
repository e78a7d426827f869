#pragma once

// CharGen (0x0E000002): what character creation offers — the start areas, and per heritage its
// model, credits, start areas, skill costs, templates and, per gender, the setup, tables and the
// appearance choices (hair, eyes, nose, mouth, starting clothes) with the object descriptions
// that apply them (docs/formats.md#chargen). The appearance part lives in char_gen_sex.cpp.

#include "datreader/records/character_common.h"
#include "datreader/records/dat_strings.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// A DID stored as an offset from its type's first id (2 or 4 bytes); `longForm` keeps the
// 4-byte form of an offset that would fit in 2.
struct PackedId {
    std::uint32_t did = 0;
    bool longForm = false;
    bool operator==(const PackedId&) const = default;
};

struct SubPalette {
    PackedId palette;           // a Palette (0x04...)
    std::uint8_t offset = 0;    // first colour replaced, in units of 8 colours
    std::uint8_t numColors = 0; // colours replaced, in units of 8
    bool operator==(const SubPalette&) const = default;
};

struct TextureMapChange {
    std::uint8_t partIndex = 0;
    PackedId oldTexture; // SurfaceTextures (0x05...)
    PackedId newTexture;
    bool operator==(const TextureMapChange&) const = default;
};

struct AnimPartChange {
    std::uint8_t partIndex = 0;
    PackedId partId; // a GfxObj (0x01...)
    bool operator==(const AnimPartChange&) const = default;
};

// How an appearance choice changes the model: palette ranges, textures and parts. Aligned to
// four bytes before and after; both fills are kept raw.
struct ObjDesc {
    static constexpr std::uint8_t kDefaultVersion = 0x11; // ACE: "always 11"; meaning unknown

    std::uint32_t padBefore = 0;
    std::uint8_t version = kDefaultVersion; // the first byte, raw
    PackedId paletteId;                     // a Palette; stored only when there are sub-palettes
    std::vector<SubPalette> subPalettes;
    std::vector<TextureMapChange> textureChanges;
    std::vector<AnimPartChange> animPartChanges;
    std::uint32_t padAfter = 0;
    bool operator==(const ObjDesc&) const = default;
};

struct HairStyleCG {
    std::uint32_t iconId = 0;         // a RenderSurface
    std::uint8_t bald = 0;            // one byte, raw (1: bald)
    std::uint32_t alternateSetup = 0; // a Setup replacing the model, or 0
    ObjDesc objDesc;
    bool operator==(const HairStyleCG&) const = default;
};

struct EyeStripCG {
    std::uint32_t iconId = 0;
    std::uint32_t baldIconId = 0;
    ObjDesc objDesc;
    ObjDesc baldObjDesc;
    bool operator==(const EyeStripCG&) const = default;
};

// A nose or mouth strip.
struct FaceStripCG {
    std::uint32_t iconId = 0;
    ObjDesc objDesc;
    bool operator==(const FaceStripCG&) const = default;
};

// A starting garment.
struct GearCG {
    PString name;
    std::uint32_t clothingTable = 0; // a ClothingTable (0x10...)
    std::uint32_t weenieDefault = 0; // the item's weenie class
    bool operator==(const GearCG&) const = default;
};

struct SexCG {
    PString name;
    std::uint32_t scale = 0; // percent
    std::uint32_t setupId = 0;
    std::uint32_t soundTable = 0;
    std::uint32_t iconId = 0;
    std::uint32_t basePalette = 0;
    std::uint32_t skinPalSet = 0;
    std::uint32_t physicsTable = 0; // a PhysicsScriptTable
    std::uint32_t motionTable = 0;
    std::uint32_t combatTable = 0;
    ObjDesc baseObjDesc;
    std::vector<std::uint32_t> hairColors; // PalSets
    std::vector<HairStyleCG> hairStyles;
    std::vector<std::uint32_t> eyeColors; // Palettes
    std::vector<EyeStripCG> eyeStrips;
    std::vector<FaceStripCG> noseStrips;
    std::vector<FaceStripCG> mouthStrips;
    std::vector<GearCG> headgears;
    std::vector<GearCG> shirts;
    std::vector<GearCG> pants;
    std::vector<GearCG> footwear;
    std::vector<std::uint32_t> clothingColors; // palette template numbers
    bool operator==(const SexCG&) const = default;
};

struct SkillCG {
    std::uint32_t skill = 0; // skill number
    std::int32_t normalCost = 0;
    std::int32_t primaryCost = 0;
    bool operator==(const SkillCG&) const = default;
};

// A profession template: suggested attributes and skills.
struct TemplateCG {
    PString name;
    std::uint32_t iconId = 0;
    std::uint32_t title = 0;
    std::int32_t strength = 0, endurance = 0, coordination = 0, quickness = 0, focus = 0, self = 0;
    std::vector<std::uint32_t> normalSkills;  // trained
    std::vector<std::uint32_t> primarySkills; // specialised
    bool operator==(const TemplateCG&) const = default;
};

struct HeritageGroupCG {
    PString name;
    std::uint32_t iconId = 0;
    std::uint32_t setupId = 0;            // the basic character model
    std::uint32_t environmentSetupId = 0; // the creation screen's backdrop
    std::uint32_t attributeCredits = 0;
    std::uint32_t skillCredits = 0;
    std::vector<std::int32_t> primaryStartAreas; // indices into CharGen::startingAreas
    std::vector<std::int32_t> secondaryStartAreas;
    std::vector<SkillCG> skills;
    std::vector<TemplateCG> templates;
    std::uint8_t genderBucketIndex = 1;     // the HashTable's bucket-size index, raw
    std::vector<KeyedEntry<SexCG>> genders; // gender number -> gender, stored order
    bool operator==(const HeritageGroupCG&) const = default;
};

struct StartingArea {
    PString name;
    std::vector<Position> locations;
    bool operator==(const StartingArea&) const = default;
};

struct CharGen {
    static constexpr std::string_view kTypeName = "CharGen";
    // The bucket-size index retail's hash tables hold (ACE skips "a 0x01 byte" before both) and
    // a source that leaves it out gets: 23 buckets.
    static constexpr std::uint8_t kDefaultBucketIndex = 1;

    std::uint32_t id = 0;
    std::uint32_t dataId = 0; // the record names itself again, kept raw
    std::vector<StartingArea> startingAreas;
    std::uint8_t heritageBucketIndex = kDefaultBucketIndex;
    std::vector<KeyedEntry<HeritageGroupCG>> heritageGroups; // heritage number -> group
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(CharGen);
};

// The gender codec, in char_gen_sex.cpp.
namespace chargen {
inline constexpr std::size_t kSmallestSex = 1 + 9 * 4 + 4 + 11;
SexCG readSex(ByteCursor& in);
void writeSex(ByteWriter& out, const SexCG& sex);
QJsonObject sexToJson(const SexCG& sex);
SexCG sexFromJson(const JsonNode& node);
} // namespace chargen

} // namespace portalkit::dat
