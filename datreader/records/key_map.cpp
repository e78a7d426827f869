#include "datreader/records/key_map.h"

#include <algorithm>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kDeviceBytes = 1 + 16;     // type, GUID
constexpr std::size_t kControlBytes = 4 + 4;     // key, modifier
constexpr std::size_t kBindingBytes = 8 + 4 + 4; // control, activation, unknown
constexpr std::size_t kInputMapBytes = 4 + 4;    // key, an empty list's count

constexpr std::array<std::string_view, 5> kDeviceNames{"", "keyboard", "mouse", "joystick",
                                                       "virtual"};

// The registry form's text order of the 16 bytes: Data1 to Data3 are stored little-endian.
constexpr std::array<std::size_t, 16> kTextOrder{3, 2, 1,  0,  5,  4,  7,  6,
                                                 8, 9, 10, 11, 12, 13, 14, 15};

KeyMapGuid readGuid(ByteCursor& in, const char* field) {
    KeyMapGuid guid;
    const auto bytes = in.bytes(guid.bytes.size(), field);
    std::copy(bytes.begin(), bytes.end(), guid.bytes.begin());
    return guid;
}

KeyMapDevice readDevice(ByteCursor& in) {
    KeyMapDevice device;
    device.type = in.u8("keyMap.device.type");
    device.guid = readGuid(in, "keyMap.device.guid");
    return device;
}

void writeDevice(ByteWriter& out, const KeyMapDevice& device) {
    out.u8(device.type);
    out.bytes(device.guid.bytes);
}

KeyMapControl readControl(ByteCursor& in, const char* keyField, const char* modifierField) {
    KeyMapControl control;
    control.key = in.u32(keyField);
    control.modifier = in.u32(modifierField);
    return control;
}

void writeControl(ByteWriter& out, const KeyMapControl& control) {
    out.u32(control.key);
    out.u32(control.modifier);
}

KeyMapBinding readBinding(ByteCursor& in) {
    KeyMapBinding binding;
    binding.control = readControl(in, "keyMap.binding.key", "keyMap.binding.modifier");
    binding.activation = in.u32("keyMap.binding.activation");
    binding.unknown = in.u32("keyMap.binding.unknown");
    return binding;
}

void writeBinding(ByteWriter& out, const KeyMapBinding& binding) {
    writeControl(out, binding.control);
    out.u32(binding.activation);
    out.u32(binding.unknown);
}

KeyedEntry<std::vector<KeyMapBinding>> readInputMap(ByteCursor& in) {
    KeyedEntry<std::vector<KeyMapBinding>> entry;
    entry.key = in.u32("keyMap.inputMap.key");
    entry.value =
        readNamedList(in, "keyMap.inputMap.bindings", kBindingBytes, "binding", readBinding);
    return entry;
}

void writeInputMap(ByteWriter& out, const KeyedEntry<std::vector<KeyMapBinding>>& entry) {
    out.u32(entry.key);
    writeList(out, entry.value, writeBinding);
}

// --- JSON -------------------------------------------------------------------------------------

QJsonValue deviceTypeJson(std::uint8_t type) {
    if (type == 0 || type >= kDeviceNames.size())
        return int(type);
    return QString::fromLatin1(kDeviceNames[type].data(), qsizetype(kDeviceNames[type].size()));
}

std::uint8_t deviceTypeFromJson(const JsonNode& node) {
    if (!node.value().isString() || node.string().startsWith("0x"))
        return node.u8(0);
    const std::string name = node.string().toStdString();
    for (std::size_t i = 1; i < kDeviceNames.size(); ++i)
        if (kDeviceNames[i] == name)
            return std::uint8_t(i);
    node.fail("unknown device type \"" + name +
              "\" (keyboard, mouse, joystick, virtual or a number)");
}

QJsonObject deviceJson(const KeyMapDevice& device) {
    return QJsonObject{{"type", deviceTypeJson(device.type)},
                       {"guid", keyMapGuidText(device.guid)}};
}

KeyMapDevice deviceFromJson(const JsonNode& node) {
    return KeyMapDevice{deviceTypeFromJson(node["type"]), keyMapGuidFromJson(node["guid"])};
}

QJsonObject controlJson(const KeyMapControl& control) {
    return QJsonObject{{"key", qint64(control.key)}, {"modifier", qint64(control.modifier)}};
}

KeyMapControl controlFromJson(const JsonNode& node) {
    return KeyMapControl{node["key"].u32(), node["modifier"].u32(0)};
}

QJsonObject bindingJson(const KeyMapBinding& binding) {
    QJsonObject object = controlJson(binding.control);
    object["activation"] = qint64(binding.activation);
    object["unknown"] = qint64(binding.unknown);
    return object;
}

KeyMapBinding bindingFromJson(const JsonNode& node) {
    return KeyMapBinding{controlFromJson(node), node["activation"].u32(0), node["unknown"].u32(0)};
}

QJsonObject inputMapJson(const KeyedEntry<std::vector<KeyMapBinding>>& entry) {
    return QJsonObject{{"inputMap", didJson(entry.key)},
                       {"bindings", listToJson(entry.value, bindingJson)}};
}

KeyedEntry<std::vector<KeyMapBinding>> inputMapFromJson(const JsonNode& node) {
    return {node["inputMap"].u32(), listFromJson(node["bindings"], bindingFromJson)};
}

int hexDigit(QChar c) {
    const char ch = c.toLatin1();
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

} // namespace

QString keyMapGuidText(const KeyMapGuid& guid) {
    static constexpr char kHex[] = "0123456789abcdef";
    QString text;
    for (std::size_t i = 0; i < kTextOrder.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            text += '-';
        const std::uint8_t byte = guid.bytes[kTextOrder[i]];
        text += kHex[byte >> 4];
        text += kHex[byte & 0xF];
    }
    return text;
}

KeyMapGuid keyMapGuidFromJson(const JsonNode& node) {
    KeyMapGuid guid;
    if (node.isMissing())
        return guid;
    const QString text = node.string();
    const auto bad = [&] {
        node.fail("a GUID is written xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hex digits)");
    };
    if (text.size() != 36)
        bad();
    std::size_t index = 0;
    for (qsizetype at = 0; at < text.size(); at += 2) {
        if (at == 8 || at == 13 || at == 18 || at == 23) {
            if (text[at] != '-')
                bad();
            ++at;
        }
        const int high = hexDigit(text[at]);
        const int low = hexDigit(text[at + 1]);
        if (high < 0 || low < 0)
            bad();
        guid.bytes[kTextOrder[index++]] = std::uint8_t(high << 4 | low);
    }
    return guid;
}

KeyMap KeyMap::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<KeyMap>(bytes, did, "keyMap", [](ByteCursor& in, auto& r) {
        r.name = readPString(in, "keyMap.name");
        r.guidMap = readGuid(in, "keyMap.guidMap");
        r.devices = readNamedList(in, "keyMap.devices", kDeviceBytes, "device", readDevice);
        r.metaKeys =
            readNamedList(in, "keyMap.metaKeys", kControlBytes, "meta key", [](ByteCursor& cursor) {
                return readControl(cursor, "keyMap.metaKey.key", "keyMap.metaKey.modifier");
            });
        r.inputMaps =
            readNamedList(in, "keyMap.inputMaps", kInputMapBytes, "input map", readInputMap);
    });
}

std::vector<std::uint8_t> KeyMap::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        write(out, name);
        out.bytes(guidMap.bytes);
        writeList(out, devices, writeDevice);
        writeList(out, metaKeys, writeControl);
        writeList(out, inputMaps, writeInputMap);
    });
}

QJsonObject KeyMap::toJson() const {
    QJsonObject fields{{"name", dat::toJson(name)},
                       {"guidMap", keyMapGuidText(guidMap)},
                       {"devices", listToJson(devices, deviceJson)},
                       {"metaKeys", listToJson(metaKeys, controlJson)},
                       {"inputMaps", listToJson(inputMaps, inputMapJson)}};
    return recordFrameJson(*this, fields);
}

KeyMap KeyMap::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<KeyMap>(node, did, [&](KeyMap& r) {
        r.name = node.has("name") ? pStringFromJson(node["name"]) : PString{};
        r.guidMap = keyMapGuidFromJson(node["guidMap"]);
        r.devices = listFromJson(node["devices"], deviceFromJson);
        r.metaKeys = listFromJson(node["metaKeys"], controlFromJson);
        r.inputMaps = listFromJson(node["inputMaps"], inputMapFromJson);
    });
}

} // namespace portalkit::dat
