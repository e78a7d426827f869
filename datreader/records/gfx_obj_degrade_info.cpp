#include "datreader/records/gfx_obj_degrade_info.h"

#include <QJsonArray>

namespace portalkit::dat {

namespace {
constexpr std::size_t kLevelBytes = 4 + 4 + 3 * 4;
}

GfxObjDegradeInfo GfxObjDegradeInfo::decode(std::span<const std::uint8_t> bytes,
                                            std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    GfxObjDegradeInfo info;
    info.id = readOwnId(in, did);
    const std::uint32_t count = readCount(in, "gfxObjDegradeInfo.levels", kLevelBytes);
    info.levels.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        Level level;
        level.gfxObjId = in.u32("gfxObjDegradeInfo.gfxObjId");
        level.degradeMode = in.u32("gfxObjDegradeInfo.degradeMode");
        level.minDist = in.f32("gfxObjDegradeInfo.minDist");
        level.idealDist = in.f32("gfxObjDegradeInfo.idealDist");
        level.maxDist = in.f32("gfxObjDegradeInfo.maxDist");
        info.levels.push_back(level);
    }
    in.expectEnd("gfxObjDegradeInfo");
    return info;
}

std::vector<std::uint8_t> GfxObjDegradeInfo::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(std::uint32_t(levels.size()));
    for (const Level& level : levels) {
        out.u32(level.gfxObjId);
        out.u32(level.degradeMode);
        out.f32(level.minDist);
        out.f32(level.idealDist);
        out.f32(level.maxDist);
    }
    return out.take();
}

QJsonObject GfxObjDegradeInfo::toJson() const {
    QJsonArray list;
    for (const Level& level : levels)
        list.append(QJsonObject{{"gfxObjId", didJson(level.gfxObjId)},
                                {"degradeMode", qint64(level.degradeMode)},
                                {"minDist", realJson(level.minDist)},
                                {"idealDist", realJson(level.idealDist)},
                                {"maxDist", realJson(level.maxDist)}});
    return {{"id", didJson(id)}, {"levels", list}};
}

GfxObjDegradeInfo GfxObjDegradeInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    GfxObjDegradeInfo info;
    info.id = ownIdFromJson(node, did);
    for (const JsonNode& level : node["levels"].elements())
        info.levels.push_back({level["gfxObjId"].u32(), level["degradeMode"].u32(0),
                               level["minDist"].f32(0), level["idealDist"].f32(0),
                               level["maxDist"].f32(0)});
    return info;
}

} // namespace portalkit::dat
