#pragma once

// portalkit export --landblock / --dungeon: the world as glTF (export/world_export.h,
// docs/cli.md#export-dat-celldat---landblock-id---radius-n----dungeon-id--o-file).
// In every build, unlike render's --landblock: it draws nothing.

#include <QCommandLineParser>
#include <QList>

namespace portalkit::cli {

// The options runExport adds for the world.
QList<QCommandLineOption> worldExportOptions();
// Whether the command line asks for the world rather than one entry.
bool wantsWorldExport(const QCommandLineParser& parser);
// After parsing: DAT [CELL.dat] and the world options; returns the exit code.
int runWorldExport(const QCommandLineParser& parser);

} // namespace portalkit::cli
