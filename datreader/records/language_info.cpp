#include "datreader/records/language_info.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/hash_table.h"

namespace portalkit::dat {
namespace {

// Field names for errors: "language.<jsonKey>".
std::string field(const char* key) {
    return std::string("language.") + key;
}

WideString readText(ByteCursor& in, const char* key) {
    return readWideString(in, field(key).c_str());
}

} // namespace

LanguageInfo LanguageInfo::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    LanguageInfo info;
    info.id = did;
    info.version = in.i32("language.version");
    info.base = in.u16("language.base");
    info.numDecimalDigits = in.u16("language.numDecimalDigits");
    info.leadingZero = in.u8("language.leadingZero");
    info.groupingSize = in.u16("language.groupingSize");
    info.numerals = readText(in, "numerals");
    info.decimalSeparator = readText(in, "decimalSeparator");
    info.groupingSeparator = readText(in, "groupingSeparator");
    info.negativeNumberFormat = readText(in, "negativeNumberFormat");
    for (std::size_t i = 0; i < info.singular.size(); ++i)
        info.singular[i] = in.u8(field(kSingularFields[i]).c_str());
    info.pad = readPad(in, "language.pad");
    for (std::size_t i = 0; i < info.letters.size(); ++i)
        info.letters[i] = readText(in, kLetterFields[i]);
    for (std::size_t i = 0; i < info.ime.size(); ++i)
        info.ime[i] = in.u32(field(kImeFields[i]).c_str());
    info.wordWrapOnSpace = in.i32("language.wordWrapOnSpace");
    info.additionalSettings = readText(in, "additionalSettings");
    info.additionalFlags = in.u32("language.additionalFlags");
    info.trailing = readTrailing(in);
    return info;
}

std::vector<std::uint8_t> LanguageInfo::encode() const {
    ByteWriter out;
    out.i32(version);
    out.u16(base);
    out.u16(numDecimalDigits);
    out.u8(leadingZero);
    out.u16(groupingSize);
    for (const WideString* text :
         {&numerals, &decimalSeparator, &groupingSeparator, &negativeNumberFormat})
        write(out, *text);
    for (std::uint8_t flag : singular)
        out.u8(flag);
    writePad(out, pad, "language.pad");
    for (const WideString& text : letters)
        write(out, text);
    for (std::uint32_t value : ime)
        out.u32(value);
    out.i32(wordWrapOnSpace);
    write(out, additionalSettings);
    out.u32(additionalFlags);
    out.bytes(trailing);
    return out.take();
}

QJsonObject LanguageInfo::toJson() const {
    QJsonObject object{{"id", didJson(id)},
                       {"version", version},
                       {"base", base},
                       {"numDecimalDigits", numDecimalDigits},
                       {"leadingZero", byteFlagJson(leadingZero)},
                       {"groupingSize", groupingSize},
                       {"numerals", portalkit::dat::toJson(numerals)},
                       {"decimalSeparator", portalkit::dat::toJson(decimalSeparator)},
                       {"groupingSeparator", portalkit::dat::toJson(groupingSeparator)},
                       {"negativeNumberFormat", portalkit::dat::toJson(negativeNumberFormat)}};
    for (std::size_t i = 0; i < singular.size(); ++i)
        object[kSingularFields[i]] = byteFlagJson(singular[i]);
    putPad(object, "pad", pad);
    for (std::size_t i = 0; i < letters.size(); ++i)
        object[kLetterFields[i]] = portalkit::dat::toJson(letters[i]);
    for (std::size_t i = 0; i < ime.size(); ++i)
        object[kImeFields[i]] = qint64(ime[i]);
    object["wordWrapOnSpace"] = wordWrapOnSpace;
    object["additionalSettings"] = portalkit::dat::toJson(additionalSettings);
    object["additionalFlags"] = qint64(additionalFlags);
    putTrailing(object, trailing);
    return object;
}

LanguageInfo LanguageInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    LanguageInfo info;
    info.id = ownIdFromJson(node, did);
    info.version = node["version"].i32(info.version);
    info.base = node["base"].u16(info.base);
    info.numDecimalDigits = node["numDecimalDigits"].u16(info.numDecimalDigits);
    info.leadingZero = byteFlagFromJson(node["leadingZero"], info.leadingZero);
    info.groupingSize = node["groupingSize"].u16(info.groupingSize);
    info.numerals = wideStringFromJson(node["numerals"]);
    info.decimalSeparator = wideStringFromJson(node["decimalSeparator"]);
    info.groupingSeparator = wideStringFromJson(node["groupingSeparator"]);
    info.negativeNumberFormat = wideStringFromJson(node["negativeNumberFormat"]);
    for (std::size_t i = 0; i < info.singular.size(); ++i)
        info.singular[i] = byteFlagFromJson(node[kSingularFields[i]]);
    info.pad = node["pad"].u32(0);
    for (std::size_t i = 0; i < info.letters.size(); ++i)
        info.letters[i] = wideStringFromJson(node[kLetterFields[i]]);
    for (std::size_t i = 0; i < info.ime.size(); ++i)
        info.ime[i] = node[kImeFields[i]].u32(0);
    info.wordWrapOnSpace = node["wordWrapOnSpace"].i32(info.wordWrapOnSpace);
    info.additionalSettings = wideStringFromJson(node["additionalSettings"]);
    info.additionalFlags = node["additionalFlags"].u32(0);
    info.trailing = bytesFromJson(node["trailing"]);
    return info;
}

} // namespace portalkit::dat
