#include "preview/core/assets.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

namespace portalkit::preview {

const Assets::Slot& Assets::lookup(std::uint32_t id) const {
    if (auto found = m_cache.find(id); found != m_cache.end())
        return found->second;
    Slot slot;
    if (!m_dat || !m_dat->find(id)) {
        slot.error = dat::didJson(id) + QStringLiteral(" is not in the DAT");
    } else {
        try {
            if (auto record = dat::decodeRecord(m_dat->kind(), id, m_dat->read(id))) {
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
