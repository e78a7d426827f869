#pragma once

// Import… in the studio: a file → the DAT entries it becomes, through the modding importers
// (docs/modding.md), by the file's extension:
//   .json               a record as `portalkit show --json` prints it (its own "id")
//   .png .jpg .bmp .tga a texture: RenderSurface(s) at the id asked
//   .wav .mp3           a Wave at the id asked
//   .gltf .glb          a GfxObj with its Surfaces and textures, the GfxObj at the id asked
//   anything else       the file's bytes as they are, at the id asked

#include "datreader/container/dat_file.h"
#include "modding/imported_entry.h"

#include <QString>
#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::ui {

// Whether importing `file` needs an id from the user (a record JSON carries its own).
bool importNeedsId(const QString& file);
// The entries `file` becomes in `dat` (`id`: where it goes, when importNeedsId); the ids the
// session already changes in `dat` are taken as used. Throws DatError naming the file and what
// is wrong.
std::vector<modding::ImportedEntry> importFile(const QString& file, const dat::DatFile& dat,
                                               std::uint32_t id,
                                               std::span<const std::uint32_t> pendingIds = {});
// The file dialog's filter for the formats above.
QString importFilter();

} // namespace portalkit::ui
