#pragma once

// Checks that a record survives its JSON form: toJson, printed and parsed as text the way a
// user's file would be, then fromJson, gives back an equal record with identical bytes.

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"

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

// A record read from a source written by hand in a test, under the root path its callers use.
template <typename Record>
Record fromSource(const QByteArray& text, const char* rootPath, std::uint32_t did) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return Record::fromJson(dat::JsonNode(document.object(), rootPath, did), did);
}

// What every source error must say: the field path, no byte offset, the DID, and why.
inline void checkSourceError(const dat::DatError& error, const QString& field, std::uint32_t did,
                             const QString& message) {
    QCOMPARE(QString::fromStdString(error.field()), field);
    QCOMPARE(error.offsetKind(), dat::OffsetKind::Source);
    QCOMPARE(*error.did(), did);
    QVERIFY2(std::string(error.what()).find("DID " + dat::formatDid(did)) != std::string::npos,
             error.what());
    QVERIFY2(std::string(error.what()).find(message.toStdString()) != std::string::npos,
             error.what());
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
