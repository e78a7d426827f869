#include "audit/field_diff.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <charconv>
#include <cmath>
#include <optional>

namespace portalkit::audit {
namespace {

// A number as people read it: integers whole, reals in the shortest digits that read back as
// the same value. The JSON forms hold floats widened to double, so a value a float holds exactly
// is printed as that float ("0.48", not "0.47999998927116394").
QString numberText(double value) {
    if (std::nearbyint(value) == value && std::fabs(value) < 9.0e15)
        return QString::number(qint64(value));
    char buffer[40];
    const float narrow = float(value);
    const char* end = double(narrow) == value
                          ? std::to_chars(buffer, buffer + sizeof buffer, narrow).ptr
                          : std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return QString::fromLatin1(buffer, end - buffer);
}

QString longStringText(const QString& text) {
    return text.left(48) + QStringLiteral("… (%1 characters)").arg(text.size());
}

// A value as it is reported: strings too long to read whole are cut (see kLongestValue).
PropertyValue reported(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return {QJsonValue::Null, "none"};
    case QJsonValue::Bool:
        return {value, value.toBool() ? "true" : "false"};
    case QJsonValue::Double:
        return {value, numberText(value.toDouble())};
    case QJsonValue::String: {
        const QString text = value.toString();
        if (text.size() <= kLongestValue)
            return {value, text};
        return {longStringText(text), longStringText(text)};
    }
    case QJsonValue::Array:
    case QJsonValue::Object:
        break;
    }
    // An element or member only one side has: itself, compact, cut when long.
    const QByteArray json = value.isArray()
                                ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    const QString text = QString::fromUtf8(json);
    return {value, text.size() <= 2 * kLongestValue ? text : longStringText(text)};
}

class FieldWalk {
  public:
    explicit FieldWalk(std::size_t limit) : m_limit(limit) {}

    void compare(const QString& path, const QJsonValue& a, const QJsonValue& b) {
        if (a == b)
            return;
        if (a.isObject() && b.isObject())
            return compareObjects(path, a.toObject(), b.toObject());
        if (a.isArray() && b.isArray())
            return compareArrays(path, a.toArray(), b.toArray());
        // Different leaves, or a value against a container or nothing: one change.
        if (m_changes.listed.size() < m_limit)
            m_changes.listed.push_back({path, reported(a), reported(b)});
        else
            ++m_changes.notListed;
    }

    FieldChanges take() { return std::move(m_changes); }

  private:
    void compareObjects(const QString& path, const QJsonObject& a, const QJsonObject& b) {
        // Both key lists are sorted (QJsonObject keeps its keys in order): merge them.
        const QStringList keysA = a.keys(), keysB = b.keys();
        qsizetype i = 0, j = 0;
        while (i < keysA.size() || j < keysB.size()) {
            const bool takeA = j == keysB.size() || (i < keysA.size() && keysA[i] <= keysB[j]);
            const QString key = takeA ? keysA[i] : keysB[j];
            const QString at = path.isEmpty() ? key : path + "." + key;
            compare(at, a.value(key), b.value(key));
            i += i < keysA.size() && keysA[i] == key ? 1 : 0;
            j += j < keysB.size() && keysB[j] == key ? 1 : 0;
        }
    }

    void compareArrays(const QString& path, const QJsonArray& a, const QJsonArray& b) {
        for (qsizetype index = 0; index < std::max(a.size(), b.size()); ++index)
            compare(QStringLiteral("%1[%2]").arg(path).arg(index), a.at(index), b.at(index));
    }

    std::size_t m_limit;
    FieldChanges m_changes;
};

} // namespace

FieldChanges diffFields(const QJsonValue& a, const QJsonValue& b, std::size_t limit) {
    FieldWalk walk(limit);
    walk.compare(QString(), a, b);
    return walk.take();
}

bool explainByFields(ChangedEntry& change, dat::DatKind kindA, std::span<const std::uint8_t> bytesA,
                     dat::DatKind kindB, std::span<const std::uint8_t> bytesB) {
    if (!dat::hasDecoder(dat::typeName(kindA, change.id)) ||
        !dat::hasDecoder(dat::typeName(kindB, change.id)))
        return false;
    change.comparedFields = true;
    QStringList errors;
    auto decode = [&](const char* side, dat::DatKind kind,
                      std::span<const std::uint8_t> bytes) -> std::optional<QJsonObject> {
        try {
            if (const auto record = dat::decodeRecord(kind, change.id, bytes))
                return dat::recordToJson(*record);
        } catch (const dat::DatError& error) {
            errors.append(QStringLiteral("%1: %2").arg(side, QString::fromUtf8(error.what())));
        }
        return std::nullopt;
    };
    const std::optional<QJsonObject> jsonA = decode("A", kindA, bytesA);
    const std::optional<QJsonObject> jsonB = decode("B", kindB, bytesB);
    change.decodeError = errors.join("; ");
    if (!jsonA || !jsonB)
        return true;
    FieldChanges fields = diffFields(*jsonA, *jsonB, kFieldLimit);
    change.fields = std::move(fields.listed);
    change.fieldsNotListed = fields.notListed;
    change.otherBytes = change.fields.empty();
    return true;
}

} // namespace portalkit::audit
