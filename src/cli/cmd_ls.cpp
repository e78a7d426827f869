#include "command.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {

int runLs(const QStringList& arguments) {
    DatCommand command(
        "Lists a DAT's entries in ascending id order.",
        {TypeFilter::option(), jsonOption("Print one JSON array of entry objects.")});
    if (auto exit = command.open(arguments))
        return *exit;
    auto& [parser, dat] = command;
    const auto filter = TypeFilter::fromParser(parser, dat->kind());
    if (!filter)
        return kUsageOrIo;

    // Streamed a chunk at a time: a cell DAT has 805k entries, and one QJsonArray or string of
    // them all would cost hundreds of MB.
    const bool json = parser.isSet("json");
    QByteArray chunk;
    bool first = true;
    auto flush = [&](bool always) {
        if (always || chunk.size() > (1 << 20)) {
            writeOut(chunk);
            chunk.clear();
        }
    };
    if (json)
        chunk += "[";
    for (const auto& entry : dat->entries()) {
        const auto name = dat::typeName(dat->kind(), entry.id);
        if (!filter->accepts(name))
            continue;
        const QString type = QString::fromUtf8(name.data(), qsizetype(name.size()));
        if (json) {
            chunk += first ? "\n" : ",\n";
            chunk += QJsonDocument(QJsonObject{{"id", didText(entry.id)},
                                               {"type", type},
                                               {"size", qint64(entry.size)},
                                               {"offset", qint64(entry.offset)},
                                               {"flags", qint64(entry.flags)},
                                               {"date", qint64(entry.date)},
                                               {"iteration", qint64(entry.iteration)}})
                         .toJson(QJsonDocument::Compact);
        } else {
            chunk += QStringLiteral("%1  %2 %3 %4\n")
                         .arg(didText(entry.id))
                         .arg(type, -20)
                         .arg(entry.size, 10)
                         .arg(entry.compressed() ? "zlib" : "")
                         .toUtf8();
        }
        first = false;
        flush(false);
    }
    if (json)
        chunk += "\n]\n";
    flush(true);
    return kSuccess;
}

} // namespace portalkit::cli
