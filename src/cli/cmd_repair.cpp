#include "command.h"
#include "datreader/container/dat_patcher.h"

namespace portalkit::cli {

// An interrupted `--in-place` patch leaves a journal beside the DAT, and readers refuse the DAT
// until it is finished; this finishes it (docs/formats.md#writing-a-patch). Every patching
// command does the same first.
int runRepair(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Finishes or drops an interrupted in-place patch: a whole journal beside DAT is replayed "
        "into it (the new DAT), an unfinished one is deleted (the DAT was not touched).");
    parser.addPositionalArgument("DAT", "The DAT.");
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    const QString path = parser.positionalArguments().at(0);
    try {
        switch (dat::DatPatcher::repair(path)) {
        case dat::JournalRepair::Nothing:
            printOut(path + ": no interrupted patch\n");
            break;
        case dat::JournalRepair::Replayed:
            printOut(path + ": the interrupted patch was finished from its journal\n");
            break;
        case dat::JournalRepair::Dropped:
            printOut(path + ": an unfinished journal was removed; the DAT was not touched\n");
            break;
        }
    } catch (const std::exception& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
