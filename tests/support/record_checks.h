#pragma once

// The checks every record suite makes of its type: the registry finds its decoder and writes
// the bytes back, a bad JSON source names the field's path, and a cut entry names the field
// and offset where it ran out.

#include "datreader/io/json_node.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"

#include <QJsonObject>
#include <QString>
#include <QtTest>
#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::testing {

// decodeRecord picks T's decoder for this DAT kind and encodeRecord gives the same bytes back.
template <class T>
void checkThroughRegistry(dat::DatKind kind, std::uint32_t did,
                          const std::vector<std::uint8_t>& bytes) {
    const auto record = dat::decodeRecord(kind, did, bytes);
    QVERIFY(record);
    QCOMPARE(dat::recordTypeName(*record), T::kTypeName);
    QCOMPARE(dat::encodeRecord(*record), bytes);
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

} // namespace portalkit::testing
