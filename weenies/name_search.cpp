#include "weenies/name_search.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <algorithm>
#include <unordered_set>

namespace portalkit::weenies::detail {
namespace {

QSqlQuery run(const QSqlDatabase& db, const QString& path, const QString& sql,
              const QVariantList& values) {
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, query.lastError().text()));
    for (const QVariant& value : values)
        query.addBindValue(value);
    if (!query.exec())
        throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, query.lastError().text()));
    return query;
}

std::vector<std::uint32_t> wcidsOf(QSqlQuery query) {
    std::vector<std::uint32_t> wcids;
    while (query.next())
        wcids.push_back(std::uint32_t(query.value(0).toLongLong()));
    return wcids;
}

bool isWhole(const QString& name, const QString& text) {
    return name.compare(text, Qt::CaseInsensitive) == 0;
}

// Through the trigram table: the whole-name matches from the folded names' index, then the
// table's first matches in row (name) order.
std::vector<std::uint32_t> byTrigram(const QSqlDatabase& db, const QString& path,
                                     const QString& text, int limit) {
    std::vector<std::uint32_t> found = wcidsOf(
        run(db, path, QStringLiteral("SELECT wcid FROM weenie WHERE folded = ? ORDER BY wcid"),
            {text.toCaseFolded()}));
    const std::unordered_set<std::uint32_t> whole(found.begin(), found.end());
    // One quoted phrase: the text as it is, its quotes doubled.
    const QString phrase = '"' + QString(text).replace('"', QLatin1String("\"\"")) + '"';
    const std::vector<std::uint32_t> rest = wcidsOf(
        run(db, path,
            QStringLiteral("SELECT wcid FROM weenie_text WHERE weenie_text MATCH ? ORDER BY rowid "
                           "LIMIT ?"),
            {phrase, qint64(limit) + qint64(whole.size())}));
    for (std::uint32_t wcid : rest)
        if (std::size_t(limit) > found.size() && !whole.contains(wcid))
            found.push_back(wcid);
    found.resize(std::min(found.size(), std::size_t(limit)));
    return found;
}

// Every name read: LIKE over the name index, ranked here.
std::vector<std::uint32_t> byScan(const QSqlDatabase& db, const QString& path, const QString& text,
                                  int limit) {
    // LIKE's wildcards in the text are the user's letters, not patterns.
    QString pattern = text;
    pattern.replace('\\', QLatin1String("\\\\"))
        .replace('%', QLatin1String("\\%"))
        .replace('_', QLatin1String("\\_"));
    QSqlQuery query =
        run(db, path, QStringLiteral("SELECT wcid, name FROM weenie WHERE name LIKE ? ESCAPE '\\'"),
            {'%' + pattern + '%'});
    std::vector<Weenie> matches;
    while (query.next()) {
        Weenie weenie;
        weenie.wcid = std::uint32_t(query.value(0).toLongLong());
        weenie.name = query.value(1).toString();
        matches.push_back(std::move(weenie));
    }
    std::sort(matches.begin(), matches.end(), [&](const Weenie& a, const Weenie& b) {
        const bool wholeA = isWhole(a.name, text), wholeB = isWhole(b.name, text);
        return wholeA != wholeB ? wholeA : inNameOrder(a, b);
    });
    std::vector<std::uint32_t> wcids;
    for (std::size_t i = 0; i < matches.size() && i < std::size_t(limit); ++i)
        wcids.push_back(matches[i].wcid);
    return wcids;
}

} // namespace

bool inNameOrder(const Weenie& a, const Weenie& b) {
    const int byName = a.name.compare(b.name, Qt::CaseInsensitive);
    return byName != 0 ? byName < 0 : a.wcid < b.wcid;
}

bool writeNameSearch(const QSqlDatabase& db, const QString& path,
                     const std::vector<Weenie>& weenies) {
    QSqlQuery create(db);
    if (!create.exec(QStringLiteral("CREATE VIRTUAL TABLE weenie_text USING fts5(name, wcid "
                                    "UNINDEXED, tokenize = 'trigram')")))
        return false;
    std::vector<const Weenie*> ordered;
    ordered.reserve(weenies.size());
    for (const Weenie& weenie : weenies)
        ordered.push_back(&weenie);
    std::sort(ordered.begin(), ordered.end(),
              [](const Weenie* a, const Weenie* b) { return inNameOrder(*a, *b); });
    QSqlQuery insert(db);
    const QString sql =
        QStringLiteral("INSERT INTO weenie_text (rowid, name, wcid) VALUES (?, ?, ?)");
    if (!insert.prepare(sql))
        throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, insert.lastError().text()));
    qint64 row = 0;
    for (const Weenie* weenie : ordered) {
        insert.addBindValue(++row);
        insert.addBindValue(weenie->name);
        insert.addBindValue(qint64(weenie->wcid));
        if (!insert.exec())
            throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, insert.lastError().text()));
    }
    return true;
}

std::vector<std::uint32_t> findByName(const QSqlDatabase& db, const QString& path, bool trigram,
                                      const QString& text, int limit) {
    if (limit <= 0)
        return {};
    // A trigram table finds nothing for fewer than three characters: those scan.
    if (trigram && text.toUcs4().size() >= 3)
        return byTrigram(db, path, text, limit);
    return byScan(db, path, text, limit);
}

} // namespace portalkit::weenies::detail
