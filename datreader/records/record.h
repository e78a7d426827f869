#pragma once

// Every decodable record type behind one variant, chosen by the type the DID registry gives.
// The CLI, the fuzzer and the studio dispatch through here instead of switching on types.

#include "datreader/container/dat_kind.h"
#include "datreader/records/action_map.h"
#include "datreader/records/animation.h"
#include "datreader/records/bad_data.h"
#include "datreader/records/char_gen.h"
#include "datreader/records/chat_pose_table.h"
#include "datreader/records/clothing_table.h"
#include "datreader/records/combat_table.h"
#include "datreader/records/contract_table.h"
#include "datreader/records/db_properties.h"
#include "datreader/records/did_mapper.h"
#include "datreader/records/dual_did_mapper.h"
#include "datreader/records/enum_mapper.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/font.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_degrade_info.h"
#include "datreader/records/key_map.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/language_info.h"
#include "datreader/records/language_string.h"
#include "datreader/records/master_property.h"
#include "datreader/records/material_instance.h"
#include "datreader/records/material_modifier.h"
#include "datreader/records/motion_table.h"
#include "datreader/records/name_filter_table.h"
#include "datreader/records/object_hierarchy.h"
#include "datreader/records/palette.h"
#include "datreader/records/palette_set.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/quality_filter.h"
#include "datreader/records/region.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/render_texture.h"
#include "datreader/records/scene.h"
#include "datreader/records/setup.h"
#include "datreader/records/skill_table.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/spell_component_table.h"
#include "datreader/records/spell_table.h"
#include "datreader/records/string_table.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "datreader/records/taboo_table.h"
#include "datreader/records/ui_layout.h"
#include "datreader/records/vital_table.h"
#include "datreader/records/wave.h"
#include "datreader/records/xp_table.h"

#include <QJsonObject>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace portalkit::dat {

using Record =
    std::variant<Setup, GfxObj, GfxObjDegradeInfo, Surface, SurfaceTexture, RenderSurface, Palette,
                 Animation, MotionTable, PhysicsScript, PhysicsScriptTable, ParticleEmitterInfo,
                 SoundTable, Wave,
                 // Appended, so the fuzz seeds' selector bytes keep their meaning.
                 Environment, LandBlock, LandBlockInfo, EnvCell, Scene, Region, CharGen, VitalTable,
                 SkillTable, XpTable, ContractTable, BadData, QualityFilter, UiLayout, StringTable,
                 LanguageInfo, EnumMapper, DidMapper, DualDidMapper, CombatTable, Font, PaletteSet,
                 ClothingTable, RenderTexture, MaterialInstance, MaterialModifier, SpellTable,
                 SpellComponentTable, LanguageString, ChatPoseTable, ActionMap, KeyMap,
                 MasterProperty, DbProperties, TabooTable, NameFilterTable, ObjectHierarchy>;

// Type names (as typeName() spells them) that have a decoder.
const std::vector<std::string_view>& decodableTypes();
bool hasDecoder(std::string_view typeName);

// Decodes an entry of a `kind` DAT by its DID's type; nothing when the type has no decoder.
// Throws DatError naming DID, entry offset and field.
std::optional<Record> decodeRecord(DatKind kind, std::uint32_t did,
                                   std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> encodeRecord(const Record& record);
// Reads a record of a `kind` DAT from its JSON form (recordToJson's output, or a hand-written
// source with defaults left out). Throws DatError naming the DID and the JSON path, also when
// the DID's type has no JSON form.
Record recordFromJson(DatKind kind, std::uint32_t did, const JsonNode& node);
QJsonObject recordToJson(const Record& record);
std::string_view recordTypeName(const Record& record);

} // namespace portalkit::dat
