#include "preview/wire/messages.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/fields.h"
#include "preview/wire/values.h"

#include <optional>
#include <string>
#include <type_traits>

namespace portalkit::preview::wire {

namespace {

using dat::ByteCursor;
using dat::ByteWriter;

std::uint32_t opcodeByName(const dat::JsonNode& node) {
    const std::string name = node.string().toStdString();
    for (const KnownOpcode& known : kKnownOpcodes)
        if (known.name == name)
            return known.code;
    node.fail("'" + name + "' is neither a hex opcode (\"0x0000F755\") nor a message name");
}

// "opcode" as "0x0000F755", a number or a name; or only "name". When both are given they must
// agree, so a pasted JSON whose opcode was edited does not silently keep the old name.
std::uint32_t opcodeFromJson(const dat::JsonNode& node) {
    const dat::JsonNode opcodeNode = node["opcode"];
    const dat::JsonNode nameNode = node["name"];
    std::uint32_t code = 0;
    if (opcodeNode.isString() && !opcodeNode.string().startsWith("0x", Qt::CaseInsensitive))
        code = opcodeByName(opcodeNode);
    else if (!opcodeNode.isMissing())
        code = opcodeNode.u32();
    else if (!nameNode.isMissing())
        return opcodeByName(nameNode);
    else
        opcodeNode.fail("expected the opcode (\"0x0000F755\" or \"PlayScriptType\") or a name");
    if (opcodeName(code).empty())
        opcodeNode.fail("unsupported opcode " + dat::formatDid(code) + " (wire decodes " +
                        knownOpcodes() + ")");
    if (!nameNode.isMissing() && nameNode.string().toStdString() != opcodeName(code))
        nameNode.fail("does not name opcode " + dat::formatDid(code) + " (" +
                      std::string(opcodeName(code)) + ")");
    return code;
}

// Calls make(std::type_identity<M>{}) for the message type M whose opcode is `code`; nothing
// when no type has it.
template <typename Make, std::size_t I = 0>
std::optional<Message> byOpcode(std::uint32_t code, const Make& make) {
    if constexpr (I < std::variant_size_v<Message>) {
        using M = std::variant_alternative_t<I, Message>;
        if (code == M::kOpcode)
            return Message(make(std::type_identity<M>{}));
        return byOpcode<Make, I + 1>(code, make);
    } else {
        return std::nullopt;
    }
}

// Said when a message is longer than it should be: an F748's length follows its flags.
std::string sizeNote(const UpdatePosition& update) {
    return " for flags " + dat::formatDid(update.position.flags);
}
template <typename M> std::string sizeNote(const M&) {
    return {};
}

// One message of type M, which must end where `in` does (a CreateObject's weenie description
// takes the rest, so it always does).
template <typename M> M decodeWhole(ByteCursor& in, std::size_t size) {
    M message = decodeFields<M>(in);
    if (!in.atEnd())
        in.fail(std::string(opcodeName(M::kOpcode)).c_str(),
                "is exactly " + std::to_string(in.position()) + " bytes" + sizeNote(message) +
                    ", got " + std::to_string(size));
    return message;
}

Message fieldsFromJson(const dat::JsonNode& node, std::uint32_t code) {
    const std::uint32_t guid = node["guid"].u32();
    const auto message = byOpcode(
        code, [&]<typename M>(std::type_identity<M>) { return jsonFields<M>(node, guid); });
    if (!message) // opcodeFromJson lets only known opcodes through
        node["opcode"].fail("unsupported opcode " + dat::formatDid(code));
    return *message;
}

std::string where(const dat::JsonNode& node) {
    return node.path().empty() ? "the message" : node.path();
}

} // namespace

std::uint32_t opcodeOf(const Message& message) {
    return std::visit([](const auto& value) { return value.kOpcode; }, message);
}

std::uint32_t guidOf(const Message& message) {
    return std::visit([](const auto& value) { return value.guid; }, message);
}

Message decodeMessage(std::span<const std::uint8_t> bytes) {
    ByteCursor in(bytes);
    // Peek the opcode; each decoder reads it again so its offsets stay absolute.
    const std::uint32_t code = ByteCursor(bytes).u32("opcode");
    auto message = byOpcode(
        code, [&]<typename M>(std::type_identity<M>) { return decodeWhole<M>(in, bytes.size()); });
    if (!message)
        in.fail("opcode", "unsupported opcode " + dat::formatDid(code) + " (wire decodes " +
                              knownOpcodes() + ")");
    return std::move(*message);
}

std::vector<std::uint8_t> encodeMessage(const Message& message) {
    ByteWriter out;
    std::visit([&out](const auto& value) { encodeFields(value, out); }, message);
    return out.take();
}

QJsonObject toJson(const Message& message) {
    const std::uint32_t code = opcodeOf(message);
    QJsonObject out{{"opcode", hexJson(code)},
                    {"name", QString::fromLatin1(opcodeName(code).data())},
                    {"guid", hexJson(guidOf(message))}};
    std::visit([&out](const auto& value) { putJsonFields(value, out); }, message);
    return out;
}

Message messageFromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a message object");
    if (node.has("hex")) {
        if (node.has("opcode") || node.has("name"))
            node["hex"].fail("give the message either as bytes or as fields, not both");
        const std::vector<std::uint8_t> bytes = bytesFromJson(node["hex"]);
        try {
            return decodeMessage(bytes);
        } catch (dat::DatError& error) {
            error.withContext("decoding the bytes of " + where(node));
            throw;
        }
    }
    Message message = fieldsFromJson(node, opcodeFromJson(node));
    // Encoding checks what the fields cannot check one by one (flags against fields, pads,
    // PackedDWORD ranges), so the caller never holds a message with no bytes.
    try {
        (void)encodeMessage(message);
    } catch (dat::DatError& error) {
        error.withContext("checking " + where(node) + " read from JSON");
        throw;
    }
    return message;
}

Message messageFromJson(const QJsonObject& json) {
    return messageFromJson(dat::JsonNode(json, ""));
}

} // namespace portalkit::preview::wire
