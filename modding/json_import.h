#pragma once

// A record's JSON, exactly as `portalkit show --json` prints it, → the record's bytes, so
// `show --json | edit | import --json` changes one record (docs/modding.md#records-as-json).

#include "datreader/container/dat_kind.h"
#include "modding/imported_entry.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <optional>

namespace portalkit::modding {

// Largest JSON file read: a 2048×2048 A8R8G8B8 RenderSurface in base64 is 22 MiB.
inline constexpr qint64 kMaxRecordJsonBytes = 64 * 1024 * 1024;

// `text` is one JSON object: the record's fields as recordToJson writes them, its "id", and the
// "type" name show adds (optional; when given it must be the id's type). `as` puts the record
// at another id of the same type (a copy): its "id" is replaced. The record is decoded again
// from the bytes made, so what goes into the DAT reads back. `source` names the file in errors.
// Throws DatError: with the file offset for text that is not JSON, the JSON path (and DID) for a
// field the record rejects, field "type" for another type's name, "id" when there is no id.
ImportedEntry importRecordJson(dat::DatKind kind, const QByteArray& text, const QString& source,
                               std::optional<std::uint32_t> as = std::nullopt);

} // namespace portalkit::modding
