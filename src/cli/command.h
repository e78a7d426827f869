#pragma once

#include "container/dat_file.h"
#include "container/dat_kind.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace portalkit::cli {

// Exit codes shared by every command.
enum Exit : int { kSuccess = 0, kCheckFailed = 1, kUsageOrIo = 2 };

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList& arguments); // arguments[0] is "portalkit <name>"
};

int runInfo(const QStringList& arguments);
int runLs(const QStringList& arguments);
int runCat(const QStringList& arguments);
int runVerify(const QStringList& arguments);
int runPack(const QStringList& arguments);
int runUnpack(const QStringList& arguments);
int runBench(const QStringList& arguments);

// Every command parses through this: adds --help, parses, prints help or one clear usage line.
// Returns an exit code when the command should stop now (help shown or bad usage).
std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& arguments,
                               qsizetype positionalCount);

// One clear line on stderr, "portalkit: <message>".
void printError(const QString& message);
// Writes text or bytes to stdout.
void printOut(const QString& text);
void writeOut(const QByteArray& bytes);

// Opens a DAT; on failure prints the error and returns nothing (the caller exits 2).
std::optional<dat::DatFile> openDat(const QString& path);
// Accepts "0x02000124" or "02000124" (hex, as ids are always written).
std::optional<std::uint32_t> parseId(const QString& text);
QString didText(std::uint32_t id);
// Resolves --type NAME case-insensitively against the DAT kind's names; prints the valid ones
// when it does not match.
std::optional<QString> resolveTypeName(const QString& name, dat::DatKind kind);

} // namespace portalkit::cli
