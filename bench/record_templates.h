#pragma once

// Records of the types authoring::RandomRecords does not draw (the world's portal records, the
// tables: SpellTable, EnumMapper, ClothingTable, ..., and the local DAT's), taken from the demo
// DATs, so the
// records suite times every decodable type. Their contents are meaningful, not random: the demo
// holds one to a few of each, which the suite repeats under new ids.

#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::bench {

class RecordTemplates {
  public:
    // Every entry of the demo DAT at `path`, grouped by dat::Record alternative. Throws
    // DatError when the DAT cannot be read or an entry does not decode.
    static RecordTemplates fromDat(const QString& path);
    // The demo DAT `name` beside the running program (build tree or installed
    // share/portalkit/demo).
    static QString demoDatPath(const QString& name);

    // The stored bytes of template `n` (cycling) of alternative `typeIndex`, re-keyed to `id`:
    // the record's own id, its first four bytes, is rewritten. Throws std::runtime_error when the
    // demo holds no record of that type.
    std::vector<std::uint8_t> copy(std::size_t typeIndex, std::uint64_t n, std::uint32_t id) const;
    bool has(std::size_t typeIndex) const;

  private:
    struct Template {
        std::uint32_t id = 0;
        std::vector<std::uint8_t> bytes;
    };
    std::vector<std::vector<Template>> m_byType;
};

} // namespace portalkit::bench
