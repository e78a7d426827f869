// toJson and toText of a DatDiff (audit/diff.h): the computing lives in diff.cpp, the
// reporting here.

#include "audit/diff.h"
#include "datreader/records/common.h"

#include <QJsonArray>
#include <QStringList>

namespace portalkit::audit {
namespace {

QJsonObject toJson(const PropertyChange& change) {
    return {{"property", change.property}, {"a", change.a.json}, {"b", change.b.json}};
}

QJsonArray toJson(const std::vector<PropertyChange>& changes) {
    QJsonArray array;
    for (const PropertyChange& change : changes)
        array.append(toJson(change));
    return array;
}

QJsonArray toJson(const std::vector<EntryDigest>& entries) {
    QJsonArray array;
    for (const EntryDigest& entry : entries)
        array.append(QJsonObject{{"id", dat::didJson(entry.id)},
                                 {"size", qint64(entry.size)},
                                 {"sha256", entry.sha256}});
    return array;
}

QJsonObject toJson(const ChangedEntry& entry) {
    QJsonObject object{{"id", dat::didJson(entry.id)},
                       {"sizeA", qint64(entry.sizeA)},
                       {"sizeB", qint64(entry.sizeB)},
                       {"sha256A", entry.sha256A},
                       {"sha256B", entry.sha256B}};
    if (!entry.properties.empty())
        object["properties"] = toJson(entry.properties);
    if (!entry.fields.empty()) {
        QJsonArray fields;
        for (const PropertyChange& field : entry.fields)
            fields.append(
                QJsonObject{{"path", field.property}, {"a", field.a.json}, {"b", field.b.json}});
        object["fields"] = fields;
    }
    if (entry.fieldsNotListed > 0)
        object["fieldsNotListed"] = qint64(entry.fieldsNotListed);
    if (entry.otherBytes)
        object["otherBytes"] = true;
    if (!entry.decodeError.isEmpty())
        object["decodeError"] = entry.decodeError;
    return object;
}

QString typeLine(const std::string& name, const TypeDiff& type) {
    QStringList parts;
    if (!type.added.empty())
        parts.append(
            QStringLiteral("%1 added (%2 bytes)").arg(type.added.size()).arg(type.addedBytes()));
    if (!type.removed.empty())
        parts.append(QStringLiteral("%1 removed (%2 bytes)")
                         .arg(type.removed.size())
                         .arg(type.removedBytes()));
    if (!type.changed.empty())
        parts.append(QStringLiteral("%1 changed (%2 → %3 bytes)")
                         .arg(type.changed.size())
                         .arg(type.changedBytesA())
                         .arg(type.changedBytesB()));
    parts.append(QStringLiteral("%1 unchanged").arg(type.unchanged));
    return QStringLiteral("%1 %2\n")
        .arg(QString::fromStdString(name) + ":", -20)
        .arg(parts.join(", "));
}

} // namespace

QJsonObject toJson(const DatDiff& diff) {
    QJsonObject types;
    for (const auto& [name, type] : diff.types) {
        QJsonArray changed;
        for (const ChangedEntry& entry : type.changed)
            changed.append(toJson(entry));
        types[QString::fromStdString(name)] =
            QJsonObject{{"added", toJson(type.added)},
                        {"removed", toJson(type.removed)},
                        {"changed", changed},
                        {"unchanged", qint64(type.unchanged)},
                        {"addedBytes", qint64(type.addedBytes())},
                        {"removedBytes", qint64(type.removedBytes())},
                        {"changedBytesA", qint64(type.changedBytesA())},
                        {"changedBytesB", qint64(type.changedBytesB())}};
    }
    return {{"identical", diff.identical()},
            {"added", qint64(diff.added())},
            {"removed", qint64(diff.removed())},
            {"changed", qint64(diff.changed())},
            {"unchanged", qint64(diff.unchanged())},
            {"header", toJson(diff.header)},
            {"types", types}};
}

QString toText(const DatDiff& diff) {
    QString text;
    for (const PropertyChange& change : diff.header)
        text += QStringLiteral("%1: %2 → %3\n").arg(change.property, change.a.text, change.b.text);
    for (const auto& [name, type] : diff.types)
        if (type.differs())
            text += typeLine(name, type);
    for (const auto& [name, type] : diff.types) {
        for (const ChangedEntry& entry : type.changed) {
            if (!entry.hasDetail())
                continue;
            text += QStringLiteral("%1 %2 (%3 → %4 bytes)\n")
                        .arg(QString::fromStdString(name), dat::didJson(entry.id))
                        .arg(entry.sizeA)
                        .arg(entry.sizeB);
            for (const PropertyChange& change : entry.properties)
                text += QStringLiteral("  %1: %2 → %3\n")
                            .arg(change.property, change.a.text, change.b.text);
            for (const PropertyChange& field : entry.fields)
                text += QStringLiteral("  %1: %2 → %3\n")
                            .arg(field.property, field.a.text, field.b.text);
            if (entry.fieldsNotListed > 0)
                text += QStringLiteral("  … %1 more\n").arg(entry.fieldsNotListed);
            if (entry.otherBytes)
                text += entry.comparedFields ? "  other bytes (no decoded field changed)\n"
                                             : "  other bytes (no pinned property changed)\n";
            if (!entry.decodeError.isEmpty())
                text += "  does not decode: " + entry.decodeError + "\n";
        }
    }
    if (diff.identical())
        text += QStringLiteral("identical: %1 entries\n").arg(diff.unchanged());
    else
        text += QStringLiteral("differ: %1 added, %2 removed, %3 changed, %4 unchanged\n")
                    .arg(diff.added())
                    .arg(diff.removed())
                    .arg(diff.changed())
                    .arg(diff.unchanged());
    return text;
}

} // namespace portalkit::audit
