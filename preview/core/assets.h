#pragma once

// The records the runtime reads, decoded once and cached. Backed by a DAT, or filled by hand
// (tests build synthetic records); a record given by hand shadows the DAT's. A record that is
// missing or fails to decode is reported as absent, with the reason kept for the event log:
// the runtime logs and carries on (R34) rather than inventing a substitute.
//
// Unsaved edits can be laid over the DAT (setPending): the studio's edit session hands a function
// answering "what is pending for this id", and forget() drops what was decoded from an id it
// changed. The runtime knows nothing of the editor; an Assets without the function reads the DAT.
//
// A slot holds its record type-erased, tagged with the type's name: this header then needs no
// record type at all, so the runtime, the studio and the exporters include only the types they
// ask for, not the ~50 behind dat::Record (a third of a full build's parse time went there).

#include "datreader/container/dat_file.h"

#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace portalkit::preview {

// An entry's pending content: its bytes, or nothing when it is removed.
using PendingEntry = std::optional<std::vector<std::uint8_t>>;
// What is pending for an id; nothing when the id is unchanged (the DAT's content stands).
using PendingSource = std::function<std::optional<PendingEntry>(std::uint32_t id)>;

class Assets {
  public:
    Assets() = default;
    explicit Assets(std::shared_ptr<const dat::DatFile> dat) : m_dat(std::move(dat)) {}

    template <class T> void add(T record) {
        const std::uint32_t id = record.id;
        m_cache[id] = Slot{std::make_shared<const T>(std::move(record)), T::kTypeName, {}};
    }

    // The record of type T with this id, or null when absent, of another type or undecodable.
    template <class T> const T* get(std::uint32_t id) const {
        const Slot& slot = lookup(id);
        return slot.record && slot.typeName == T::kTypeName
                   ? static_cast<const T*>(slot.record.get())
                   : nullptr;
    }
    // Why get() returned null: "not in the DAT", the decoder's message, or "is a Setup" etc.
    template <class T> QString whyMissing(std::uint32_t id) const {
        const Slot& slot = lookup(id);
        if (!slot.record)
            return slot.error;
        if (slot.typeName != T::kTypeName)
            return QStringLiteral("is a %1, not a %2")
                .arg(QString::fromLatin1(slot.typeName.data(), qsizetype(slot.typeName.size())),
                     QString::fromLatin1(T::kTypeName.data(), qsizetype(T::kTypeName.size())));
        return {};
    }

    const dat::DatFile* dat() const { return m_dat.get(); }

    // Lays unsaved edits over the DAT: pending content shadows the DAT's (a removed id is
    // absent, an added one present). Records decoded before keep their slots until forget().
    void setPending(PendingSource pending) { m_pending = std::move(pending); }
    // Whether `id` is there (pending content first, then the DAT).
    bool holds(std::uint32_t id) const;
    // The raw bytes of `id` as edited; throws DatError (naming the DID) when it is absent.
    std::vector<std::uint8_t> bytes(std::uint32_t id) const;
    // Drops what was decoded from these ids (their pending content changed); the next get()
    // decodes them again. Only the cache changes, hence const. Records given by add() go too.
    // The old records stay alive (a scene built from them points at them until rebuilt).
    void forget(const std::vector<std::uint32_t>& ids) const;

  private:
    struct Slot {
        std::shared_ptr<const void> record; // a record of the type typeName names
        std::string_view typeName;          // T::kTypeName, a literal that outlives the cache
        QString error;
    };
    const Slot& lookup(std::uint32_t id) const;

    std::shared_ptr<const dat::DatFile> m_dat;
    PendingSource m_pending;
    mutable std::unordered_map<std::uint32_t, Slot> m_cache;
    mutable std::vector<std::shared_ptr<const void>> m_retired; // forgotten, maybe still pointed at
};

} // namespace portalkit::preview
