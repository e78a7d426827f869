#include "datreader/records/opaque_types.h"

#include "datreader/records/record.h"

#include <algorithm>
#include <array>

namespace portalkit::dat {
namespace {

// In ACE's list of the client's database types, read by no public tool: the server's own tables
// (treasure, crafting, quests, events, mutations, weenies) and two the client may never ship.
constexpr std::array<std::string_view, 10> kUnconfirmed{
    "TreasureTable",       "CraftTable", "QuestDefDb",   "GameEventDb", "FileToId",
    "MonitoredProperties", "RenderMesh", "ItemMutation", "FontLocal",   "WeenieDef"};

} // namespace

std::string whyOpaque(std::string_view typeName) {
    if (hasDecoder(typeName))
        return {};
    if (typeName == "Iteration")
        return "the iteration record is the container's own (PortalKit reads it with the DAT)";
    if (typeName == "Unknown")
        return "its id lies outside every range of this DAT's types";
    if (std::find(kUnconfirmed.begin(), kUnconfirmed.end(), typeName) != kUnconfirmed.end())
        return "no public layout: no public source shows a " + std::string(typeName) +
               " in a client DAT, so it stays opaque ('portalkit cat' gives its bytes)";
    return "no public layout of a " + std::string(typeName) +
           " is known, so it stays opaque ('portalkit cat' gives its bytes)";
}

} // namespace portalkit::dat
