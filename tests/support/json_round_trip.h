#pragma once

// Checks that a record survives its JSON form: toJson, printed and parsed as text the way a
// user's file would be, then fromJson, gives back an equal record with identical bytes.

#include "io/json_node.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace portalkit::testing {

template <typename Record>
Record viaJsonText(const Record& record, std::uint32_t did, const char* rootPath) {
    const QByteArray text = QJsonDocument(record.toJson()).toJson();
    const QJsonDocument parsed = QJsonDocument::fromJson(text);
    return Record::fromJson(dat::JsonNode(parsed.object(), rootPath, did), did);
}

// Use as `if (!jsonRoundTrips(...)) return;` so the QCOMPARE failure stops the test function.
template <typename Record>
bool jsonRoundTrips(const Record& record, std::uint32_t did, const char* rootPath) {
    const Record back = viaJsonText(record, did, rootPath);
    [&] {
        QVERIFY2(back == record, "fromJson(toJson(record)) differs from the record");
        QVERIFY2(back.encode() == record.encode(), "the round-tripped record encodes differently");
    }();
    return !QTest::currentTestFailed();
}

} // namespace portalkit::testing
