#pragma once

// A record of the demo source a suite names with PORTALKIT_DEMO_SOURCE (resources/demo/*.json):
// suites load their type's demo record from it to prove the demo DAT can be built from it.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>

namespace portalkit::testing {

// The demo record whose "id" is `did`, or nothing when the file lacks it or cannot be read.
inline std::optional<QJsonObject> demoSourceRecord(std::uint32_t did) {
    QFile file(QStringLiteral(PORTALKIT_DEMO_SOURCE));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonArray records =
        QJsonDocument::fromJson(file.readAll()).object()["records"].toArray();
    const QString id = QString("0x%1").arg(did, 8, 16, QChar('0')).toUpper().replace("0X", "0x");
    for (const QJsonValue& record : records)
        if (record.toObject()["id"].toString() == id)
            return record.toObject();
    return std::nullopt;
}

} // namespace portalkit::testing
