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

// What pack reads from its command line and dat.json before it writes anything.
struct PackPlan {
    QDir folder;
    QJsonObject manifest;
    std::optional<dat::DatHeader> templateHeader;
    dat::DatKind kind = dat::DatKind::Portal;
    std::uint32_t blockSize = 0;
    std::uint32_t defaultDate = 0;
    std::map<std::uint32_t, EntryMeta> meta;
};

QList<QCommandLineOption> packOptions() {
    return {
        {{"o", "output"}, "The DAT to write (required).", "OUT.dat"},
        {"kind", "portal, cell, local or highres (default: dat.json, the template, or portal).",
         "KIND"},
        {"block-size", "1024 or 256 (default: the kind's).", "BYTES"},
        {"template", "Copy the header version fields from this DAT.", "DAT"},
        {"compress", "Store entries zlib-compressed (DatReaderWriter's form; the retail client "
                     "cannot read it)."},
        {"date", "Unix time for entries without one in dat.json (default 0).", "SECONDS"},
        {"iteration", "The DAT iteration when no 0xFFFF0001.bin is given.", "N"},
    };
}

// --NAME as an unsigned number that `valid` accepts, `fallback` when unset; prints `message`
// and returns nothing otherwise.
std::optional<std::uint32_t> uintOption(const QCommandLineParser& parser, const QString& name,
                                        std::uint32_t fallback, bool (*valid)(std::uint32_t),
                                        const char* message) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const std::uint32_t value = parser.value(name).toUInt(&ok);
    if (ok && valid(value))
        return value;
    printError(message);
    return std::nullopt;
}

// dat.json when the folder has one, else an empty object; nothing (after saying why) when it
// is not a JSON object.
std::optional<QJsonObject> readManifest(const QDir& folder) {
    if (!folder.exists(kManifestName))
        return QJsonObject();
    QFile file(folder.filePath(kManifestName));
    QJsonParseError error;
    const auto document = file.open(QIODevice::ReadOnly)
                              ? QJsonDocument::fromJson(file.readAll(), &error)
                              : QJsonDocument();
    if (!document.isObject()) {
        printError(file.fileName() + ": not a JSON object (" + error.errorString() + ")");
        return std::nullopt;
    }
    return document.object();
}

// --kind, else dat.json's kind, else the template's, else portal.
bool readKind(const QCommandLineParser& parser, PackPlan& plan) {
    const QString kindText =
        parser.isSet("kind") ? parser.value("kind") : plan.manifest.value("kind").toString();
    if (!kindText.isEmpty()) {
        auto parsed = dat::kindFromName(kindText.toStdString());
        if (!parsed) {
            printError("unknown kind '" + kindText + "' (portal, cell, local or highres)");
            return false;
        }
        plan.kind = *parsed;
    } else if (plan.templateHeader && plan.templateHeader->kind() != dat::DatKind::Unknown) {
        plan.kind = plan.templateHeader->kind();
    }
    return true;
}

bool readEntryMeta(PackPlan& plan) {
    for (const QJsonValue& value : plan.manifest.value("entries").toArray()) {
        const QJsonObject object = value.toObject();
        const auto id = dat::parseDid(object.value("id").toString());
        if (!id) {
            printError("dat.json: entry without a valid id");
            return false;
        }
        plan.meta[*id] = {std::uint32_t(object.value("flags").toDouble()),
                          std::uint32_t(object.value("date").toDouble()),
                          std::uint32_t(object.value("iteration").toDouble(1)),
                          object.value("compressed").toBool()};
    }
    return true;
}

// Everything but the entry files, in the order pack has always checked it.
bool readPlan(const QCommandLineParser& parser, PackPlan& plan) {
    plan.folder = QDir(parser.positionalArguments().at(0));
    if (!plan.folder.exists()) {
        printError("no folder " + plan.folder.path());
        return false;
    }
    auto manifest = readManifest(plan.folder);
    if (!manifest)
        return false;
    plan.manifest = std::move(*manifest);
    if (parser.isSet("template")) {
        auto templ = openDat(parser.value("template"));
        if (!templ)
            return false;
        plan.templateHeader = templ->header();
    }
    if (!readKind(parser, plan))
        return false;
    const auto blockSize = uintOption(
        parser, "block-size", std::uint32_t(plan.manifest.value("blockSize").toInt(0)),
        [](std::uint32_t size) { return size == 1024 || size == 256; },
        "--block-size must be 1024 or 256");
    const auto date = uintOption(
        parser, "date", 0, [](std::uint32_t) { return true; }, "--date must be Unix seconds");
    if (!blockSize || !date)
        return false;
    plan.blockSize = *blockSize;
    plan.defaultDate = *date;
    return readEntryMeta(plan);
}

// dat.json's header version fields, then the template's, then --iteration.
bool setHeader(const QCommandLineParser& parser, const PackPlan& plan, dat::DatWriter& writer) {
    const QJsonObject header = plan.manifest.value("header").toObject();
    if (!header.isEmpty()) {
        dat::DatHeader versions = writer.header();
        bool ok = hexInto(header.value("versionString"), versions.versionString) &&
                  hexInto(header.value("transactionRecord"), versions.transactionRecord) &&
                  hexInto(header.value("versionGuid"), versions.versionGuid);
        const auto masterMap = dat::parseDid(header.value("masterMapId").toString());
        if (!ok || !masterMap) {
            printError("dat.json: malformed header fields");
            return false;
        }
        versions.masterMapId = *masterMap;
        versions.enginePackVersion = std::uint32_t(header.value("enginePackVersion").toDouble());
        versions.gamePackVersion = std::uint32_t(header.value("gamePackVersion").toDouble());
        versions.minorVersion = std::uint32_t(header.value("minorVersion").toDouble());
        writer.copyVersionFrom(versions);
    }
    if (plan.templateHeader)
        writer.copyVersionFrom(*plan.templateHeader);
    const auto iteration = uintOption(
        parser, "iteration", 0, [](std::uint32_t n) { return n >= 1 && n <= INT32_MAX; },
        "--iteration must be a positive number");
    if (!iteration)
        return false;
    if (parser.isSet("iteration"))
        writer.setIteration(int(*iteration));
    return true;
}

// Every 0xXXXXXXXX.bin of the folder, with dat.json's flags, date and iteration.
bool putEntries(const PackPlan& plan, bool compress, dat::DatWriter& writer) {
    static const QRegularExpression entryName("^0x([0-9A-Fa-f]{8})\\.bin$");
    const auto files = plan.folder.entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& name : files) {
        if (name == kManifestName)
            continue;
        const auto match = entryName.match(name);
        if (!match.hasMatch()) {
            printError("unexpected file " + plan.folder.filePath(name) +
                       " (entries are named like 0x02000124.bin)");
            return false;
        }
        QFile file(plan.folder.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            printError("cannot read " + file.fileName() + ": " + file.errorString());
            return false;
        }
        dat::WriterEntry entry;
        entry.id = match.captured(1).toUInt(nullptr, 16);
        entry.data = file.readAll();
        entry.date = plan.defaultDate;
        entry.compress = compress;
        if (auto it = plan.meta.find(entry.id); it != plan.meta.end()) {
            entry.flags = it->second.flags;
            entry.date = it->second.date;
            entry.iteration = it->second.iteration;
            entry.compress = entry.compress || it->second.compressed;
        }
        writer.put(std::move(entry));
    }
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
    parser.addOptions(packOptions());
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    if (!requireOption(parser, "output", "pack needs -o OUT.dat (see --help)"))
        return kUsageOrIo;
    PackPlan plan;
    if (!readPlan(parser, plan))
        return kUsageOrIo;
    try {
        dat::DatWriter writer(plan.kind, plan.blockSize);
        if (!setHeader(parser, plan, writer) || !putEntries(plan, parser.isSet("compress"), writer))
            return kUsageOrIo;
        writer.save(parser.value("output"));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
