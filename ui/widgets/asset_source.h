#pragma once

// Where the asset pane reads records from: the open DATs (MainWindow::dats(), lookup order) with
// the DAT of the entry shown first, since a record it names most likely lives beside it. Every
// failure is a DatError naming the DID: a missing record as much as an undecodable one.

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"

#include <QFileInfo>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::ui {

using DatList = std::vector<std::shared_ptr<const dat::DatFile>>;

class AssetSource {
  public:
    AssetSource() = default;
    AssetSource(DatList dats, std::shared_ptr<const dat::DatFile> shown)
        : m_dats(std::move(dats)), m_shown(std::move(shown)) {}

    const std::shared_ptr<const dat::DatFile>& shown() const { return m_shown; }

    // The open DATs holding `id`: the shown entry's DAT first, then in lookup order.
    DatList holders(std::uint32_t id) const {
        DatList found;
        if (m_shown && m_shown->find(id))
            found.push_back(m_shown);
        for (const auto& dat : m_dats)
            if (dat != m_shown && dat->find(id))
                found.push_back(dat);
        return found;
    }

    // `id` of `dat` decoded as a T.
    template <class T> static T read(const dat::DatFile& dat, std::uint32_t id) {
        return T::decode(dat.read(id), id);
    }
    // `id` decoded as a T from the first DAT that holds it.
    template <class T> T read(std::uint32_t id) const {
        const DatList found = holders(id);
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
};

} // namespace portalkit::ui
