#include "datreader/records/legacy_string.h"

#include "datreader/records/world_common.h"

#include <QJsonObject>

namespace portalkit::dat {

LegacyString readLegacyString(ByteCursor& in, const char* field) {
    LegacyString value;
    std::uint32_t length = in.u16(field);
    if (length == 0xFFFF) {
        value.longForm = true;
        length = in.u32(field);
    }
    const auto bytes = in.bytes(length, field); // bounds-checked before anything is copied
    value.text.assign(bytes.begin(), bytes.end());
    value.pad = readPad(in, field);
    return value;
}

void writeLegacyString(ByteWriter& out, const LegacyString& value, const char* field) {
    if (value.longForm || value.text.size() >= 0xFFFF) {
        out.u16(0xFFFF);
        out.u32(std::uint32_t(value.text.size()));
    } else {
        out.u16(std::uint16_t(value.text.size()));
    }
    for (char c : value.text)
        out.u8(std::uint8_t(c));
    writePad(out, value.pad, field);
}

QJsonValue toJson(const LegacyString& value) {
    const QString text = QString::fromLatin1(value.text.data(), qsizetype(value.text.size()));
    if (!value.longForm && value.pad == 0)
        return text;
    QJsonObject object{{"text", text}};
    if (value.longForm)
        object["longForm"] = true;
    if (value.pad != 0)
        object["pad"] = qint64(value.pad);
    return object;
}

LegacyString legacyStringFromJson(const JsonNode& node) {
    LegacyString value;
    if (node.isObject()) {
        value.longForm = node["longForm"].boolean(false);
        value.pad = node["pad"].u32(0);
    }
    const JsonNode text = node.isObject() ? node["text"] : node;
    if (text.isMissing())
        return value;
    const QString string = text.string();
    for (QChar c : string)
        if (c.unicode() > 0xFF)
            text.fail("character U+" + QString::number(c.unicode(), 16).toUpper().toStdString() +
                      " is outside Latin-1 (the string stores one byte per character)");
    const QByteArray latin1 = string.toLatin1();
    value.text.assign(latin1.begin(), latin1.end());
    return value;
}

} // namespace portalkit::dat
