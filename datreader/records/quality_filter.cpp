#include "datreader/records/quality_filter.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/field_table.h"

namespace portalkit::dat {

const std::array<const char*, QualityFilter::kLists> QualityFilter::kListNames{
    "int",    "int64",    "bool",      "float",        "dataId", "instanceId",
    "string", "position", "attribute", "attribute2nd", "skill"};

namespace {

// Reads the counts of lists [from, to), then the lists; every count is checked against the
// bytes left before anything is kept.
void readGroup(ByteCursor& in, QualityFilter& filter, std::size_t from, std::size_t to) {
    std::array<std::uint32_t, QualityFilter::kLists> counts{};
    std::array<std::size_t, QualityFilter::kLists> countAt{};
    for (std::size_t i = from; i < to; ++i) {
        countAt[i] = in.position();
        counts[i] = in.u32("qualityFilter.count");
    }
    std::uint64_t total = 0;
    for (std::size_t i = from; i < to; ++i) {
        total += counts[i];
        if (total > in.remaining() / 4)
            in.failAt(countAt[i], "qualityFilter.count",
                      "count " + std::to_string(counts[i]) + " of the " +
                          QualityFilter::kListNames[i] + " list cannot fit in the " +
                          std::to_string(in.remaining()) + " bytes left");
    }
    for (std::size_t i = from; i < to; ++i)
        filter.lists[i] = readItems(in, counts[i], readU32As("qualityFilter.list"));
}

void writeGroup(ByteWriter& out, const QualityFilter& filter, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i)
        out.u32(std::uint32_t(filter.lists[i].size()));
    for (std::size_t i = from; i < to; ++i)
        writeItems(out, filter.lists[i]);
}

} // namespace

QualityFilter QualityFilter::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<QualityFilter>(bytes, did, "qualityFilter",
                                            [](ByteCursor& in, QualityFilter& filter) {
                                                readGroup(in, filter, 0, kStatLists);
                                                readGroup(in, filter, kStatLists, kLists);
                                            });
}

std::vector<std::uint8_t> QualityFilter::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writeGroup(out, *this, 0, kStatLists);
        writeGroup(out, *this, kStatLists, kLists);
    });
}

QJsonObject QualityFilter::toJson() const {
    QJsonObject object;
    for (std::size_t i = 0; i < kLists; ++i)
        object[kListNames[i]] = u32ListToJson(lists[i]);
    return recordFrameJson(*this, object);
}

QualityFilter QualityFilter::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<QualityFilter>(node, did, [&](QualityFilter& filter) {
        for (std::size_t i = 0; i < kLists; ++i)
            filter.lists[i] = u32ListFromJson(node[kListNames[i]]);
    });
}

} // namespace portalkit::dat
