#pragma once

// Declarative DAT sources: a folder whose dat.json names the DAT's kind, iteration and date and
// lists source files; each source file holds records, either in the JSON form `portalkit show
// --json` prints or as a generator spec ("generate": "mesh" | "texture" | "palette" | "tone" |
// "animation" | "environment" | "building" | "terrain"; a terrain spec yields a LandBlock per
// landblock it covers). This is how the demo DAT is made, and how users author DATs by hand.

#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_writer.h"

#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::authoring {

struct SourceEntry {
    std::uint32_t id = 0;
    QString file; // the source file it came from, relative to the folder
    QByteArray bytes;
    std::uint32_t date = 0; // Unix seconds
    std::uint32_t iteration = 1;
};

struct SourceSet {
    dat::DatKind kind = dat::DatKind::Portal;
    std::int32_t iteration = 1;
    QJsonObject description;          // dat.json as written: extras such as "projectiles"
    std::vector<SourceEntry> entries; // sorted by id
};

// Builds every record of the folder. A malformed source throws a DatError naming the DID, the
// JSON path and (as context) the file; two records with one id are an error, never a silent
// override.
SourceSet buildSources(const QString& folder);

dat::DatWriter writerFor(const SourceSet& sources);

// Builds one record from its source JSON alone (so a paletted texture cannot name its palette;
// a terrain spec builds its first record, and a terrain's Region file is found from `folder`);
// sets `did` to the record's id. What the fuzzer drives.
QByteArray buildRecord(dat::DatKind kind, const QJsonObject& record, std::uint32_t* did,
                       const QString& folder = {});

} // namespace portalkit::authoring
