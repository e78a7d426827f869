#include "weenies/sql_lexer.h"

#include "weenies/weenie.h"

#include <cctype>

namespace portalkit::weenies {
namespace {

bool isWordStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool isWordChar(char c) {
    return isWordStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// MySQL's backslash escapes; any other escaped character stands for itself.
char unescape(char c) {
    switch (c) {
    case '0':
        return '\0';
    case 'b':
        return '\b';
    case 'n':
        return '\n';
    case 'r':
        return '\r';
    case 't':
        return '\t';
    case 'Z':
        return '\x1A';
    default:
        return c;
    }
}

} // namespace

bool SqlToken::isWord(std::string_view keyword) const {
    if (kind != Kind::Word || text.size() != keyword.size())
        return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(text[i])) !=
            std::toupper(static_cast<unsigned char>(keyword[i])))
            return false;
    return true;
}

SqlLexer::SqlLexer(std::string_view text, QString source)
    : m_text(text), m_source(std::move(source)) {}

char SqlLexer::peek(std::size_t ahead) const {
    return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
}

void SqlLexer::advance() {
    if (m_text[m_pos] == '\n') {
        ++m_line;
        m_column = 1;
    } else {
        ++m_column;
    }
    ++m_pos;
}

void SqlLexer::fail(int line, int column, const QString& message) const {
    throw WeenieError(m_source, line, column, message);
}

void SqlLexer::skipSpaceAndComments() {
    while (m_pos < m_text.size()) {
        const char c = peek();
        if (std::isspace(static_cast<unsigned char>(c))) {
            advance();
        } else if (c == '#' ||
                   (c == '-' && peek(1) == '-' &&
                    (peek(2) == '\0' || std::isspace(static_cast<unsigned char>(peek(2)))))) {
            // MySQL needs a space after "--", so "--1" stays two minus signs.
            while (m_pos < m_text.size() && peek() != '\n')
                advance();
        } else if (c == '/' && peek(1) == '*') {
            const int line = m_line, column = m_column;
            advance(), advance();
            while (m_pos < m_text.size() && !(peek() == '*' && peek(1) == '/'))
                advance();
            if (m_pos >= m_text.size())
                fail(line, column, QStringLiteral("unterminated /* comment"));
            advance(), advance();
        } else {
            return;
        }
    }
}

SqlToken SqlLexer::quoted(char quote, SqlToken token) {
    advance(); // the opening quote
    while (true) {
        if (m_pos >= m_text.size())
            fail(token.line, token.column,
                 quote == '`' ? QStringLiteral("unterminated `identifier`")
                              : QStringLiteral("unterminated string"));
        const char c = peek();
        if (c == quote) {
            advance();
            if (peek() != quote) // a doubled quote stands for one
                return token;
            token.text += quote;
            advance();
        } else if (c == '\\' && quote != '`') {
            advance();
            if (m_pos >= m_text.size())
                continue; // reported as unterminated above
            // MySQL keeps the backslash of \% and \_, so LIKE patterns survive in strings.
            if (peek() == '%' || peek() == '_')
                token.text += '\\';
            token.text += unescape(peek());
            advance();
        } else {
            token.text += c;
            advance();
        }
    }
}

SqlToken SqlLexer::number(SqlToken token) {
    const std::size_t start = m_pos;
    if (peek() == '-' || peek() == '+')
        advance();
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X') &&
        std::isxdigit(static_cast<unsigned char>(peek(2)))) {
        advance(), advance();
        while (std::isxdigit(static_cast<unsigned char>(peek())))
            advance();
    } else {
        while (isDigit(peek()))
            advance();
        if (peek() == '.' && isDigit(peek(1))) {
            advance();
            while (isDigit(peek()))
                advance();
        }
        if ((peek() == 'e' || peek() == 'E') &&
            (isDigit(peek(1)) || ((peek(1) == '-' || peek(1) == '+') && isDigit(peek(2))))) {
            advance(), advance();
            while (isDigit(peek()))
                advance();
        }
    }
    if (isWordChar(peek()))
        fail(m_line, m_column,
             QStringLiteral("unexpected '%1' in a number").arg(QChar::fromLatin1(peek())));
    token.text.assign(m_text.substr(start, m_pos - start));
    return token;
}

SqlToken SqlLexer::next() {
    skipSpaceAndComments();
    SqlToken token;
    token.line = m_line;
    token.column = m_column;
    token.offset = m_pos;
    if (m_pos >= m_text.size())
        return token; // End
    const char c = peek();
    if (c == '\'' || c == '"') {
        token.kind = SqlToken::Kind::String;
        return quoted(c, std::move(token));
    }
    if (c == '`') {
        token.kind = SqlToken::Kind::Identifier;
        token = quoted(c, std::move(token));
        if (token.text.empty())
            fail(token.line, token.column, QStringLiteral("empty `identifier`"));
        return token;
    }
    if (isDigit(c) || (c == '.' && isDigit(peek(1))) ||
        ((c == '-' || c == '+') && (isDigit(peek(1)) || (peek(1) == '.' && isDigit(peek(2)))))) {
        token.kind = SqlToken::Kind::Number;
        return number(std::move(token));
    }
    if (c == '@') {
        advance();
        if (peek() == '@') // @@system_variable
            advance();
        token.kind = SqlToken::Kind::Variable;
        const std::size_t start = m_pos;
        while (isWordChar(peek()))
            advance();
        if (m_pos == start)
            fail(token.line, token.column, QStringLiteral("'@' without a variable name"));
        token.text.assign(m_text.substr(start, m_pos - start));
        return token;
    }
    if (isWordStart(c)) {
        token.kind = SqlToken::Kind::Word;
        const std::size_t start = m_pos;
        while (isWordChar(peek()))
            advance();
        token.text.assign(m_text.substr(start, m_pos - start));
        return token;
    }
    if (std::string_view("(),;=.*+-").find(c) != std::string_view::npos) {
        token.kind = SqlToken::Kind::Symbol;
        token.text.assign(1, c);
        advance();
        return token;
    }
    fail(m_line, m_column,
         std::isprint(static_cast<unsigned char>(c))
             ? QStringLiteral("unexpected character '%1'").arg(QChar::fromLatin1(c))
             : QStringLiteral("unexpected byte 0x%1")
                   .arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0')));
}

QString describe(const SqlToken& token) {
    const QString text = QString::fromUtf8(token.text.data(), qsizetype(token.text.size()));
    switch (token.kind) {
    case SqlToken::Kind::End:
        return QStringLiteral("end of file");
    case SqlToken::Kind::Identifier:
        return '`' + text + '`';
    case SqlToken::Kind::String:
        return '\'' + text.left(40) + '\'';
    case SqlToken::Kind::Variable:
        return '@' + text;
    default:
        return '\'' + text + '\'';
    }
}

} // namespace portalkit::weenies
