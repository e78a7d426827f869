#include "datreader/records/material_instance.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

MaterialInstance MaterialInstance::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<MaterialInstance>(
        bytes, did, "materialInstance", [](ByteCursor& in, MaterialInstance& m) {
            m.materialId = in.u32("materialInstance.materialId");
            m.materialType = in.u32("materialInstance.materialType");
            m.modifierRefs = readList(in, "materialInstance.numModifierRefs", 4,
                                      readU32As("materialInstance.modifierRef"));
            m.allowStencilShadows = in.u8("materialInstance.allowStencilShadows");
            m.wantDiscardGeometry = in.u8("materialInstance.wantDiscardGeometry");
        });
}

std::vector<std::uint8_t> MaterialInstance::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(materialId);
        out.u32(materialType);
        writeList(out, modifierRefs);
        out.u8(allowStencilShadows);
        out.u8(wantDiscardGeometry);
    });
}

QJsonObject MaterialInstance::toJson() const {
    return recordFrameJson(*this, {{"materialId", didJson(materialId)},
                                   {"materialType", qint64(materialType)},
                                   {"modifierRefs", didListToJson(modifierRefs)},
                                   {"allowStencilShadows", allowStencilShadows},
                                   {"wantDiscardGeometry", wantDiscardGeometry}});
}

MaterialInstance MaterialInstance::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<MaterialInstance>(node, did, [&](MaterialInstance& m) {
        m.materialId = node["materialId"].u32(0);
        m.materialType = node["materialType"].u32(0);
        m.modifierRefs = listFromJson(node["modifierRefs"], u32FromJson);
        m.allowStencilShadows = node["allowStencilShadows"].u8(0);
        m.wantDiscardGeometry = node["wantDiscardGeometry"].u8(0);
    });
}

} // namespace portalkit::dat
