#pragma once

// Animation and the AnimationFrame it is built from (docs/formats.md).

#include "datreader/records/hooks.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// One keyframe: a transform per part, then the hooks that fire on it. The part count is not
// stored in the frame; the owning record supplies it.
struct AnimationFrame {
    std::vector<Frame> parts;
    std::vector<AnimationHook> hooks;
    bool operator==(const AnimationFrame&) const = default;
};

AnimationFrame readAnimationFrame(ByteCursor& in, std::uint32_t numParts);
void writeAnimationFrame(ByteWriter& out, const AnimationFrame& frame);
QJsonObject toJson(const AnimationFrame& frame);
// The inverse of toJson: "parts" must hold exactly `partCount` transforms (each may leave out
// origin and orientation); "hooks" defaults to none.
AnimationFrame animationFrameFromJson(const JsonNode& node, std::uint32_t partCount);

struct Animation {
    static constexpr std::string_view kTypeName = "Animation";
    static constexpr std::uint32_t kHasPosFrames = 0x1;

    std::uint32_t id = 0;
    std::uint32_t flags = 0; // raw; bit 1 ("has hooks") is informational, hook counts are stored
    std::uint32_t numParts = 0;
    // Root motion, one per frame; stored only when flags has kHasPosFrames.
    std::vector<Frame> posFrames;
    // numFrames entries of numParts transforms each.
    std::vector<AnimationFrame> partFrames;

    bool hasPosFrames() const { return (flags & kHasPosFrames) != 0; }

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // encode throws DatError if the lists disagree with numParts/flags (they could not be read
    // back). fromJson requires "numParts" and "partFrames"; "flags" defaults to kHasPosFrames when
    // "posFrames" is given, else 0. Rejects lists encode() would reject, naming the path.
    PORTALKIT_RECORD_CODEC(Animation);
};

} // namespace portalkit::dat
