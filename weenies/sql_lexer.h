#pragma once

// The tokens of the SQL that ACE's weenie files are written in (docs/world-data.md#sql): MySQL's
// lexical rules for the subset those files use. Strings keep MySQL's escapes ('' and the
// backslash ones), numbers their text, comments (--, #, /* */) are skipped, and every token
// knows its line and column so errors can name them.

#include <QString>
#include <cstdint>
#include <string>
#include <string_view>

namespace portalkit::weenies {

struct SqlToken {
    enum class Kind {
        End,        // past the last token
        Word,       // a bare identifier or keyword: INSERT, weenie, NULL, True
        Identifier, // a `quoted` identifier, without its backticks
        String,     // a '...' or "..." literal, unescaped
        Number,     // -12, 0.5, 1e-3, 0x1F: the text as written
        Variable,   // @parent_id (the text without the @)
        Symbol,     // one of ( ) , ; = . * + -
    };
    Kind kind = Kind::End;
    std::string text;
    int line = 1;   // 1-based
    int column = 1; // 1-based, in bytes
    std::size_t offset = 0;

    bool isSymbol(char c) const { return kind == Kind::Symbol && text.size() == 1 && text[0] == c; }
    // A Word equal to `keyword`, case-insensitively.
    bool isWord(std::string_view keyword) const;
};

// Reads tokens one at a time from `text`, which must outlive the lexer. Throws WeenieError
// naming `source`, the line and the column on an unterminated string, identifier or comment and
// on a character the subset does not have.
class SqlLexer {
  public:
    SqlLexer(std::string_view text, QString source);

    SqlToken next();
    const QString& source() const { return m_source; }

  private:
    void skipSpaceAndComments();
    [[noreturn]] void fail(int line, int column, const QString& message) const;
    char peek(std::size_t ahead = 0) const;
    void advance();
    SqlToken quoted(char quote, SqlToken token);
    SqlToken number(SqlToken token);

    std::string_view m_text;
    QString m_source;
    std::size_t m_pos = 0;
    int m_line = 1;
    int m_column = 1;
};

// The text of a token as a message quotes it: `weenie`, 'Flame Bolt', end of file.
QString describe(const SqlToken& token);

} // namespace portalkit::weenies
