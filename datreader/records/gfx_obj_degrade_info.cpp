#include "datreader/records/gfx_obj_degrade_info.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {
constexpr std::size_t kLevelBytes = 4 + 4 + 3 * 4;

// A level's fields after its GfxObj id, one list for all four directions.
template <typename Self, typename Visit> void levelFields(Self& level, Visit&& v) {
    v.u32("gfxObjDegradeInfo.degradeMode", level.degradeMode);
    v.f32("gfxObjDegradeInfo.minDist", level.minDist);
    v.f32("gfxObjDegradeInfo.idealDist", level.idealDist);
    v.f32("gfxObjDegradeInfo.maxDist", level.maxDist);
}

GfxObjDegradeInfo::Level readLevel(ByteCursor& in) {
    GfxObjDegradeInfo::Level level;
    level.gfxObjId = in.u32("gfxObjDegradeInfo.gfxObjId");
    levelFields(level, FieldReader{in});
    return level;
}

void writeLevel(ByteWriter& out, const GfxObjDegradeInfo::Level& level) {
    out.u32(level.gfxObjId);
    levelFields(level, FieldWriter{out});
}

QJsonObject levelToJson(const GfxObjDegradeInfo::Level& level) {
    QJsonObject object{{"gfxObjId", didJson(level.gfxObjId)}};
    levelFields(level, FieldJsonWriter{object});
    return object;
}

GfxObjDegradeInfo::Level levelFromJson(const JsonNode& node) {
    GfxObjDegradeInfo::Level level;
    level.gfxObjId = node["gfxObjId"].u32(); // required; the rest default to 0
    levelFields(level, FieldJsonReader{node});
    return level;
}
} // namespace

GfxObjDegradeInfo GfxObjDegradeInfo::decode(std::span<const std::uint8_t> bytes,
                                            std::uint32_t did) {
    return decodeRecordFrame<GfxObjDegradeInfo>(
        bytes, did, "gfxObjDegradeInfo", [](ByteCursor& in, GfxObjDegradeInfo& info) {
            info.levels = readList(in, "gfxObjDegradeInfo.levels", kLevelBytes, readLevel);
        });
}

std::vector<std::uint8_t> GfxObjDegradeInfo::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) { writeList(out, levels, writeLevel); });
}

QJsonObject GfxObjDegradeInfo::toJson() const {
    return recordFrameJson(*this, {{"levels", listToJson(levels, levelToJson)}});
}

GfxObjDegradeInfo GfxObjDegradeInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<GfxObjDegradeInfo>(node, did, [&](GfxObjDegradeInfo& info) {
        info.levels = listFromJson(node["levels"], levelFromJson);
    });
}

} // namespace portalkit::dat
