// The SQL tokenizer of ACE's weenie files (docs/world-data.md#sql) on byte arrays: MySQL's
// string escapes and comment rules, numbers as written, positions, and errors that name
// file:line:column.

#include "weenies/sql_lexer.h"
#include "weenies/weenie.h"

#include <QObject>
#include <QTest>
#include <string>
#include <vector>

using namespace portalkit::weenies;
using Kind = SqlToken::Kind;

namespace {

std::vector<SqlToken> tokens(std::string_view text) {
    SqlLexer lexer(text, QStringLiteral("t.sql"));
    std::vector<SqlToken> all;
    for (SqlToken token = lexer.next(); token.kind != Kind::End; token = lexer.next())
        all.push_back(std::move(token));
    return all;
}

// The error a text stops with; an empty message when it lexes.
WeenieError lexError(std::string_view text) {
    try {
        tokens(text);
    } catch (const WeenieError& error) {
        return error;
    }
    return WeenieError(QString(), QString());
}

} // namespace

class TestSqlLexer : public QObject {
    Q_OBJECT
  private slots:
    // One string literal each: what MySQL stores for it.
    void stringsUnescapeAsMysqlDoes_data() {
        QTest::addColumn<QByteArray>("sql");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("plain") << QByteArray("'Flame Bolt'") << QByteArray("Flame Bolt");
        QTest::newRow("doubled quote") << QByteArray("'Mage''s'") << QByteArray("Mage's");
        QTest::newRow("backslash quote") << QByteArray("'Mage\\'s'") << QByteArray("Mage's");
        QTest::newRow("double-quoted")
            << QByteArray("\"say \"\"hi\"\"\"") << QByteArray("say \"hi\"");
        QTest::newRow("other quote inside") << QByteArray("\"it's\"") << QByteArray("it's");
        QTest::newRow("newline and tab") << QByteArray("'a\\nb\\tc\\r'") << QByteArray("a\nb\tc\r");
        QTest::newRow("backslash") << QByteArray("'C:\\\\x'") << QByteArray("C:\\x");
        QTest::newRow("NUL and ^Z") << QByteArray("'\\0\\Z'") << QByteArray("\0\x1A", 2);
        QTest::newRow("unknown escape is the letter") << QByteArray("'\\q'") << QByteArray("q");
        // MySQL keeps the backslash before % and _, the LIKE wildcards.
        QTest::newRow("LIKE wildcards keep it")
            << QByteArray("'50\\% \\_x'") << QByteArray("50\\% \\_x");
        QTest::newRow("comment markers are text")
            << QByteArray("'-- /* # */'") << QByteArray("-- /* # */");
        QTest::newRow("semicolon is text") << QByteArray("'a;b'") << QByteArray("a;b");
        QTest::newRow("empty") << QByteArray("''") << QByteArray();
        QTest::newRow("UTF-8") << QByteArray("'Tusker \xc3\x84'") << QByteArray("Tusker \xc3\x84");
        QTest::newRow("line break") << QByteArray("'two\nlines'") << QByteArray("two\nlines");
    }
    void stringsUnescapeAsMysqlDoes() {
        QFETCH(QByteArray, sql);
        QFETCH(QByteArray, value);
        const auto all = tokens(std::string_view(sql.constData(), std::size_t(sql.size())));
        QCOMPARE(all.size(), std::size_t(1));
        QCOMPARE(all[0].kind, Kind::String);
        QCOMPARE(QByteArray::fromStdString(all[0].text), value);
    }

    void kindsAndTextOfAStatement() {
        const auto all = tokens("INSERT INTO `weenie` (`class_Id`) VALUES (-12, 0x1F, 1.5e-3, "
                                "@parent_id, NULL, True, LAST_INSERT_ID());");
        std::vector<std::pair<Kind, std::string>> seen;
        for (const SqlToken& token : all)
            seen.emplace_back(token.kind, token.text);
        const std::vector<std::pair<Kind, std::string>> expected{
            {Kind::Word, "INSERT"},
            {Kind::Word, "INTO"},
            {Kind::Identifier, "weenie"},
            {Kind::Symbol, "("},
            {Kind::Identifier, "class_Id"},
            {Kind::Symbol, ")"},
            {Kind::Word, "VALUES"},
            {Kind::Symbol, "("},
            {Kind::Number, "-12"},
            {Kind::Symbol, ","},
            {Kind::Number, "0x1F"},
            {Kind::Symbol, ","},
            {Kind::Number, "1.5e-3"},
            {Kind::Symbol, ","},
            {Kind::Variable, "parent_id"},
            {Kind::Symbol, ","},
            {Kind::Word, "NULL"},
            {Kind::Symbol, ","},
            {Kind::Word, "True"},
            {Kind::Symbol, ","},
            {Kind::Word, "LAST_INSERT_ID"},
            {Kind::Symbol, "("},
            {Kind::Symbol, ")"},
            {Kind::Symbol, ")"},
            {Kind::Symbol, ";"},
        };
        QVERIFY(seen == expected);
        QVERIFY(all[0].isWord("insert"));
        QVERIFY(!all[2].isWord("weenie")); // a quoted identifier is no keyword
        QVERIFY(all.back().isSymbol(';'));
    }

    void commentsAreSkipped() {
        const auto all = tokens("/* Weenie - Flame Bolt\n (7277) */ 1 -- to the end\n"
                                "2 # also\n3 /* inline */ 4--5\n");
        std::vector<std::string> seen;
        for (const SqlToken& token : all)
            seen.push_back(token.text);
        // "--5" has no space after the dashes: MySQL reads minus signs, not a comment.
        QCOMPARE(seen, (std::vector<std::string>{"1", "2", "3", "4", "-", "-5"}));
    }

    void positionsAreLineAndByteColumn() {
        const auto all = tokens("a\n  'x\ny' b\n\tc");
        QCOMPARE(all.size(), std::size_t(4));
        QCOMPARE(all[0].line, 1);
        QCOMPARE(all[0].column, 1);
        QCOMPARE(all[1].line, 2); // the string starts on line 2 ...
        QCOMPARE(all[1].column, 3);
        QCOMPARE(all[2].line, 3); // ... and ends on line 3
        QCOMPARE(all[2].column, 4);
        QCOMPARE(all[3].line, 4);
        QCOMPARE(all[3].column, 2);
        QCOMPARE(all[3].offset, std::size_t(13));
    }

    void errorsNameFileLineAndColumn_data() {
        QTest::addColumn<QByteArray>("sql");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        QTest::newRow("unterminated string")
            << QByteArray("VALUES\n  (1, 'Flame Bolt)") << 2 << 7 << "unterminated string";
        QTest::newRow("backslash at the end")
            << QByteArray("'abc\\") << 1 << 1 << "unterminated string";
        QTest::newRow("unterminated identifier")
            << QByteArray("INSERT INTO `weenie") << 1 << 13 << "unterminated `identifier`";
        QTest::newRow("empty identifier") << QByteArray("x ``") << 1 << 3 << "empty `identifier`";
        QTest::newRow("unterminated comment")
            << QByteArray("1\n2 /* never\nends") << 2 << 3 << "unterminated /* comment";
        QTest::newRow("stray character")
            << QByteArray("(1, 2) }") << 1 << 8 << "unexpected character '}'";
        QTest::newRow("control byte") << QByteArray("1 \x01") << 1 << 3 << "unexpected byte 0x01";
        QTest::newRow("letter in a number")
            << QByteArray("\n 12abc") << 2 << 4 << "unexpected 'a' in a number";
        QTest::newRow("bare @") << QByteArray("SET @ = 1") << 1 << 5 << "'@' without a variable";
    }
    void errorsNameFileLineAndColumn() {
        QFETCH(QByteArray, sql);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, says);
        const WeenieError error =
            lexError(std::string_view(sql.constData(), std::size_t(sql.size())));
        QVERIFY2(!error.message().isEmpty(), "the text lexed without an error");
        QCOMPARE(error.source(), QStringLiteral("t.sql"));
        QCOMPARE(error.line(), line);
        QCOMPARE(error.column(), column);
        QVERIFY2(error.message().contains(says), qPrintable(error.message()));
        QVERIFY(QString::fromUtf8(error.what())
                    .startsWith(QStringLiteral("t.sql:%1:%2: ").arg(line).arg(column)));
    }

    void describeQuotesTokensForMessages() {
        SqlLexer lexer("`weenie` 'Flame Bolt' @x ;", QStringLiteral("t.sql"));
        QCOMPARE(describe(lexer.next()), QStringLiteral("`weenie`"));
        QCOMPARE(describe(lexer.next()), QStringLiteral("'Flame Bolt'"));
        QCOMPARE(describe(lexer.next()), QStringLiteral("@x"));
        QCOMPARE(describe(lexer.next()), QStringLiteral("';'"));
        QCOMPARE(describe(lexer.next()), QStringLiteral("end of file"));
    }
};

QTEST_APPLESS_MAIN(TestSqlLexer)
#include "tst_sql_lexer.moc"
