#pragma once

// One DAT entry to a file a user can open, by its type: GfxObj and Setup as glTF
// (model_export.h), RenderSurface, SurfaceTexture and Surface as PNG, Wave as .wav or .mp3,
// and every other decodable record as its JSON (what `portalkit show --json` prints). The
// studio's File → Export selected… writes through here; `portalkit export` shares the images.

#include "datreader/container/dat_file.h"
#include "datreader/records/string_table.h"
#include "export/model_export.h"
#include "preview/core/assets.h"

#include <QImage>
#include <QString>
#include <QStringList>
#include <cstdint>

namespace portalkit::exports {

enum class EntryFormat { Model, Image, Sound, Json, None };

// What an entry of this DAT exports as; None for types with no decoder.
EntryFormat entryFormat(const dat::DatFile& dat, std::uint32_t id);
// The file suffix a user should get by default: glb, png, wav or mp3, json; empty for None.
QString defaultSuffix(const preview::Assets& assets, std::uint32_t id);

// A RenderSurface, SurfaceTexture or Surface as an image: palettes and textures come from the
// same DAT (the first mip it holds), `paletteId` overriding the surface's default palette; a
// solid-colour Surface gives a 16×16 swatch. Throws dat::DatError naming the DID and field.
QImage entryImage(const dat::DatFile& dat, std::uint32_t id);

// Writes the entry to `path` atomically in its format (options apply to models only) and
// returns the warnings. Throws dat::DatError when a record cannot be read, ExportError when the
// entry has no export or the file cannot be written.
// A StringTable as UTF-8 plain text: a "#" line naming the table, then one line per string
// variant, "<key>\t<text>", in the table's order, with backslash, tab, CR and LF in the text
// escaped as \\, \t, \r and \n (docs/cli.md#export-dat-id--o-file---raw). exportEntryToFile writes it for a
// StringTable whose path ends in .txt.
QByteArray stringTableText(const dat::StringTable& table);

QStringList exportEntryToFile(const preview::Assets& assets, std::uint32_t id, const QString& path,
                              const ModelExportOptions& options = {});

} // namespace portalkit::exports
