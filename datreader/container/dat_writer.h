#pragma once

#include "datreader/container/dat_header.h"
#include "datreader/container/dat_kind.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <map>
#include <optional>

class QIODevice;

namespace portalkit::dat {

class DatFile;

// One entry to write. `data` is the logical (uncompressed) payload.
struct WriterEntry {
    static constexpr std::uint32_t kNewEntryFlags = 2u << 16; // version 2, as DatReaderWriter

    std::uint32_t id = 0;
    QByteArray data;
    std::uint32_t flags = kNewEntryFlags; // bit 0 is set by the writer from `compress`
    std::uint32_t date = 0;               // Unix seconds
    std::uint32_t iteration = 1;
    // Store as DatReaderWriter's zlib form. The retail client cannot read it (docs/formats.md).
    bool compress = false;
};

// Builds a complete DAT from a set of entries (docs/formats.md): header, one contiguous chain
// per entry terminated by 0, a B-tree of minimum degree 31 built bottom-up with every leaf at
// one depth and unused slots zeroed, the iteration record, no free blocks, exact file size.
// Output is a pure function of the inputs, so the same sources give the same bytes.
class DatWriter {
  public:
    explicit DatWriter(DatKind kind, std::uint32_t blockSize = 0);
    // Starts from an existing DAT: its header versions, block size and every entry (inflated,
    // with flags, dates and iterations kept). Used to patch: add, replace or remove, then save.
    static DatWriter fromDat(const DatFile& dat);

    // Header version fields (version string, transaction record, master map, pack versions,
    // GUID, minor version) are copied from `source`.
    void copyVersionFrom(const DatHeader& source) { m_header.copyVersionFrom(source); }
    // The DAT iteration written into 0xFFFF0001 when no entry supplies that record; by default
    // the highest entry iteration (at least 1).
    void setIteration(std::int32_t iteration) { m_iteration = iteration; }

    // Adds or replaces the entry with the same id.
    void put(WriterEntry entry);
    bool remove(std::uint32_t id);
    bool contains(std::uint32_t id) const { return m_entries.count(id) != 0; }
    std::size_t size() const { return m_entries.size(); }
    const DatHeader& header() const { return m_header; }

    // Writes the DAT to `path` through a temporary file in the same folder, renamed into place
    // on success; a failed write leaves any previous file untouched. Throws DatError.
    void save(const QString& path) const;
    // The DAT in memory (tests, fuzz seeds).
    QByteArray build() const;
    void writeTo(QIODevice& device) const;

  private:
    DatHeader m_header;
    std::optional<std::int32_t> m_iteration;
    std::map<std::uint32_t, WriterEntry> m_entries; // std::map orders unsigned ids as the tree does
};

} // namespace portalkit::dat
