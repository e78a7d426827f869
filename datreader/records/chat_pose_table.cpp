#include "datreader/records/chat_pose_table.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {

// Every string starts aligned here, so an empty one still takes its u16 and two fill bytes.
constexpr std::size_t kMinStringBytes = 4;

ChatPose readPose(ByteCursor& in) {
    ChatPose pose;
    pose.command = readLegacyString(in, "chatPoseTable.pose.command");
    pose.pose = readLegacyString(in, "chatPoseTable.pose.pose");
    return pose;
}

void writePose(ByteWriter& out, const ChatPose& pose) {
    writeLegacyString(out, pose.command, "chatPoseTable.pose.command");
    writeLegacyString(out, pose.pose, "chatPoseTable.pose.pose");
}

QJsonObject poseToJson(const ChatPose& pose) {
    return QJsonObject{{"command", toJson(pose.command)}, {"pose", toJson(pose.pose)}};
}

ChatPose poseFromJson(const JsonNode& node) {
    return ChatPose{legacyStringFromJson(node["command"]), legacyStringFromJson(node["pose"])};
}

ChatEmote readEmote(ByteCursor& in) {
    ChatEmote emote;
    emote.pose = readLegacyString(in, "chatPoseTable.emote.pose");
    emote.myEmote = readLegacyString(in, "chatPoseTable.emote.myEmote");
    emote.otherEmote = readLegacyString(in, "chatPoseTable.emote.otherEmote");
    return emote;
}

void writeEmote(ByteWriter& out, const ChatEmote& emote) {
    writeLegacyString(out, emote.pose, "chatPoseTable.emote.pose");
    writeLegacyString(out, emote.myEmote, "chatPoseTable.emote.myEmote");
    writeLegacyString(out, emote.otherEmote, "chatPoseTable.emote.otherEmote");
}

QJsonObject emoteToJson(const ChatEmote& emote) {
    return QJsonObject{{"pose", toJson(emote.pose)},
                       {"myEmote", toJson(emote.myEmote)},
                       {"otherEmote", toJson(emote.otherEmote)}};
}

ChatEmote emoteFromJson(const JsonNode& node) {
    return ChatEmote{legacyStringFromJson(node["pose"]), legacyStringFromJson(node["myEmote"]),
                     legacyStringFromJson(node["otherEmote"])};
}

} // namespace

ChatPoseTable ChatPoseTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<ChatPoseTable>(
        bytes, did, "chatPoseTable", [](ByteCursor& in, auto& r) {
            r.poses =
                readPackableTable(in, "chatPoseTable.poses", 2 * kMinStringBytes, "pose", readPose);
            r.emotes = readPackableTable(in, "chatPoseTable.emotes", 3 * kMinStringBytes, "emote",
                                         readEmote);
        });
}

std::vector<std::uint8_t> ChatPoseTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableTable(out, poses, "chatPoseTable.poses", writePose);
        writePackableTable(out, emotes, "chatPoseTable.emotes", writeEmote);
    });
}

QJsonObject ChatPoseTable::toJson() const {
    QJsonObject fields;
    putPackableTable(fields, "poses", poses, poseToJson);
    putPackableTable(fields, "emotes", emotes, emoteToJson);
    return recordFrameJson(*this, fields);
}

ChatPoseTable ChatPoseTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ChatPoseTable>(node, did, [&](ChatPoseTable& r) {
        r.poses = packableTableFromJson(node, "poses", 32, poseFromJson);
        r.emotes = packableTableFromJson(node, "emotes", 32, emoteFromJson);
    });
}

} // namespace portalkit::dat
