#include "datreader/records/motion_table.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>

namespace portalkit::dat {
namespace {

constexpr std::size_t kSmallestEntry = 4 + 4; // key + MotionData header with its pad
constexpr std::size_t kSmallestLink = 4 + 4;  // key + transition count

// Reads a map of key → MotionData, naming each entry in errors.
std::vector<MotionTable::Entry> readEntries(ByteCursor& in, std::uint32_t count,
                                            const char* keyField, const char* what) {
    std::vector<MotionTable::Entry> entries;
    entries.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        try {
            MotionTable::Entry entry;
            entry.key = in.u32(keyField);
            entry.motion = readMotionData(in);
            entries.push_back(std::move(entry));
        } catch (DatError& error) {
            error.withContext(std::string("reading ") + what + " " + std::to_string(i));
            throw;
        }
    }
    return entries;
}

void writeEntries(ByteWriter& out, const std::vector<MotionTable::Entry>& entries) {
    out.u32(std::uint32_t(entries.size()));
    for (const MotionTable::Entry& entry : entries) {
        out.u32(entry.key);
        writeMotionData(out, entry.motion);
    }
}

QJsonArray entriesJson(const std::vector<MotionTable::Entry>& entries) {
    QJsonArray list;
    for (const MotionTable::Entry& entry : entries) {
        QJsonObject object = toJson(entry.motion);
        object["key"] = didJson(entry.key);
        list.append(object);
    }
    return list;
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
    std::vector<MotionTable::Entry> entries;
    for (const JsonNode& node : list.elements())
        entries.push_back({node["key"].u32(), motionDataFromJson(node)});
    return entries;
}

} // namespace

MotionData readMotionData(ByteCursor& in) {
    MotionData motion;
    const std::uint8_t numAnims = in.u8("motionData.numAnims");
    motion.bitfield = in.u8("motionData.bitfield");
    motion.flags = in.u8("motionData.flags");
    in.align4("motionData.pad");
    motion.anims.reserve(numAnims);
    for (std::uint8_t i = 0; i < numAnims; ++i)
        motion.anims.push_back(readAnimData(in, "motionData.anims"));
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
    out.align4();
    for (const AnimData& anim : motion.anims)
        write(out, anim);
    if (motion.hasVelocity())
        write(out, motion.velocity);
    if (motion.hasOmega())
        write(out, motion.omega);
}

QJsonObject toJson(const MotionData& motion) {
    QJsonArray anims;
    for (const AnimData& anim : motion.anims)
        anims.append(toJson(anim));
    QJsonObject object{{"bitfield", motion.bitfield}, {"flags", motion.flags}, {"anims", anims}};
    if (motion.hasVelocity())
        object["velocity"] = toJson(motion.velocity);
    if (motion.hasOmega())
        object["omega"] = toJson(motion.omega);
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
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    MotionTable table;
    table.id = readOwnId(in, did);
    table.defaultStyle = in.u32("motionTable.defaultStyle");

    const std::uint32_t numStyleDefaults = readCount(in, "motionTable.numStyleDefaults", 8);
    table.styleDefaults.reserve(numStyleDefaults);
    for (std::uint32_t i = 0; i < numStyleDefaults; ++i) {
        StyleDefault entry;
        entry.style = in.u32("motionTable.styleDefaults.style");
        entry.defaultSubstate = in.u32("motionTable.styleDefaults.defaultSubstate");
        table.styleDefaults.push_back(entry);
    }

    const std::uint32_t numCycles = readCount(in, "motionTable.numCycles", kSmallestEntry);
    table.cycles = readEntries(in, numCycles, "motionTable.cycles.key", "cycle");
    const std::uint32_t numModifiers = readCount(in, "motionTable.numModifiers", kSmallestEntry);
    table.modifiers = readEntries(in, numModifiers, "motionTable.modifiers.key", "modifier");

    const std::uint32_t numLinks = readCount(in, "motionTable.numLinks", kSmallestLink);
    table.links.reserve(numLinks);
    for (std::uint32_t i = 0; i < numLinks; ++i) {
        try {
            Link link;
            link.key = in.u32("motionTable.links.key");
            const std::uint32_t numTransitions =
                readCount(in, "motionTable.links.numTransitions", kSmallestEntry);
            link.transitions =
                readEntries(in, numTransitions, "motionTable.links.transitions.key", "transition");
            table.links.push_back(std::move(link));
        } catch (DatError& error) {
            error.withContext("reading link " + std::to_string(i));
            throw;
        }
    }
    in.expectEnd("motionTable");
    return table;
}

std::vector<std::uint8_t> MotionTable::encode() const {
    ByteWriter out;
    try {
        out.u32(id);
        out.u32(defaultStyle);
        out.u32(std::uint32_t(styleDefaults.size()));
        for (const StyleDefault& entry : styleDefaults) {
            out.u32(entry.style);
            out.u32(entry.defaultSubstate);
        }
        writeEntries(out, cycles);
        writeEntries(out, modifiers);
        out.u32(std::uint32_t(links.size()));
        for (const Link& link : links) {
            out.u32(link.key);
            writeEntries(out, link.transitions);
        }
    } catch (DatError& error) {
        error.withDid(id);
        throw;
    }
    return out.take();
}

QJsonObject MotionTable::toJson() const {
    QJsonArray defaults;
    for (const StyleDefault& entry : styleDefaults)
        defaults.append(QJsonObject{{"style", didJson(entry.style)},
                                    {"defaultSubstate", didJson(entry.defaultSubstate)}});
    QJsonArray linkList;
    for (const Link& link : links)
        linkList.append(QJsonObject{{"key", didJson(link.key)},
                                    {"transitions", entriesJson(link.transitions)}});
    return {{"id", didJson(id)},
            {"defaultStyle", didJson(defaultStyle)},
            {"styleDefaults", defaults},
            {"cycles", entriesJson(cycles)},
            {"modifiers", entriesJson(modifiers)},
            {"links", linkList}};
}

MotionTable MotionTable::fromJson(const JsonNode& node, std::uint32_t did) {
    MotionTable table;
    table.id = ownIdFromJson(node, did);
    table.defaultStyle = node["defaultStyle"].u32();
    for (const JsonNode& entry : node["styleDefaults"].elements())
        table.styleDefaults.push_back({entry["style"].u32(), entry["defaultSubstate"].u32()});
    table.cycles = entriesFromJson(node["cycles"]);
    table.modifiers = entriesFromJson(node["modifiers"]);
    for (const JsonNode& link : node["links"].elements())
        table.links.push_back({link["key"].u32(), entriesFromJson(link["transitions"])});
    return table;
}

} // namespace portalkit::dat
