#include "weenies/json_reader.h"

#include "weenies/corpus.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <cmath>

namespace portalkit::weenies {
namespace {

struct Reader {
    const QString& source;

    [[noreturn]] void fail(const QString& path, const QString& message) const {
        throw WeenieError(source, path + QStringLiteral(": ") + message);
    }

    std::int64_t integer(const QJsonValue& value, const QString& path, double min,
                         double max) const {
        const double number = value.toDouble(NAN);
        if (!value.isDouble() || std::floor(number) != number || number < min || number > max)
            fail(path, QStringLiteral("expected an integer from %1 to %2")
                           .arg(min, 0, 'f', 0)
                           .arg(max, 0, 'f', 0));
        return std::int64_t(number);
    }

    QJsonArray stats(const QJsonObject& object, const char* key, const QString& path) const {
        const QJsonValue value = object.value(QLatin1String(key));
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isArray())
            fail(path + '.' + key, QStringLiteral("expected an array"));
        return value.toArray();
    }

    void weenie(const QJsonValue& value, const QString& path, FileRows& rows) const {
        if (!value.isObject())
            fail(path, QStringLiteral("expected a weenie object"));
        const QJsonObject object = value.toObject();
        FileRows::Define define{{}, {source + QStringLiteral(" ") + path, 0, 0}};
        define.weenie.wcid =
            std::uint32_t(integer(object.value("wcid"), path + ".wcid", 0, UINT32_MAX));
        if (object.contains("weenieType"))
            define.weenie.type = std::int32_t(
                integer(object.value("weenieType"), path + ".weenieType", INT32_MIN, INT32_MAX));
        define.weenie.className = object.value("className").toString();
        const std::uint32_t wcid = define.weenie.wcid;
        rows.weenies.push_back(std::move(define));
        const QJsonArray strings = stats(object, "stringStats", path);
        for (qsizetype i = 0; i < strings.size(); ++i) {
            const QString itemPath = QStringLiteral("%1.stringStats[%2]").arg(path).arg(i);
            const QJsonObject stat = strings[i].toObject();
            if (integer(stat.value("key"), itemPath + ".key", 0, UINT16_MAX) != 1)
                continue;
            if (!stat.value("value").isString())
                fail(itemPath + ".value", QStringLiteral("expected a string"));
            rows.names.push_back(
                {wcid, stat.value("value").toString(), {source + ' ' + itemPath, 0, 0}});
        }
        const QJsonArray dids = stats(object, "didStats", path);
        for (qsizetype i = 0; i < dids.size(); ++i) {
            const QString itemPath = QStringLiteral("%1.didStats[%2]").arg(path).arg(i);
            const QJsonObject stat = dids[i].toObject();
            const auto type =
                std::uint16_t(integer(stat.value("key"), itemPath + ".key", 0, UINT16_MAX));
            if (didPropertyName(type).empty())
                fail(itemPath + ".key", QStringLiteral("unknown DID property type %1 (ACE's "
                                                       "PropertyDataId has no such value)")
                                            .arg(type));
            const auto did =
                std::uint32_t(integer(stat.value("value"), itemPath + ".value", 0, UINT32_MAX));
            rows.dids.push_back({wcid, {type, did}, {source + ' ' + itemPath, 0, 0}});
        }
    }
};

} // namespace

std::vector<Weenie> parseWeenieJson(const QByteArray& json, const QString& source) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        throw WeenieError(
            source,
            QStringLiteral("not JSON at byte %1: %2").arg(error.offset).arg(error.errorString()));
    QJsonArray weenies;
    if (document.isArray())
        weenies = document.array();
    else if (document.object().value("weenies").isArray())
        weenies = document.object().value("weenies").toArray();
    else
        weenies.append(document.object());
    const Reader reader{source};
    FileRows rows;
    for (qsizetype i = 0; i < weenies.size(); ++i)
        reader.weenie(weenies[i], QStringLiteral("[%1]").arg(i), rows);
    CorpusBuilder builder;
    builder.add(std::move(rows));
    return builder.finish();
}

std::vector<Weenie> readWeenieJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw WeenieError(path, QStringLiteral("cannot read: ") + file.errorString());
    return parseWeenieJson(file.readAll(), path);
}

} // namespace portalkit::weenies
