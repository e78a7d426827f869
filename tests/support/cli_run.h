#pragma once

// Runs the portalkit binary the way a user does (PORTALKIT_CLI, set by the suite's CMake) and
// keeps what it said, for suites that test commands end to end.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace portalkit::testing {

struct CliRun {
    int exitCode = -1; // -1 when it crashed or did not finish
    QByteArray out;
    QByteArray err;
};

inline CliRun runPortalkit(const QStringList& arguments) {
    QProcess process;
    process.start(PORTALKIT_CLI, arguments);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

} // namespace portalkit::testing
