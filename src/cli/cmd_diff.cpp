#include "audit/diff.h"
#include "command.h"
#include "datreader/io/dat_error.h"

#include <QJsonDocument>

namespace portalkit::cli {

int runDiff(const QStringList& arguments) {
    DatCommand command(
        "Compares two DATs: entries added, removed and changed (length + SHA-256 of the "
        "inflated bytes) by type with their sizes, the kind, iteration and release versions, "
        "for changed Setups and PhysicsScriptTables the pinned properties that changed, and for "
        "every other changed entry with a decoder the fields of its JSON form that changed "
        "(at most 20 listed). "
        "Exit 0 when identical, 1 when they differ, as diff(1) does.",
        {jsonOption()}, "A", "The DAT to compare from.");
    command.parser.addPositionalArgument("B", "The DAT to compare to.");
    if (auto exit = command.open(arguments, 2))
        return *exit;
    auto& [parser, datA] = command;
    const QString pathB = parser.positionalArguments().at(1);
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
    printResult(parser, QJsonDocument(audit::toJson(diff)), audit::toText(diff));
    return diff.identical() ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
