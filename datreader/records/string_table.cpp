#include "datreader/records/string_table.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {
namespace {

constexpr std::size_t kMinDataBytes = 4 + 4 + 4 + 4 + 1; // key, dataId, two counts, flag

StringTableData readData(ByteCursor& in) {
    StringTableData data;
    data.key = in.u32("stringTable.key");
    data.dataId = in.u32("stringTable.dataId");
    // A WideString takes at least its one-byte length.
    data.strings = readNamedList(in, "stringTable.strings", 1, "string", [](ByteCursor& c) {
        return readWideString(c, "stringTable.string");
    });
    data.variables = readList(in, "stringTable.variables", 4, readU32As("stringTable.variable"));
    data.worthPacking = in.u8("stringTable.worthPacking");
    return data;
}

void writeData(ByteWriter& out, const StringTableData& data) {
    out.u32(data.key);
    out.u32(data.dataId);
    writeList(out, data.strings, [](ByteWriter& o, const WideString& s) { write(o, s); });
    writeList(out, data.variables);
    out.u8(data.worthPacking);
}

QJsonObject dataJson(const StringTableData& data) {
    QJsonObject object{{"key", didJson(data.key)}};
    if (data.dataId != 0)
        object["dataId"] = didJson(data.dataId);
    object["strings"] = listToJson(data.strings, [](const WideString& s) { return toJson(s); });
    if (!data.variables.empty())
        object["variables"] = didListToJson(data.variables);
    if (data.worthPacking != 0)
        object["worthPacking"] = byteFlagJson(data.worthPacking);
    return object;
}

StringTableData dataFromJson(const JsonNode& node) {
    StringTableData data;
    data.key = node["key"].u32();
    data.dataId = node["dataId"].u32(0);
    data.strings = listFromJson(node["strings"], wideStringFromJson);
    data.variables = listFromJson(node["variables"], u32FromJson);
    data.worthPacking = byteFlagFromJson(node["worthPacking"]);
    return data;
}

} // namespace

const StringTableData* StringTable::find(std::uint32_t key) const {
    for (const StringTableData& data : strings)
        if (data.key == key)
            return &data;
    return nullptr;
}

StringTable StringTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<StringTable>(
        bytes, did, "stringTable", [](ByteCursor& in, StringTable& t) {
            t.language = in.u32("stringTable.language");
            const std::uint32_t count =
                readHashHeader(in, "stringTable.entries", kMinDataBytes, t.stringsHeader);
            t.strings = readNamedItems(in, count, "entry", readData);
        });
}

std::vector<std::uint8_t> StringTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        out.u32(language);
        writeHashHeader(out, stringsHeader, strings.size());
        writeItems(out, strings, writeData);
    });
}

QJsonObject StringTable::toJson() const {
    QJsonObject fields{{"language", qint64(language)}};
    putHashHeader(fields, "string", stringsHeader);
    fields["strings"] = listToJson(strings, dataJson);
    return recordFrameJson(*this, fields);
}

StringTable StringTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<StringTable>(node, did, [&](StringTable& t) {
        t.language = node["language"].u32(1);
        t.strings = listFromJson(node["strings"], dataFromJson);
        t.stringsHeader = hashHeaderFromJson(node, "string", t.strings.size());
    });
}

QString plainText(const WideString& value) {
    QString text;
    const std::u16string& units = value.text;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const QChar unit(units[i]);
        if (unit.isHighSurrogate() && i + 1 < units.size() &&
            QChar(units[i + 1]).isLowSurrogate()) {
            text += unit;
            text += QChar(units[++i]);
        } else {
            text += unit.isSurrogate() ? QChar(QChar::ReplacementCharacter) : unit;
        }
    }
    return text;
}

} // namespace portalkit::dat
