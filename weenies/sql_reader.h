#pragma once

// ACE's SQL weenie files (docs/world-data.md#sql): the INSERT statements of the `weenie`,
// `weenie_properties_string` and `weenie_properties_d_i_d` tables are read row by row through a
// real tokenizer; every other statement and table is checked for syntax and passed over. A
// folder is read file by file on every core and merged in path order.

#include "weenies/corpus.h"

#include <QString>
#include <string_view>

namespace portalkit::weenies {

// Parses one file's text into `into` (rows keep `source` and their line and column). Throws
// WeenieError naming source:line:column on a syntax error, an unknown weenie_properties_* table,
// a DID property type ACE does not define, a value out of range or a row of the wrong width.
void parseWeenieSql(std::string_view text, const QString& source, FileRows& into);

// Every *.sql file under `dir` (recursively, in path order) merged into one corpus. Throws
// WeenieError for the first faulty file in path order, or for a merge error (duplicate WCID,
// rows for a weenie no file defines).
std::vector<Weenie> readSqlFolder(const QString& dir);
// One .sql file (which may hold many weenies).
std::vector<Weenie> readSqlFile(const QString& path);

} // namespace portalkit::weenies
