#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "export/entry_export.h"
#include "export/model_export.h"
#include "export_world.h"
#include "objdesc_options.h"
#include "preview/core/assets.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <memory>
#include <optional>

namespace portalkit::cli {
namespace {

// GfxObj and Setup as glTF (model_export.h); --motion, --style, --spheres, --interpolation and
// the appearance options (a Setup's only) only mean something here.
int writeModel(dat::DatFile dat, std::uint32_t id, const QString& output,
               const QCommandLineParser& parser) {
    exports::ModelExportOptions options;
    options.spheres = parser.isSet("spheres");
    if (parser.isSet("motion")) {
        const auto motion = dat::parseDid(parser.value("motion"));
        if (!motion) {
            printError("--motion takes a command id, e.g. 0x10000153");
            return kUsageOrIo;
        }
        options.motion = exports::MotionRequest{*motion, std::nullopt, 1};
    }
    if (parser.isSet("style")) {
        const auto style = dat::parseDid(parser.value("style"));
        if (!style || !options.motion) {
            printError(style ? "--style goes with --motion" : "--style takes a command id");
            return kUsageOrIo;
        }
        options.motion->style = *style;
    }
    const QString interpolation = parser.value("interpolation");
    if (interpolation == QLatin1String("step")) {
        options.interpolation = exports::Interpolation::Step;
    } else if (interpolation != QLatin1String("linear")) {
        printError("--interpolation takes linear or step");
        return kUsageOrIo;
    }
    ObjDescRequest appearance;
    if (!readObjDescOptions(parser, appearance))
        return kUsageOrIo;
    const preview::Assets assets(std::make_shared<const dat::DatFile>(std::move(dat)));
    if (appearance.any()) {
        if (id >> 24 != 0x02) {
            printError(QStringLiteral("%1 dresses a Setup: %2 is a GfxObj")
                           .arg(givenObjDescOption(parser), didText(id)));
            return kUsageOrIo;
        }
        options.objDesc = resolveObjDesc(assets, id, appearance);
        if (!options.objDesc)
            return kUsageOrIo;
    }
    try {
        for (const QString& warning : exports::exportModelToFile(assets, id, output, options))
            printError("note: " + warning);
    } catch (const exports::ExportError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

// Waves, textures and string tables in their own formats; nullopt for other types.
std::optional<int> writeAsset(const dat::DatFile& dat, std::uint32_t id, std::string_view type,
                              const QString& output) {
    if (type == dat::Wave::kTypeName) {
        const auto wave = dat::Wave::decode(dat.read(id), id);
        if (QFileInfo(output).suffix().compare(wave.fileExtension(), Qt::CaseInsensitive))
            printError("note: " + didText(id) + " is a ." + wave.fileExtension() +
                       " sound; writing it to " + output + " anyway");
        return writeFileAtomically(output, wave.fileBytes()) ? kSuccess : kUsageOrIo;
    }
    if (type == dat::RenderSurface::kTypeName || type == dat::SurfaceTexture::kTypeName ||
        type == dat::Surface::kTypeName) {
        QSaveFile file(output);
        if (!file.open(QIODevice::WriteOnly) || !exports::entryImage(dat, id).save(&file, "PNG") ||
            !file.commit()) {
            printError("cannot write " + output + ": " + file.errorString());
            return kUsageOrIo;
        }
        return kSuccess;
    }
    if (type == dat::StringTable::kTypeName) {
        // Plain text unless the file is named .json, then the JSON `show --json` prints.
        const auto table = dat::StringTable::decode(dat.read(id), id);
        const bool json = output.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
        const QByteArray bytes =
            json ? QJsonDocument(table.toJson()).toJson() : exports::stringTableText(table);
        return writeFileAtomically(output, bytes) ? kSuccess : kUsageOrIo;
    }
    return std::nullopt;
}

} // namespace

int runExport(const QStringList& arguments) {
    DatCommand command(
        "Exports one entry: RenderSurface, SurfaceTexture and Surface as PNG (palettes and "
        "textures are looked up in the same DAT), Wave as .wav (or .mp3 when the sound is MP3), "
        "GfxObj and Setup as a glTF 2.0 model (.glb or .gltf, +Y up; see docs/export.md), "
        "StringTable as plain text (one \"key<TAB>text\" line per string; JSON when FILE ends "
        "in .json), "
        "anything with --raw as its bytes. With --landblock or --dungeon instead of ID: the "
        "world from the portal and cell DATs as one glTF scene.",
        {
            {{"o", "output"}, "The file to write (required).", "FILE"},
            {"raw", "Write the entry's bytes (inflated) instead of converting them."},
            {"motion", "Setup: bake this motion command (e.g. 0x10000153) as a glTF animation.",
             "CMD"},
            {"style", "Setup: perform this style command before --motion.", "S"},
            {"interpolation",
             "Animation keys: linear (default) or step (frames held, as the client).", "MODE",
             "linear"},
            {"spheres", "Setup: add its collision and selection spheres as nodes."},
        });
    command.parser.addOptions(objDescOptions());
    command.parser.addOptions(worldExportOptions());
    // ID, or with --landblock/--dungeon the optional cell DAT: counted here, not by the parser.
    command.parser.addPositionalArgument(
        "ID", "The entry id, e.g. 0x06001234; with --landblock or --dungeon, the cell DAT.",
        "ID|[CELL.dat]");
    if (auto exit = command.parse(arguments, -1))
        return *exit;
    const QCommandLineParser& parser = command.parser;
    const bool world = wantsWorldExport(parser);
    const qsizetype given = parser.positionalArguments().size();
    if (world ? (given < 1 || given > 2) : given != 2) {
        printError(QStringLiteral("expected %1 argument(s), got %2 (see --help)")
                       .arg(world ? "1 or 2" : "2")
                       .arg(given));
        return kUsageOrIo;
    }
    if (!requireOption(parser, "output", "export needs -o FILE (see --help)"))
        return kUsageOrIo;
    if (world && !givenObjDescOption(parser).isEmpty()) {
        printError(givenObjDescOption(parser) + " dresses one Setup: not with --landblock or "
                                                "--dungeon");
        return kUsageOrIo;
    }
    if (world)
        return runWorldExport(parser);
    auto opened = command.openEntry();
    if (!opened)
        return kUsageOrIo;
    const dat::DatFile& dat = opened->dat;
    const std::uint32_t id = opened->entry.id;
    const QString output = parser.value("output");
    const auto type = dat::typeName(dat.kind(), id);
    try {
        if (parser.isSet("raw")) {
            return writeFileAtomically(output, toByteArray(dat.read(opened->entry))) ? kSuccess
                                                                                     : kUsageOrIo;
        }
        if (type == dat::GfxObj::kTypeName || type == dat::Setup::kTypeName)
            return writeModel(std::move(opened->dat), id, output, parser);
        for (const char* option : {"motion", "style", "interpolation", "spheres", "objdesc",
                                   "clothing", "palette-template", "shade", "base-palette"})
            if (parser.isSet(option)) {
                printError(QStringLiteral("--%1 applies to GfxObj and Setup models, not to a %2")
                               .arg(QLatin1String(option), QString::fromUtf8(type.data())));
                return kUsageOrIo;
            }
        if (const auto written = writeAsset(dat, id, type, output))
            return *written;
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kCheckFailed;
    }
    printError(QStringLiteral("%1 is a %2, which has no export; use --raw for its bytes")
                   .arg(didText(id), QString::fromUtf8(type.data())));
    return kUsageOrIo;
}

} // namespace portalkit::cli
