#include "export_world.h"

#include "command.h"
#include "datreader/io/dat_error.h"
#include "effect_options.h"
#include "export/world_export.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

namespace portalkit::cli {

namespace {

// The cell DAT given, else client_cell_1.dat beside the portal DAT (as the studio opens the
// demo and render --landblock looks for it); empty when there is none.
QString cellDatFor(const QString& portalPath, const QString& given) {
    if (!given.isEmpty())
        return given;
    const QString beside = QFileInfo(portalPath).dir().filePath("client_cell_1.dat");
    return QFileInfo::exists(beside) ? beside : QString();
}

// The request the options spell, or nothing after printing why.
std::optional<exports::WorldRequest> readRequest(const QCommandLineParser& parser) {
    const bool dungeon = parser.isSet("dungeon");
    if (dungeon && parser.isSet("landblock")) {
        printError("give --landblock or --dungeon, not both");
        return std::nullopt;
    }
    for (const char* option : {"raw", "motion", "style", "interpolation", "spheres"})
        if (parser.isSet(option)) {
            printError(QStringLiteral("--%1 applies to one entry, not to --%2")
                           .arg(QLatin1String(option), dungeon ? "dungeon" : "landblock"));
            return std::nullopt;
        }
    exports::WorldRequest request;
    request.kind =
        dungeon ? exports::WorldRequest::Kind::Dungeon : exports::WorldRequest::Kind::Landblock;
    const QString idText = parser.value(dungeon ? "dungeon" : "landblock");
    const auto id = dat::parseDid(idText);
    const auto block = id ? exports::landblockFromId(*id) : std::nullopt;
    if (!block) {
        printError(
            QStringLiteral("--%1 takes a landblock such as %2 (or any id inside it), not %3")
                .arg(dungeon ? "dungeon" : "landblock", dungeon ? "0x01D9" : "0xA9B4", idText));
        return std::nullopt;
    }
    request.block = *block;
    if (parser.isSet("radius") && dungeon) {
        printError("--radius goes with --landblock");
        return std::nullopt;
    }
    bool ok = false;
    request.radius = parser.value("radius").toInt(&ok);
    if (!ok || request.radius < 0 || request.radius > exports::kMaxWorldRadius) {
        printError(QStringLiteral("--radius takes 0 to %1").arg(exports::kMaxWorldRadius));
        return std::nullopt;
    }
    return request;
}

} // namespace

QList<QCommandLineOption> worldExportOptions() {
    return {
        {"landblock",
         "Export the world around this landblock (0xA9B4, or any id inside it): terrain with its "
         "texture atlas, statics, buildings, scenery and EnvCells, as one glTF scene. DAT is the "
         "portal DAT, then the cell DAT (default: client_cell_1.dat beside it).",
         "ID"},
        {"dungeon",
         "Export the EnvCells of this landblock (0x01D9, or a cell id in it) with "
         "their statics, without terrain.",
         "ID"},
        {"radius", "With --landblock: rings of neighbouring landblocks to export too (0 to 8).",
         "N", "0"},
    };
}

bool wantsWorldExport(const QCommandLineParser& parser) {
    return parser.isSet("landblock") || parser.isSet("dungeon");
}

int runWorldExport(const QCommandLineParser& parser) {
    const auto request = readRequest(parser);
    if (!request)
        return kUsageOrIo;
    const QStringList dats = parser.positionalArguments();
    const QString cellPath = cellDatFor(dats.at(0), dats.value(1));
    if (cellPath.isEmpty()) {
        printError("the world needs the cell DAT: give PORTAL.dat CELL.dat, or put "
                   "client_cell_1.dat beside the portal DAT");
        return kUsageOrIo;
    }
    const auto portal = openAssets(dats.at(0));
    const auto cells = portal ? openAssets(cellPath) : nullptr;
    if (!cells)
        return kUsageOrIo;
    const QString output = parser.value("output");
    try {
        QElapsedTimer clock;
        clock.start();
        const QStringList notes = exports::exportWorldToFile(*portal, *cells, *request, output);
        for (const QString& note : notes)
            printError("note: " + note);
        printOut(QStringLiteral("%1 written in %2 ms\n")
                     .arg(output)
                     .arg(double(clock.nsecsElapsed()) / 1e6, 0, 'f', 1));
    } catch (const exports::ExportError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kCheckFailed;
    }
    return kSuccess;
}

} // namespace portalkit::cli
