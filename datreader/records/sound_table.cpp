#include "datreader/records/sound_table.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {
namespace {

using Entry = SoundTable::Entry;
using HashEntry = SoundTable::HashEntry;
using Sound = SoundTable::Sound;

constexpr std::size_t kEntryBytes = 16;
constexpr std::size_t kSmallestSound = 4 + 4 + 4; // soundType, entry count, unknown

// A hash and a sound entry share one shape: a u32, then priority, probability and volume. One
// field list per direction serves both.
struct OddsFields {
    const char* id;
    const char* priority;
    const char* probability;
    const char* volume;
};
constexpr OddsFields kHashFields{"soundTable.hashes.key", "soundTable.hashes.priority",
                                 "soundTable.hashes.probability", "soundTable.hashes.volume"};
constexpr OddsFields kEntryFields{"soundData.entries.waveId", "soundData.entries.priority",
                                  "soundData.entries.probability", "soundData.entries.volume"};

template <typename Odds, std::uint32_t Odds::*Id>
Odds readOdds(ByteCursor& in, const OddsFields& fields) {
    Odds odds;
    odds.*Id = in.u32(fields.id);
    odds.priority = in.f32(fields.priority);
    odds.probability = in.f32(fields.probability);
    odds.volume = in.f32(fields.volume);
    return odds;
}

template <typename Odds, std::uint32_t Odds::*Id>
void writeOdds(ByteWriter& out, const Odds& odds) {
    out.u32(odds.*Id);
    for (float value : {odds.priority, odds.probability, odds.volume})
        out.f32(value);
}

template <typename Odds>
QJsonObject oddsToJson(const char* idKey, const QJsonValue& id, const Odds& odds) {
    return {{idKey, id},
            {"priority", exactJson(odds.priority)},
            {"probability", exactJson(odds.probability)},
            {"volume", exactJson(odds.volume)}};
}

template <typename Odds> Odds oddsFromJson(const JsonNode& node, const char* idKey) {
    return {node[idKey].u32(), node["priority"].f32(0), node["probability"].f32(0),
            node["volume"].f32(0)};
}

Sound readSound(ByteCursor& in) {
    Sound sound;
    sound.soundType = in.u32("soundTable.sounds.soundType");
    sound.entries = readList(in, "soundData.numEntries", kEntryBytes, [](ByteCursor& c) {
        return readOdds<Entry, &Entry::waveId>(c, kEntryFields);
    });
    sound.unknown = in.i32("soundData.unknown");
    return sound;
}

void writeSound(ByteWriter& out, const Sound& sound) {
    out.u32(sound.soundType);
    writeList(out, sound.entries, writeOdds<Entry, &Entry::waveId>);
    out.i32(sound.unknown);
}

QJsonObject soundToJson(const Sound& sound) {
    const QJsonArray entries = listToJson(sound.entries, [](const Entry& entry) {
        return oddsToJson("waveId", didJson(entry.waveId), entry);
    });
    return {
        {"soundType", qint64(sound.soundType)}, {"entries", entries}, {"unknown", sound.unknown}};
}

Sound soundFromJson(const JsonNode& node) {
    Sound sound;
    sound.soundType = node["soundType"].u32();
    sound.entries = listFromJson(node["entries"], [](const JsonNode& entry) {
        return oddsFromJson<Entry>(entry, "waveId");
    });
    sound.unknown = node["unknown"].i32(0);
    return sound;
}

} // namespace

SoundTable SoundTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<SoundTable>(
        bytes, did, "soundTable", [](ByteCursor& in, SoundTable& table) {
            table.hashKey = in.u32("soundTable.hashKey");
            table.hashes = readList(in, "soundTable.numHashes", kEntryBytes, [](ByteCursor& c) {
                return readOdds<HashEntry, &HashEntry::key>(c, kHashFields);
            });
            // A u32 count (DRW, BZR), not ACE's u16 count + u16 bucket size.
            table.sounds =
                readNamedList(in, "soundTable.numSounds", kSmallestSound, "sound", readSound);
        });
}

std::vector<std::uint8_t> SoundTable::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(hashKey);
        writeList(out, hashes, writeOdds<HashEntry, &HashEntry::key>);
        writeList(out, sounds, writeSound);
    });
}

QJsonObject SoundTable::toJson() const {
    const QJsonArray hashList = listToJson(
        hashes, [](const HashEntry& hash) { return oddsToJson("key", qint64(hash.key), hash); });
    return recordFrameJson(*this, {{"hashKey", qint64(hashKey)},
                                   {"hashes", hashList},
                                   {"sounds", listToJson(sounds, soundToJson)}});
}

SoundTable SoundTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<SoundTable>(node, did, [&](SoundTable& table) {
        table.hashKey = node["hashKey"].u32(0);
        table.hashes = listFromJson(node["hashes"], [](const JsonNode& hash) {
            return oddsFromJson<HashEntry>(hash, "key");
        });
        table.sounds = listFromJson(node["sounds"], soundFromJson);
    });
}

} // namespace portalkit::dat
