// `portalkit which ID [DAT...]`: which of the given DATs hold an id, and what type the id has in
// each DAT's kind (docs/cli.md#which-id-dat---json). With no DAT it asks the demo DATs of the
// build.

#include "command.h"
#include "preview/timeline/scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace portalkit::cli {
namespace {

// The demo DATs that exist: the portal one (the build tree's ../demo or the installed
// ../share/portalkit/demo), then the cell, local and highres ones beside it.
QStringList demoDats() {
    const QString portal =
        preview::bundledDemoFile(QCoreApplication::applicationDirPath(), "client_portal.dat");
    QStringList dats;
    for (const char* name : {"client_portal.dat", "client_cell_1.dat", "client_local_English.dat",
                             "client_highres.dat"}) {
        const QString path = QFileInfo(portal).dir().filePath(QString::fromLatin1(name));
        if (QFileInfo::exists(path))
            dats << path;
    }
    return dats;
}

} // namespace

int runWhich(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Names the DATs that hold an id and the type the id has in each DAT's kind. Exits 1 when "
        "none holds it.");
    parser.addPositionalArgument("ID", "The id, like 0x06000C01.");
    parser.addPositionalArgument("DAT", "DATs to look in (default: the demo DATs).", "[DAT...]");
    parser.addOption(jsonOption());
    if (auto exit = parseOrExit(parser, arguments, -1))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        printError("expected an ID (see --help)");
        return kUsageOrIo;
    }
    const auto id = dat::parseDid(positional.first());
    if (!id) {
        printError("'" + positional.first() + "' is not an id like 0x02000124");
        return kUsageOrIo;
    }
    const QStringList paths = positional.size() > 1 ? positional.mid(1) : demoDats();
    if (paths.isEmpty()) {
        printError("no DAT given and no demo DATs found beside the program");
        return kUsageOrIo;
    }

    QJsonArray rows;
    QString text;
    int holders = 0;
    for (const QString& path : paths) {
        auto dat = openDat(path);
        if (!dat)
            return kUsageOrIo;
        const QString kind = QString::fromLatin1(dat::kindName(dat->kind()).data());
        const QString type = QString::fromLatin1(dat::typeName(dat->kind(), *id).data());
        const dat::EntryInfo* entry = dat->find(*id);
        holders += entry ? 1 : 0;
        QJsonObject row{{"dat", path}, {"kind", kind}, {"type", type}, {"present", bool(entry)}};
        if (entry)
            row["size"] = qint64(entry->size);
        rows.append(row);
        text += QStringLiteral("%1 (%2): %3 — %4\n")
                    .arg(QFileInfo(path).fileName(), kind, type,
                         entry ? QStringLiteral("present, %1 bytes").arg(entry->size)
                               : QStringLiteral("not in it"));
    }
    const QString summary =
        holders == 0 ? QStringLiteral("%1 is in none of them\n").arg(didText(*id)) : QString();
    printResult(parser, QJsonDocument(QJsonObject{{"id", didText(*id)}, {"dats", rows}}),
                didText(*id) + "\n" + text + summary);
    return holders > 0 ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
