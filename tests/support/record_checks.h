#pragma once

// The checks every record suite makes of its type: the registry finds its decoder and writes
// the bytes back, a bad JSON source names the field's path, and a cut entry names the field
// and offset where it ran out.

#include "datreader/container/dat_kind.h"
#include "datreader/io/json_node.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"

#include <QJsonObject>
#include <QString>
#include <QTest>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::testing {

// decodeRecord picks the decoder of `typeName` for this DAT kind and encodeRecord gives the same
// bytes back. Out of line (record_checks.cpp): a dat::Record held by value instantiates the
// variant's members over every record type, seconds of compile in each suite that did it.
void checkThroughRegistry(dat::DatKind kind, std::uint32_t did,
                          const std::vector<std::uint8_t>& bytes, std::string_view typeName);
template <class T>
void checkThroughRegistry(dat::DatKind kind, std::uint32_t did,
                          const std::vector<std::uint8_t>& bytes) {
    checkThroughRegistry(kind, did, bytes, T::kTypeName);
}

// T::fromJson of `source` under `root` fails naming `field`, the DID and `message`.
template <class T>
void checkJsonError(const QJsonObject& source, const char* root, std::uint32_t did,
                    const QString& field, const QString& message) {
    const auto error = errorFrom([&] { T::fromJson(dat::JsonNode(source, root, did), did); });
    QVERIFY(error);
    checkSourceError(*error, field, did, message);
}

// T::decode of the first `length` bytes fails at `field`, entry offset `offset`.
template <class T>
void checkTruncation(const std::vector<std::uint8_t>& bytes, int length, const QString& field,
                     int offset, std::uint32_t did) {
    const std::span<const std::uint8_t> cut(bytes.data(), std::size_t(length));
    checkEntryError(errorFrom([&] { T::decode(cut, did); }), field, std::uint64_t(offset), did);
}

// The columns checkJsonErrorRow reads: the JSON source, the field path it names and a part of
// the message.
inline void addJsonErrorColumns() {
    QTest::addColumn<QJsonObject>("source");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
}

// checkJsonError on the current row of a table made with addJsonErrorColumns.
template <class T> void checkJsonErrorRow(const char* root, std::uint32_t did) {
    QFETCH(QJsonObject, source);
    QFETCH(QString, field);
    QFETCH(QString, message);
    checkJsonError<T>(source, root, did, field, message);
}

// The columns of a source-error table whose sources are JSON text, and one row of it.
inline void addSourceErrorColumns() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
}
inline void sourceErrorRow(const char* name, const char* source, const char* field,
                           const char* message) {
    QTest::newRow(name) << QString(source) << QString(field) << QString(message);
}

// checkSourceError on the current row of a table with the columns `source` (of type Source),
// `field` and `message`: `parse` must throw for the row's source.
template <class Source, class Parse> void checkSourceErrorRow(Parse&& parse, std::uint32_t did) {
    QFETCH(Source, source);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const auto error = errorFrom([&] { parse(source); });
    QVERIFY2(error, "fromJson accepted the source");
    checkSourceError(*error, field, did, message);
}

// The columns checkTruncationRow reads: where the bytes are cut, and the field and entry offset
// the error must name.
inline void addTruncationColumns() {
    QTest::addColumn<int>("length");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("offset");
}

// One row of a table made with addTruncationColumns.
inline void truncationRow(const char* name, int length, const char* field, int offset) {
    QTest::newRow(name) << length << QString(field) << offset;
}

// Every cut of `bytes` short of its end fails T::decode with a DatError, none is accepted.
template <class T>
void checkEveryCutFails(const std::vector<std::uint8_t>& bytes, std::uint32_t did) {
    for (std::size_t length = 0; length < bytes.size(); ++length) {
        const std::span<const std::uint8_t> cut(bytes.data(), length);
        QVERIFY2(errorFrom([&] { T::decode(cut, did); }),
                 qPrintable(QString("a cut at %1 bytes was accepted").arg(length)));
    }
}

// checkTruncation of `bytes` on the current row of a table made with addTruncationColumns.
template <class T>
void checkTruncationRow(const std::vector<std::uint8_t>& bytes, std::uint32_t did) {
    QFETCH(int, length);
    QFETCH(QString, field);
    QFETCH(int, offset);
    checkTruncation<T>(bytes, length, field, offset, did);
}

} // namespace portalkit::testing
