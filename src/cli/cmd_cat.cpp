#include "command.h"
#include "datreader/io/dat_error.h"

namespace portalkit::cli {

int runCat(const QStringList& arguments) {
    DatCommand command("Writes one entry's bytes (inflated when stored compressed) to stdout, "
                       "or to a file with -o.",
                       {{{"o", "output"}, "Write to FILE instead of stdout.", "FILE"}});
    if (auto exit = command.parseEntry(arguments))
        return *exit;
    const QCommandLineParser& parser = command.parser;
    auto opened = command.openEntry();
    if (!opened)
        return kUsageOrIo;
    QByteArray bytes;
    try {
        bytes = toByteArray(opened->dat.read(opened->entry));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    if (!parser.isSet("output")) {
        writeOut(bytes);
        return kSuccess;
    }
    return writeFileAtomically(parser.value("output"), bytes) ? kSuccess : kUsageOrIo;
}

} // namespace portalkit::cli
