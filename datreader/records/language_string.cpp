#include "datreader/records/language_string.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

LanguageString LanguageString::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<LanguageString>(bytes, did, "string", [](ByteCursor& in, auto& r) {
        r.value = readPString(in, "string.value");
    });
}

std::vector<std::uint8_t> LanguageString::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) { write(out, value); });
}

QJsonObject LanguageString::toJson() const {
    return recordFrameJson(*this, QJsonObject{{"value", dat::toJson(value)}});
}

LanguageString LanguageString::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<LanguageString>(
        node, did, [&](LanguageString& r) { r.value = pStringFromJson(node["value"]); });
}

} // namespace portalkit::dat
