#pragma once

// ACE's SQL weenie files (docs/world-data.md#sql): the INSERT statements of the `weenie`,
// `weenie_properties_string` and `weenie_properties_d_i_d` tables are read row by row through a
// real tokenizer; every other statement and table is checked for syntax and passed over. A
// folder is read file by file on every core and merged in path order.

#include "weenies/corpus.h"

#include <QString>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portalkit::weenies {

// Parses one file's text into `into` (rows keep `source` and their line and column). Throws
// WeenieError naming source:line:column on a syntax error, an unknown weenie_properties_* table,
// a DID property type ACE does not define, a value out of range or a row of the wrong width.
void parseWeenieSql(std::string_view text, const QString& source, FileRows& into);

// The .sql files (any letter case) under `dir`, recursively, leaving out hidden files and
// folders, each with its path from `dir` ('/'-separated), in that path's byte order: what
// readSqlFolder reads and the index's stamp covers. Throws WeenieError naming `source` when the
// folder cannot be listed.
std::vector<std::pair<std::string, std::filesystem::path>>
sqlFilesUnder(const std::filesystem::path& dir, const QString& source);

// Every *.sql file under `dir` (recursively, in path order) merged into one corpus. Throws
// WeenieError for the first faulty file in path order, or for a merge error (duplicate WCID,
// rows for a weenie no file defines).
std::vector<Weenie> readSqlFolder(const QString& dir);
// One .sql file (which may hold many weenies).
std::vector<Weenie> readSqlFile(const QString& path);

} // namespace portalkit::weenies
