#include "weenies/sql_reader.h"

#include "weenies/sql_lexer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

namespace portalkit::weenies {
namespace {

using Kind = SqlToken::Kind;

// The weenie tables of ACE's world schema (docs/world-data.md#sql). Rows of these are checked
// for syntax; a weenie_properties_* table not listed is an error, so a typo cannot drop data.
constexpr std::array<std::string_view, 23> kPropertyTables{
    "anim_part", "attribute",   "attribute_2nd", "body_part", "book",         "book_page_data",
    "bool",      "create_list", "d_i_d",         "emote",     "emote_action", "event_filter",
    "float",     "generator",   "i_i_d",         "int",       "int64",        "palette",
    "position",  "skill",       "spell_book",    "string",    "texture_map"};
constexpr std::string_view kPropertyPrefix = "weenie_properties_";

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

enum class Table { Weenie, Name, Did, Other };

class Parser {
  public:
    Parser(std::string_view text, const QString& source, FileRows& rows)
        : m_lexer(text, source), m_rows(rows) {
        m_token = m_lexer.next();
    }

    void run() {
        bool afterSemicolon = false;
        while (m_token.kind != Kind::End) {
            if (m_token.isSymbol(';')) {
                take();
                afterSemicolon = true;
                continue;
            }
            // Every statement starts with a keyword; anything else is the rest of one a stray
            // ';' cut short, whose rows would otherwise be passed over unseen.
            if (m_token.kind != Kind::Word)
                fail(m_token, QStringLiteral("expected a statement, found %1%2")
                                  .arg(describe(m_token),
                                       afterSemicolon ? QStringLiteral(" (a stray ';' before it?)")
                                                      : QString()));
            if (m_token.isWord("INSERT") || m_token.isWord("REPLACE"))
                insert();
            else
                skipStatement();
            afterSemicolon = false;
        }
    }

  private:
    SqlToken take() {
        SqlToken taken = std::move(m_token);
        m_token = m_lexer.next();
        return taken;
    }

    [[noreturn]] void fail(const SqlToken& at, const QString& message) const {
        throw WeenieError(m_lexer.source(), at.line, at.column, message);
    }

    void expectSymbol(char c, const char* what) {
        if (!m_token.isSymbol(c))
            fail(m_token, QStringLiteral("expected %1, found %2").arg(what, describe(m_token)));
        take();
    }

    // USE, DELETE, SET, ...: passed over token by token, so a ';' in a string ends nothing.
    void skipStatement() {
        while (m_token.kind != Kind::End && !m_token.isSymbol(';'))
            take();
    }

    std::string name(const char* what) {
        if (m_token.kind != Kind::Word && m_token.kind != Kind::Identifier)
            fail(m_token, QStringLiteral("expected %1, found %2").arg(what, describe(m_token)));
        return take().text;
    }

    Table tableOf(const SqlToken& at, const std::string& table) {
        const std::string name = lower(table);
        if (name == "weenie")
            return Table::Weenie;
        if (!name.starts_with(kPropertyPrefix))
            return Table::Other;
        const std::string_view kind = std::string_view(name).substr(kPropertyPrefix.size());
        if (kind == "string")
            return Table::Name;
        if (kind == "d_i_d")
            return Table::Did;
        if (std::find(kPropertyTables.begin(), kPropertyTables.end(), kind) ==
            kPropertyTables.end())
            fail(at,
                 QStringLiteral("unknown property table `%1`").arg(QString::fromStdString(table)));
        return Table::Other;
    }

    void insert();
    std::vector<SqlToken> row(std::size_t width);
    void keep(Table table, const std::vector<int>& columns, const std::vector<SqlToken>& values);

    SqlLexer m_lexer;
    SqlToken m_token;
    FileRows& m_rows;
};

// A value: a literal, NULL/TRUE/FALSE, @variable or a call such as LAST_INSERT_ID() or NOW().
std::vector<SqlToken> Parser::row(std::size_t width) {
    const SqlToken open = m_token;
    expectSymbol('(', "'(' to start a row");
    std::vector<SqlToken> values;
    while (true) {
        if (m_token.kind == Kind::Number || m_token.kind == Kind::String ||
            m_token.kind == Kind::Variable) {
            values.push_back(take());
        } else if (m_token.kind == Kind::Word) {
            SqlToken word = take();
            if (m_token.isSymbol('(')) { // a function call without arguments
                take();
                expectSymbol(')', "')' after a function name");
                word.kind = Kind::Variable; // not a literal
            }
            values.push_back(std::move(word));
        } else {
            fail(m_token, QStringLiteral("expected a value, found %1").arg(describe(m_token)));
        }
        if (m_token.isSymbol(')'))
            break;
        expectSymbol(',', "',' or ')' in a row");
    }
    take();
    if (values.size() != width)
        fail(open,
             QStringLiteral("the row has %1 values for %2 columns").arg(values.size()).arg(width));
    return values;
}

void Parser::insert() {
    take(); // INSERT
    if (m_token.isWord("IGNORE"))
        take();
    if (!m_token.isWord("INTO"))
        fail(m_token, QStringLiteral("expected INTO, found %1").arg(describe(m_token)));
    take();
    const SqlToken tableAt = m_token;
    std::string table = name("a table name");
    if (m_token.isSymbol('.')) { // ace_world.weenie
        take();
        table = name("a table name after '.'");
    }
    const Table kind = tableOf(tableAt, table);
    if (m_token.isWord("VALUES") || m_token.isWord("VALUE"))
        fail(m_token, QStringLiteral("INSERT INTO `%1` needs its column list before VALUES")
                          .arg(QString::fromStdString(table)));
    expectSymbol('(', "'(' before the column list");
    std::vector<std::string> columns;
    while (true) {
        columns.push_back(lower(name("a column name")));
        if (m_token.isSymbol(')'))
            break;
        expectSymbol(',', "',' or ')' in the column list");
    }
    take();
    // The columns PortalKit keeps, by position: class_Id/object_Id, class_Name/type, type/value.
    static const std::array<std::array<const char*, 3>, 3> kWanted{
        {{"class_id", "class_name", "type"},
         {"object_id", "type", "value"},
         {"object_id", "type", "value"}}};
    std::vector<int> wanted;
    if (kind != Table::Other) {
        const auto& names = kWanted[std::size_t(kind)];
        for (const char* column : names) {
            const auto it = std::find(columns.begin(), columns.end(), column);
            if (it == columns.end() && !(kind == Table::Weenie && column != names[0]))
                fail(tableAt, QStringLiteral("`%1` has no `%2` column")
                                  .arg(QString::fromStdString(table), column));
            wanted.push_back(it == columns.end() ? -1 : int(it - columns.begin()));
        }
    }
    if (!m_token.isWord("VALUES") && !m_token.isWord("VALUE"))
        fail(m_token, QStringLiteral("expected VALUES, found %1").arg(describe(m_token)));
    take();
    while (true) {
        const std::vector<SqlToken> values = row(columns.size());
        if (kind != Table::Other)
            keep(kind, wanted, values);
        if (!m_token.isSymbol(','))
            break;
        take();
    }
    if (m_token.kind != Kind::End && !m_token.isSymbol(';'))
        fail(m_token,
             QStringLiteral("expected ',' or ';' after a row, found %1").arg(describe(m_token)));
}

// An integer literal in [min, max]; fails at the token otherwise.
std::int64_t integer(const SqlToken& token, std::int64_t min, std::int64_t max,
                     const QString& source, const char* column) {
    std::int64_t value = 0;
    bool ok = token.kind == Kind::Number;
    if (ok) {
        std::string_view text = token.text;
        bool negative = false;
        if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
            negative = text[0] == '-';
            text.remove_prefix(1);
        }
        int base = 10;
        if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
            base = 16;
            text.remove_prefix(2);
        }
        std::uint64_t magnitude = 0;
        const auto [end, error] =
            std::from_chars(text.data(), text.data() + text.size(), magnitude, base);
        ok = error == std::errc() && end == text.data() + text.size() &&
             magnitude <= std::uint64_t(INT64_MAX);
        value = negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    }
    if (!ok || value < min || value > max)
        throw WeenieError(source, token.line, token.column,
                          QStringLiteral("`%1` must be an integer from %2 to %3, found %4")
                              .arg(column)
                              .arg(min)
                              .arg(max)
                              .arg(describe(token)));
    return value;
}

} // namespace

void Parser::keep(Table table, const std::vector<int>& columns,
                  const std::vector<SqlToken>& values) {
    const QString& source = m_lexer.source();
    const SqlToken& first = values[std::size_t(columns[0])];
    const std::uint32_t wcid = std::uint32_t(
        integer(first, 0, UINT32_MAX, source, table == Table::Weenie ? "class_Id" : "object_Id"));
    const auto at = [&](const SqlToken& token) {
        return Location{source, token.line, token.column};
    };
    if (table == Table::Weenie) {
        FileRows::Define define{{}, at(first)};
        define.weenie.wcid = wcid;
        if (columns[1] >= 0) {
            const SqlToken& name = values[std::size_t(columns[1])];
            if (name.kind != Kind::String)
                fail(name,
                     QStringLiteral("`class_Name` must be a string, found %1").arg(describe(name)));
            define.weenie.className = QString::fromStdString(name.text);
        }
        if (columns[2] >= 0)
            define.weenie.type = std::int32_t(
                integer(values[std::size_t(columns[2])], INT32_MIN, INT32_MAX, source, "type"));
        m_rows.weenies.push_back(std::move(define));
        return;
    }
    const SqlToken& typeToken = values[std::size_t(columns[1])];
    const SqlToken& value = values[std::size_t(columns[2])];
    const auto type = std::uint16_t(integer(typeToken, 0, UINT16_MAX, source, "type"));
    if (table == Table::Name) {
        if (type != 1) // only PropertyString.Name
            return;
        if (value.kind != Kind::String)
            fail(value, QStringLiteral("a Name must be a string, found %1").arg(describe(value)));
        m_rows.names.push_back({wcid, QString::fromStdString(value.text), at(first)});
        return;
    }
    if (didPropertyName(type).empty())
        fail(typeToken, QStringLiteral("unknown DID property type %1 (ACE's PropertyDataId has no "
                                       "such value)")
                            .arg(type));
    m_rows.dids.push_back(
        {wcid, {type, std::uint32_t(integer(value, 0, UINT32_MAX, source, "value"))}, at(first)});
}

void parseWeenieSql(std::string_view text, const QString& source, FileRows& into) {
    Parser(text, source, into).run();
}

namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw WeenieError(path, QStringLiteral("cannot read: ") + file.errorString());
    return file.readAll();
}

// A file's rows, or the error that stopped it (kept so the first in path order is reported).
struct Parsed {
    FileRows rows;
    std::optional<WeenieError> error;
};

Parsed parseFile(const QString& path) {
    Parsed parsed;
    try {
        const QByteArray bytes = readAll(path);
        parseWeenieSql(std::string_view(bytes.constData(), std::size_t(bytes.size())), path,
                       parsed.rows);
    } catch (const WeenieError& error) {
        parsed.error = error;
    }
    return parsed;
}

} // namespace

std::vector<std::pair<std::string, std::filesystem::path>>
sqlFilesUnder(const std::filesystem::path& dir, const QString& source) {
    namespace fs = std::filesystem;
    std::vector<std::pair<std::string, fs::path>> files;
    std::error_code error;
    for (fs::recursive_directory_iterator it(dir, error), end; !error && it != end;
         it.increment(error)) {
        if (it->path().filename().string().starts_with('.')) {
            it.disable_recursion_pending();
            continue;
        }
        if (lower(it->path().extension().string()) == ".sql" && it->is_regular_file(error))
            files.emplace_back(it->path().lexically_relative(dir).generic_string(), it->path());
    }
    if (error)
        throw WeenieError(source, QStringLiteral("cannot list: ") +
                                      QString::fromStdString(error.message()));
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<Weenie> readSqlFolder(const QString& dir) {
    if (!QFileInfo(dir).isDir())
        throw WeenieError(dir, QStringLiteral("not a folder"));
    // Paths as given below `dir`, so messages name files the way the user named the folder.
    QStringList paths;
    for (const auto& [relative, path] :
         sqlFilesUnder(std::filesystem::path(QFile::encodeName(dir).toStdString()), dir))
        paths << QDir(dir).filePath(QFile::decodeName(QByteArray::fromStdString(relative)));
    if (paths.isEmpty())
        throw WeenieError(dir, QStringLiteral("no .sql files in the folder"));
    const QList<Parsed> parsed = QtConcurrent::blockingMapped(paths, parseFile);
    CorpusBuilder builder;
    for (const Parsed& file : parsed) {
        if (file.error)
            throw *file.error;
        builder.add(file.rows);
    }
    return builder.finish();
}

std::vector<Weenie> readSqlFile(const QString& path) {
    Parsed parsed = parseFile(path);
    if (parsed.error)
        throw *parsed.error;
    CorpusBuilder builder;
    builder.add(std::move(parsed.rows));
    return builder.finish();
}

} // namespace portalkit::weenies
