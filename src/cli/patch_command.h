#pragma once

// What the commands that change a DAT share (put, rm, import): the DAT argument, --dry-run,
// --in-place, --output, opening a DatPatcher, and committing or describing its changes
// (docs/cli.md#changing-a-dat).
//
//   PatchCommand command("Replaces ...", {extraOptions});
//   command.parser.addPositionalArgument(...);
//   if (auto exit = command.open(arguments, 3)) return *exit;
//   command.patcher->put(id, bytes);            // DatError: printed by finish's caller
//   return command.finish();                    // --dry-run prints, else commits

#include "datreader/container/dat_patcher.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace portalkit::cli {

struct PatchCommand {
    QCommandLineParser parser;
    std::optional<dat::DatPatcher> patcher;
    QString jsonOutput; // the option that prints the changes as JSON

    // Adds the DAT argument, the command's own options and --dry-run, --in-place, --output,
    // --verify, --iteration and the option that prints the changes as JSON, `--json` unless the
    // command names it otherwise (import takes `--json FILE` for a record's JSON).
    PatchCommand(const QString& description, const QList<QCommandLineOption>& options,
                 const QString& jsonOutput = QStringLiteral("json"));
    // Parses (`positionalCount` arguments, the DAT first), then opens the DAT for patching
    // (finishing or dropping an interrupted --in-place patch first). Returns the exit code when
    // the command should stop.
    std::optional<int> open(const QStringList& arguments, qsizetype positionalCount);
    // The DAT argument.
    QString datPath() const;
    // With --dry-run prints what would change (added, replaced, removed: id, type, sizes, and
    // the blocks taken and given back) and writes nothing; otherwise commits (copy and rename,
    // or --in-place through the journal, or to --output) and prints the same list. Exit 0, or 2
    // when the commit fails (the DAT is then unchanged).
    int finish();
    // Runs `change` on the patcher, printing a DatError and returning 2 when it throws.
    template <typename F> std::optional<int> apply(F&& change);
};

void printPatchError(const std::exception& error);

template <typename F> std::optional<int> PatchCommand::apply(F&& change) {
    try {
        change(*patcher);
    } catch (const std::exception& error) {
        printPatchError(error);
        return 2;
    }
    return std::nullopt;
}

} // namespace portalkit::cli
