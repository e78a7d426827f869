#include "datreader/records/contract_table.h"

namespace portalkit::dat {

const std::array<const char*, Contract::kStrings> Contract::kStringNames{
    "contractName",      "description",      "descriptionProgress", "nameNpcStart",
    "nameNpcEnd",        "questflagStamped", "questflagStarted",    "questflagFinished",
    "questflagProgress", "questflagTimer",   "questflagRepeatTime"};

namespace {

// Two u32s, eleven empty strings with their fill, three positions.
constexpr std::size_t kSmallestContract = 8 + Contract::kStrings * 4 + 3 * 32;

Contract readContract(ByteCursor& in) {
    Contract contract;
    contract.version = in.u32("contractTable.contract.version");
    contract.contractId = in.u32("contractTable.contract.contractId");
    for (LegacyString& text : contract.strings)
        text = readLegacyString(in, "contractTable.contract.string");
    contract.locationNpcStart = readPosition(in, "contractTable.contract.locationNpcStart");
    contract.locationNpcEnd = readPosition(in, "contractTable.contract.locationNpcEnd");
    contract.locationQuestArea = readPosition(in, "contractTable.contract.locationQuestArea");
    return contract;
}

void writeContract(ByteWriter& out, const Contract& contract) {
    out.u32(contract.version);
    out.u32(contract.contractId);
    for (std::size_t i = 0; i < Contract::kStrings; ++i)
        writeLegacyString(out, contract.strings[i], Contract::kStringNames[i]);
    write(out, contract.locationNpcStart);
    write(out, contract.locationNpcEnd);
    write(out, contract.locationQuestArea);
}

QJsonObject contractToJson(const Contract& contract) {
    QJsonObject object{{"version", qint64(contract.version)},
                       {"contractId", qint64(contract.contractId)}};
    for (std::size_t i = 0; i < Contract::kStrings; ++i)
        object[Contract::kStringNames[i]] = toJson(contract.strings[i]);
    object["locationNpcStart"] = toJson(contract.locationNpcStart);
    object["locationNpcEnd"] = toJson(contract.locationNpcEnd);
    object["locationQuestArea"] = toJson(contract.locationQuestArea);
    return object;
}

Contract contractFromJson(const JsonNode& node) {
    Contract contract;
    contract.version = node["version"].u32(0);
    contract.contractId = node["contractId"].u32(0);
    for (std::size_t i = 0; i < Contract::kStrings; ++i)
        contract.strings[i] = orDefault(node[Contract::kStringNames[i]], legacyStringFromJson);
    contract.locationNpcStart = orDefault(node["locationNpcStart"], positionFromJson);
    contract.locationNpcEnd = orDefault(node["locationNpcEnd"], positionFromJson);
    contract.locationQuestArea = orDefault(node["locationQuestArea"], positionFromJson);
    return contract;
}

} // namespace

ContractTable ContractTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<ContractTable>(
        bytes, did, "contractTable", [](ByteCursor& in, auto& t) {
            const std::uint16_t count =
                readPackableHead(in, "contractTable.contracts", 4 + kSmallestContract, t.buckets);
            t.contracts = readKeyedEntries<Contract>(in, count, "contractTable.contracts.key",
                                                     "contract", readContract);
        });
}

std::vector<std::uint8_t> ContractTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableHead(out, contracts.size(), buckets, "contractTable.contracts");
        writeKeyedEntries(out, contracts, writeContract);
    });
}

QJsonObject ContractTable::toJson() const {
    return recordFrameJson(*this, {{"buckets", buckets},
                                   {"contracts", keyedToJson(contracts, false, contractToJson)}});
}

ContractTable ContractTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ContractTable>(node, did, [&](ContractTable& table) {
        table.contracts = keyedFromJson(node["contracts"], contractFromJson);
        checkAtMost(node["contracts"], table.contracts.size(), 0xFFFF);
        table.buckets = bucketFigureFromJson(node["buckets"], kDefaultBuckets, table.contracts,
                                             [](std::uint16_t b) { return std::uint32_t(b); });
    });
}

} // namespace portalkit::dat
