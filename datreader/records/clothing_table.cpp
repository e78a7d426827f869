#include "datreader/records/clothing_table.h"

#include "datreader/records/codec_helpers.h"

#include <algorithm>

namespace portalkit::dat {

namespace {

// A PackableHashTable opens with a u16 entry count and a u16 bucket count; the count is checked
// against the bytes left after both, like readCount does, so a corrupt one cannot reserve memory.
std::uint16_t readHashHeader(ByteCursor& in, const char* field, const char* bucketsField,
                             std::size_t minItemBytes, std::uint16_t& buckets) {
    const std::uint16_t count = in.u16(field);
    buckets = in.u16(bucketsField);
    if (count > in.remaining() / minItemBytes)
        in.failAt(in.position() - 4, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

CloTextureEffect readTextureEffect(ByteCursor& in) {
    CloTextureEffect effect;
    effect.oldTexture = in.u32("clothing.textureEffect.oldTexture");
    effect.newTexture = in.u32("clothing.textureEffect.newTexture");
    return effect;
}

CloObjectEffect readObjectEffect(ByteCursor& in) {
    CloObjectEffect effect;
    effect.index = in.u32("clothing.objectEffect.index");
    effect.modelId = in.u32("clothing.objectEffect.modelId");
    effect.textureEffects = readNamedList(in, "clothing.objectEffect.textureEffects", 8,
                                          "textureEffect", readTextureEffect);
    return effect;
}

ClothingBaseEffect readBaseEffect(ByteCursor& in) {
    ClothingBaseEffect effect;
    effect.setupId = in.u32("clothing.baseEffect.setupId");
    effect.objectEffects = readNamedList(in, "clothing.baseEffect.objectEffects", 12,
                                         "objectEffect", readObjectEffect);
    return effect;
}

CloSubPalette readSubPalette(ByteCursor& in) {
    CloSubPalette sub;
    sub.ranges = readList(in, "clothing.subPalette.ranges", 8, [](ByteCursor& c) {
        CloSubPaletteRange range;
        range.offset = c.u32("clothing.range.offset");
        range.numColors = c.u32("clothing.range.numColors");
        return range;
    });
    sub.paletteSet = in.u32("clothing.subPalette.paletteSet");
    return sub;
}

CloSubPalEffect readSubPalEffect(ByteCursor& in) {
    CloSubPalEffect effect;
    effect.key = in.u32("clothing.subPalEffect.key");
    effect.icon = in.u32("clothing.subPalEffect.icon");
    effect.subPalettes =
        readNamedList(in, "clothing.subPalEffect.subPalettes", 8, "subPalette", readSubPalette);
    return effect;
}

void writeBaseEffect(ByteWriter& out, const ClothingBaseEffect& effect) {
    out.u32(effect.setupId);
    writeList(out, effect.objectEffects, [](ByteWriter& o, const CloObjectEffect& object) {
        o.u32(object.index);
        o.u32(object.modelId);
        writeList(o, object.textureEffects, [](ByteWriter& w, const CloTextureEffect& t) {
            w.u32(t.oldTexture);
            w.u32(t.newTexture);
        });
    });
}

void writeSubPalEffect(ByteWriter& out, const CloSubPalEffect& effect) {
    out.u32(effect.key);
    out.u32(effect.icon);
    writeList(out, effect.subPalettes, [](ByteWriter& o, const CloSubPalette& sub) {
        writeList(o, sub.ranges, [](ByteWriter& w, const CloSubPaletteRange& range) {
            w.u32(range.offset);
            w.u32(range.numColors);
        });
        o.u32(sub.paletteSet);
    });
}

QJsonObject baseEffectToJson(const ClothingBaseEffect& effect) {
    return {{"setupId", didJson(effect.setupId)},
            {"objectEffects", listToJson(effect.objectEffects, [](const CloObjectEffect& o) {
                 return QJsonObject{
                     {"index", qint64(o.index)},
                     {"modelId", didJson(o.modelId)},
                     {"textureEffects", listToJson(o.textureEffects, [](const auto& t) {
                          return QJsonObject{{"oldTexture", didJson(t.oldTexture)},
                                             {"newTexture", didJson(t.newTexture)}};
                      })}};
             })}};
}

QJsonObject subPalEffectToJson(const CloSubPalEffect& effect) {
    return {{"key", qint64(effect.key)},
            {"icon", didJson(effect.icon)},
            {"subPalettes", listToJson(effect.subPalettes, [](const CloSubPalette& sub) {
                 return QJsonObject{
                     {"ranges", listToJson(sub.ranges,
                                           [](const CloSubPaletteRange& r) {
                                               return QJsonObject{
                                                   {"offset", qint64(r.offset)},
                                                   {"numColors", qint64(r.numColors)}};
                                           })},
                     {"paletteSet", didJson(sub.paletteSet)}};
             })}};
}

ClothingBaseEffect baseEffectFromJson(const JsonNode& node) {
    ClothingBaseEffect effect;
    effect.setupId = node["setupId"].u32();
    effect.objectEffects = listFromJson(node["objectEffects"], [](const JsonNode& o) {
        CloObjectEffect object;
        object.index = o["index"].u32();
        object.modelId = o["modelId"].u32(0);
        object.textureEffects = listFromJson(o["textureEffects"], [](const JsonNode& t) {
            return CloTextureEffect{t["oldTexture"].u32(), t["newTexture"].u32()};
        });
        return object;
    });
    return effect;
}

CloSubPalEffect subPalEffectFromJson(const JsonNode& node) {
    CloSubPalEffect effect;
    effect.key = node["key"].u32();
    effect.icon = node["icon"].u32(0);
    effect.subPalettes = listFromJson(node["subPalettes"], [](const JsonNode& s) {
        CloSubPalette sub;
        sub.ranges = listFromJson(s["ranges"], [](const JsonNode& r) {
            return CloSubPaletteRange{r["offset"].u32(), r["numColors"].u32()};
        });
        sub.paletteSet = s["paletteSet"].u32();
        return sub;
    });
    return effect;
}

// A table's JSON: {"buckets": n, "entries": [...]}, entries in stored order.
template <typename Entry, typename ToJson>
QJsonObject tableToJson(std::uint16_t buckets, const std::vector<Entry>& entries, ToJson&& f) {
    return {{"buckets", buckets}, {"entries", listToJson(entries, f)}};
}

// Without a stored bucket count the table is laid out as DRW's writer would: the default count
// and a stable sort by key % buckets, so authored data comes out in a retail-like shape.
template <typename Entry, typename FromJson, typename KeyOf>
std::vector<Entry> tableFromJson(const JsonNode& node, std::uint16_t& buckets, FromJson&& f,
                                 KeyOf&& keyOf) {
    std::vector<Entry> entries = listFromJson(node["entries"], f);
    if (entries.size() > 0xFFFF)
        node["entries"].fail("a hash table holds at most 65535 entries");
    if (node.has("buckets")) {
        buckets = node["buckets"].u16();
        return entries;
    }
    buckets = ClothingTable::kDefaultBuckets;
    std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
        return keyOf(a) % buckets < keyOf(b) % buckets;
    });
    return entries;
}

} // namespace

const CloSubPalEffect* ClothingTable::subPalEffect(std::uint32_t key) const {
    for (const CloSubPalEffect& effect : subPalEffects)
        if (effect.key == key)
            return &effect;
    return nullptr;
}

ClothingTable ClothingTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<ClothingTable>(bytes, did, "clothing", [](ByteCursor& in, auto& t) {
        const std::uint16_t baseCount = readHashHeader(
            in, "clothing.baseEffects", "clothing.baseEffects.buckets", 8, t.baseEffectBuckets);
        t.baseEffects = readNamedItems(in, baseCount, "baseEffect", readBaseEffect);
        const std::uint16_t subCount =
            readHashHeader(in, "clothing.subPalEffects", "clothing.subPalEffects.buckets", 12,
                           t.subPalEffectBuckets);
        t.subPalEffects = readNamedItems(in, subCount, "subPalEffect", readSubPalEffect);
    });
}

std::vector<std::uint8_t> ClothingTable::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u16(std::uint16_t(baseEffects.size()));
        out.u16(baseEffectBuckets);
        writeItems(out, baseEffects, writeBaseEffect);
        out.u16(std::uint16_t(subPalEffects.size()));
        out.u16(subPalEffectBuckets);
        writeItems(out, subPalEffects, writeSubPalEffect);
    });
}

QJsonObject ClothingTable::toJson() const {
    return recordFrameJson(
        *this,
        {{"baseEffects", tableToJson(baseEffectBuckets, baseEffects, baseEffectToJson)},
         {"subPalEffects", tableToJson(subPalEffectBuckets, subPalEffects, subPalEffectToJson)}});
}

ClothingTable ClothingTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ClothingTable>(node, did, [&](ClothingTable& t) {
        t.baseEffects = tableFromJson<ClothingBaseEffect>(
            node["baseEffects"], t.baseEffectBuckets, baseEffectFromJson,
            [](const ClothingBaseEffect& e) { return e.setupId; });
        t.subPalEffects = tableFromJson<CloSubPalEffect>(
            node["subPalEffects"], t.subPalEffectBuckets, subPalEffectFromJson,
            [](const CloSubPalEffect& e) { return e.key; });
    });
}

} // namespace portalkit::dat
