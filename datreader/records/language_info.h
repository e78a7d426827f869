#pragma once

// StringState (0x41..., LanguageInfo): how the client formats numbers and text in the local DAT's
// language — digits, separators, which counts take the singular, the letters random treasure and
// player names are drawn from, and the IME's colours (docs/formats.md#stringstate). Like Surface
// it has no leading id: `id` is the entry's DID.

#include "datreader/records/dat_strings.h"
#include "datreader/records/record_codec.h"

#include <array>

namespace portalkit::dat {

struct LanguageInfo {
    static constexpr std::string_view kTypeName = "StringState";
    // The IME settings, in stored order (u32 each).
    static constexpr std::array<const char*, 17> kImeFields{"imeEnabledSetting",
                                                            "symbolColor",
                                                            "symbolColorText",
                                                            "symbolHeight",
                                                            "symbolTranslucence",
                                                            "symbolPlacement",
                                                            "candColorBase",
                                                            "candColorBorder",
                                                            "candColorText",
                                                            "compColorInput",
                                                            "compColorTargetConv",
                                                            "compColorConverted",
                                                            "compColorTargetNotConv",
                                                            "compColorInputErr",
                                                            "compTranslucence",
                                                            "compColorText",
                                                            "otherIme"};
    static constexpr std::array<const char*, 5> kSingularFields{
        "isZeroSingular", "isOneSingular", "isNegativeOneSingular", "isTwoOrMoreSingular",
        "isNegativeTwoOrLessSingular"};
    static constexpr std::array<const char*, 5> kLetterFields{
        "treasurePrefixLetters", "treasureMiddleLetters", "treasureSuffixLetters",
        "malePlayerLetters", "femalePlayerLetters"};

    std::uint32_t id = 0; // not stored
    std::int32_t version = 1;
    std::uint16_t base = 10;
    std::uint16_t numDecimalDigits = 0;
    std::uint8_t leadingZero = 1; // raw byte
    std::uint16_t groupingSize = 3;
    WideString numerals;
    WideString decimalSeparator;
    WideString groupingSeparator;
    WideString negativeNumberFormat;
    std::array<std::uint8_t, 5> singular{}; // kSingularFields, raw bytes
    std::uint32_t pad = 0;                  // the fill to four bytes after them, raw
    std::array<WideString, 5> letters;      // kLetterFields
    std::array<std::uint32_t, 17> ime{};    // kImeFields
    std::int32_t wordWrapOnSpace = 1;
    WideString additionalSettings;
    std::uint32_t additionalFlags = 0;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(LanguageInfo);
};

} // namespace portalkit::dat
