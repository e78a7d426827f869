#include "preview/core/assets.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

namespace portalkit::preview {

bool Assets::holds(std::uint32_t id) const {
    if (m_pending)
        if (const auto pending = m_pending(id))
            return pending->has_value();
    return m_dat && m_dat->find(id);
}

std::vector<std::uint8_t> Assets::bytes(std::uint32_t id) const {
    if (m_pending)
        if (auto pending = m_pending(id)) {
            if (!*pending)
                throw dat::DatError("id", "is removed (not saved yet)", 0, dat::OffsetKind::File,
                                    id);
            return std::move(**pending);
        }
    if (!m_dat)
        throw dat::DatError("id", "no DAT is open", 0, dat::OffsetKind::File, id);
    return m_dat->read(id); // throws, naming the DID, when the DAT has no such entry
}

void Assets::forget(const std::vector<std::uint32_t>& ids) const {
    for (const std::uint32_t id : ids) {
        const auto found = m_cache.find(id);
        if (found == m_cache.end())
            continue;
        // A scene may still point at the old record until it is shown again: keep it alive.
        if (found->second.record)
            m_retired.push_back(std::move(found->second.record));
        m_cache.erase(found);
    }
}

const Assets::Slot& Assets::lookup(std::uint32_t id) const {
    if (auto found = m_cache.find(id); found != m_cache.end())
        return found->second;
    Slot slot;
    if (!m_dat || !holds(id)) {
        slot.error = dat::didJson(id) + QStringLiteral(" is not in the DAT");
    } else {
        try {
            if (auto record = dat::decodeRecord(m_dat->kind(), id, bytes(id))) {
                std::visit(
                    [&slot]<class T>(T& value) {
                        slot.record = std::make_shared<const T>(std::move(value));
                        slot.typeName = T::kTypeName;
                    },
                    *record);
            } else
                slot.error = QStringLiteral("no decoder for this type");
        } catch (const dat::DatError& error) {
            slot.error = QString::fromStdString(error.what());
        }
    }
    return m_cache.emplace(id, std::move(slot)).first->second;
}

} // namespace portalkit::preview
