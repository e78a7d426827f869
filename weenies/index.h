#pragma once

// The on-disk index of a weenie corpus (docs/world-data.md#index): one SQLite file through Qt
// SQL's QSQLITE driver with the weenies, their DID properties, indexes on name and DID, and the
// stamp of the source it was built from, so it opens in milliseconds and is rebuilt only when
// the source changed.

#include "weenies/weenie.h"

#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::weenies {

// What an index was built from: the source as given and a digest of its files' paths, sizes and
// modification times (empty for a database, whose changes PortalKit cannot see without reading
// it all: its index is refreshed by importing again).
struct SourceStamp {
    QString source;
    QString digest;

    bool operator==(const SourceStamp&) const = default;
};
// Throws WeenieError when a file source does not exist.
SourceStamp stampSource(const QString& source);

// Reads any source: a folder of .sql files, one .sql file, a .json export or a mysql:// URL.
std::vector<Weenie> readSource(const QString& source);

class WeenieIndex {
  public:
    static constexpr int kVersion = 2; // 2: folded names and the trigram table

    // Writes `weenies` to `path` through a temporary file beside it renamed into place, so a
    // failed import leaves the old index whole. Throws WeenieError.
    static void write(const QString& path, const std::vector<Weenie>& weenies,
                      const SourceStamp& stamp);
    // Whether `path` is a PortalKit weenie index of any version: `weenies import` replaces
    // nothing else, so a mistyped -o cannot cost the user a file.
    static bool isIndexFile(const QString& path);
    // Throws WeenieError when the file is missing or not a PortalKit weenie index.
    static WeenieIndex open(const QString& path);

    WeenieIndex(WeenieIndex&&) noexcept;
    WeenieIndex& operator=(WeenieIndex&&) noexcept;
    ~WeenieIndex();

    const QString& path() const;
    SourceStamp stamp() const;
    std::size_t count() const;

    std::optional<Weenie> byWcid(std::uint32_t wcid) const;
    // Names holding `text`, case-insensitively (through a trigram index when SQLite has FTS5,
    // else by scanning): whole-name matches first, then by name, then by WCID; at most `limit`.
    std::vector<Weenie> byName(const QString& text, int limit = 200) const;
    // The weenies with a DID property equal to `did`, by WCID; the first `limit` of them when
    // `limit` >= 0 (an Icon or a SoundTable can be shared by thousands).
    std::vector<Weenie> byDid(std::uint32_t did, int limit = -1) const;
    // How many weenies have a DID property equal to `did`.
    std::size_t countByDid(std::uint32_t did) const;
    std::vector<Weenie> all() const;

  private:
    struct Impl;
    explicit WeenieIndex(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

// Whether the index was built from its source as the source is now. An index of a database
// counts as current, and so does one whose source is gone, so an index outlives its corpus.
bool isCurrent(const WeenieIndex& index);

// Opens the index at `path`, first building it again from its recorded source when that source
// has changed since (`rebuilt` says whether it was). Throws WeenieError.
WeenieIndex openCurrent(const QString& path, bool* rebuilt = nullptr);

} // namespace portalkit::weenies
