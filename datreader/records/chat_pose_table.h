#pragma once

// ChatPoseTable (0x0E000007): the chat commands that make a character pose or emote — each
// command's pose name, then per pose the text shown to the actor and to onlookers
// (docs/formats.md#chatposetable).

#include "datreader/records/legacy_string.h"
#include "datreader/records/packable_hash.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct ChatPose {
    LegacyString command; // the table's key
    LegacyString pose;
    bool operator==(const ChatPose&) const = default;
};

struct ChatEmote {
    LegacyString pose; // the table's key
    LegacyString myEmote;
    LegacyString otherEmote;
    bool operator==(const ChatEmote&) const = default;
};

struct ChatPoseTable {
    static constexpr std::string_view kTypeName = "ChatPoseTable";

    std::uint32_t id = 0;
    PackableTable<ChatPose> poses;
    PackableTable<ChatEmote> emotes;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(ChatPoseTable);
};

} // namespace portalkit::dat
