// `portalkit import`: an image, sound, record JSON or glTF model into a DAT, through the patcher
// (docs/modding.md, docs/cli.md#import).

#include "command.h"
#include "datreader/container/dat_file.h"
#include "datreader/records/palette.h"
#include "datreader/records/surface_texture.h"
#include "input_file.h"
#include "modding/gltf_import.h"
#include "modding/json_import.h"
#include "modding/texture_import.h"
#include "modding/wave_import.h"
#include "patch_command.h"

#include <QByteArray>
#include <algorithm>

namespace portalkit::cli {
namespace {

using modding::ImportedEntry;

const QStringList kSources{"png", "wav", "record", "gltf"};

dat::Palette paletteFrom(const dat::DatFile& dat, std::uint32_t id) {
    if (!dat.find(id))
        throw dat::DatError("--palette", dat::formatDid(id) + " is not in the DAT", 0,
                            dat::OffsetKind::Source, id);
    return dat::Palette::decode(dat.read(id), id);
}

int levelsOption(const QCommandLineParser& parser) {
    if (!parser.isSet("levels"))
        return 1;
    const QString text = parser.value("levels");
    bool ok = false;
    const int levels = text == "all" ? 0 : text.toInt(&ok);
    if (text != "all" && (!ok || levels < 1 || levels > 16))
        throw dat::DatError("--levels", "'" + text.toStdString() + "' is not 1-16 or all", 0,
                            dat::OffsetKind::Source);
    return levels;
}

// The smaller levels take the ids after --as, which the user did not name: one the DAT already
// holds may only be replaced when --texture's SurfaceTexture already lists it (importing the
// same texture again), never an unrelated texture that happens to sit there.
void checkLevelIds(const dat::DatFile& dat, const std::vector<ImportedEntry>& entries,
                   std::optional<std::uint32_t> textureId) {
    std::vector<std::uint32_t> listed;
    if (textureId && dat.find(*textureId))
        listed = dat::SurfaceTexture::decode(dat.read(*textureId), *textureId).renderSurfaceIds;
    for (std::size_t level = 1; level < entries.size(); ++level) {
        const std::uint32_t id = entries[level].id;
        if (id == textureId || !dat.find(id) ||
            std::find(listed.begin(), listed.end(), id) != listed.end())
            continue;
        throw dat::DatError("--levels",
                            "level " + std::to_string(level + 1) + " would replace " +
                                dat::formatDid(id) +
                                ", which the DAT holds for something else; choose another --as",
                            0, dat::OffsetKind::Source, id);
    }
}

std::vector<ImportedEntry> importPng(const QCommandLineParser& parser, const dat::DatFile& dat,
                                     std::uint32_t id) {
    modding::requireType(dat.kind(), id, dat::RenderSurface::kTypeName);
    modding::TextureImport options;
    options.kind = dat.kind();
    options.id = id;
    options.levels = levelsOption(parser);
    options.resize = parser.isSet("resize");
    if (parser.isSet("format"))
        options.format = modding::textureFormatFromName(parser.value("format").toStdString());
    if (parser.isSet("texture"))
        options.textureId = idArgument(parser.value("texture"), "--texture");
    std::optional<dat::Palette> palette;
    if (parser.isSet("palette")) {
        palette = paletteFrom(dat, idArgument(parser.value("palette"), "--palette"));
        options.palette = &*palette;
    }
    const QString file = parser.value("png");
    auto entries = modding::importTexture(modding::readTextureFile(file), options, file);
    checkLevelIds(dat, entries, options.textureId);
    return entries;
}

std::vector<ImportedEntry> importGltf(const QCommandLineParser& parser, const dat::DatFile& dat,
                                      std::uint32_t id) {
    modding::requireType(dat.kind(), id, "GfxObj");
    modding::GltfImportOptions options;
    for (const dat::EntryInfo& entry : dat.entries())
        options.usedIds.insert(entry.id);
    return modding::importGltf(parser.value("gltf"), id, options);
}

// The entries the one source option names, made but not yet put.
std::vector<ImportedEntry> importedEntries(const QCommandLineParser& parser,
                                           const dat::DatFile& dat) {
    const std::optional<std::uint32_t> as =
        parser.isSet("as") ? std::optional(idArgument(parser.value("as"), "--as")) : std::nullopt;
    if (parser.isSet("record")) {
        const QString file = parser.value("record");
        const auto bytes = readInputFile(file, modding::kMaxRecordJsonBytes, "--json");
        return {modding::importRecordJson(
            dat.kind(), QByteArray(reinterpret_cast<const char*>(bytes.data()), bytes.size()), file,
            as)};
    }
    if (!as)
        throw dat::DatError("--as", "--png, --wav and --gltf need the id to import to", 0,
                            dat::OffsetKind::Source);
    if (parser.isSet("png"))
        return importPng(parser, dat, *as);
    if (parser.isSet("wav")) {
        modding::requireType(dat.kind(), *as, dat::Wave::kTypeName);
        const QString file = parser.value("wav");
        return {modding::importWave(readInputFile(file, modding::kMaxSoundFileBytes, "--wav"), *as,
                                    file)};
    }
    return importGltf(parser, dat, *as);
}

} // namespace

int runImport(const QStringList& arguments) {
    PatchCommand command(
        "Imports a file into a DAT: an image as RenderSurfaces, a sound as a Wave, a record's "
        "JSON (as show --json prints it) as that record, a glTF model as a GfxObj with its "
        "Surfaces and textures. Give exactly one of --png, --wav, --json (or --record), --gltf; "
        "--json-changes prints the "
        "changes as JSON.",
        {{"png", "An image (PNG, or any format Qt reads) to import as a texture.", "FILE"},
         {"wav", "A sound (RIFF WAVE of PCM samples, or MP3) to import as a Wave.", "FILE"},
         {{"json", "record"}, "A record's JSON as 'portalkit show --json' prints it.", "FILE"},
         {"gltf", "A glTF 2.0 model (.gltf or .glb) to import as a GfxObj.", "FILE"},
         {"as", "The id to import to (for --json: instead of the JSON's own id).", "ID"},
         {"format",
          "--png: DXT1, DXT5, A8R8G8B8, R8G8B8 or P8 (default DXT1, or DXT5 when a "
          "pixel is translucent).",
          "FORMAT"},
         {"palette",
          "--png --format P8: the Palette (0x04…) in the DAT whose colours the pixels "
          "index.",
          "ID"},
         {"levels",
          "--png: mip levels to make, 1-16 or all (default 1); each level after the "
          "first goes to the next RenderSurface id and needs --texture.",
          "N"},
         {"texture", "--png: also write this SurfaceTexture (0x05…) listing the levels.", "ID"},
         {"resize", "--png: scale a side that is not a power of two up to the next one."}},
        QStringLiteral("json-changes"));
    if (auto exit = command.open(arguments, 1))
        return *exit;
    const QCommandLineParser& parser = command.parser;
    const auto given = std::count_if(kSources.begin(), kSources.end(),
                                     [&](const QString& name) { return parser.isSet(name); });
    if (given != 1) {
        printError("give exactly one of --png, --wav, --json, --gltf (see --help)");
        return kUsageOrIo;
    }
    std::vector<ImportedEntry> entries;
    if (auto exit = command.apply([&](dat::DatPatcher& patcher) {
            const dat::DatFile dat = dat::DatFile::open(command.datPath());
            entries = importedEntries(parser, dat);
            for (const ImportedEntry& entry : entries)
                patcher.put(entry.id, entry.bytes);
        }))
        return *exit;
    if (!parser.isSet("json-changes"))
        for (const ImportedEntry& entry : entries)
            printOut(didText(entry.id) + "  " + entry.what + "\n");
    return command.finish();
}

} // namespace portalkit::cli
