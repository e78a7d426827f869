#include "datreader/records/animation.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>

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
    frame.parts.reserve(numParts);
    for (std::uint32_t part = 0; part < numParts; ++part)
        frame.parts.push_back(readFrame(in, "animationFrame.parts"));
    const std::uint32_t numHooks = readCount(in, "animationFrame.numHooks", kHookHeaderBytes);
    frame.hooks.reserve(numHooks);
    for (std::uint32_t i = 0; i < numHooks; ++i) {
        try {
            frame.hooks.push_back(readHook(in));
        } catch (DatError& error) {
            error.withContext("reading hook " + std::to_string(i));
            throw;
        }
    }
    return frame;
}

void writeAnimationFrame(ByteWriter& out, const AnimationFrame& frame) {
    for (const Frame& part : frame.parts)
        write(out, part);
    out.u32(std::uint32_t(frame.hooks.size()));
    for (const AnimationHook& hook : frame.hooks)
        writeHook(out, hook);
}

QJsonObject toJson(const AnimationFrame& frame) {
    QJsonArray parts;
    for (const Frame& part : frame.parts)
        parts.append(toJson(part));
    QJsonArray hooks;
    for (const AnimationHook& hook : frame.hooks)
        hooks.append(hookToJson(hook));
    return {{"parts", parts}, {"hooks", hooks}};
}

AnimationFrame animationFrameFromJson(const JsonNode& node, std::uint32_t partCount) {
    const std::vector<JsonNode> parts = node["parts"].elements();
    if (parts.size() != partCount)
        node["parts"].fail(std::to_string(parts.size()) + " part transforms, the record has " +
                           std::to_string(partCount) + " parts");
    AnimationFrame frame;
    frame.parts.reserve(parts.size());
    for (const JsonNode& part : parts)
        frame.parts.push_back(frameFromJson(part));
    for (const JsonNode& hook : node["hooks"].elements())
        frame.hooks.push_back(hookFromJson(hook));
    return frame;
}

Animation Animation::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Animation animation;
    animation.id = readOwnId(in, did);
    animation.flags = in.u32("animation.flags");
    animation.numParts = in.u32("animation.numParts");
    // Every frame needs its part transforms, a hook count and maybe a root-motion frame, so the
    // numParts x numFrames product is bounded by the bytes left before anything is allocated.
    const std::size_t smallestFrame = std::size_t(animation.numParts) * kFrameBytes + 4 +
                                      (animation.hasPosFrames() ? kFrameBytes : 0);
    const std::uint32_t numFrames = readCount(in, "animation.numFrames", smallestFrame);
    if (animation.hasPosFrames()) {
        animation.posFrames.reserve(numFrames);
        for (std::uint32_t i = 0; i < numFrames; ++i)
            animation.posFrames.push_back(readFrame(in, "animation.posFrames"));
    }
    animation.partFrames.reserve(numFrames);
    for (std::uint32_t i = 0; i < numFrames; ++i) {
        try {
            animation.partFrames.push_back(readAnimationFrame(in, animation.numParts));
        } catch (DatError& error) {
            error.withContext("reading part frame " + std::to_string(i));
            throw;
        }
    }
    in.expectEnd("animation");
    return animation;
}

std::vector<std::uint8_t> Animation::encode() const {
    ByteWriter out;
    const auto inconsistent = [&](const char* field, const std::string& message) {
        throw DatError(field, message, out.size(), OffsetKind::Entry, id);
    };
    if (hasPosFrames() && posFrames.size() != partFrames.size())
        inconsistent("animation.posFrames", std::to_string(posFrames.size()) + " root frames for " +
                                                std::to_string(partFrames.size()) + " frames");
    if (!hasPosFrames() && !posFrames.empty())
        inconsistent("animation.posFrames", "root frames present but flags lack bit 0");
    out.u32(id);
    out.u32(flags);
    out.u32(numParts);
    out.u32(std::uint32_t(partFrames.size()));
    for (const Frame& frame : posFrames)
        write(out, frame);
    for (std::size_t i = 0; i < partFrames.size(); ++i) {
        if (partFrames[i].parts.size() != numParts)
            inconsistent("animationFrame.parts", "frame " + std::to_string(i) + " has " +
                                                     std::to_string(partFrames[i].parts.size()) +
                                                     " parts, not " + std::to_string(numParts));
        writeAnimationFrame(out, partFrames[i]);
    }
    return out.take();
}

QJsonObject Animation::toJson() const {
    QJsonObject object{{"id", didJson(id)},
                       {"flags", qint64(flags)},
                       {"numParts", qint64(numParts)},
                       {"numFrames", qint64(partFrames.size())}};
    if (hasPosFrames()) {
        QJsonArray frames;
        for (const Frame& frame : posFrames)
            frames.append(portalkit::dat::toJson(frame));
        object["posFrames"] = frames;
    }
    QJsonArray frames;
    for (const AnimationFrame& frame : partFrames)
        frames.append(portalkit::dat::toJson(frame));
    object["partFrames"] = frames;
    return object;
}

Animation Animation::fromJson(const JsonNode& node, std::uint32_t did) {
    Animation animation;
    animation.id = ownIdFromJson(node, did);
    const JsonNode posFrames = node["posFrames"];
    animation.flags = node["flags"].u32(posFrames.isMissing() ? 0 : kHasPosFrames);
    animation.numParts = node["numParts"].u32();
    const JsonNode partFrames = node["partFrames"];
    if (partFrames.isMissing())
        partFrames.fail("expected an array of frames");
    for (const JsonNode& frame : partFrames.elements())
        animation.partFrames.push_back(animationFrameFromJson(frame, animation.numParts));
    for (const JsonNode& frame : posFrames.elements())
        animation.posFrames.push_back(frameFromJson(frame));

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
    return animation;
}

} // namespace portalkit::dat
