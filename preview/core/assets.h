#pragma once

// The records the runtime reads, decoded once and cached. Backed by a DAT, or filled by hand
// (tests build synthetic records); a record given by hand shadows the DAT's. A record that is
// missing or fails to decode is reported as absent, with the reason kept for the event log:
// the runtime logs and carries on (R34) rather than inventing a substitute.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"

#include <QString>
#include <cstdint>
#include <memory>
#include <unordered_map>

namespace portalkit::preview {

class Assets {
  public:
    Assets() = default;
    explicit Assets(std::shared_ptr<const dat::DatFile> dat) : m_dat(std::move(dat)) {}

    template <class T> void add(T record) {
        const std::uint32_t id = record.id;
        m_cache[id] = Slot{std::make_shared<dat::Record>(std::move(record)), {}};
    }

    // The record of type T with this id, or null when absent, of another type or undecodable.
    template <class T> const T* get(std::uint32_t id) const {
        const Slot& slot = lookup(id);
        return slot.record ? std::get_if<T>(slot.record.get()) : nullptr;
    }
    // Why get() returned null: "not in the DAT", the decoder's message, or "is a Setup" etc.
    template <class T> QString whyMissing(std::uint32_t id) const {
        const Slot& slot = lookup(id);
        if (!slot.record)
            return slot.error;
        if (!std::holds_alternative<T>(*slot.record))
            return QStringLiteral("is a %1, not a %2")
                .arg(QString::fromLatin1(dat::recordTypeName(*slot.record)),
                     QString::fromLatin1(T::kTypeName));
        return {};
    }

    const dat::DatFile* dat() const { return m_dat.get(); }

  private:
    struct Slot {
        std::shared_ptr<const dat::Record> record;
        QString error;
    };
    const Slot& lookup(std::uint32_t id) const;

    std::shared_ptr<const dat::DatFile> m_dat;
    mutable std::unordered_map<std::uint32_t, Slot> m_cache;
};

} // namespace portalkit::preview
