#include "datreader/records/dual_did_mapper.h"

namespace portalkit::dat {

DualDidMapper DualDidMapper::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<DualDidMapper>(bytes, did, "dualDidMapper",
                                            [](ByteCursor& in, DualDidMapper& mapper) {
                                                mapper.maps = DidMaps::read(in, "dualDidMapper");
                                            });
}

std::vector<std::uint8_t> DualDidMapper::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) { maps.write(out); });
}

QJsonObject DualDidMapper::toJson() const {
    QJsonObject object;
    maps.putJson(object);
    return recordFrameJson(*this, object);
}

DualDidMapper DualDidMapper::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<DualDidMapper>(
        node, did, [&](DualDidMapper& mapper) { mapper.maps = DidMaps::fromJson(node); });
}

} // namespace portalkit::dat
