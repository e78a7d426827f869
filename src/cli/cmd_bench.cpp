#include "command.h"

namespace portalkit::cli {

int runBench(const QStringList&) {
    printError("bench: being written in this change");
    return kUsageOrIo;
}

} // namespace portalkit::cli
