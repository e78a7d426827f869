#include "datreader/records/combat_table.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

using F = Field<CombatManeuver>;
// Motion ids and stances read best as hex, as the motion table spells them.
const std::array<F, 5> kManeuverFields{{
    {"style", &CombatManeuver::style, FieldStyle::Id},
    {"attackHeight", &CombatManeuver::attackHeight},
    {"attackType", &CombatManeuver::attackType},
    {"minSkillLevel", &CombatManeuver::minSkillLevel},
    {"motion", &CombatManeuver::motion, FieldStyle::Id},
}};

} // namespace

CombatTable CombatTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<CombatTable>(
        bytes, did, "combatTable", [](ByteCursor& in, CombatTable& table) {
            table.maneuvers =
                readNamedList(in, "combatTable.maneuvers", CombatManeuver::kBytes, "maneuver",
                              plainReader(kManeuverFields, "combatTable.maneuver"));
        });
}

std::vector<std::uint8_t> CombatTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writeList(out, maneuvers, plainWriter(kManeuverFields));
    });
}

QJsonObject CombatTable::toJson() const {
    return recordFrameJson(*this,
                           {{"maneuvers", listToJson(maneuvers, plainToJson(kManeuverFields))}});
}

CombatTable CombatTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<CombatTable>(node, did, [&](CombatTable& table) {
        table.maneuvers = listFromJson(node["maneuvers"], plainFromJson(kManeuverFields));
    });
}

} // namespace portalkit::dat
