#include "preview/effects/script_table.h"

#include <array>
#include <cctype>
#include <limits>

namespace portalkit::preview {

std::optional<std::uint32_t> resolveScript(const dat::PhysicsScriptTable& table, std::uint32_t type,
                                           float intensity) {
    for (const dat::PhysicsScriptTable::Entry& entry : table.entries) {
        if (entry.scriptType != type)
            continue;
        // x87 `fcom; test ah, 0x41; jnp`: taken on less-than or equal, not on unordered, so a
        // NaN intensity walks past every entry.
        for (const dat::PhysicsScriptTable::ScriptAndMod& script : entry.scripts)
            if (intensity <= script.mod)
                return script.scriptId;
        return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// The PlayScript values by name, as the server enum spells them (index = value).
constexpr std::array<std::string_view, 0xAE> kPlayScriptNames{"Invalid",
                                                              "Test1",
                                                              "Test2",
                                                              "Test3",
                                                              "Launch",
                                                              "Explode",
                                                              "AttribUpRed",
                                                              "AttribDownRed",
                                                              "AttribUpOrange",
                                                              "AttribDownOrange",
                                                              "AttribUpYellow",
                                                              "AttribDownYellow",
                                                              "AttribUpGreen",
                                                              "AttribDownGreen",
                                                              "AttribUpBlue",
                                                              "AttribDownBlue",
                                                              "AttribUpPurple",
                                                              "AttribDownPurple",
                                                              "SkillUpRed",
                                                              "SkillDownRed",
                                                              "SkillUpOrange",
                                                              "SkillDownOrange",
                                                              "SkillUpYellow",
                                                              "SkillDownYellow",
                                                              "SkillUpGreen",
                                                              "SkillDownGreen",
                                                              "SkillUpBlue",
                                                              "SkillDownBlue",
                                                              "SkillUpPurple",
                                                              "SkillDownPurple",
                                                              "SkillDownBlack",
                                                              "HealthUpRed",
                                                              "HealthDownRed",
                                                              "HealthUpBlue",
                                                              "HealthDownBlue",
                                                              "HealthUpYellow",
                                                              "HealthDownYellow",
                                                              "RegenUpRed",
                                                              "RegenDownRed",
                                                              "RegenUpBlue",
                                                              "RegenDownBlue",
                                                              "RegenUpYellow",
                                                              "RegenDownYellow",
                                                              "ShieldUpRed",
                                                              "ShieldDownRed",
                                                              "ShieldUpOrange",
                                                              "ShieldDownOrange",
                                                              "ShieldUpYellow",
                                                              "ShieldDownYellow",
                                                              "ShieldUpGreen",
                                                              "ShieldDownGreen",
                                                              "ShieldUpBlue",
                                                              "ShieldDownBlue",
                                                              "ShieldUpPurple",
                                                              "ShieldDownPurple",
                                                              "ShieldUpGrey",
                                                              "ShieldDownGrey",
                                                              "EnchantUpRed",
                                                              "EnchantDownRed",
                                                              "EnchantUpOrange",
                                                              "EnchantDownOrange",
                                                              "EnchantUpYellow",
                                                              "EnchantDownYellow",
                                                              "EnchantUpGreen",
                                                              "EnchantDownGreen",
                                                              "EnchantUpBlue",
                                                              "EnchantDownBlue",
                                                              "EnchantUpPurple",
                                                              "EnchantDownPurple",
                                                              "VitaeUpWhite",
                                                              "VitaeDownBlack",
                                                              "VisionUpWhite",
                                                              "VisionDownBlack",
                                                              "SwapHealthRedToYellow",
                                                              "SwapHealthRedToBlue",
                                                              "SwapHealthYellowToRed",
                                                              "SwapHealthYellowToBlue",
                                                              "SwapHealthBlueToRed",
                                                              "SwapHealthBlueToYellow",
                                                              "TransUpWhite",
                                                              "TransDownBlack",
                                                              "Fizzle",
                                                              "PortalEntry",
                                                              "PortalExit",
                                                              "BreatheFlame",
                                                              "BreatheFrost",
                                                              "BreatheAcid",
                                                              "BreatheLightning",
                                                              "Create",
                                                              "Destroy",
                                                              "ProjectileCollision",
                                                              "SplatterLowLeftBack",
                                                              "SplatterLowLeftFront",
                                                              "SplatterLowRightBack",
                                                              "SplatterLowRightFront",
                                                              "SplatterMidLeftBack",
                                                              "SplatterMidLeftFront",
                                                              "SplatterMidRightBack",
                                                              "SplatterMidRightFront",
                                                              "SplatterUpLeftBack",
                                                              "SplatterUpLeftFront",
                                                              "SplatterUpRightBack",
                                                              "SplatterUpRightFront",
                                                              "SparkLowLeftBack",
                                                              "SparkLowLeftFront",
                                                              "SparkLowRightBack",
                                                              "SparkLowRightFront",
                                                              "SparkMidLeftBack",
                                                              "SparkMidLeftFront",
                                                              "SparkMidRightBack",
                                                              "SparkMidRightFront",
                                                              "SparkUpLeftBack",
                                                              "SparkUpLeftFront",
                                                              "SparkUpRightBack",
                                                              "SparkUpRightFront",
                                                              "PortalStorm",
                                                              "Hide",
                                                              "UnHide",
                                                              "Hidden",
                                                              "DisappearDestroy",
                                                              "SpecialState1",
                                                              "SpecialState2",
                                                              "SpecialState3",
                                                              "SpecialState4",
                                                              "SpecialState5",
                                                              "SpecialState6",
                                                              "SpecialState7",
                                                              "SpecialState8",
                                                              "SpecialState9",
                                                              "SpecialState0",
                                                              "SpecialStateRed",
                                                              "SpecialStateOrange",
                                                              "SpecialStateYellow",
                                                              "SpecialStateGreen",
                                                              "SpecialStateBlue",
                                                              "SpecialStatePurple",
                                                              "SpecialStateWhite",
                                                              "SpecialStateBlack",
                                                              "LevelUp",
                                                              "EnchantUpGrey",
                                                              "EnchantDownGrey",
                                                              "WeddingBliss",
                                                              "EnchantUpWhite",
                                                              "EnchantDownWhite",
                                                              "CampingMastery",
                                                              "CampingIneptitude",
                                                              "DispelLife",
                                                              "DispelCreature",
                                                              "DispelAll",
                                                              "BunnySmite",
                                                              "BaelZharonSmite",
                                                              "WeddingSteele",
                                                              "RestrictionEffectBlue",
                                                              "RestrictionEffectGreen",
                                                              "RestrictionEffectGold",
                                                              "LayingOfHands",
                                                              "AugmentationUseAttribute",
                                                              "AugmentationUseSkill",
                                                              "AugmentationUseResistances",
                                                              "AugmentationUseOther",
                                                              "BlackMadness",
                                                              "AetheriaLevelUp",
                                                              "AetheriaSurgeDestruction",
                                                              "AetheriaSurgeProtection",
                                                              "AetheriaSurgeRegeneration",
                                                              "AetheriaSurgeAffliction",
                                                              "AetheriaSurgeFestering",
                                                              "HealthDownVoid",
                                                              "RegenDownVoid",
                                                              "SkillDownVoid",
                                                              "DirtyFightingHealDebuff",
                                                              "DirtyFightingAttackDebuff",
                                                              "DirtyFightingDefenseDebuff",
                                                              "DirtyFightingDamageOverTime"};

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

std::optional<std::uint32_t> playScriptFromName(std::string_view name) {
    for (std::size_t value = 0; value < kPlayScriptNames.size(); ++value)
        if (equalsIgnoringCase(kPlayScriptNames[value], name))
            return std::uint32_t(value);
    return std::nullopt;
}

QString playScriptName(std::uint32_t type) {
    if (type >= kPlayScriptNames.size())
        return {};
    const std::string_view name = kPlayScriptNames[type];
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

std::optional<float> parseIntensity(const QString& text) {
    const QString lower = text.trimmed().toLower();
    if (lower == "nan")
        return std::numeric_limits<float>::quiet_NaN();
    if (lower == "inf" || lower == "+inf")
        return std::numeric_limits<float>::infinity();
    if (lower == "-inf")
        return -std::numeric_limits<float>::infinity();
    bool ok = false;
    const float value = lower.toFloat(&ok);
    return ok ? std::optional<float>(value) : std::nullopt;
}

} // namespace portalkit::preview
