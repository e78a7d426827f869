#include "datreader/records/ui_media.h"

#include "datreader/records/codec_helpers.h"

#include <bit>

namespace portalkit::dat {
namespace {

enum class Kind { U32, F32, Did };

struct MediaField {
    const char* name = nullptr;
    Kind kind = Kind::U32;
};

struct MediaLayout {
    const char* name;
    std::array<MediaField, 3> fields; // the fixed fields, in stored order; unused are null
};

// Index = media type. Movie's file name and Animation's frame list follow the fixed fields.
const std::array<MediaLayout, 12> kLayouts{{
    {"undef", {}},
    {"movie", {}},
    {"alpha", {{{"media.file", Kind::Did}}}},
    {"animation", {{{"media.duration", Kind::F32}, {"media.drawMode", Kind::U32}}}},
    {"cursor",
     {{{"media.file", Kind::Did}, {"media.xHotspot", Kind::U32}, {"media.yHotspot", Kind::U32}}}},
    {"image", {{{"media.file", Kind::Did}, {"media.drawMode", Kind::U32}}}},
    {"jump", {{{"media.jumpItemIndex", Kind::U32}, {"media.probability", Kind::F32}}}},
    {"message", {{{"media.messageId", Kind::U32}, {"media.probability", Kind::F32}}}},
    {"pause", {{{"media.minDuration", Kind::F32}, {"media.maxDuration", Kind::F32}}}},
    {"sound", {{{"media.file", Kind::Did}, {"media.sound", Kind::U32}}}},
    {"state", {{{"media.stateId", Kind::U32}, {"media.probability", Kind::F32}}}},
    {"fade",
     {{{"media.startAlpha", Kind::F32},
       {"media.endAlpha", Kind::F32},
       {"media.duration", Kind::F32}}}},
}};

QString jsonName(const char* field) {
    const std::string_view key = jsonKey(field);
    return QString::fromLatin1(key.data(), qsizetype(key.size()));
}

const MediaLayout& layout(std::uint32_t type) {
    return kLayouts[type < kLayouts.size() ? type : 0];
}

QJsonValue wordJson(Kind kind, std::uint32_t word) {
    switch (kind) {
    case Kind::F32:
        return exactJson(std::bit_cast<float>(word));
    case Kind::Did:
        return didJson(word);
    case Kind::U32:
        break;
    }
    return qint64(word);
}

std::uint32_t wordFromJson(Kind kind, const JsonNode& node) {
    if (kind == Kind::F32)
        return std::bit_cast<std::uint32_t>(node.f32(0));
    return node.u32(0);
}

std::uint32_t typeFromJson(const JsonNode& node) {
    if (node.isMissing())
        return MediaDesc::Image;
    if (!node.isString())
        return node.u32();
    const QString name = node.string();
    for (std::size_t i = 1; i < kLayouts.size(); ++i)
        if (name == QLatin1String(kLayouts[i].name))
            return std::uint32_t(i);
    node.fail("unknown media type \"" + name.toStdString() + "\"");
}

} // namespace

bool knownMediaType(std::uint32_t type) {
    return type >= MediaDesc::Movie && type <= MediaDesc::Fade;
}

std::optional<std::uint32_t> peekMediaType(const ByteCursor& in) {
    ByteCursor peek = in;
    if (peek.remaining() < 4)
        return std::nullopt;
    return peek.u32("media.type");
}

MediaDesc readMediaDesc(ByteCursor& in) {
    MediaDesc media;
    media.type = in.u32("media.type");
    media.typeAgain = in.u32("media.typeAgain");
    const MediaLayout& fields = layout(media.type);
    for (std::size_t i = 0; i < fields.fields.size() && fields.fields[i].name; ++i)
        media.words[i] = in.u32(fields.fields[i].name);
    if (media.type == MediaDesc::Movie) {
        media.fileName = readPString(in, "media.fileName");
        media.stretchToScreen = in.u8("media.stretchToScreen");
    } else if (media.type == MediaDesc::Animation) {
        media.frames = readList(in, "media.frames", 4, readU32As("media.frame"));
    }
    return media;
}

void write(ByteWriter& out, const MediaDesc& media) {
    out.u32(media.type);
    out.u32(media.typeAgain);
    const MediaLayout& fields = layout(media.type);
    for (std::size_t i = 0; i < fields.fields.size() && fields.fields[i].name; ++i)
        out.u32(media.words[i]);
    if (media.type == MediaDesc::Movie) {
        write(out, media.fileName);
        out.u8(media.stretchToScreen);
    } else if (media.type == MediaDesc::Animation) {
        writeList(out, media.frames);
    }
}

QJsonObject toJson(const MediaDesc& media) {
    const MediaLayout& fields = layout(media.type);
    QJsonObject object;
    object["type"] =
        knownMediaType(media.type) ? QJsonValue(fields.name) : QJsonValue(qint64(media.type));
    if (media.typeAgain != media.type)
        object["typeAgain"] = qint64(media.typeAgain);
    for (std::size_t i = 0; i < fields.fields.size() && fields.fields[i].name; ++i)
        object[jsonName(fields.fields[i].name)] = wordJson(fields.fields[i].kind, media.words[i]);
    if (media.type == MediaDesc::Movie) {
        object["fileName"] = toJson(media.fileName);
        object["stretchToScreen"] = int(media.stretchToScreen);
    } else if (media.type == MediaDesc::Animation) {
        object["frames"] = didListToJson(media.frames);
    }
    return object;
}

MediaDesc mediaDescFromJson(const JsonNode& node) {
    MediaDesc media;
    media.type = typeFromJson(node["type"]);
    if (!knownMediaType(media.type))
        node["type"].fail("media type " + std::to_string(media.type) +
                          " has no known layout, so it cannot be written");
    media.typeAgain = node["typeAgain"].u32(media.type);
    const MediaLayout& fields = layout(media.type);
    for (std::size_t i = 0; i < fields.fields.size() && fields.fields[i].name; ++i)
        media.words[i] = wordFromJson(fields.fields[i].kind, node[jsonKey(fields.fields[i].name)]);
    if (media.type == MediaDesc::Movie) {
        media.fileName = pStringFromJson(node["fileName"]);
        media.stretchToScreen = node["stretchToScreen"].u8(0);
    } else if (media.type == MediaDesc::Animation) {
        media.frames = listFromJson(node["frames"], u32FromJson);
    }
    return media;
}

} // namespace portalkit::dat
