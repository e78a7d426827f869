#include "datreader/records/dat_strings.h"

#include "datreader/records/codec_helpers.h"

#include <QJsonObject>

namespace portalkit::dat {
namespace {

// A compressed uint and how many bytes it took, so a longer-than-needed form can be kept.
std::pair<std::uint32_t, std::uint8_t> readLength(ByteCursor& in, const char* field) {
    const std::size_t start = in.position();
    const std::uint32_t value = in.compressedUInt(field);
    const auto width = std::uint8_t(in.position() - start);
    return {value, width == compressedUIntWidth(value) ? std::uint8_t(0) : width};
}

void writeLength(ByteWriter& out, std::uint32_t value, std::uint8_t width) {
    if (width == 0 || width == compressedUIntWidth(value)) {
        out.compressedUInt(value);
    } else if (width == 2) { // a value below 0x80 in the two-byte form
        out.u8(std::uint8_t(0x80 | (value >> 8)));
        out.u8(std::uint8_t(value));
    } else { // the four-byte form of a value below 0x4000
        out.u8(std::uint8_t(0xC0 | (value >> 24)));
        out.u8(std::uint8_t(value >> 16));
        out.u16(std::uint16_t(value));
    }
}

std::uint8_t lengthBytesFromJson(const JsonNode& node, std::uint32_t length) {
    if (!node.isObject() || !node.has("lengthBytes"))
        return 0;
    const JsonNode width = node["lengthBytes"];
    const std::uint8_t value = width.u8();
    if (value != 1 && value != 2 && value != 4)
        width.fail("a compressed length takes 1, 2 or 4 bytes");
    if (value < compressedUIntWidth(length))
        width.fail("a length of " + std::to_string(length) + " does not fit in " +
                   std::to_string(value) + " bytes");
    return value == compressedUIntWidth(length) ? 0 : value;
}

void putLengthBytes(QJsonObject& object, std::uint8_t width) {
    if (width != 0)
        object["lengthBytes"] = int(width);
}

std::string latin1FromJson(const JsonNode& text) {
    const QString string = text.string();
    for (QChar c : string)
        if (c.unicode() > 0xFF)
            text.fail("character U+" + QString::number(c.unicode(), 16).toUpper().toStdString() +
                      " is outside Latin-1 (the string stores one byte per character)");
    const QByteArray latin1 = string.toLatin1();
    return std::string(latin1.begin(), latin1.end());
}

QString latin1(const std::string& bytes) {
    return QString::fromLatin1(bytes.data(), qsizetype(bytes.size()));
}

// Whether the code units are well-formed UTF-16 (every surrogate paired), which JSON text can
// carry; anything else goes out as hex.
bool wellFormed(const std::u16string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char16_t unit = text[i];
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            if (i + 1 >= text.size() || text[i + 1] < 0xDC00 || text[i + 1] > 0xDFFF)
                return false;
            ++i;
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return false;
        }
    }
    return true;
}

std::uint8_t swapNibbles(std::uint8_t byte) {
    return std::uint8_t((byte >> 4) | (byte << 4));
}

} // namespace

std::uint8_t compressedUIntWidth(std::uint32_t value) {
    return value < 0x80 ? 1 : value < 0x4000 ? 2 : 4;
}

PString readPString(ByteCursor& in, const char* field) {
    PString value;
    const auto [length, width] = readLength(in, field);
    const auto bytes = in.bytes(length, field); // bounds-checked before anything is copied
    value.text.assign(bytes.begin(), bytes.end());
    value.lengthBytes = width;
    return value;
}

void write(ByteWriter& out, const PString& value) {
    writeLength(out, std::uint32_t(value.text.size()), value.lengthBytes);
    for (char c : value.text)
        out.u8(std::uint8_t(c));
}

QJsonValue toJson(const PString& value) {
    if (value.lengthBytes == 0)
        return latin1(value.text);
    QJsonObject object{{"text", latin1(value.text)}};
    putLengthBytes(object, value.lengthBytes);
    return object;
}

PString pStringFromJson(const JsonNode& node) {
    PString value;
    const JsonNode text = node.isObject() ? node["text"] : node;
    if (!text.isMissing())
        value.text = latin1FromJson(text);
    value.lengthBytes = lengthBytesFromJson(node, std::uint32_t(value.text.size()));
    return value;
}

WideString readWideString(ByteCursor& in, const char* field) {
    WideString value;
    const auto [length, width] = readLength(in, field);
    const auto bytes = in.bytes(std::size_t(length) * 2, field);
    value.text.resize(length);
    for (std::uint32_t i = 0; i < length; ++i)
        value.text[i] = char16_t(bytes[2 * i] | (bytes[2 * i + 1] << 8));
    value.lengthBytes = width;
    return value;
}

void write(ByteWriter& out, const WideString& value) {
    writeLength(out, std::uint32_t(value.text.size()), value.lengthBytes);
    for (char16_t unit : value.text)
        out.u16(std::uint16_t(unit));
}

QJsonValue toJson(const WideString& value) {
    const bool plain = wellFormed(value.text);
    if (plain && value.lengthBytes == 0)
        return QString::fromUtf16(value.text.data(), qsizetype(value.text.size()));
    QJsonObject object;
    if (plain) {
        object["text"] = QString::fromUtf16(value.text.data(), qsizetype(value.text.size()));
    } else {
        std::vector<std::uint8_t> bytes;
        for (char16_t unit : value.text) {
            bytes.push_back(std::uint8_t(unit));
            bytes.push_back(std::uint8_t(unit >> 8));
        }
        object["utf16"] = hexJson(bytes);
    }
    putLengthBytes(object, value.lengthBytes);
    return object;
}

WideString wideStringFromJson(const JsonNode& node) {
    WideString value;
    if (node.isObject() && node.has("utf16")) {
        const JsonNode hex = node["utf16"];
        const QByteArray bytes = hex.hexBytes();
        if (bytes.size() % 2 != 0)
            hex.fail("UTF-16 code units take two bytes each");
        for (qsizetype i = 0; i < bytes.size(); i += 2)
            value.text.push_back(
                char16_t(std::uint8_t(bytes[i]) | (std::uint8_t(bytes[i + 1]) << 8)));
    } else {
        const JsonNode text = node.isObject() ? node["text"] : node;
        if (!text.isMissing()) {
            const QString string = text.string();
            value.text.assign(reinterpret_cast<const char16_t*>(string.utf16()),
                              std::size_t(string.size()));
        }
    }
    value.lengthBytes = lengthBytesFromJson(node, std::uint32_t(value.text.size()));
    return value;
}

ObfuscatedString readObfuscatedString(ByteCursor& in, const char* field) {
    ObfuscatedString value;
    const std::uint16_t length = in.u16(field);
    const auto bytes = in.bytes(length, field);
    value.text.reserve(length);
    for (std::uint8_t byte : bytes)
        value.text.push_back(char(swapNibbles(byte)));
    value.pad = readPad(in, field);
    return value;
}

void writeObfuscatedString(ByteWriter& out, const ObfuscatedString& value, const char* field) {
    if (value.text.size() > 0xFFFF)
        throw DatError(field,
                       std::to_string(value.text.size()) +
                           " bytes do not fit the u16 length of an obfuscated string",
                       0, OffsetKind::Entry);
    out.u16(std::uint16_t(value.text.size()));
    for (char c : value.text)
        out.u8(swapNibbles(std::uint8_t(c)));
    writePad(out, value.pad, field);
}

QJsonValue toJson(const ObfuscatedString& value) {
    if (value.pad == 0)
        return latin1(value.text);
    return QJsonObject{{"text", latin1(value.text)}, {"pad", qint64(value.pad)}};
}

ObfuscatedString obfuscatedStringFromJson(const JsonNode& node) {
    ObfuscatedString value;
    const JsonNode text = node.isObject() ? node["text"] : node;
    if (!text.isMissing())
        value.text = latin1FromJson(text);
    if (node.isObject())
        value.pad = node["pad"].u32(0);
    return value;
}

QString windows1252(const std::string& bytes) {
    // Windows-1252 differs from Latin-1 in 0x80-0x9F only; Qt's codecs may lack it, so the
    // 32 characters are spelled here (0 where the code page leaves a byte undefined).
    static constexpr char16_t kHigh[32] = {
        0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    QString text;
    text.reserve(qsizetype(bytes.size()));
    for (char c : bytes) {
        const auto byte = std::uint8_t(c);
        const char16_t mapped = byte >= 0x80 && byte < 0xA0 ? kHigh[byte - 0x80] : byte;
        text.append(QChar(mapped != 0 ? mapped : byte));
    }
    return text;
}

} // namespace portalkit::dat
