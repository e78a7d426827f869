// `portalkit weenies import SRC -o INDEX` and `portalkit weenies find QUERY [-i INDEX]`: the
// server's world data beside the DATs (docs/world-data.md, docs/cli.md#weenies). One parser
// holds both actions' options, so `weenies --help`, the man page and the completion show both.

#include "command.h"
#include "weenies/index.h"
#include "weenies/mysql_reader.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <cstdio>

namespace portalkit::cli {
namespace {

using weenies::Weenie;

const QString kDefaultIndex = QStringLiteral("world.sqlite");

QJsonObject weenieJson(const Weenie& weenie) {
    QJsonArray dids;
    for (const weenies::DidProperty& property : weenie.dids)
        dids.append(QJsonObject{
            {"type", property.type},
            {"name", QString::fromLatin1(weenies::didPropertyName(property.type).data())},
            {"value", weenies::hexId(property.value)}});
    return {{"wcid", qint64(weenie.wcid)},
            {"className", weenie.className},
            {"name", weenie.name},
            {"type", weenie.type},
            {"dids", dids}};
}

QString weenieText(const Weenie& weenie, std::optional<std::uint32_t> did) {
    QString text = QStringLiteral("%1  %2  (%3, WeenieType %4)\n")
                       .arg(weenie.wcid)
                       .arg(weenie.name.isEmpty() ? QStringLiteral("(no name)") : weenie.name,
                            weenie.className)
                       .arg(weenie.type);
    for (const weenies::DidProperty& property : weenie.dids)
        text += QStringLiteral("    %1 %2%3\n")
                    .arg(QString::fromLatin1(weenies::didPropertyName(property.type).data()), -26)
                    .arg(weenies::hexId(property.value),
                         did && *did == property.value ? QStringLiteral("  <") : QString());
    return text;
}

void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "import SRC -o INDEX reads weenies from a folder of ACE SQL weenie files, one .sql "
        "file, a JSON weenie export or a live database (mysql://USER@HOST[:PORT]/ace_world, or "
        "mysql://USER@/ace_world?socket=PATH; the password from PORTALKIT_DB_PASSWORD) and "
        "writes their SQLite index; an index already built from the unchanged source is left as "
        "it is unless --force. find QUERY finds weenies in an index by name (case-insensitive, "
        "whole names first, then names holding the text), by WCID (digits) or by a DID any of "
        "their properties holds (0x...); exit 1 when none matches. An index of files is rebuilt "
        "first when its source changed. See docs/world-data.md.");
    parser.addPositionalArgument("ACTION", "What to do: import or find.");
    parser.addPositionalArgument(
        "SRC|QUERY", "import: a folder, .sql, .json or mysql:// URL; find: a name, a WCID like "
                     "7277 or a DID like 0x0200040D.");
    parser.addOption({{"o", "output"}, "import: the index to write.", "FILE"});
    parser.addOption({"force", "import: build the index even when it is up to date."});
    parser.addOption(
        {{"i", "index"}, "find: the index (default world.sqlite).", "FILE", kDefaultIndex});
    parser.addOption({"name", "find: read QUERY as a name."});
    parser.addOption({"wcid", "find: read QUERY as a WCID."});
    parser.addOption({"did", "find: read QUERY as a DID."});
    parser.addOption({"limit", "find: at most N weenies by name (default 200).", "N", "200"});
    parser.addOption(jsonOption());
}

// Options of the other action are a mistake worth saying, not something to ignore.
bool onlyOptionsOf(const QCommandLineParser& parser, const QString& action,
                   const QStringList& others) {
    for (const QString& option : others)
        if (parser.isSet(option)) {
            printError("--" + option + " is not an option of weenies " + action);
            return false;
        }
    return true;
}

int import(const QCommandLineParser& parser, const QString& source) {
    if (!onlyOptionsOf(parser, "import", {"index", "name", "wcid", "did", "limit"}) ||
        !requireOption(parser, "output", "weenies import needs -o INDEX"))
        return kUsageOrIo;
    const QString output = parser.value("output");
    // `-o corpus/07277 Flame Bolt.sql` typed by mistake must not cost the user a file.
    if (QFileInfo::exists(output) && !weenies::WeenieIndex::isIndexFile(output)) {
        printError(output + ": is not a weenie index; not replacing it (remove it first, or "
                            "choose another output)");
        return kUsageOrIo;
    }
    try {
        const weenies::SourceStamp stamp = weenies::stampSource(source);
        QElapsedTimer timer;
        timer.start();
        bool upToDate = false;
        if (!parser.isSet("force") && !stamp.digest.isEmpty() && QFileInfo::exists(output)) {
            try {
                upToDate = weenies::WeenieIndex::open(output).stamp() == stamp;
            } catch (const weenies::WeenieError&) {
                // not an index of ours, or an older one: build it again
            }
        }
        std::size_t count = 0, dids = 0;
        if (!upToDate) {
            const std::vector<Weenie> all = weenies::readSource(source);
            weenies::WeenieIndex::write(output, all, stamp);
            count = all.size();
            for (const Weenie& weenie : all)
                dids += weenie.dids.size();
        } else {
            count = weenies::WeenieIndex::open(output).count();
        }
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        const QString shown = weenies::isDatabaseUrl(source)
                                  ? weenies::DatabaseUrl::parse(source)->display()
                                  : source;
        printResult(parser,
                    QJsonDocument(QJsonObject{{"index", output},
                                              {"source", shown},
                                              {"weenies", qint64(count)},
                                              {"didProperties", qint64(dids)},
                                              {"upToDate", upToDate},
                                              {"seconds", seconds}}),
                    upToDate ? QStringLiteral("%1: up to date (%2 weenies from %3)\n")
                                   .arg(output)
                                   .arg(count)
                                   .arg(shown)
                             : QStringLiteral("%1: %2 weenies, %3 DID properties from %4 in "
                                              "%5 s\n")
                                   .arg(output)
                                   .arg(count)
                                   .arg(dids)
                                   .arg(shown)
                                   .arg(seconds, 0, 'f', 2));
        return kSuccess;
    } catch (const weenies::WeenieError& error) {
        printError(QString::fromUtf8(error.what()));
        return kUsageOrIo;
    }
}

// What a query asks for: a DID when it reads 0x..., a WCID when it is all digits, else a name;
// --name/--wcid/--did say so outright.
struct Query {
    enum class By { Name, Wcid, Did } by = By::Name;
    std::uint32_t id = 0;
};

std::optional<Query> classify(const QCommandLineParser& parser, const QString& text) {
    const int forced =
        int(parser.isSet("name")) + int(parser.isSet("wcid")) + int(parser.isSet("did"));
    if (forced > 1) {
        printError("give at most one of --name, --wcid and --did");
        return std::nullopt;
    }
    if (parser.isSet("name"))
        return Query{Query::By::Name, 0};
    bool ok = false;
    const uint number = text.toUInt(&ok, 10);
    if (parser.isSet("wcid") || (!parser.isSet("did") && ok)) {
        if (!ok) {
            printError("'" + text + "' is not a WCID");
            return std::nullopt;
        }
        return Query{Query::By::Wcid, number};
    }
    const auto did = dat::parseDid(text);
    if (parser.isSet("did") || (did && text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive))) {
        if (!did) {
            printError("'" + text + "' is not a DID like 0x0200040D");
            return std::nullopt;
        }
        return Query{Query::By::Did, *did};
    }
    return Query{Query::By::Name, 0};
}

std::vector<Weenie> lookUp(const weenies::WeenieIndex& index, const Query& query,
                           const QString& text, int limit) {
    if (query.by == Query::By::Wcid) {
        auto weenie = index.byWcid(query.id);
        return weenie ? std::vector<Weenie>{std::move(*weenie)} : std::vector<Weenie>{};
    }
    if (query.by == Query::By::Did)
        return index.byDid(query.id);
    return index.byName(text, limit);
}

int find(const QCommandLineParser& parser, const QString& text) {
    if (!onlyOptionsOf(parser, "find", {"output", "force"}))
        return kUsageOrIo;
    const auto query = classify(parser, text);
    if (!query)
        return kUsageOrIo;
    bool ok = false;
    const int limit = parser.value("limit").toInt(&ok);
    if (!ok || limit < 1) {
        printError("--limit takes a positive number");
        return kUsageOrIo;
    }
    try {
        bool rebuilt = false;
        const weenies::WeenieIndex index = weenies::openCurrent(parser.value("index"), &rebuilt);
        if (rebuilt)
            std::fprintf(stderr, "portalkit: %s was rebuilt from its changed source\n",
                         qPrintable(parser.value("index")));
        const std::vector<Weenie> found = lookUp(index, *query, text, limit);
        QJsonArray rows;
        QString lines;
        const std::optional<std::uint32_t> did =
            query->by == Query::By::Did ? std::optional(query->id) : std::nullopt;
        for (const Weenie& weenie : found) {
            rows.append(weenieJson(weenie));
            lines += weenieText(weenie, did);
        }
        static const char* const kBy[] = {"name", "wcid", "did"};
        if (found.empty())
            lines = "no weenie matches '" + text + "'\n";
        printResult(parser,
                    QJsonDocument(QJsonObject{{"query", text},
                                              {"by", QString::fromLatin1(kBy[int(query->by)])},
                                              {"weenies", rows}}),
                    lines);
        return found.empty() ? kCheckFailed : kSuccess;
    } catch (const weenies::WeenieError& error) {
        printError(QString::fromUtf8(error.what()));
        return kUsageOrIo;
    }
}

} // namespace

int runWeenies(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    if (auto exit = parseOrExit(parser, arguments, 2))
        return *exit;
    const QString action = parser.positionalArguments().at(0);
    const QString argument = parser.positionalArguments().at(1);
    if (action == "import")
        return import(parser, argument);
    if (action == "find")
        return find(parser, argument);
    printError("unknown weenies action '" + action + "' (import or find)");
    return kUsageOrIo;
}

} // namespace portalkit::cli
