#include "datreader/records/action_map.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/hash_table.h"

#include <array>
#include <string>

namespace portalkit::dat {

namespace {

// Smallest stored sizes, so a count is checked against the bytes that must follow it.
constexpr std::size_t kActionBytes = 4 + 13 + 12; // key, the 13-byte header, the binding
constexpr std::size_t kInputMapBytes = 4 + 1 + 1; // key, bucket byte, an empty count
constexpr std::size_t kConflictBytes = 4 + 4 + 4; // key, input map, an empty list's count
constexpr std::size_t kConflictingMapBytes = 4;

constexpr std::array<std::string_view, 6> kToggleNames{"",        "momentary",  "toggle",
                                                       "impulse", "autoRepeat", "continuous"};

ActionMapValue readAction(ByteCursor& in) {
    ActionMapValue value;
    value.magic = in.u32("actionMap.action.magic");
    value.unknownByte = in.u8("actionMap.action.unknownByte");
    value.toggleType = in.u32("actionMap.action.toggleType");
    value.dummyCount = in.u32("actionMap.action.dummyCount");
    value.binding.actionClass = in.u32("actionMap.action.actionClass");
    value.binding.actionName = in.u32("actionMap.action.actionName");
    value.binding.description = in.u32("actionMap.action.description");
    return value;
}

void writeAction(ByteWriter& out, const ActionMapValue& value) {
    out.u32(value.magic);
    out.u8(value.unknownByte);
    out.u32(value.toggleType);
    out.u32(value.dummyCount);
    out.u32(value.binding.actionClass);
    out.u32(value.binding.actionName);
    out.u32(value.binding.description);
}

ActionMapInputMap readInputMap(ByteCursor& in) {
    return readKeyedTable<ActionMapValue>(in, "actionMap.actions", kActionBytes, readAction);
}

void writeInputMap(ByteWriter& out, const ActionMapInputMap& map) {
    writeKeyedTable(out, map, writeAction);
}

ActionMapConflicts readConflicts(ByteCursor& in) {
    ActionMapConflicts value;
    value.inputMap = in.u32("actionMap.conflict.inputMap");
    value.conflicting = readList(in, "actionMap.conflict.conflicting", kConflictingMapBytes,
                                 readU32As("actionMap.conflict.conflictingMap"));
    return value;
}

void writeConflicts(ByteWriter& out, const ActionMapConflicts& value) {
    out.u32(value.inputMap);
    writeList(out, value.conflicting);
}

// --- JSON -------------------------------------------------------------------------------------

// The bucket byte and a longer-than-needed count width, under the keys the caller names.
template <typename V>
void putTableHeader(QJsonObject& object, const char* bucketsKey, const char* countBytesKey,
                    const KeyedTable<V>& table) {
    object[bucketsKey] = int(table.bucketIndex);
    if (table.countBytes != 0)
        object[countBytesKey] = int(table.countBytes);
}

// A source that leaves the bucket byte out gets the smallest of the client's prime bucket sizes
// (that fit a byte) holding the entries: a plausible value, not one retail is known to use.
std::uint8_t defaultBuckets(std::size_t count) {
    for (const std::uint8_t size : {11, 23, 47, 89})
        if (count <= size)
            return size;
    return 191;
}

template <typename V>
void tableHeaderFromJson(const JsonNode& node, const char* bucketsKey, const char* countBytesKey,
                         KeyedTable<V>& table) {
    table.bucketIndex = node[bucketsKey].u8(defaultBuckets(table.entries.size()));
    table.countBytes = countBytesFromJson(node[countBytesKey], table.entries.size());
}

QJsonValue toggleJson(std::uint32_t value) {
    const std::string_view name = toggleTypeName(value);
    if (name.empty())
        return qint64(value);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

std::uint32_t toggleFromJson(const JsonNode& node) {
    if (!node.value().isString() || node.string().startsWith("0x"))
        return node.u32(0);
    const std::string name = node.string().toStdString();
    for (std::size_t i = 1; i < kToggleNames.size(); ++i)
        if (kToggleNames[i] == name)
            return std::uint32_t(i);
    node.fail("unknown toggle type \"" + name +
              "\" (momentary, toggle, impulse, autoRepeat, continuous or a number)");
}

// The raw header fields appear only when they are not zero, as the references report them.
void putRaw(QJsonObject& object, const char* key, std::uint32_t value) {
    if (value != 0)
        object[key] = qint64(value);
}

QJsonObject actionJson(const KeyedEntry<ActionMapValue>& entry) {
    const ActionMapValue& value = entry.value;
    QJsonObject object{{"action", didJson(entry.key)},
                       {"toggleType", toggleJson(value.toggleType)},
                       {"actionClass", qint64(value.binding.actionClass)},
                       {"actionName", didJson(value.binding.actionName)},
                       {"description", didJson(value.binding.description)}};
    putRaw(object, "magic", value.magic);
    putRaw(object, "unknownByte", value.unknownByte);
    putRaw(object, "dummyCount", value.dummyCount);
    return object;
}

KeyedEntry<ActionMapValue> actionFromJson(const JsonNode& node) {
    KeyedEntry<ActionMapValue> entry;
    entry.key = node["action"].u32();
    ActionMapValue& value = entry.value;
    value.magic = node["magic"].u32(0);
    value.unknownByte = node["unknownByte"].u8(0);
    value.toggleType = toggleFromJson(node["toggleType"]);
    value.dummyCount = node["dummyCount"].u32(0);
    value.binding.actionClass = node["actionClass"].u32(0);
    value.binding.actionName = node["actionName"].u32(0);
    value.binding.description = node["description"].u32(0);
    return entry;
}

QJsonObject inputMapJson(const KeyedEntry<ActionMapInputMap>& entry) {
    QJsonObject object{{"inputMap", didJson(entry.key)}};
    putTableHeader(object, "buckets", "countBytes", entry.value);
    object["actions"] = listToJson(entry.value.entries, actionJson);
    return object;
}

KeyedEntry<ActionMapInputMap> inputMapFromJson(const JsonNode& node) {
    KeyedEntry<ActionMapInputMap> entry;
    entry.key = node["inputMap"].u32();
    entry.value.entries = listFromJson(node["actions"], actionFromJson);
    tableHeaderFromJson(node, "buckets", "countBytes", entry.value);
    return entry;
}

QJsonObject conflictJson(const KeyedEntry<ActionMapConflicts>& entry) {
    return QJsonObject{{"key", didJson(entry.key)},
                       {"inputMap", didJson(entry.value.inputMap)},
                       {"conflicting", didListToJson(entry.value.conflicting)}};
}

// "inputMap" may be left out when it repeats the key, as a hand-written source would have it.
KeyedEntry<ActionMapConflicts> conflictFromJson(const JsonNode& node) {
    KeyedEntry<ActionMapConflicts> entry;
    entry.key = node["key"].u32();
    entry.value.inputMap = node["inputMap"].u32(entry.key);
    entry.value.conflicting = listFromJson(node["conflicting"], u32FromJson);
    return entry;
}

} // namespace

std::string_view toggleTypeName(std::uint32_t value) {
    return value < kToggleNames.size() ? kToggleNames[value] : std::string_view();
}

ActionMap ActionMap::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<ActionMap>(bytes, did, "actionMap", [](ByteCursor& in, auto& r) {
        r.inputMaps = readKeyedTable<ActionMapInputMap>(in, "actionMap.inputMaps", kInputMapBytes,
                                                        readInputMap);
        r.stringTable = in.u32("actionMap.stringTable");
        r.conflicts = readKeyedTable<ActionMapConflicts>(in, "actionMap.conflicts", kConflictBytes,
                                                         readConflicts);
    });
}

std::vector<std::uint8_t> ActionMap::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writeKeyedTable(out, inputMaps, writeInputMap);
        out.u32(stringTable);
        writeKeyedTable(out, conflicts, writeConflicts);
    });
}

QJsonObject ActionMap::toJson() const {
    QJsonObject fields;
    putTableHeader(fields, "inputMapsBuckets", "inputMapsCountBytes", inputMaps);
    fields["inputMaps"] = listToJson(inputMaps.entries, inputMapJson);
    fields["stringTable"] = didJson(stringTable);
    putTableHeader(fields, "conflictsBuckets", "conflictsCountBytes", conflicts);
    fields["conflicts"] = listToJson(conflicts.entries, conflictJson);
    return recordFrameJson(*this, fields);
}

ActionMap ActionMap::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ActionMap>(node, did, [&](ActionMap& r) {
        r.inputMaps.entries = listFromJson(node["inputMaps"], inputMapFromJson);
        tableHeaderFromJson(node, "inputMapsBuckets", "inputMapsCountBytes", r.inputMaps);
        r.stringTable = node["stringTable"].u32(0);
        r.conflicts.entries = listFromJson(node["conflicts"], conflictFromJson);
        tableHeaderFromJson(node, "conflictsBuckets", "conflictsCountBytes", r.conflicts);
    });
}

} // namespace portalkit::dat
