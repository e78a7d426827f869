#include "command.h"
#include "datreader/container/verifier.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {

int runVerify(const QStringList& arguments) {
    DatCommand command(
        "Checks a DAT's whole structure: header, directory order and shape, every block chain, "
        "compressed streams, blocks owned twice, and the free list. Exit 1 when an error is "
        "found (or a warning, with --strict).",
        {jsonOption("Print one JSON object with the counts and problems."),
         {"strict", "Warnings (under-filled nodes, leaked blocks, ...) fail too."}});
    if (auto exit = command.parse(arguments))
        return *exit;
    const QCommandLineParser& parser = command.parser;
    const QString path = parser.positionalArguments().at(0);
    if (!QFileInfo(path).isFile()) {
        printError("cannot open " + path + ": no such file");
        return kUsageOrIo;
    }
    const dat::VerifyReport report = dat::verifyDatFile(path);
    const bool ok = report.ok(parser.isSet("strict"));

    if (parser.isSet("json")) {
        QJsonArray problems;
        for (const auto& problem : report.problems) {
            QJsonObject object{{"severity", problem.severity == dat::VerifyProblem::Severity::Error
                                                ? "error"
                                                : "warning"},
                               {"offset", qint64(problem.offset)},
                               {"field", QString::fromStdString(problem.field)},
                               {"message", QString::fromStdString(problem.message)}};
            object["id"] = problem.did ? QJsonValue(didText(*problem.did)) : QJsonValue();
            problems.append(object);
        }
        const QJsonObject object{{"path", path},
                                 {"ok", ok},
                                 {"entries", qint64(report.entries)},
                                 {"nodes", qint64(report.nodes)},
                                 {"depth", int(report.depth)},
                                 {"blocks", qint64(report.blocks)},
                                 {"usedBlocks", qint64(report.usedBlocks)},
                                 {"freeBlocks", qint64(report.freeBlocks)},
                                 {"errors", qint64(report.errorCount())},
                                 {"warnings", qint64(report.warningCount())},
                                 {"problems", problems}};
        printOut(QJsonDocument(object).toJson());
    } else {
        QString text;
        for (const auto& problem : report.problems)
            text += QString::fromStdString(problem.describe()) + "\n";
        text += QStringLiteral("%1: %2 entries, %3 nodes, %4 of %5 blocks used, %6 free; "
                               "%7 errors, %8 warnings\n")
                    .arg(ok ? "OK" : "FAILED")
                    .arg(report.entries)
                    .arg(report.nodes)
                    .arg(report.usedBlocks)
                    .arg(report.blocks)
                    .arg(report.freeBlocks)
                    .arg(report.errorCount())
                    .arg(report.warningCount());
        printOut(text);
    }
    return ok ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
