// `portalkit map CELL.dat [PORTAL.dat] -o world.png`: the world map of a cell DAT as a PNG, and
// with --json the populated landblocks with their LandBlockInfo and EnvCell counts
// (docs/cli.md#map-celldat-portaldat--o-png, docs/world.md#world-map). The drawing is
// world::drawWorldMap; this file only reads options, finds the Region and writes.

#include "command.h"
#include "datreader/io/dat_error.h"
#include "world/map.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QJsonArray>
#include <QJsonObject>
#include <QSaveFile>
#include <array>
#include <variant>

namespace portalkit::cli {
namespace {

constexpr std::uint32_t kRegionFirst = 0x13000000;
constexpr std::uint32_t kRegionLast = 0x13FFFFFF;

// "0xA9B4,0xA8B3" (or full ids 0xA9B4FFFF) as landblock ids; nothing (said) when a part is not
// an id.
std::optional<std::vector<std::uint32_t>> parseLandblocks(const QString& text) {
    std::vector<std::uint32_t> ids;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const QString trimmed = part.trimmed();
        const std::uint32_t value = trimmed.toUInt(&ok, 16);
        const int digits =
            int(trimmed.size()) - (trimmed.startsWith("0x", Qt::CaseInsensitive) ? 2 : 0);
        if (!ok || (digits != 4 && digits != 8) || (value >> (digits == 4 ? 8 : 24)) > 254 ||
            ((digits == 4 ? value : value >> 16) & 0xFF) > 254) {
            printError("'" + trimmed + "' is not a landblock like 0xA9B4 (X and Y 0x00..0xFE)");
            return std::nullopt;
        }
        ids.push_back(digits == 4 ? (value << 16) | 0xFFFF : value | 0xFFFF);
    }
    if (ids.empty())
        printError("--landblocks needs at least one landblock like 0xA9B4");
    return ids.empty() ? std::nullopt : std::optional(ids);
}

// "XMIN,YMIN,XMAX,YMAX" in landblock coordinates (decimal or 0x hex, 0..254).
std::optional<world::BlockArea> parseArea(const QString& text) {
    const QStringList parts = text.split(',');
    std::array<int, 4> values{};
    bool ok = parts.size() == 4;
    for (int i = 0; ok && i < 4; ++i) {
        values[std::size_t(i)] = parts[i].trimmed().toInt(&ok, 0);
        ok = ok && values[std::size_t(i)] >= 0 && values[std::size_t(i)] < world::kBlocksPerSide;
    }
    if (!ok || values[0] > values[2] || values[1] > values[3]) {
        printError("--region wants XMIN,YMIN,XMAX,YMAX, landblocks 0..254 with each minimum at "
                   "most its maximum, like 0xA8,0xB3,0xAA,0xB5");
        return std::nullopt;
    }
    return world::BlockArea{values[0], values[1], values[2], values[3]};
}

// The portal DAT named on the command line, else client_portal.dat beside the cell DAT.
QString portalPath(const QCommandLineParser& parser) {
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return positional.at(1);
    return QFileInfo(positional.at(0)).dir().filePath(QStringLiteral("client_portal.dat"));
}

// The first Region (0x13...) of the portal DAT; nothing, said, when there is none.
std::optional<dat::Region> readRegion(const QString& path) {
    if (!QFileInfo::exists(path)) {
        printError("no portal DAT at " + path +
                   " for the Region's colours and heights; name it after the cell DAT");
        return std::nullopt;
    }
    const auto portal = openDat(path);
    if (!portal)
        return std::nullopt;
    for (const dat::EntryInfo& entry : portal->entries()) {
        if (entry.id < kRegionFirst || entry.id > kRegionLast)
            continue;
        try {
            return dat::Region::decode(portal->read(entry), entry.id);
        } catch (const dat::DatError& error) {
            printError(path + ": " + QString::fromStdString(error.what()));
            return std::nullopt;
        }
    }
    printError(path + " holds no Region (0x13...)");
    return std::nullopt;
}

bool writePng(const world::MapImage& map, const QString& path) {
    const QImage image(map.rgba.data(), map.width, map.height, map.width * 4,
                       QImage::Format_RGBX8888); // opaque: an RGB PNG
    QSaveFile file(path);
    QImageWriter writer(&file, "PNG");
    // Quality 80 is zlib level 1: on a full-world map of the container bench it took the write
    // from about 2 s to under 1 s for a file a tenth larger (docs/benchmarks.md).
    writer.setQuality(80);
    if (!file.open(QIODevice::WriteOnly) || !writer.write(image) || !file.commit()) {
        printError(
            "cannot write " + path + ": " +
            (file.error() != QFileDevice::NoError ? file.errorString() : writer.errorString()));
        return false;
    }
    return true;
}

QJsonObject summaryJson(const std::vector<world::LandblockSummary>& blocks) {
    QJsonArray rows;
    qint64 infos = 0, envCells = 0;
    for (const world::LandblockSummary& block : blocks) {
        QJsonObject row{{"id", didText(block.id)},           {"x", world::blockX(block.id)},
                        {"y", world::blockY(block.id)},      {"hasInfo", block.hasInfo},
                        {"hasObjectsFlag", block.flagsInfo}, {"envCells", qint64(block.envCells)}};
        if (block.infoCells)
            row["infoNumCells"] = qint64(*block.infoCells);
        rows.append(row);
        infos += block.hasInfo;
        envCells += block.envCells;
    }
    return {{"populated", qint64(blocks.size())},
            {"withInfo", infos},
            {"envCells", envCells},
            {"landblocks", rows}};
}

struct MapRequest {
    world::MapOptions options;
    QString output;
    bool json = false;
};

// Reads the options into a request; the exit code when they are unusable.
std::variant<MapRequest, int> readRequest(const QCommandLineParser& parser) {
    MapRequest request;
    request.output = parser.value("output");
    request.json = parser.isSet("json");
    if (request.output.isEmpty() && !request.json) {
        printError("say where the map goes with -o world.png (or list landblocks with --json)");
        return kUsageOrIo;
    }
    bool ok = true;
    if (parser.isSet("cell-pixels"))
        request.options.cellPixels = parser.value("cell-pixels").toInt(&ok);
    if (parser.isSet("threads"))
        request.options.threads = ok ? parser.value("threads").toInt(&ok) : 0;
    if (!ok || request.options.threads < 0) {
        printError("--cell-pixels and --threads take whole numbers");
        return kUsageOrIo;
    }
    if (parser.isSet("landblocks") && parser.isSet("region")) {
        printError("--landblocks and --region choose the area each; give one");
        return kUsageOrIo;
    }
    if (parser.isSet("landblocks")) {
        const auto ids = parseLandblocks(parser.value("landblocks"));
        if (!ids)
            return kUsageOrIo;
        request.options.only = *ids;
        request.options.area = world::areaOf(*ids);
    } else if (parser.isSet("region")) {
        const auto area = parseArea(parser.value("region"));
        if (!area)
            return kUsageOrIo;
        request.options.area = *area;
    }
    request.options.hillshade = !parser.isSet("no-shading");
    if (const auto error = world::mapOptionsError(request.options)) {
        printError(QString::fromStdString(*error));
        return kUsageOrIo;
    }
    return request;
}

QList<QCommandLineOption> mapOptions() {
    return {{{"o", "output"}, "Write the map here as PNG.", "FILE"},
            {"cell-pixels", "Pixels along each side of a 24 m cell, 1 to 8 (default 1).", "N"},
            {"landblocks", "Draw only these landblocks, in the rectangle they span.", "0xA9B4,..."},
            {"region", "Draw the landblocks of this rectangle (inclusive, 0..254 each).",
             "XMIN,YMIN,XMAX,YMAX"},
            {"no-shading", "Flat terrain colours, without the hillshade."},
            {"threads", "Threads drawing landblocks, 0 for one per core (default 1).", "N"},
            jsonOption("Print the populated landblocks with their LandBlockInfo and EnvCell "
                       "counts as JSON.")};
}

// Draws and writes the map when asked, summarises when asked; the result for printResult.
QJsonObject runRequest(const MapRequest& wanted, const dat::DatFile& cells,
                       const QCommandLineParser& parser) {
    QJsonObject result{{"cellDat", cells.path()}};
    if (!wanted.output.isEmpty()) {
        const QString portal = portalPath(parser);
        const auto region = readRegion(portal);
        if (!region)
            return {};
        world::MapStats stats;
        QElapsedTimer clock;
        clock.start();
        const world::MapImage map = world::drawWorldMap(cells, *region, wanted.options, &stats);
        result["drawSeconds"] = clock.nsecsElapsed() / 1e9;
        clock.restart();
        if (!writePng(map, wanted.output))
            return {};
        result["writeSeconds"] = clock.nsecsElapsed() / 1e9;
        result["portalDat"] = portal;
        result["image"] = QJsonObject{{"path", wanted.output},
                                      {"width", map.width},
                                      {"height", map.height},
                                      {"cellPixels", map.cellPixels},
                                      {"landblocksDrawn", qint64(stats.landblocks)}};
    }
    if (wanted.json) {
        const QJsonObject summary = summaryJson(
            world::summarizeLandblocks(cells, wanted.options.area, wanted.options.only, true));
        for (auto it = summary.begin(); it != summary.end(); ++it)
            result[it.key()] = it.value();
    }
    return result;
}

QString resultText(const QJsonObject& result) {
    const QJsonObject image = result["image"].toObject();
    return QStringLiteral("%1: %2 × %3 pixels, %4 per cell, %5 landblocks; drawn in %6 s, "
                          "written in %7 s\n")
        .arg(image["path"].toString())
        .arg(image["width"].toInt())
        .arg(image["height"].toInt())
        .arg(image["cellPixels"].toInt())
        .arg(image["landblocksDrawn"].toInteger())
        .arg(result["drawSeconds"].toDouble(), 0, 'f', 2)
        .arg(result["writeSeconds"].toDouble(), 0, 'f', 2);
}

} // namespace

int runMap(const QStringList& arguments) {
    DatCommand command(
        "Draws the world map of a cell DAT: one pixel per outdoor cell (north up), coloured by "
        "the Region's terrain map colours, hillshaded, roads drawn, landblocks the DAT lacks in "
        "a background colour. The Region comes from PORTAL.dat, by default client_portal.dat "
        "beside the cell DAT. --json lists the populated landblocks.",
        mapOptions(), "CELL.dat", "The cell DAT (client_cell_1.dat).");
    command.parser.addPositionalArgument("PORTAL.dat", "The portal DAT holding the Region.",
                                         "[PORTAL.dat]");
    if (auto exit = command.parse(arguments, -1))
        return *exit;
    const qsizetype positional = command.parser.positionalArguments().size();
    if (positional < 1 || positional > 2) {
        printError(QStringLiteral("expected CELL.dat and optionally PORTAL.dat, got %1 "
                                  "argument(s) (see --help)")
                       .arg(positional));
        return kUsageOrIo;
    }
    const auto request = readRequest(command.parser);
    if (const int* exit = std::get_if<int>(&request))
        return *exit;
    const QString cellPath = command.parser.positionalArguments().at(0);
    const auto cells = openDat(cellPath);
    if (!cells)
        return kUsageOrIo;
    if (cells->kind() != dat::DatKind::Cell) {
        printError(cellPath + " is a " + QString::fromLatin1(dat::kindName(cells->kind()).data()) +
                   " DAT, not a cell DAT");
        return kUsageOrIo;
    }
    QElapsedTimer clock;
    clock.start();
    try {
        QJsonObject result = runRequest(std::get<MapRequest>(request), *cells, command.parser);
        if (result.isEmpty())
            return kUsageOrIo; // said already
        result["seconds"] = clock.nsecsElapsed() / 1e9;
        printResult(command.parser, QJsonDocument(result), resultText(result));
    } catch (const dat::DatError& error) {
        printError(cellPath + ": " + QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
