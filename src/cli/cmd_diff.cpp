#include "audit/diff.h"
#include "command.h"
#include "datreader/io/dat_error.h"

#include <QJsonDocument>

namespace portalkit::cli {

int runDiff(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Compares two DATs: entries added, removed and changed (length + SHA-256 of the "
        "inflated bytes) by type with their sizes, the kind, iteration and release versions, "
        "and for changed Setups and PhysicsScriptTables the pinned properties that changed. "
        "Exit 0 when identical, 1 when they differ, as diff(1) does.");
    parser.addPositionalArgument("A", "The DAT to compare from.");
    parser.addPositionalArgument("B", "The DAT to compare to.");
    parser.addOption({"json", "Print one JSON object."});
    if (auto exit = parseOrExit(parser, arguments, 2))
        return *exit;
    const QString pathA = parser.positionalArguments().at(0);
    const QString pathB = parser.positionalArguments().at(1);
    auto datA = openDat(pathA);
    if (!datA)
        return kUsageOrIo;
    auto datB = openDat(pathB);
    if (!datB)
        return kUsageOrIo;

    audit::DatDiff diff;
    try {
        diff = audit::diffDats(*datA, *datB);
    } catch (const dat::DatError& error) {
        // An entry or iteration record that cannot be read; the message says which side.
        printError(QString::fromUtf8(error.what()));
        return kUsageOrIo;
    }
    if (parser.isSet("json"))
        printOut(QJsonDocument(audit::toJson(diff)).toJson());
    else
        printOut(audit::toText(diff));
    return diff.identical() ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
