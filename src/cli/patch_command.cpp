#include "patch_command.h"

#include "command.h"
#include "datreader/container/dat_kind.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <QJsonObject>

namespace portalkit::cli {
namespace {

const char* kindWord(dat::PatchChange::Kind kind) {
    switch (kind) {
    case dat::PatchChange::Kind::Added:
        return "added";
    case dat::PatchChange::Kind::Replaced:
        return "replaced";
    case dat::PatchChange::Kind::Removed:
        return "removed";
    }
    return "?";
}

QString modeWord(const QCommandLineParser& parser) {
    if (parser.isSet("dry-run"))
        return "dry run";
    if (parser.isSet("output"))
        return "saved as " + parser.value("output");
    return parser.isSet("in-place") ? "in place" : "copy and rename";
}

// The change list both ways: JSON for scripts, one line per entry for people.
void printChanges(const QCommandLineParser& parser, const dat::DatPatcher& patcher,
                  const QString& jsonOutput) {
    QJsonArray list;
    QString text;
    const auto changes = patcher.changes();
    for (const dat::PatchChange& change : changes) {
        const QString type = QString::fromUtf8(dat::typeName(patcher.kind(), change.id).data());
        list.append(QJsonObject{{"id", didText(change.id)},
                                {"type", type},
                                {"change", kindWord(change.kind)},
                                {"oldSize", qint64(change.oldSize)},
                                {"newSize", qint64(change.newSize)}});
        text += QStringLiteral("%1 %2 %3: %4 → %5 bytes\n")
                    .arg(kindWord(change.kind), -8)
                    .arg(didText(change.id), type)
                    .arg(change.oldSize)
                    .arg(change.newSize);
    }
    const auto& stats = patcher.stats();
    text += QStringLiteral("%1 change(s), %2: %3 block(s) taken (%4 new at the end), %5 given "
                           "back, %6 directory node(s) written\n")
                .arg(changes.size())
                .arg(modeWord(parser))
                .arg(stats.blocksTaken)
                .arg(stats.blocksGrown)
                .arg(stats.blocksReleased)
                .arg(stats.nodesWritten);
    const QJsonObject json{{"mode", modeWord(parser)},
                           {"changes", list},
                           {"blocksTaken", qint64(stats.blocksTaken)},
                           {"blocksGrown", qint64(stats.blocksGrown)},
                           {"blocksReleased", qint64(stats.blocksReleased)},
                           {"nodesWritten", qint64(stats.nodesWritten)}};
    if (parser.isSet(jsonOutput))
        printOut(QString::fromUtf8(QJsonDocument(json).toJson()));
    else
        printOut(text);
}

// `verify --strict` over the file: throws the first error (warnings pass, as in the patcher).
void verifyWhole(const QString& path) {
    const dat::VerifyReport report = dat::verifyDatFile(path);
    for (const dat::VerifyProblem& problem : report.problems)
        if (problem.severity == dat::VerifyProblem::Severity::Error)
            throw dat::DatError(problem.field, path.toStdString() + ": " + problem.message,
                                problem.offset, dat::OffsetKind::File, problem.did);
}

} // namespace

void printPatchError(const std::exception& error) {
    printError(QString::fromStdString(error.what()));
}

PatchCommand::PatchCommand(const QString& description, const QList<QCommandLineOption>& options,
                           const QString& jsonOutput)
    : jsonOutput(jsonOutput) {
    parser.setApplicationDescription(description);
    parser.addPositionalArgument("DAT", "The DAT to change.");
    parser.addOptions(options);
    parser.addOptions({
        {"dry-run", "Say what would change and write nothing."},
        {"in-place",
         "Write only the changed blocks into the DAT itself, through a journal beside it (faster "
         "for big DATs; a crash is repaired on the next patch or by 'portalkit repair')."},
        {"output", "Write the patched DAT to FILE and leave DAT as it is.", "FILE"},
        {"verify",
         "Check the whole DAT before patching and the result after (reads every block: slow on "
         "a big DAT). Without it the patch checks what it touches."},
        {"iteration",
         "Mark the patch as iteration N: changed entries carry it and the iteration record "
         "0xFFFF0001 gains it (N may repeat the DAT's iteration or be the next one).",
         "N"},
        {jsonOutput, "Print the changes as one JSON object."},
    });
}

QString PatchCommand::datPath() const {
    return parser.positionalArguments().value(0);
}

std::optional<int> PatchCommand::open(const QStringList& arguments, qsizetype positionalCount) {
    if (auto exit = parseOrExit(parser, arguments, positionalCount))
        return exit;
    if (parser.isSet("in-place") && parser.isSet("output")) {
        printError("--in-place and --output exclude each other");
        return kUsageOrIo;
    }
    try {
        patcher = dat::DatPatcher::open(datPath());
        if (parser.isSet("verify"))
            verifyWhole(datPath());
        if (parser.isSet("iteration")) {
            bool ok = false;
            const int iteration = parser.value("iteration").toInt(&ok);
            if (!ok) {
                printError("--iteration takes a number, not " + parser.value("iteration"));
                return kUsageOrIo;
            }
            patcher->setIteration(iteration);
        }
    } catch (const std::exception& error) {
        printPatchError(error);
        return kUsageOrIo;
    }
    return std::nullopt;
}

int PatchCommand::finish() {
    try {
        if (parser.isSet("dry-run"))
            patcher->prepare();
        else if (parser.isSet("output"))
            patcher->saveAs(parser.value("output"));
        else
            patcher->commit(parser.isSet("in-place") ? dat::CommitMode::InPlace
                                                     : dat::CommitMode::CopyAndRename);
        if (parser.isSet("verify") && !parser.isSet("dry-run"))
            verifyWhole(parser.isSet("output") ? parser.value("output") : datPath());
    } catch (const std::exception& error) {
        printPatchError(error);
        return kUsageOrIo;
    }
    printChanges(parser, *patcher, jsonOutput);
    return kSuccess;
}

} // namespace portalkit::cli
