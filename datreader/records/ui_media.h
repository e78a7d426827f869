#pragma once

// MediaDesc: one step of what a UI state shows or does — an image, a cursor, a sound, a fade, a
// jump to another media step ... (docs/formats.md#uilayout). It opens with its media type twice;
// the fields after that depend on the type.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "datreader/records/dat_strings.h"

#include <QJsonObject>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portalkit::dat {

struct MediaDesc {
    enum Type : std::uint32_t {
        Movie = 1,
        Alpha = 2,
        Animation = 3,
        Cursor = 4,
        Image = 5,
        Jump = 6,
        Message = 7,
        Pause = 8,
        Sound = 9,
        State = 10,
        Fade = 11,
    };

    std::uint32_t type = Image;
    std::uint32_t typeAgain = Image; // the second copy, kept raw
    // The type's fixed fields in stored order, as raw u32 bits (floats too, so NaN payloads and
    // 0xCDCDCDCD fill survive); unused slots stay zero.
    std::array<std::uint32_t, 3> words{};
    PString fileName;                  // Movie only
    std::uint8_t stretchToScreen = 0;  // Movie only, raw
    std::vector<std::uint32_t> frames; // Animation only
    bool operator==(const MediaDesc&) const = default;
};

// Whether the decoder knows how long a media step of `type` is.
bool knownMediaType(std::uint32_t type);
// Reads one step; the caller has checked knownMediaType of the type at the cursor.
MediaDesc readMediaDesc(ByteCursor& in);
void write(ByteWriter& out, const MediaDesc& media);
QJsonObject toJson(const MediaDesc& media);
// "type" is a name ("image") or a number; fields left out are zero. Throws DatError naming the
// JSON path for an unknown type name or field.
MediaDesc mediaDescFromJson(const JsonNode& node);
// Peeks the u32 media type at the cursor without moving it; nothing when too few bytes are left.
std::optional<std::uint32_t> peekMediaType(const ByteCursor& in);

} // namespace portalkit::dat
