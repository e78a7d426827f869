// libFuzzer target for the weenie readers (docs/world-data.md): the first byte picks the reader,
// even for ACE's SQL files, odd for the JSON export; the rest is the file. Whatever the bytes,
// reading must end in weenies or a WeenieError with a position, never a crash or a hang. The
// weenies an SQL file gives, written back as SQL with every string escaped, must read back the
// same: the lexer's unescaping and the writer's escaping agree.

#include "weenies/corpus.h"
#include "weenies/json_reader.h"
#include "weenies/sql_reader.h"

#include <QByteArray>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace portalkit::weenies;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "%s\n", what);
    std::abort();
}

// A MySQL string literal of `text`: quotes doubled, backslashes and control bytes escaped.
std::string quoted(const QString& text) {
    std::string out = "'";
    for (const char c : text.toStdString()) {
        switch (c) {
        case '\'':
            out += "''";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\0':
            out += "\\0";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
    return out + "'";
}

std::string asSql(const std::vector<Weenie>& weenies) {
    std::string sql;
    for (const Weenie& w : weenies) {
        const std::string id = std::to_string(w.wcid);
        sql += "INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`) VALUES (" + id + ", " +
               quoted(w.className) + ", " + std::to_string(w.type) + ");\n";
        if (!w.name.isNull())
            sql += "INSERT INTO weenie_properties_string (object_Id, type, value) VALUES (" + id +
                   ", 1, " + quoted(w.name) + ");\n";
        for (const DidProperty& p : w.dids)
            sql += "INSERT INTO weenie_properties_d_i_d (object_Id, type, value) VALUES (" + id +
                   ", " + std::to_string(p.type) + ", " + std::to_string(p.value) + ");\n";
    }
    return sql;
}

std::vector<Weenie> readSql(std::string_view text) {
    FileRows rows;
    parseWeenieSql(text, "fuzz.sql", rows);
    // Every kept row knows where it was, so merge errors can name it.
    const auto placed = [](const Location& at) { return at.line >= 1 && at.column >= 1; };
    for (const auto& row : rows.weenies)
        if (!placed(row.at))
            fail("a weenie row without a position");
    for (const auto& row : rows.dids)
        if (!placed(row.at))
            fail("a DID row without a position");
    CorpusBuilder builder;
    builder.add(std::move(rows));
    return builder.finish();
}

void checkCorpus(const std::vector<Weenie>& weenies) {
    for (std::size_t i = 0; i < weenies.size(); ++i) {
        if (i > 0 && weenies[i - 1].wcid >= weenies[i].wcid)
            fail("weenies not in WCID order, or a WCID twice");
        const auto& dids = weenies[i].dids;
        for (std::size_t j = 0; j < dids.size(); ++j)
            if (didPropertyName(dids[j].type).empty() ||
                (j > 0 && dids[j - 1].type >= dids[j].type))
                fail("a DID property unknown, out of order or twice");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        if (data[0] & 1) {
            checkCorpus(parseWeenieJson(QByteArray(text.data(), qsizetype(text.size())), "f.json"));
            return 0;
        }
        const std::vector<Weenie> weenies = readSql(text);
        checkCorpus(weenies);
        std::vector<Weenie> again;
        try {
            again = readSql(asSql(weenies));
        } catch (const WeenieError& error) {
            std::fprintf(stderr, "%s\n", error.what());
            fail("the weenies written back as SQL do not read");
        }
        if (again != weenies)
            fail("the weenies written back as SQL read back differently");
    } catch (const WeenieError& error) {
        if (error.source().isEmpty() || error.message().isEmpty())
            fail("an error that names no source or says nothing");
    }
    return 0;
}
