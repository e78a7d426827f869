#include "command.h"
#include "datreader/container/dat_writer.h"
#include "datreader/io/dat_error.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <map>

namespace portalkit::cli {
namespace {

// What `unpack` records beside the entry files so that `pack` can rebuild the same DAT.
constexpr auto kManifestName = "dat.json";

struct EntryMeta {
    std::uint32_t flags;
    std::uint32_t date;
    std::uint32_t iteration;
    bool compressed;
};

template <std::size_t N> bool hexInto(const QJsonValue& value, std::array<std::uint8_t, N>& out) {
    const QByteArray bytes = QByteArray::fromHex(value.toString().toLatin1());
    if (bytes.size() != qsizetype(N))
        return false;
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return true;
}

} // namespace

int runPack(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Builds a DAT from a folder: every file named like 0x02000124.bin becomes that entry. "
        "A dat.json written by 'portalkit unpack' supplies the header fields and each entry's "
        "flags, date and iteration, so unpack + pack gives back the same DAT.");
    parser.addPositionalArgument("FOLDER", "The folder of entry files.");
    parser.addOption({{"o", "output"}, "The DAT to write (required).", "OUT.dat"});
    parser.addOption({"kind",
                      "portal, cell, local or highres (default: dat.json, the template, "
                      "or portal).",
                      "KIND"});
    parser.addOption({"block-size", "1024 or 256 (default: the kind's).", "BYTES"});
    parser.addOption({"template", "Copy the header version fields from this DAT.", "DAT"});
    parser.addOption({"compress", "Store entries zlib-compressed (DatReaderWriter's form; the "
                                  "retail client cannot read it)."});
    parser.addOption(
        {"date", "Unix time for entries without one in dat.json (default 0).", "SECONDS"});
    parser.addOption({"iteration", "The DAT iteration when no 0xFFFF0001.bin is given.", "N"});
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    if (!requireOption(parser, "output", "pack needs -o OUT.dat (see --help)"))
        return kUsageOrIo;

    const QDir folder(parser.positionalArguments().at(0));
    if (!folder.exists()) {
        printError("no folder " + folder.path());
        return kUsageOrIo;
    }

    QJsonObject manifest;
    if (folder.exists(kManifestName)) {
        QFile file(folder.filePath(kManifestName));
        QJsonParseError error;
        const auto document = file.open(QIODevice::ReadOnly)
                                  ? QJsonDocument::fromJson(file.readAll(), &error)
                                  : QJsonDocument();
        if (!document.isObject()) {
            printError(file.fileName() + ": not a JSON object (" + error.errorString() + ")");
            return kUsageOrIo;
        }
        manifest = document.object();
    }

    std::optional<dat::DatHeader> templateHeader;
    if (parser.isSet("template")) {
        auto templ = openDat(parser.value("template"));
        if (!templ)
            return kUsageOrIo;
        templateHeader = templ->header();
    }

    dat::DatKind kind = dat::DatKind::Portal;
    const QString kindText =
        parser.isSet("kind") ? parser.value("kind") : manifest.value("kind").toString();
    if (!kindText.isEmpty()) {
        auto parsed = dat::kindFromName(kindText.toStdString());
        if (!parsed) {
            printError("unknown kind '" + kindText + "' (portal, cell, local or highres)");
            return kUsageOrIo;
        }
        kind = *parsed;
    } else if (templateHeader && templateHeader->kind() != dat::DatKind::Unknown) {
        kind = templateHeader->kind();
    }

    std::uint32_t blockSize = std::uint32_t(manifest.value("blockSize").toInt(0));
    if (parser.isSet("block-size")) {
        bool ok = false;
        blockSize = parser.value("block-size").toUInt(&ok);
        if (!ok || (blockSize != 1024 && blockSize != 256)) {
            printError("--block-size must be 1024 or 256");
            return kUsageOrIo;
        }
    }

    std::uint32_t defaultDate = 0;
    if (parser.isSet("date")) {
        bool ok = false;
        defaultDate = parser.value("date").toUInt(&ok);
        if (!ok) {
            printError("--date must be Unix seconds");
            return kUsageOrIo;
        }
    }

    std::map<std::uint32_t, EntryMeta> meta;
    for (const QJsonValue& value : manifest.value("entries").toArray()) {
        const QJsonObject object = value.toObject();
        const auto id = dat::parseDid(object.value("id").toString());
        if (!id) {
            printError("dat.json: entry without a valid id");
            return kUsageOrIo;
        }
        meta[*id] = {std::uint32_t(object.value("flags").toDouble()),
                     std::uint32_t(object.value("date").toDouble()),
                     std::uint32_t(object.value("iteration").toDouble(1)),
                     object.value("compressed").toBool()};
    }

    try {
        dat::DatWriter writer(kind, blockSize);
        const QJsonObject header = manifest.value("header").toObject();
        if (!header.isEmpty()) {
            dat::DatHeader versions = writer.header();
            bool ok = hexInto(header.value("versionString"), versions.versionString) &&
                      hexInto(header.value("transactionRecord"), versions.transactionRecord) &&
                      hexInto(header.value("versionGuid"), versions.versionGuid);
            const auto masterMap = dat::parseDid(header.value("masterMapId").toString());
            if (!ok || !masterMap) {
                printError("dat.json: malformed header fields");
                return kUsageOrIo;
            }
            versions.masterMapId = *masterMap;
            versions.enginePackVersion =
                std::uint32_t(header.value("enginePackVersion").toDouble());
            versions.gamePackVersion = std::uint32_t(header.value("gamePackVersion").toDouble());
            versions.minorVersion = std::uint32_t(header.value("minorVersion").toDouble());
            writer.copyVersionFrom(versions);
        }
        if (templateHeader)
            writer.copyVersionFrom(*templateHeader);
        if (parser.isSet("iteration")) {
            bool ok = false;
            const int iteration = parser.value("iteration").toInt(&ok);
            if (!ok || iteration < 1) {
                printError("--iteration must be a positive number");
                return kUsageOrIo;
            }
            writer.setIteration(iteration);
        }

        static const QRegularExpression entryName("^0x([0-9A-Fa-f]{8})\\.bin$");
        const auto files = folder.entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString& name : files) {
            if (name == kManifestName)
                continue;
            const auto match = entryName.match(name);
            if (!match.hasMatch()) {
                printError("unexpected file " + folder.filePath(name) +
                           " (entries are named like 0x02000124.bin)");
                return kUsageOrIo;
            }
            QFile file(folder.filePath(name));
            if (!file.open(QIODevice::ReadOnly)) {
                printError("cannot read " + file.fileName() + ": " + file.errorString());
                return kUsageOrIo;
            }
            dat::WriterEntry entry;
            entry.id = match.captured(1).toUInt(nullptr, 16);
            entry.data = file.readAll();
            entry.date = defaultDate;
            entry.compress = parser.isSet("compress");
            if (auto it = meta.find(entry.id); it != meta.end()) {
                entry.flags = it->second.flags;
                entry.date = it->second.date;
                entry.iteration = it->second.iteration;
                entry.compress = entry.compress || it->second.compressed;
            }
            writer.put(std::move(entry));
        }
        writer.save(parser.value("output"));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
