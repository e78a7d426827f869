#pragma once

// The client's other string encodings, beside the Region's LegacyString (legacy_string.h):
//  - PString: a compressed-uint length, then that many bytes (Windows-1252 in retail);
//  - WideString: a compressed-uint count of UTF-16LE code units (the local DAT's tables);
//  - ObfuscatedString: a u16 length, the bytes with their nibbles swapped (0x4A stored as 0xA4),
//    then fill to four bytes — the SpellTable's and SpellComponentTable's names.
// Each keeps what a plain string would lose, so encode gives back the stored bytes: the width of
// a length written in a longer form than needed, and the fill's raw bytes
// (docs/formats.md#strings). JSON spells single-byte text as Latin-1, one character per byte,
// so every byte value survives; the obfuscated string's JSON is its plain text.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"

#include <QJsonValue>
#include <QString>
#include <cstdint>
#include <string>

namespace portalkit::dat {

struct PString {
    std::string text;             // raw bytes
    std::uint8_t lengthBytes = 0; // 0: the shortest form; else the 1, 2 or 4 bytes stored
    bool operator==(const PString&) const = default;
};

struct WideString {
    std::u16string text; // raw code units; lone surrogates are kept
    std::uint8_t lengthBytes = 0;
    bool operator==(const WideString&) const = default;
};

struct ObfuscatedString {
    std::string text;      // the plain bytes, nibbles swapped back
    std::uint32_t pad = 0; // the fill after the bytes, raw
    bool operator==(const ObfuscatedString&) const = default;
};

PString readPString(ByteCursor& in, const char* field);
void write(ByteWriter& out, const PString& value);
// Plain text, or {"text", "lengthBytes"} when the length was stored longer than needed.
QJsonValue toJson(const PString& value);
PString pStringFromJson(const JsonNode& node);

WideString readWideString(ByteCursor& in, const char* field);
void write(ByteWriter& out, const WideString& value);
// Plain text when it is valid UTF-16, else {"utf16": "hex of the code units"}; plus
// "lengthBytes" as for PString.
QJsonValue toJson(const WideString& value);
WideString wideStringFromJson(const JsonNode& node);

ObfuscatedString readObfuscatedString(ByteCursor& in, const char* field);
// Throws DatError (named `field`) when the text is longer than a u16 or the fill does not fit.
void writeObfuscatedString(ByteWriter& out, const ObfuscatedString& value, const char* field);
// Plain text when the fill is zero, else {"text", "pad"}.
QJsonValue toJson(const ObfuscatedString& value);
ObfuscatedString obfuscatedStringFromJson(const JsonNode& node);

// Text for people (browser, inspector, plain-text export): the bytes read as Windows-1252.
QString windows1252(const std::string& bytes);
// The compressed uint's shortest form for `value`: 1, 2 or 4 bytes.
std::uint8_t compressedUIntWidth(std::uint32_t value);

} // namespace portalkit::dat
