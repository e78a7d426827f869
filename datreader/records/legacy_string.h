#pragma once

// The legacy length-prefixed string of the Region (docs/formats.md#region): a u16 length (0xFFFF
// says a u32 length follows), the bytes, then fill to four bytes. Retail fill need not be zero,
// so it is kept with the text.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"

#include <QJsonValue>
#include <cstdint>
#include <string>

namespace portalkit::dat {

struct LegacyString {
    std::string text;      // raw bytes (Windows-1252 in retail); JSON spells them as Latin-1
    bool longForm = false; // the length was stored as 0xFFFF then a u32
    std::uint32_t pad = 0; // the fill after the bytes, raw
    bool operator==(const LegacyString&) const = default;
};

LegacyString readLegacyString(ByteCursor& in, const char* field);
// Throws DatError (named `field`) when the fill does not fit in the bytes the alignment leaves.
void writeLegacyString(ByteWriter& out, const LegacyString& value, const char* field);
// Plain text when nothing else is kept, else {"text", "longForm"?, "pad"?}.
QJsonValue toJson(const LegacyString& value);
LegacyString legacyStringFromJson(const JsonNode& node);

} // namespace portalkit::dat
