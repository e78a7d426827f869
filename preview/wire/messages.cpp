#include "preview/wire/messages.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/values.h"

#include <string>

namespace portalkit::preview::wire {

namespace {

using dat::ByteCursor;
using dat::ByteWriter;

std::uint32_t opcodeByName(const dat::JsonNode& node) {
    const std::string name = node.string().toStdString();
    for (std::uint32_t code : kKnownOpcodes)
        if (opcodeName(code) == name)
            return code;
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

Message fieldsFromJson(const dat::JsonNode& node, std::uint32_t code) {
    const std::uint32_t guid = node["guid"].u32();
    switch (code) {
    case opcode::PlayScriptId:
        return PlayScriptId::fromFields(node, guid);
    case opcode::PlayScriptType:
        return PlayScriptType::fromFields(node, guid);
    case opcode::SetState:
        return SetState::fromFields(node, guid);
    case opcode::VectorUpdate:
        return VectorUpdate::fromFields(node, guid);
    case opcode::DeleteObject:
        return DeleteObject::fromFields(node, guid);
    case opcode::UpdatePosition:
        return UpdatePosition::fromFields(node, guid);
    default: // CreateObject: opcodeFromJson lets only known opcodes through
        return CreateObject::fromFields(node, guid);
    }
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
    Message message;
    std::size_t exactSize = 0;
    std::string sizeNote;
    switch (code) {
    case opcode::PlayScriptId:
        message = PlayScriptId::decode(in);
        exactSize = PlayScriptId::kSize;
        break;
    case opcode::PlayScriptType:
        message = PlayScriptType::decode(in);
        exactSize = PlayScriptType::kSize;
        break;
    case opcode::SetState:
        message = SetState::decode(in);
        exactSize = SetState::kSize;
        break;
    case opcode::VectorUpdate:
        message = VectorUpdate::decode(in);
        exactSize = VectorUpdate::kSize;
        break;
    case opcode::DeleteObject:
        message = DeleteObject::decode(in);
        exactSize = DeleteObject::kSize;
        break;
    case opcode::UpdatePosition: {
        UpdatePosition update = UpdatePosition::decode(in);
        exactSize = in.position(); // as long as its flags say, and no longer
        sizeNote = " for flags " + dat::formatDid(update.position.flags);
        message = std::move(update);
        break;
    }
    case opcode::CreateObject:
        return CreateObject::decode(in);
    default:
        in.fail("opcode", "unsupported opcode " + dat::formatDid(code) + " (wire decodes " +
                              knownOpcodes() + ")");
    }
    if (!in.atEnd())
        in.fail(std::string(opcodeName(code)).c_str(), "is exactly " + std::to_string(exactSize) +
                                                           " bytes" + sizeNote + ", got " +
                                                           std::to_string(bytes.size()));
    return message;
}

std::vector<std::uint8_t> encodeMessage(const Message& message) {
    ByteWriter out;
    std::visit([&out](const auto& value) { value.encode(out); }, message);
    return out.take();
}

QJsonObject toJson(const Message& message) {
    const std::uint32_t code = opcodeOf(message);
    QJsonObject out{{"opcode", hexJson(code)},
                    {"name", QString::fromLatin1(opcodeName(code).data())},
                    {"guid", hexJson(guidOf(message))}};
    std::visit([&out](const auto& value) { value.putFields(out); }, message);
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
