#include "datreader/records/motion_table.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>

namespace portalkit::dat {
namespace {

constexpr std::size_t kSmallestEntry = 4 + 4; // key + MotionData header with its pad
constexpr std::size_t kSmallestLink = 4 + 4;  // key + transition count

// Reads a map of key → MotionData, naming each entry in errors.
std::vector<MotionTable::Entry> readEntries(ByteCursor& in, std::uint32_t count,
                                            const char* keyField, const char* what) {
    return readNamedItems(in, count, what, [keyField](ByteCursor& c) {
        MotionTable::Entry entry;
        entry.key = c.u32(keyField);
        entry.motion = readMotionData(c);
        return entry;
    });
}

void writeEntries(ByteWriter& out, const std::vector<MotionTable::Entry>& entries) {
    writeList(out, entries, [](ByteWriter& o, const MotionTable::Entry& entry) {
        o.u32(entry.key);
        writeMotionData(o, entry.motion);
    });
}

QJsonArray entriesJson(const std::vector<MotionTable::Entry>& entries) {
    return listToJson(entries, [](const MotionTable::Entry& entry) {
        return withKey(toJson(entry.motion), didJson(entry.key));
    });
}

const MotionData* findEntry(const std::vector<MotionTable::Entry>& entries, std::uint32_t key) {
    for (const MotionTable::Entry& entry : entries)
        if (entry.key == key)
            return &entry.motion;
    return nullptr;
}

std::uint32_t commandIndex(std::uint32_t command) {
    return command & 0xFFFFFF;
}

std::vector<MotionTable::Entry> entriesFromJson(const JsonNode& list) {
    return listFromJson(list, [](const JsonNode& node) {
        return MotionTable::Entry{node["key"].u32(), motionDataFromJson(node)};
    });
}

} // namespace

MotionData readMotionData(ByteCursor& in) {
    MotionData motion;
    const std::uint8_t numAnims = in.u8("motionData.numAnims");
    motion.bitfield = in.u8("motionData.bitfield");
    motion.flags = in.u8("motionData.flags");
    motion.pad = readPad(in, "motionData.pad");
    motion.anims = readItems(in, numAnims, readAs(readAnimData, "motionData.anims"));
    if (motion.hasVelocity())
        motion.velocity = readVec3(in, "motionData.velocity");
    if (motion.hasOmega())
        motion.omega = readVec3(in, "motionData.omega");
    return motion;
}

void writeMotionData(ByteWriter& out, const MotionData& motion) {
    if (motion.anims.size() > 0xFF)
        throw DatError("motionData.numAnims",
                       std::to_string(motion.anims.size()) + " anims do not fit the u8 count",
                       out.size(), OffsetKind::Entry);
    out.u8(std::uint8_t(motion.anims.size()));
    out.u8(motion.bitfield);
    out.u8(motion.flags);
    writePad(out, motion.pad, "motionData.pad");
    writeItems(out, motion.anims);
    if (motion.hasVelocity())
        write(out, motion.velocity);
    if (motion.hasOmega())
        write(out, motion.omega);
}

QJsonObject toJson(const MotionData& motion) {
    QJsonObject object{{"bitfield", motion.bitfield},
                       {"flags", motion.flags},
                       {"anims", listToJson(motion.anims)}};
    if (motion.hasVelocity())
        object["velocity"] = toJson(motion.velocity);
    if (motion.hasOmega())
        object["omega"] = toJson(motion.omega);
    putPad(object, "pad", motion.pad);
    return object;
}

MotionData motionDataFromJson(const JsonNode& node) {
    MotionData motion;
    motion.bitfield = node["bitfield"].u8(0);
    const JsonNode velocity = node["velocity"];
    const JsonNode omega = node["omega"];
    motion.flags = node["flags"].u8((velocity.isMissing() ? 0 : MotionData::kHasVelocity) |
                                    (omega.isMissing() ? 0 : MotionData::kHasOmega));
    const std::vector<JsonNode> anims = node["anims"].elements();
    if (anims.size() > 0xFF)
        node["anims"].fail(std::to_string(anims.size()) + " anims do not fit the u8 count");
    for (const JsonNode& anim : anims)
        motion.anims.push_back(animDataFromJson(anim));
    // Each vector is stored only under its flag, so one without the other could not be read back.
    const auto flaggedVector = [](const JsonNode& vector, bool flagged, const std::string& bit) {
        if (!flagged && !vector.isMissing())
            vector.fail("given but flags lack " + bit);
        if (flagged && vector.isMissing())
            vector.fail("missing though flags have " + bit);
        return flagged ? vec3FromJson(vector) : Vec3{};
    };
    motion.velocity = flaggedVector(velocity, motion.hasVelocity(), "bit 0x1");
    motion.omega = flaggedVector(omega, motion.hasOmega(), "bit 0x2");
    motion.pad = node["pad"].u32(0);
    return motion;
}

std::optional<std::uint32_t> MotionTable::defaultSubstate(std::uint32_t style) const {
    for (const StyleDefault& entry : styleDefaults)
        if (entry.style == style)
            return entry.defaultSubstate;
    return std::nullopt;
}

const MotionData* MotionTable::cycle(std::uint32_t style, std::uint32_t substate) const {
    return findEntry(cycles, styleKey(style) | commandIndex(substate));
}

const MotionData* MotionTable::link(std::uint32_t style, std::uint32_t fromSubstate,
                                    std::uint32_t motion) const {
    const auto transition = [&](std::uint32_t outerKey) -> const MotionData* {
        for (const Link& row : links)
            if (row.key == outerKey)
                return findEntry(row.transitions, motion);
        return nullptr;
    };
    if (const MotionData* direct = transition(styleKey(style) | commandIndex(fromSubstate)))
        return direct;
    return transition(styleKey(style));
}

MotionTable MotionTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<MotionTable>(
        bytes, did, "motionTable", [](ByteCursor& in, MotionTable& table) {
            table.defaultStyle = in.u32("motionTable.defaultStyle");
            table.styleDefaults =
                readList(in, "motionTable.numStyleDefaults", 8, [](ByteCursor& c) {
                    StyleDefault entry;
                    entry.style = c.u32("motionTable.styleDefaults.style");
                    entry.defaultSubstate = c.u32("motionTable.styleDefaults.defaultSubstate");
                    return entry;
                });
            const std::uint32_t numCycles = readCount(in, "motionTable.numCycles", kSmallestEntry);
            table.cycles = readEntries(in, numCycles, "motionTable.cycles.key", "cycle");
            const std::uint32_t numModifiers =
                readCount(in, "motionTable.numModifiers", kSmallestEntry);
            table.modifiers =
                readEntries(in, numModifiers, "motionTable.modifiers.key", "modifier");
            table.links =
                readNamedList(in, "motionTable.numLinks", kSmallestLink, "link", [](ByteCursor& c) {
                    Link link;
                    link.key = c.u32("motionTable.links.key");
                    const std::uint32_t numTransitions =
                        readCount(c, "motionTable.links.numTransitions", kSmallestEntry);
                    link.transitions = readEntries(
                        c, numTransitions, "motionTable.links.transitions.key", "transition");
                    return link;
                });
        });
}

std::vector<std::uint8_t> MotionTable::encode() const {
    try {
        return encodeRecordFrame(*this, [&](ByteWriter& out) {
            out.u32(defaultStyle);
            writeList(out, styleDefaults, [](ByteWriter& o, const StyleDefault& entry) {
                o.u32(entry.style);
                o.u32(entry.defaultSubstate);
            });
            writeEntries(out, cycles);
            writeEntries(out, modifiers);
            writeList(out, links, [](ByteWriter& o, const Link& link) {
                o.u32(link.key);
                writeEntries(o, link.transitions);
            });
        });
    } catch (DatError& error) {
        error.withDid(id);
        throw;
    }
}

QJsonObject MotionTable::toJson() const {
    const QJsonArray defaults = listToJson(styleDefaults, [](const StyleDefault& entry) {
        return QJsonObject{{"style", didJson(entry.style)},
                           {"defaultSubstate", didJson(entry.defaultSubstate)}};
    });
    const QJsonArray linkList = listToJson(links, [](const Link& link) {
        return QJsonObject{{"key", didJson(link.key)},
                           {"transitions", entriesJson(link.transitions)}};
    });
    return recordFrameJson(*this, {{"defaultStyle", didJson(defaultStyle)},
                                   {"styleDefaults", defaults},
                                   {"cycles", entriesJson(cycles)},
                                   {"modifiers", entriesJson(modifiers)},
                                   {"links", linkList}});
}

MotionTable MotionTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<MotionTable>(node, did, [&](MotionTable& table) {
        table.defaultStyle = node["defaultStyle"].u32();
        table.styleDefaults = listFromJson(node["styleDefaults"], [](const JsonNode& entry) {
            return StyleDefault{entry["style"].u32(), entry["defaultSubstate"].u32()};
        });
        table.cycles = entriesFromJson(node["cycles"]);
        table.modifiers = entriesFromJson(node["modifiers"]);
        table.links = listFromJson(node["links"], [](const JsonNode& link) {
            return Link{link["key"].u32(), entriesFromJson(link["transitions"])};
        });
    });
}

} // namespace portalkit::dat
