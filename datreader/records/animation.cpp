#include "datreader/records/animation.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {
namespace {

constexpr std::size_t kFrameBytes = 28;
constexpr std::size_t kHookHeaderBytes = 8;

} // namespace

AnimationFrame readAnimationFrame(ByteCursor& in, std::uint32_t numParts) {
    // Checked before reserving: numParts comes from the data and is not a count of its own.
    if (numParts > in.remaining() / kFrameBytes)
        in.fail("animationFrame.parts", std::to_string(numParts) +
                                            " part transforms cannot fit in the " +
                                            std::to_string(in.remaining()) + " bytes left");
    AnimationFrame frame;
    frame.parts = readItems(in, numParts, readAs(readFrame, "animationFrame.parts"));
    frame.hooks = readNamedList(in, "animationFrame.numHooks", kHookHeaderBytes, "hook", readHook);
    return frame;
}

void writeAnimationFrame(ByteWriter& out, const AnimationFrame& frame) {
    writeItems(out, frame.parts);
    writeList(out, frame.hooks, writeHook);
}

QJsonObject toJson(const AnimationFrame& frame) {
    return {{"parts", listToJson(frame.parts)}, {"hooks", listToJson(frame.hooks, hookToJson)}};
}

AnimationFrame animationFrameFromJson(const JsonNode& node, std::uint32_t partCount) {
    const std::vector<JsonNode> parts = node["parts"].elements();
    if (parts.size() != partCount)
        node["parts"].fail(std::to_string(parts.size()) + " part transforms, the record has " +
                           std::to_string(partCount) + " parts");
    AnimationFrame frame;
    frame.parts = listFromJson(node["parts"], frameFromJson);
    frame.hooks = listFromJson(node["hooks"], hookFromJson);
    return frame;
}

Animation Animation::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<Animation>(
        bytes, did, "animation", [](ByteCursor& in, Animation& animation) {
            animation.flags = in.u32("animation.flags");
            animation.numParts = in.u32("animation.numParts");
            // Every frame needs its part transforms, a hook count and maybe a root-motion frame, so
            // the numParts x numFrames product is bounded by the bytes left before anything is
            // allocated.
            const std::size_t smallestFrame = std::size_t(animation.numParts) * kFrameBytes + 4 +
                                              (animation.hasPosFrames() ? kFrameBytes : 0);
            const std::uint32_t numFrames = readCount(in, "animation.numFrames", smallestFrame);
            if (animation.hasPosFrames())
                animation.posFrames =
                    readItems(in, numFrames, readAs(readFrame, "animation.posFrames"));
            animation.partFrames = readNamedItems(in, numFrames, "part frame", [&](ByteCursor& c) {
                return readAnimationFrame(c, animation.numParts);
            });
        });
}

std::vector<std::uint8_t> Animation::encode() const {
    const auto inconsistent = [&](const char* field, const std::string& message,
                                  std::size_t offset) {
        throw DatError(field, message, offset, OffsetKind::Entry, id);
    };
    if (hasPosFrames() && posFrames.size() != partFrames.size())
        inconsistent("animation.posFrames",
                     std::to_string(posFrames.size()) + " root frames for " +
                         std::to_string(partFrames.size()) + " frames",
                     0);
    if (!hasPosFrames() && !posFrames.empty())
        inconsistent("animation.posFrames", "root frames present but flags lack bit 0", 0);
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(flags);
        out.u32(numParts);
        out.u32(std::uint32_t(partFrames.size()));
        writeItems(out, posFrames);
        for (std::size_t i = 0; i < partFrames.size(); ++i) {
            if (partFrames[i].parts.size() != numParts)
                inconsistent("animationFrame.parts",
                             "frame " + std::to_string(i) + " has " +
                                 std::to_string(partFrames[i].parts.size()) + " parts, not " +
                                 std::to_string(numParts),
                             out.size());
            writeAnimationFrame(out, partFrames[i]);
        }
    });
}

QJsonObject Animation::toJson() const {
    QJsonObject object{{"flags", qint64(flags)},
                       {"numParts", qint64(numParts)},
                       {"numFrames", qint64(partFrames.size())}};
    if (hasPosFrames())
        object["posFrames"] = listToJson(posFrames);
    object["partFrames"] = listToJson(partFrames);
    return recordFrameJson(*this, object);
}

Animation Animation::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<Animation>(node, did, [&](Animation& animation) {
        const JsonNode posFrames = node["posFrames"];
        animation.flags = node["flags"].u32(posFrames.isMissing() ? 0 : kHasPosFrames);
        animation.numParts = node["numParts"].u32();
        const JsonNode partFrames = node["partFrames"];
        if (partFrames.isMissing())
            partFrames.fail("expected an array of frames");
        animation.partFrames = listFromJson(partFrames, [&](const JsonNode& frame) {
            return animationFrameFromJson(frame, animation.numParts);
        });
        animation.posFrames = listFromJson(posFrames, frameFromJson);

        // The same lists encode() refuses, caught here where the source can be named.
        if (!animation.hasPosFrames() && !animation.posFrames.empty())
            posFrames.fail("root frames given but flags lack bit 0 (kHasPosFrames)");
        if (animation.hasPosFrames() && animation.posFrames.size() != animation.partFrames.size())
            posFrames.fail(std::to_string(animation.posFrames.size()) + " root frames for " +
                           std::to_string(animation.partFrames.size()) + " frames");
        // Display-only, but an edited count that disagrees with the list is a mistake to report.
        const JsonNode numFrames = node["numFrames"];
        if (!numFrames.isMissing() && numFrames.u32() != animation.partFrames.size())
            numFrames.fail("says " + std::to_string(numFrames.u32()) + ", partFrames holds " +
                           std::to_string(animation.partFrames.size()));
    });
}

} // namespace portalkit::dat
