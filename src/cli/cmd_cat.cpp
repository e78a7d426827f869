#include "command.h"
#include "io/dat_error.h"

#include <QSaveFile>

namespace portalkit::cli {

int runCat(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Writes one entry's bytes (inflated when stored compressed) "
                                     "to stdout, or to a file with -o.");
    parser.addPositionalArgument("DAT", "The DAT file.");
    parser.addPositionalArgument("ID", "The entry id, e.g. 0x02000124.");
    parser.addOption({{"o", "output"}, "Write to FILE instead of stdout.", "FILE"});
    if (auto exit = parseOrExit(parser, arguments, 2))
        return *exit;

    const auto id = parseId(parser.positionalArguments().at(1));
    if (!id) {
        printError("'" + parser.positionalArguments().at(1) + "' is not an id like 0x02000124");
        return kUsageOrIo;
    }
    auto dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    const dat::EntryInfo* entry = dat->find(*id);
    if (!entry) {
        printError("no entry " + didText(*id) + " in " + parser.positionalArguments().at(0));
        return kUsageOrIo;
    }
    QByteArray bytes;
    try {
        const auto payload = dat->read(*entry);
        bytes =
            QByteArray(reinterpret_cast<const char*>(payload.data()), qsizetype(payload.size()));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    if (!parser.isSet("output")) {
        writeOut(bytes);
        return kSuccess;
    }
    QSaveFile file(parser.value("output"));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        printError("cannot write " + parser.value("output") + ": " + file.errorString());
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
