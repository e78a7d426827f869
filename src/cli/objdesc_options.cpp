// --objdesc and --clothing for render and export: reading them, and resolving them into one
// ObjDesc for a Setup (docs/cli.md, docs/appearance.md).

#include "objdesc_options.h"

#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "datreader/records/surface_texture.h"
#include "effect_options.h"
#include "preview/appearance/compose.h"
#include "preview/core/assets.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <array>
#include <cmath>

namespace portalkit::cli {

using namespace portalkit::preview::appearance;

namespace {

// A file is bounded like a scenario: an ObjDesc of 3 × 255 entries is far below this.
constexpr qint64 kMaxFileBytes = 4 * 1024 * 1024;

std::optional<ObjDesc> readObjDescFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("--objdesc %1: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    if (file.size() > kMaxFileBytes) {
        printError(QStringLiteral("--objdesc %1: %2 bytes; an ObjDesc file is at most %3")
                       .arg(path)
                       .arg(file.size())
                       .arg(kMaxFileBytes));
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        printError(QStringLiteral("--objdesc %1: not JSON at byte %2: %3")
                       .arg(path)
                       .arg(parseError.offset)
                       .arg(parseError.errorString()));
        return std::nullopt;
    }
    try {
        const QJsonValue root = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        return fromJson(dat::JsonNode(root, "objDesc"));
    } catch (const dat::DatError& error) {
        printError(
            QStringLiteral("--objdesc %1: %2").arg(path, QString::fromStdString(error.what())));
    }
    return std::nullopt;
}

// "S" or "S,S[,S[,S]]", each in [0, 1]: one shade per sub-palette effect, the last given for
// every later one (the client's fourth serves the rest).
std::optional<std::array<double, 4>> parseShades(const QString& text) {
    const QStringList parts = text.split(',');
    if (parts.isEmpty() || parts.size() > 4)
        return std::nullopt;
    std::array<double, 4> shades{};
    for (qsizetype i = 0; i < 4; ++i) {
        const auto shade = parseSeconds(parts[std::min(i, parts.size() - 1)]);
        if (!shade || !std::isfinite(*shade) || *shade < 0 || *shade > 1)
            return std::nullopt;
        shades[std::size_t(i)] = *shade;
    }
    return shades;
}

std::optional<std::uint32_t> typedDid(const QString& text, std::uint32_t type) {
    const auto id = dat::parseDid(text);
    if (!id || (*id >> 24) != type)
        return std::nullopt;
    return id;
}

bool readClothing(const QCommandLineParser& parser, ObjDescRequest& request) {
    if (!parser.isSet("clothing")) {
        for (const char* option : {"palette-template", "shade", "base-palette"})
            if (parser.isSet(option)) {
                printError(
                    QStringLiteral("--%1 goes with --clothing ID").arg(QLatin1String(option)));
                return false;
            }
        return true;
    }
    ClothingChoice choice;
    const auto table = typedDid(parser.value("clothing"), 0x10);
    if (!table) {
        printError("--clothing takes a ClothingTable id such as 0x10000C41");
        return false;
    }
    choice.clothingTable = *table;
    if (parser.isSet("palette-template")) {
        const auto key = parseNumber(parser.value("palette-template"));
        if (!key) {
            printError("--palette-template takes a number (0: no recolouring)");
            return false;
        }
        choice.paletteTemplate = *key;
    }
    if (parser.isSet("shade")) {
        if (!choice.paletteTemplate) {
            printError("--shade needs --palette-template N: without a template nothing is "
                       "recoloured");
            return false;
        }
        const auto shades = parseShades(parser.value("shade"));
        if (!shades) {
            printError("--shade takes S or up to four S,S,S,S, each from 0 to 1");
            return false;
        }
        choice.shades = *shades;
    }
    if (parser.isSet("base-palette")) {
        const auto base = typedDid(parser.value("base-palette"), 0x04);
        if (!base) {
            printError("--base-palette takes a Palette id such as 0x04000C42");
            return false;
        }
        choice.basePalette = *base;
    }
    request.clothing = choice;
    return true;
}

} // namespace

QList<QCommandLineOption> objDescOptions() {
    return {
        {"objdesc",
         "Setup: dress it with this ObjDesc (JSON: basePalette, subPalettes, textureChanges, "
         "partChanges; see docs/appearance.md).",
         "FILE.json"},
        {"clothing",
         "Setup: put on this ClothingTable's entry for the Setup (after --objdesc, so it wins "
         "where both change a part).",
         "ID"},
        {"palette-template",
         "With --clothing: the palette template (a key of its sub-palette effects); 0, the "
         "default, does not recolour.",
         "N"},
        {"shade",
         "With --palette-template: the shade, 0 to 1, for every sub-palette effect, or one per "
         "effect (S,S,S,S; the last serves the rest). Default 0.",
         "S"},
        {"base-palette",
         "With --clothing: the palette the sub-palettes are laid over (default: that of the first "
         "part the clothing changes).",
         "ID"},
    };
}

QString givenObjDescOption(const QCommandLineParser& parser) {
    for (const char* option : {"objdesc", "clothing", "palette-template", "shade", "base-palette"})
        if (parser.isSet(option))
            return QStringLiteral("--") + QLatin1String(option);
    return {};
}

bool readObjDescOptions(const QCommandLineParser& parser, ObjDescRequest& request) {
    if (parser.isSet("objdesc")) {
        request.file = parser.value("objdesc");
        request.fromFile = readObjDescFile(request.file);
        if (!request.fromFile)
            return false;
    }
    return readClothing(parser, request);
}

std::optional<ObjDesc> resolveObjDesc(const preview::Assets& assets, std::uint32_t setupId,
                                      const ObjDescRequest& request) {
    ObjDesc desc = request.fromFile.value_or(ObjDesc{});
    if (request.clothing) {
        const ClothingResult dressed = fromClothing(assets, setupId, *request.clothing, desc);
        if (!dressed.fits || !dressed.problems.isEmpty()) {
            printError(QStringLiteral("--clothing %1 on Setup %2: %3")
                           .arg(didText(request.clothing->clothingTable), didText(setupId),
                                dressed.problems.join(QStringLiteral("; "))));
            return std::nullopt;
        }
        desc = dressed.desc;
    }
    // What the client would silently fail to apply is a mistake on the command line.
    const QString source = request.fromFile ? QStringLiteral("--objdesc ") + request.file
                                            : QStringLiteral("--clothing");
    QStringList problems = compose(assets, setupId, desc).problems;
    for (const TextureChange& change : desc.textureChanges)
        if (change.newTexture && !assets.get<dat::SurfaceTexture>(change.newTexture))
            problems << QStringLiteral("part %1: SurfaceTexture %2: %3")
                            .arg(change.part)
                            .arg(didText(change.newTexture),
                                 assets.whyMissing<dat::SurfaceTexture>(change.newTexture));
    if (!problems.isEmpty()) {
        printError(QStringLiteral("%1: %2").arg(source, problems.join(QStringLiteral("; "))));
        return std::nullopt;
    }
    return desc;
}

} // namespace portalkit::cli
