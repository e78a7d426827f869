#pragma once

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_kind.h"
#include "datreader/records/common.h" // dat::parseDid, how every command reads an id

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <span>

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
int runBuild(const QStringList& arguments);
int runUnpack(const QStringList& arguments);
int runBench(const QStringList& arguments);
int runShow(const QStringList& arguments);
int runDecodeAll(const QStringList& arguments);
int runScanBlocking(const QStringList& arguments);
int runExport(const QStringList& arguments);
int runAudit(const QStringList& arguments);
int runDiff(const QStringList& arguments);
int runSimulate(const QStringList& arguments);
int runWire(const QStringList& arguments);
int runWhich(const QStringList& arguments);
int runMap(const QStringList& arguments);
int runWeenies(const QStringList& arguments);
int runImport(const QStringList& arguments);
int runPut(const QStringList& arguments);
int runRm(const QStringList& arguments);
int runRepair(const QStringList& arguments);
// Only in builds with the GUI (PORTALKIT_HAS_RENDER).
int runRender(const QStringList& arguments);
int runThumbnails(const QStringList& arguments);

// Every command parses through this: adds --help, parses, prints help or one clear usage line.
// Returns an exit code when the command should stop now (help shown or bad usage).
std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& arguments,
                               qsizetype positionalCount);

// The DAT and entry named by a command's DAT and ID arguments.
struct OpenedEntry {
    dat::DatFile dat;
    dat::EntryInfo entry;
};

// "--json" as the commands spell it.
QCommandLineOption jsonOption(const QString& help = QStringLiteral("Print one JSON object."));

// A command over the DAT its first argument names: its command line and, once open, the DAT.
struct DatCommand {
    QCommandLineParser parser;
    std::optional<dat::DatFile> dat;

    // The description, the DAT argument and the command's options; a command with more
    // arguments adds them to `parser` before parsing.
    DatCommand(const QString& description, const QList<QCommandLineOption>& options,
               const QString& datName = QStringLiteral("DAT"),
               const QString& datHelp = QStringLiteral("The DAT file."));
    // parseOrExit with `positionalCount` arguments.
    std::optional<int> parse(const QStringList& arguments, qsizetype positionalCount = 1);
    // parse, then opens the DAT; returns the exit code when the command should stop (help, bad
    // usage, a DAT that does not open).
    std::optional<int> open(const QStringList& arguments, qsizetype positionalCount = 1);
    // The commands over one entry: the ID argument after the DAT (its help shows `example`),
    // then parse.
    std::optional<int> parseEntry(const QStringList& arguments,
                                  const QString& example = QStringLiteral("0x02000124"));
    // After parseEntry: the DAT and the entry its arguments name (see openEntry below).
    std::optional<OpenedEntry> openEntry() const;
};

// Options a command cannot run without: prints `usage` and returns false when `name` is unset.
bool requireOption(const QCommandLineParser& parser, const QString& name, const QString& usage);

// One clear line on stderr, "portalkit: <message>".
void printError(const QString& message);
// Writes text or bytes to stdout.
void printOut(const QString& text);
void writeOut(const QByteArray& bytes);
// A JSON string, bool or number as people read it (numbers to nine significant digits);
// nothing for null, arrays and objects, which each tree printer spells its own way.
std::optional<QString> plainScalar(const QJsonValue& value);
// A command's result: the JSON document with --json, else the text for people.
void printResult(const QCommandLineParser& parser, const QJsonDocument& json, const QString& text);

// Opens a DAT; on failure prints the error and returns nothing (the caller exits 2).
std::optional<dat::DatFile> openDat(const QString& path);
// Parses the id, opens the DAT and finds the entry; prints why and returns nothing when a step
// fails (the caller exits 2).
std::optional<OpenedEntry> openEntry(const QString& datPath, const QString& idText);

// Writes through a temporary file renamed into place; prints why and returns false on failure.
bool writeFileAtomically(const QString& path, const QByteArray& bytes);
// The same for bytes in pieces, written in order (EntryReader::pieces: no gathering copy).
bool writeFileAtomically(const QString& path,
                         std::span<const std::span<const std::uint8_t>> pieces);
QByteArray toByteArray(const std::vector<std::uint8_t>& bytes);

QString didText(std::uint32_t id);
// `--type NAME` of the listing commands: which entries they keep.
class TypeFilter {
  public:
    static QCommandLineOption option();
    // Reads --type for a DAT of `kind`, case-insensitively; when the name is not one of the
    // kind's, prints the valid ones and returns nothing (the caller exits 2).
    static std::optional<TypeFilter> fromParser(const QCommandLineParser& parser,
                                                dat::DatKind kind);

    bool accepts(std::string_view type) const { return !m_only || *m_only == type; }

  private:
    std::optional<std::string_view> m_only; // one of the registry's static names
};

} // namespace portalkit::cli
