#include "bench/record_templates.h"

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "preview/timeline/scenario.h"

#include <QCoreApplication>
#include <cstring>
#include <stdexcept>
#include <string>

namespace portalkit::bench {

RecordTemplates RecordTemplates::fromDat(const QString& path) {
    RecordTemplates templates;
    templates.m_byType.resize(std::variant_size_v<dat::Record>);
    const dat::DatFile dat = dat::DatFile::open(path);
    for (const dat::EntryInfo& entry : dat.entries()) {
        std::vector<std::uint8_t> bytes = dat.read(entry);
        const auto record = dat::decodeRecord(dat.kind(), entry.id, bytes);
        if (!record)
            continue; // the iteration record
        templates.m_byType[record->index()].push_back({entry.id, std::move(bytes)});
    }
    return templates;
}

QString RecordTemplates::demoDatPath(const QString& name) {
    return preview::bundledDemoFile(QCoreApplication::applicationDirPath(), name);
}

bool RecordTemplates::has(std::size_t typeIndex) const {
    return typeIndex < m_byType.size() && !m_byType[typeIndex].empty();
}

std::vector<std::uint8_t> RecordTemplates::copy(std::size_t typeIndex, std::uint64_t n,
                                                std::uint32_t id) const {
    if (!has(typeIndex))
        throw std::runtime_error(
            "the demo DATs hold no " + std::string(dat::decodableTypes().at(typeIndex)) +
            ", so the records benchmark cannot time it (build the demo DAT first)");
    const auto& list = m_byType[typeIndex];
    const Template& source = list[n % list.size()];
    std::vector<std::uint8_t> bytes = source.bytes;
    // Every portal type but Surface starts with its own id; the others are copied as they are.
    std::uint32_t stored = 0;
    if (bytes.size() >= 4)
        std::memcpy(&stored, bytes.data(), 4);
    if (stored == source.id)
        std::memcpy(bytes.data(), &id, 4);
    return bytes;
}

} // namespace portalkit::bench
