#include "datreader/records/sound_table.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>

namespace portalkit::dat {
namespace {

constexpr std::size_t kEntryBytes = 16;
constexpr std::size_t kSmallestSound = 4 + 4 + 4; // soundType, entry count, unknown

} // namespace

SoundTable SoundTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    SoundTable table;
    table.id = readOwnId(in, did);
    table.hashKey = in.u32("soundTable.hashKey");

    const std::uint32_t numHashes = readCount(in, "soundTable.numHashes", kEntryBytes);
    table.hashes.reserve(numHashes);
    for (std::uint32_t i = 0; i < numHashes; ++i) {
        HashEntry hash;
        hash.key = in.u32("soundTable.hashes.key");
        hash.priority = in.f32("soundTable.hashes.priority");
        hash.probability = in.f32("soundTable.hashes.probability");
        hash.volume = in.f32("soundTable.hashes.volume");
        table.hashes.push_back(hash);
    }

    // A u32 count (DRW, BZR), not ACE's u16 count + u16 bucket size.
    const std::uint32_t numSounds = readCount(in, "soundTable.numSounds", kSmallestSound);
    table.sounds.reserve(numSounds);
    for (std::uint32_t i = 0; i < numSounds; ++i) {
        try {
            Sound sound;
            sound.soundType = in.u32("soundTable.sounds.soundType");
            const std::uint32_t numEntries = readCount(in, "soundData.numEntries", kEntryBytes);
            sound.entries.reserve(numEntries);
            for (std::uint32_t e = 0; e < numEntries; ++e) {
                Entry entry;
                entry.waveId = in.u32("soundData.entries.waveId");
                entry.priority = in.f32("soundData.entries.priority");
                entry.probability = in.f32("soundData.entries.probability");
                entry.volume = in.f32("soundData.entries.volume");
                sound.entries.push_back(entry);
            }
            sound.unknown = in.i32("soundData.unknown");
            table.sounds.push_back(std::move(sound));
        } catch (DatError& error) {
            error.withContext("reading sound " + std::to_string(i));
            throw;
        }
    }
    in.expectEnd("soundTable");
    return table;
}

std::vector<std::uint8_t> SoundTable::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(hashKey);
    out.u32(std::uint32_t(hashes.size()));
    for (const HashEntry& hash : hashes) {
        out.u32(hash.key);
        out.f32(hash.priority);
        out.f32(hash.probability);
        out.f32(hash.volume);
    }
    out.u32(std::uint32_t(sounds.size()));
    for (const Sound& sound : sounds) {
        out.u32(sound.soundType);
        out.u32(std::uint32_t(sound.entries.size()));
        for (const Entry& entry : sound.entries) {
            out.u32(entry.waveId);
            out.f32(entry.priority);
            out.f32(entry.probability);
            out.f32(entry.volume);
        }
        out.i32(sound.unknown);
    }
    return out.take();
}

QJsonObject SoundTable::toJson() const {
    QJsonArray hashList;
    for (const HashEntry& hash : hashes)
        hashList.append(QJsonObject{{"key", qint64(hash.key)},
                                    {"priority", realJson(hash.priority)},
                                    {"probability", realJson(hash.probability)},
                                    {"volume", realJson(hash.volume)}});
    QJsonArray soundList;
    for (const Sound& sound : sounds) {
        QJsonArray entries;
        for (const Entry& entry : sound.entries)
            entries.append(QJsonObject{{"waveId", didJson(entry.waveId)},
                                       {"priority", realJson(entry.priority)},
                                       {"probability", realJson(entry.probability)},
                                       {"volume", realJson(entry.volume)}});
        soundList.append(QJsonObject{{"soundType", qint64(sound.soundType)},
                                     {"entries", entries},
                                     {"unknown", sound.unknown}});
    }
    return {{"id", didJson(id)},
            {"hashKey", qint64(hashKey)},
            {"hashes", hashList},
            {"sounds", soundList}};
}

SoundTable SoundTable::fromJson(const JsonNode& node, std::uint32_t did) {
    SoundTable table;
    table.id = ownIdFromJson(node, did);
    table.hashKey = node["hashKey"].u32(0);
    for (const JsonNode& hash : node["hashes"].elements())
        table.hashes.push_back({hash["key"].u32(), hash["priority"].f32(0),
                                hash["probability"].f32(0), hash["volume"].f32(0)});
    for (const JsonNode& soundNode : node["sounds"].elements()) {
        Sound sound;
        sound.soundType = soundNode["soundType"].u32();
        for (const JsonNode& entry : soundNode["entries"].elements())
            sound.entries.push_back({entry["waveId"].u32(), entry["priority"].f32(0),
                                     entry["probability"].f32(0), entry["volume"].f32(0)});
        sound.unknown = soundNode["unknown"].i32(0);
        table.sounds.push_back(std::move(sound));
    }
    return table;
}

} // namespace portalkit::dat
