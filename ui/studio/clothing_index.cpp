#include "ui/studio/clothing_index.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/clothing_table.h"
#include "datreader/records/common.h"

#include <algorithm>

namespace portalkit::ui {

namespace {

constexpr std::uint32_t kClothingTableType = 0x10000000;

} // namespace

const std::vector<std::uint32_t>& ClothingIndex::tablesFor(std::uint32_t setupId) const {
    static const std::vector<std::uint32_t> none;
    const auto found = bySetup.find(setupId);
    return found == bySetup.end() ? none : found->second;
}

ClothingIndex indexClothing(const dat::DatFile& portal, const std::atomic<bool>* cancel) {
    ClothingIndex index;
    if (portal.kind() != dat::DatKind::Portal)
        return index;
    // Entries are in ascending id order: the ClothingTables are one run of them.
    const auto entries = portal.entries();
    auto it = std::lower_bound(entries.begin(), entries.end(), kClothingTableType,
                               [](const dat::EntryInfo& e, std::uint32_t id) { return e.id < id; });
    for (; it != entries.end() && (it->id & 0xFF000000u) == kClothingTableType; ++it) {
        if (cancel && cancel->load())
            break;
        try {
            const dat::ClothingTable table = dat::ClothingTable::decode(portal.read(*it), it->id);
            ++index.tables;
            for (const dat::ClothingBaseEffect& base : table.baseEffects) {
                std::vector<std::uint32_t>& fits = index.bySetup[base.setupId];
                if (fits.empty() || fits.back() != it->id) // a Setup listed twice counts once
                    fits.push_back(it->id);
            }
        } catch (const dat::DatError& error) {
            ++index.unreadable;
            if (index.problems.size() < ClothingIndex::kMaxProblems)
                index.problems << QStringLiteral("ClothingTable %1: %2")
                                      .arg(dat::didJson(it->id), QString::fromUtf8(error.what()));
        }
    }
    return index;
}

} // namespace portalkit::ui
