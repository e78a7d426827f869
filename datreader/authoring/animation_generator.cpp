#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace portalkit::authoring {
namespace {

constexpr int kMaxParts = 256;
constexpr int kMaxFrames = 4096;

struct Pose {
    Vec3d origin;
    QuatD rotation;
};

struct Key {
    int frame;
    Pose pose;
};

// {"axis": [x, y, z], "degrees": d}
QuatD rotationFrom(const JsonNode& node, QuatD fallback) {
    if (node.isMissing())
        return fallback;
    const auto [x, y, z] = triple(node["axis"], -kMaxLength, kMaxLength);
    const double axisLength = std::sqrt(x * x + y * y + z * z);
    if (axisLength < 1e-9)
        node["axis"].fail("the rotation axis has no direction");
    const double half = realIn(node["degrees"], -36000, 36000) * std::numbers::pi / 360;
    const double sine = std::sin(half) / axisLength;
    return normalised({std::cos(half), x * sine, y * sine, z * sine});
}

Pose poseFrom(const JsonNode& node, const Pose& fallback) {
    return {pointFrom(node["origin"], fallback.origin),
            rotationFrom(node["rotation"], fallback.rotation)};
}

// Keys sorted by frame; a second key on a frame is an error at its "frame".
void insertKey(std::vector<Key>& track, const JsonNode& frameNode, Key key) {
    const auto at = std::lower_bound(track.begin(), track.end(), key.frame,
                                     [](const Key& k, int frame) { return k.frame < frame; });
    if (at != track.end() && at->frame == key.frame)
        frameNode.fail("a second key on frame " + std::to_string(key.frame));
    track.insert(at, key);
}

// The track's pose on `frame`: held before the first and after the last key, interpolated
// between; `rest` when the track has no keys.
dat::Frame sampleTrack(const std::vector<Key>& track, int frame, const Pose& rest) {
    Pose pose = rest;
    if (!track.empty()) {
        const auto after = std::upper_bound(track.begin(), track.end(), frame,
                                            [](int f, const Key& k) { return f < k.frame; });
        if (after == track.begin()) {
            pose = after->pose;
        } else if (after == track.end()) {
            pose = track.back().pose;
        } else {
            const Key& before = *(after - 1);
            const double s = double(frame - before.frame) / (after->frame - before.frame);
            pose.origin = before.pose.origin + (after->pose.origin - before.pose.origin) * s;
            pose.rotation = slerp(before.pose.rotation, after->pose.rotation, s);
        }
    }
    const QuatD& q = pose.rotation;
    return {toFloat(pose.origin), {float(q.w), float(q.x), float(q.y), float(q.z)}};
}

} // namespace

dat::Animation generateAnimation(const JsonNode& spec, std::uint32_t did) {
    const int parts = integerIn(spec["parts"], 1, kMaxParts);
    const int frames = integerIn(spec["frames"], 1, kMaxFrames);

    std::vector<Pose> rest(static_cast<std::size_t>(parts));
    if (const JsonNode restNode = spec["rest"]; !restNode.isMissing()) {
        const std::vector<JsonNode> entries = restNode.elements();
        if (entries.size() != std::size_t(parts))
            restNode.fail(std::to_string(entries.size()) + " rest poses for " +
                          std::to_string(parts) + " parts");
        for (std::size_t part = 0; part < entries.size(); ++part)
            rest[part] = poseFrom(entries[part], {});
    }

    std::vector<std::vector<Key>> tracks(static_cast<std::size_t>(parts));
    for (const JsonNode& keyNode : spec["keys"].elements()) {
        const int part = integerIn(keyNode["part"], 0, parts - 1);
        const int frame = integerIn(keyNode["frame"], 0, frames - 1);
        insertKey(tracks[std::size_t(part)], keyNode["frame"],
                  {frame, poseFrom(keyNode, rest[std::size_t(part)])});
    }

    dat::Animation animation;
    animation.id = did;
    animation.numParts = std::uint32_t(parts);
    if (const JsonNode posNode = spec["posFrames"]; !posNode.isMissing()) {
        std::vector<Key> rootTrack;
        for (const JsonNode& keyNode : posNode.elements())
            insertKey(rootTrack, keyNode["frame"],
                      {integerIn(keyNode["frame"], 0, frames - 1), poseFrom(keyNode, {})});
        animation.flags |= dat::Animation::kHasPosFrames;
        for (int frame = 0; frame < frames; ++frame)
            animation.posFrames.push_back(sampleTrack(rootTrack, frame, {}));
    }
    for (int frame = 0; frame < frames; ++frame) {
        dat::AnimationFrame partFrame;
        for (int part = 0; part < parts; ++part)
            partFrame.parts.push_back(
                sampleTrack(tracks[std::size_t(part)], frame, rest[std::size_t(part)]));
        animation.partFrames.push_back(std::move(partFrame));
    }
    return animation;
}

} // namespace portalkit::authoring
