#include "weenies/weenie.h"

#include <QByteArray>
#include <algorithm>
#include <array>
#include <cctype>

namespace portalkit::weenies {
namespace {

// ACE's PropertyDataId names (docs/world-data.md#did-properties): 1-61, and the two it adds
// above 9000 for itself.
struct DidName {
    std::uint16_t type;
    std::string_view name;
};
constexpr std::array kDidNames{
    DidName{1, "Setup"},
    DidName{2, "MotionTable"},
    DidName{3, "SoundTable"},
    DidName{4, "CombatTable"},
    DidName{5, "QualityFilter"},
    DidName{6, "PaletteBase"},
    DidName{7, "ClothingBase"},
    DidName{8, "Icon"},
    DidName{9, "EyesTexture"},
    DidName{10, "NoseTexture"},
    DidName{11, "MouthTexture"},
    DidName{12, "DefaultEyesTexture"},
    DidName{13, "DefaultNoseTexture"},
    DidName{14, "DefaultMouthTexture"},
    DidName{15, "HairPalette"},
    DidName{16, "EyesPalette"},
    DidName{17, "SkinPalette"},
    DidName{18, "HeadObject"},
    DidName{19, "ActivationAnimation"},
    DidName{20, "InitMotion"},
    DidName{21, "ActivationSound"},
    DidName{22, "PhysicsEffectTable"},
    DidName{23, "UseSound"},
    DidName{24, "UseTargetAnimation"},
    DidName{25, "UseTargetSuccessAnimation"},
    DidName{26, "UseTargetFailureAnimation"},
    DidName{27, "UseUserAnimation"},
    DidName{28, "Spell"},
    DidName{29, "SpellComponent"},
    DidName{30, "PhysicsScript"},
    DidName{31, "LinkedPortalOne"},
    DidName{32, "WieldedTreasureType"},
    DidName{33, "UnknownGuessedname"},
    DidName{34, "UnknownGuessedname2"},
    DidName{35, "DeathTreasureType"},
    DidName{36, "MutateFilter"},
    DidName{37, "ItemSkillLimit"},
    DidName{38, "UseCreateItem"},
    DidName{39, "DeathSpell"},
    DidName{40, "VendorsClassId"},
    DidName{41, "ItemSpecializedOnly"},
    DidName{42, "HouseId"},
    DidName{43, "AccountHouseId"},
    DidName{44, "RestrictionEffect"},
    DidName{45, "CreationMutationFilter"},
    DidName{46, "TsysMutationFilter"},
    DidName{47, "LastPortal"},
    DidName{48, "LinkedPortalTwo"},
    DidName{49, "OriginalPortal"},
    DidName{50, "IconOverlay"},
    DidName{51, "IconOverlaySecondary"},
    DidName{52, "IconUnderlay"},
    DidName{53, "AugmentationMutationFilter"},
    DidName{54, "AugmentationEffect"},
    DidName{55, "ProcSpell"},
    DidName{56, "AugmentationCreateItem"},
    DidName{57, "AlternateCurrency"},
    DidName{58, "BlueSurgeSpell"},
    DidName{59, "YellowSurgeSpell"},
    DidName{60, "RedSurgeSpell"},
    DidName{61, "OlthoiDeathTreasureType"},
    DidName{9001, "HairTexture"},
    DidName{9002, "DefaultHairTexture"},
};

bool sameLetters(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string compose(const QString& source, int line, int column, const QString& message) {
    const QString where =
        line > 0 ? QStringLiteral("%1:%2:%3").arg(source).arg(line).arg(column) : source;
    return (where + QStringLiteral(": ") + message).toStdString();
}

} // namespace

std::uint32_t Weenie::did(std::uint16_t type) const {
    const auto it = std::lower_bound(
        dids.begin(), dids.end(), type,
        [](const DidProperty& property, std::uint16_t wanted) { return property.type < wanted; });
    return it != dids.end() && it->type == type ? it->value : 0;
}

std::string_view didPropertyName(std::uint16_t type) {
    for (const DidName& entry : kDidNames)
        if (entry.type == type)
            return entry.name;
    return {};
}

std::uint16_t didPropertyType(std::string_view name) {
    for (const DidName& entry : kDidNames)
        if (sameLetters(entry.name, name))
            return entry.type;
    return 0;
}

std::vector<std::uint16_t> didPropertyTypes() {
    std::vector<std::uint16_t> types;
    for (const DidName& entry : kDidNames)
        types.push_back(entry.type);
    return types;
}

QString hexId(std::uint32_t id) {
    return QStringLiteral("0x%1").arg(id, 8, 16, QLatin1Char('0')).toUpper().replace("0X", "0x");
}

WeenieError::WeenieError(QString source, int line, int column, QString message)
    : std::runtime_error(compose(source, line, column, message)), m_source(std::move(source)),
      m_line(line), m_column(column), m_message(std::move(message)) {}

} // namespace portalkit::weenies
