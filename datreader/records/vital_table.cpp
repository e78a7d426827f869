#include "datreader/records/vital_table.h"

namespace portalkit::dat {

VitalTable VitalTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<VitalTable>(bytes, did, "vitalTable", [](ByteCursor& in, auto& t) {
        t.health = readSkillFormula(in, "vitalTable.health");
        t.stamina = readSkillFormula(in, "vitalTable.stamina");
        t.mana = readSkillFormula(in, "vitalTable.mana");
    });
}

std::vector<std::uint8_t> VitalTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        write(out, health);
        write(out, stamina);
        write(out, mana);
    });
}

QJsonObject VitalTable::toJson() const {
    return recordFrameJson(*this, {{"health", dat::toJson(health)},
                                   {"stamina", dat::toJson(stamina)},
                                   {"mana", dat::toJson(mana)}});
}

VitalTable VitalTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<VitalTable>(node, did, [&](VitalTable& t) {
        t.health = skillFormulaFromJson(node["health"]);
        t.stamina = skillFormulaFromJson(node["stamina"]);
        t.mana = skillFormulaFromJson(node["mana"]);
    });
}

} // namespace portalkit::dat
