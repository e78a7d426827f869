#include "datreader/records/record.h"

#include <algorithm>

namespace portalkit::dat {
namespace {

template <std::size_t I = 0>
std::optional<Record> decodeAs(std::string_view type, std::uint32_t did,
                               std::span<const std::uint8_t> bytes) {
    if constexpr (I < std::variant_size_v<Record>) {
        using T = std::variant_alternative_t<I, Record>;
        if (type == T::kTypeName)
            return Record(std::in_place_index<I>, T::decode(bytes, did));
        return decodeAs<I + 1>(type, did, bytes);
    } else {
        return std::nullopt;
    }
}

template <std::size_t I = 0>
std::optional<Record> fromJsonAs(std::string_view type, std::uint32_t did, const JsonNode& node) {
    if constexpr (I < std::variant_size_v<Record>) {
        using T = std::variant_alternative_t<I, Record>;
        if (type == T::kTypeName)
            return Record(std::in_place_index<I>, T::fromJson(node, did));
        return fromJsonAs<I + 1>(type, did, node);
    } else {
        return std::nullopt;
    }
}

template <std::size_t... I> std::vector<std::string_view> names(std::index_sequence<I...>) {
    return {std::variant_alternative_t<I, Record>::kTypeName...};
}

} // namespace

const std::vector<std::string_view>& decodableTypes() {
    static const std::vector<std::string_view> types =
        names(std::make_index_sequence<std::variant_size_v<Record>>());
    return types;
}

bool hasDecoder(std::string_view typeName) {
    // Called once per entry by decode-all: no allocation, just a scan of the names.
    const auto& types = decodableTypes();
    return std::find(types.begin(), types.end(), typeName) != types.end();
}

std::optional<Record> decodeRecord(DatKind kind, std::uint32_t did,
                                   std::span<const std::uint8_t> bytes) {
    return decodeAs(typeName(kind, did), did, bytes);
}

std::vector<std::uint8_t> encodeRecord(const Record& record) {
    return std::visit([](const auto& value) { return value.encode(); }, record);
}

Record recordFromJson(DatKind kind, std::uint32_t did, const JsonNode& node) {
    const std::string_view type = typeName(kind, did);
    auto record = fromJsonAs(type, did, node);
    if (!record)
        node.fail(formatDid(did) + " is a " + std::string(type) + ", which has no JSON form");
    return std::move(*record);
}

QJsonObject recordToJson(const Record& record) {
    return std::visit([](const auto& value) { return value.toJson(); }, record);
}

std::string_view recordTypeName(const Record& record) {
    return std::visit([](const auto& value) { return std::decay_t<decltype(value)>::kTypeName; },
                      record);
}

} // namespace portalkit::dat
