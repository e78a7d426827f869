#include "command.h"

#include "datreader/io/dat_error.h"

#include <QRegularExpression>
#include <QSaveFile>
#include <cstdio>

namespace portalkit::cli {

std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& arguments,
                               qsizetype positionalCount) {
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + " (see --help)");
        return kUsageOrIo;
    }
    if (parser.isSet("help")) {
        // Qt's usage line names the executable as started; name the command ("portalkit show").
        QString help = parser.helpText();
        if (!arguments.isEmpty())
            help.replace(QRegularExpression("^Usage: \\S+"), "Usage: " + arguments.first());
        printOut(help);
        return kSuccess;
    }
    if (positionalCount >= 0 && parser.positionalArguments().size() != positionalCount) {
        printError(QStringLiteral("expected %1 argument(s), got %2 (see --help)")
                       .arg(positionalCount)
                       .arg(parser.positionalArguments().size()));
        return kUsageOrIo;
    }
    return std::nullopt;
}

QCommandLineOption jsonOption(const QString& help) {
    return {"json", help};
}

DatCommand::DatCommand(const QString& description, const QList<QCommandLineOption>& options,
                       const QString& datName, const QString& datHelp) {
    parser.setApplicationDescription(description);
    parser.addPositionalArgument(datName, datHelp);
    parser.addOptions(options);
}

std::optional<int> DatCommand::parse(const QStringList& arguments, qsizetype positionalCount) {
    return parseOrExit(parser, arguments, positionalCount);
}

std::optional<int> DatCommand::open(const QStringList& arguments, qsizetype positionalCount) {
    if (auto exit = parse(arguments, positionalCount))
        return exit;
    dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    return std::nullopt;
}

std::optional<int> DatCommand::parseEntry(const QStringList& arguments, const QString& example) {
    parser.addPositionalArgument("ID", "The entry id, e.g. " + example + ".");
    return parse(arguments, 2);
}

std::optional<OpenedEntry> DatCommand::openEntry() const {
    return cli::openEntry(parser.positionalArguments().at(0), parser.positionalArguments().at(1));
}

bool requireOption(const QCommandLineParser& parser, const QString& name, const QString& usage) {
    if (parser.isSet(name))
        return true;
    printError(usage);
    return false;
}

void printError(const QString& message) {
    std::fprintf(stderr, "portalkit: %s\n", message.toLocal8Bit().constData());
}

void printOut(const QString& text) {
    writeOut(text.toUtf8());
}

void writeOut(const QByteArray& bytes) {
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

std::optional<QString> plainScalar(const QJsonValue& value) {
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? "true" : "false";
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 9);
    return std::nullopt;
}

void printResult(const QCommandLineParser& parser, const QJsonDocument& json, const QString& text) {
    if (parser.isSet("json"))
        writeOut(json.toJson());
    else
        printOut(text);
}

std::optional<dat::DatFile> openDat(const QString& path) {
    try {
        return dat::DatFile::open(path);
    } catch (const dat::DatError& error) {
        printError(path + ": " + QString::fromStdString(error.what()));
        return std::nullopt;
    }
}

std::optional<OpenedEntry> openEntry(const QString& datPath, const QString& idText) {
    const auto id = dat::parseDid(idText);
    if (!id) {
        printError("'" + idText + "' is not an id like 0x02000124");
        return std::nullopt;
    }
    auto dat = openDat(datPath);
    if (!dat)
        return std::nullopt;
    const dat::EntryInfo* entry = dat->find(*id);
    if (!entry) {
        printError("no entry " + didText(*id) + " in " + datPath);
        return std::nullopt;
    }
    const dat::EntryInfo found = *entry;
    return OpenedEntry{std::move(*dat), found};
}

bool writeFileAtomically(const QString& path,
                         std::span<const std::span<const std::uint8_t>> pieces) {
    QSaveFile file(path);
    bool written = file.open(QIODevice::WriteOnly);
    for (std::size_t i = 0; written && i < pieces.size(); ++i) {
        const auto size = qint64(pieces[i].size());
        written = file.write(reinterpret_cast<const char*>(pieces[i].data()), size) == size;
    }
    if (written && file.commit())
        return true;
    printError("cannot write " + path + ": " + file.errorString());
    return false;
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes) {
    const std::span<const std::uint8_t> whole(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                              std::size_t(bytes.size()));
    return writeFileAtomically(path, std::span(&whole, 1));
}

QByteArray toByteArray(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

QString didText(std::uint32_t id) {
    return QString::fromStdString(dat::formatDid(id));
}

QCommandLineOption TypeFilter::option() {
    return {"type", "Only entries of this type (e.g. Setup).", "NAME"};
}

std::optional<TypeFilter> TypeFilter::fromParser(const QCommandLineParser& parser,
                                                 dat::DatKind kind) {
    TypeFilter filter;
    if (!parser.isSet("type"))
        return filter;
    const QString name = parser.value("type");
    QStringList valid;
    for (auto type : dat::typeNames(kind)) {
        const QString candidate = QString::fromUtf8(type.data(), qsizetype(type.size()));
        if (candidate.compare(name, Qt::CaseInsensitive) == 0) {
            filter.m_only = type;
            return filter;
        }
        valid << candidate;
    }
    printError(QStringLiteral("unknown type '%1' for a %2 DAT; one of: %3")
                   .arg(name, QString::fromUtf8(dat::kindName(kind).data()), valid.join(", ")));
    return std::nullopt;
}

} // namespace portalkit::cli
