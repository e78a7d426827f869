#include "command.h"
#include "datreader/io/dat_error.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <map>

namespace portalkit::cli {

int runInfo(const QStringList& arguments) {
    DatCommand command("Shows a DAT's header fields, entry count by type and iteration.",
                       {jsonOption()});
    if (auto exit = command.open(arguments))
        return *exit;
    auto& [parser, dat] = command;
    const dat::DatHeader& h = dat->header();

    // Type names are static strings, so counting by view allocates nothing per entry.
    std::map<std::string_view, int> byType;
    for (const auto& entry : dat->entries())
        ++byType[dat::typeName(dat->kind(), entry.id)];
    std::optional<dat::IterationRecord> iteration;
    try {
        iteration = dat->iteration();
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }

    const QString kind = QString::fromUtf8(dat::kindName(dat->kind()).data());
    const QString guid = QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(h.versionGuid.data()), 16).toHex());
    if (parser.isSet("json")) {
        QJsonObject types;
        for (const auto& [name, count] : byType)
            types[QString::fromUtf8(name.data(), qsizetype(name.size()))] = count;
        QJsonObject object{
            {"path", parser.positionalArguments().at(0)},
            {"kind", kind},
            {"blockSize", qint64(h.blockSize)},
            {"fileSize", qint64(h.fileSize)},
            {"dataSet", qint64(h.dataSet)},
            {"dataSubset", didText(h.dataSubset)},
            {"rootOffset", qint64(h.rootOffset)},
            {"firstFree", qint64(h.firstFree)},
            {"finalFree", qint64(h.finalFree)},
            {"freeCount", qint64(h.freeCount)},
            {"masterMapId", didText(h.masterMapId)},
            {"enginePackVersion", qint64(h.enginePackVersion)},
            {"gamePackVersion", qint64(h.gamePackVersion)},
            {"versionGuid", guid},
            {"minorVersion", qint64(h.minorVersion)},
            {"entries", qint64(dat->entries().size())},
            {"nodes", qint64(dat->nodeCount())},
            {"treeDepth", int(dat->treeDepth())},
            {"types", types},
        };
        if (iteration)
            object["iteration"] =
                QJsonObject{{"current", iteration->current}, {"complete", iteration->complete()}};
        else
            object["iteration"] = QJsonValue::Null;
        printOut(QJsonDocument(object).toJson());
        return kSuccess;
    }

    QString text;
    auto line = [&](const QString& label, const QString& value) {
        text += QStringLiteral("%1 %2\n").arg(label + ":", -20).arg(value);
    };
    line("kind", kind);
    line("block size", QString::number(h.blockSize));
    line("file size", QString::number(h.fileSize));
    line("data set / subset", QStringLiteral("%1 / %2").arg(h.dataSet).arg(didText(h.dataSubset)));
    line("engine / game pack",
         QStringLiteral("%1 / %2").arg(h.enginePackVersion).arg(h.gamePackVersion));
    line("minor version", QString::number(h.minorVersion));
    line("version GUID", guid);
    line("master map", didText(h.masterMapId));
    line(
        "free blocks",
        QStringLiteral("%1 (head %2, tail %3)").arg(h.freeCount).arg(h.firstFree).arg(h.finalFree));
    line("directory", QStringLiteral("%1 nodes, depth %2, root at %3")
                          .arg(dat->nodeCount())
                          .arg(dat->treeDepth())
                          .arg(h.rootOffset));
    line("iteration", iteration
                          ? QStringLiteral("%1 (%2)")
                                .arg(iteration->current)
                                .arg(iteration->complete() ? "fully patched" : "partially patched")
                          : QStringLiteral("none"));
    line("entries", QString::number(dat->entries().size()));
    for (const auto& [name, count] : byType)
        text += QStringLiteral("  %1 %2\n")
                    .arg(QString::fromUtf8(name.data(), qsizetype(name.size())), -22)
                    .arg(count);
    printOut(text);
    return kSuccess;
}

} // namespace portalkit::cli
