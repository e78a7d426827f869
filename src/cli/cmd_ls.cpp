#include "command.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {

int runLs(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Lists a DAT's entries in ascending id order.");
    parser.addPositionalArgument("DAT", "The DAT file.");
    parser.addOption({"type", "Only entries of this type (e.g. Setup).", "NAME"});
    parser.addOption({"json", "Print one JSON array of entry objects."});
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;

    auto dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    std::optional<QString> only;
    if (parser.isSet("type")) {
        only = resolveTypeName(parser.value("type"), dat->kind());
        if (!only)
            return kUsageOrIo;
    }

    const bool json = parser.isSet("json");
    QJsonArray array;
    QString text;
    for (const auto& entry : dat->entries()) {
        const auto name = dat::typeName(dat->kind(), entry.id);
        const QString type = QString::fromUtf8(name.data(), qsizetype(name.size()));
        if (only && type != *only)
            continue;
        if (json) {
            array.append(QJsonObject{{"id", didText(entry.id)},
                                     {"type", type},
                                     {"size", qint64(entry.size)},
                                     {"offset", qint64(entry.offset)},
                                     {"flags", qint64(entry.flags)},
                                     {"date", qint64(entry.date)},
                                     {"iteration", qint64(entry.iteration)}});
        } else {
            text += QStringLiteral("%1  %2 %3 %4\n")
                        .arg(didText(entry.id))
                        .arg(type, -20)
                        .arg(entry.size, 10)
                        .arg(entry.compressed() ? "zlib" : "");
        }
    }
    printOut(json ? QString::fromUtf8(QJsonDocument(array).toJson()) : text);
    return kSuccess;
}

} // namespace portalkit::cli
