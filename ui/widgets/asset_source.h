#pragma once

// Where the asset pane reads records from: the open DATs (MainWindow::dats(), lookup order) with
// the DAT of the entry shown first, since a record it names most likely lives beside it. Every
// failure is a DatError naming the DID: a missing record as much as an undecodable one.
// With a PendingEntries function (the studio's edit session fills it in), unsaved edits are read
// before the files: an entry added by an import is held, a removed one is not.

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"

#include <QFileInfo>
#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::ui {

using DatList = std::vector<std::shared_ptr<const dat::DatFile>>;

// What is pending for entry `id` of `dat`: nothing when unchanged, else its bytes, or an empty
// optional when it is removed.
using PendingEntries = std::function<std::optional<std::optional<std::vector<std::uint8_t>>>(
    const dat::DatFile& dat, std::uint32_t id)>;

class AssetSource {
  public:
    AssetSource() = default;
    AssetSource(DatList dats, std::shared_ptr<const dat::DatFile> shown,
                PendingEntries pending = {})
        : m_dats(std::move(dats)), m_shown(std::move(shown)), m_pending(std::move(pending)) {}

    const std::shared_ptr<const dat::DatFile>& shown() const { return m_shown; }

    // The open DATs holding `id`: the shown entry's DAT first, then in lookup order.
    DatList holders(std::uint32_t id) const {
        DatList found;
        if (m_shown && holds(*m_shown, id))
            found.push_back(m_shown);
        for (const auto& dat : m_dats)
            if (dat != m_shown && holds(*dat, id))
                found.push_back(dat);
        return found;
    }
    // Whether `dat` holds `id` as edited.
    bool holds(const dat::DatFile& dat, std::uint32_t id) const {
        if (m_pending)
            if (const auto pending = m_pending(dat, id))
                return pending->has_value();
        return dat.find(id) != nullptr;
    }
    // The bytes of `id` in `dat` as edited (pending ones first).
    std::vector<std::uint8_t> bytes(const dat::DatFile& dat, std::uint32_t id) const {
        if (m_pending)
            if (auto pending = m_pending(dat, id)) {
                if (!*pending)
                    throw dat::DatError("id", "is removed (not saved yet)", 0,
                                        dat::OffsetKind::File, id);
                return std::move(**pending);
            }
        return dat.read(id);
    }

    // `id` of `dat` decoded as a T.
    template <class T> T read(const dat::DatFile& dat, std::uint32_t id) const {
        return T::decode(bytes(dat, id), id);
    }
    // `id` decoded as a T from the first DAT that holds it.
    template <class T> T read(std::uint32_t id) const {
        const DatList found = holders(id);
        if (m_shown && found.empty() && m_shown->find(id))
            return read<T>(*m_shown, id); // hidden by a pending removal: bytes() says so
        for (const auto& dat : m_dats)
            if (found.empty() && dat->find(id))
                return read<T>(*dat, id);
        if (found.empty())
            throw dat::DatError("id",
                                "refers to " + dat::formatDid(id) + ", which no open DAT holds", 0,
                                dat::OffsetKind::File, id);
        return read<T>(*found.front(), id);
    }

    static QString fileName(const dat::DatFile& dat) { return QFileInfo(dat.path()).fileName(); }

  private:
    DatList m_dats;
    std::shared_ptr<const dat::DatFile> m_shown;
    PendingEntries m_pending;
};

} // namespace portalkit::ui
