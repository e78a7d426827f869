#include "weenies/index.h"

#include "weenies/json_reader.h"
#include "weenies/mysql_reader.h"
#include "weenies/name_search.h"
#include "weenies/sql_reader.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QUuid>
#include <QVariant>
#include <algorithm>
#include <filesystem>
#include <map>
#include <sys/stat.h>

namespace portalkit::weenies {
namespace {

const QString kFormat = QStringLiteral("portalkit-weenie-index");

namespace fs = std::filesystem;

// One file's line in a source's digest: its path from the source, size and modification time,
// from one stat(2). `weenies find` stats every file of the corpus before it reads the index: on
// this project's VM a find over 30,000 files took 0.57 s with std::filesystem's file_size plus
// last_write_time, 0.23 s with one stat.
void addToDigest(QCryptographicHash& hash, const fs::path& file, const std::string& name) {
    struct stat status {};
    if (::stat(file.c_str(), &status) != 0)
        status = {}; // gone while listed: its zeros change the digest, as they should
    hash.addData(QByteArray::fromStdString(name + '\n' + std::to_string(status.st_size) + ' ' +
                                           std::to_string(status.st_mtim.tv_sec) + '.' +
                                           std::to_string(status.st_mtim.tv_nsec) + '\n'));
}

// A QSQLITE connection of its own; removed with the object.
struct Connection {
    QString name = QStringLiteral("portalkit-index-") + QUuid::createUuid().toString();

    QSqlDatabase db() const { return QSqlDatabase::database(name, false); }
    ~Connection() {
        if (!QSqlDatabase::contains(name))
            return;
        { QSqlDatabase::database(name, false).close(); }
        QSqlDatabase::removeDatabase(name);
    }
};

void openSqlite(const Connection& connection, const QString& path, bool readOnly) {
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        throw WeenieError(path, QStringLiteral("Qt's QSQLITE driver is not installed (Debian: "
                                               "libqt6sql6-sqlite)"));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection.name);
    db.setDatabaseName(path);
    if (readOnly)
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    if (!db.open())
        throw WeenieError(path, QStringLiteral("cannot open: ") + db.lastError().text());
}

QSqlQuery exec(const QSqlDatabase& db, const QString& path, const QString& sql) {
    QSqlQuery query(db);
    if (!query.exec(sql))
        throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, query.lastError().text()));
    return query;
}

void prepare(QSqlQuery& query, const QString& path, const QString& sql) {
    if (!query.prepare(sql))
        throw WeenieError(path, QStringLiteral("%1: %2").arg(sql, query.lastError().text()));
}

void execPrepared(QSqlQuery& query, const QString& path) {
    if (!query.exec())
        throw WeenieError(path, query.lastError().text());
}

void writeTables(const QSqlDatabase& db, const QString& path, const std::vector<Weenie>& weenies,
                 const SourceStamp& stamp) {
    for (const char* sql : {"PRAGMA journal_mode = OFF", "PRAGMA synchronous = OFF",
                            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
                            "CREATE TABLE weenie (wcid INTEGER PRIMARY KEY, class_name TEXT, "
                            "name TEXT COLLATE NOCASE, type INTEGER, folded TEXT)",
                            "CREATE TABLE did (wcid INTEGER, type INTEGER, value INTEGER, "
                            "PRIMARY KEY (wcid, type)) WITHOUT ROWID",
                            "BEGIN"})
        exec(db, path, QString::fromLatin1(sql));
    QSqlQuery meta(db), weenie(db), did(db);
    prepare(meta, path, QStringLiteral("INSERT INTO meta VALUES (?, ?)"));
    prepare(weenie, path, QStringLiteral("INSERT INTO weenie VALUES (?, ?, ?, ?, ?)"));
    prepare(did, path, QStringLiteral("INSERT INTO did VALUES (?, ?, ?)"));
    const std::map<QString, QString> metaRows{{"format", kFormat},
                                              {"version", QString::number(WeenieIndex::kVersion)},
                                              {"source", stamp.source},
                                              {"digest", stamp.digest},
                                              {"count", QString::number(weenies.size())}};
    for (const auto& [key, value] : metaRows) {
        meta.addBindValue(key);
        meta.addBindValue(value);
        execPrepared(meta, path);
    }
    for (const Weenie& w : weenies) {
        weenie.addBindValue(qint64(w.wcid));
        weenie.addBindValue(w.className);
        weenie.addBindValue(w.name);
        weenie.addBindValue(w.type);
        weenie.addBindValue(w.name.toCaseFolded()); // whole-name matches, case-insensitively
        execPrepared(weenie, path);
        for (const DidProperty& property : w.dids) {
            did.addBindValue(qint64(w.wcid));
            did.addBindValue(property.type);
            did.addBindValue(qint64(property.value));
            execPrepared(did, path);
        }
    }
    // Indexes after the rows: one sort instead of a B-tree insert per row.
    for (const char* sql :
         {"CREATE INDEX weenie_name ON weenie (name)",
          "CREATE INDEX weenie_folded ON weenie (folded)", "CREATE INDEX did_value ON did (value)"})
        exec(db, path, QString::fromLatin1(sql));
    meta.addBindValue(QStringLiteral("nameSearch"));
    meta.addBindValue(detail::writeNameSearch(db, path, weenies) ? QStringLiteral("trigram")
                                                                 : QStringLiteral("scan"));
    execPrepared(meta, path);
    exec(db, path, QStringLiteral("COMMIT"));
}

} // namespace

SourceStamp stampSource(const QString& source) {
    if (isDatabaseUrl(source)) {
        // The index keeps its source; a password has no place on disk.
        QUrl url(source);
        url.setPassword(QString());
        return {url.toString(), {}};
    }
    const QFileInfo info(source);
    if (!info.exists())
        throw WeenieError(source, QStringLiteral("no such file or folder"));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // From the absolute path, so "corpus" and "/home/me/corpus" stamp the same.
    const fs::path root(QFile::encodeName(info.absoluteFilePath()).toStdString());
    if (info.isDir()) {
        for (const auto& [name, path] : sqlFilesUnder(root, source))
            addToDigest(hash, path, name);
    } else {
        addToDigest(hash, root, root.filename().string());
    }
    return {info.absoluteFilePath(), QString::fromLatin1(hash.result().toHex())};
}

std::vector<Weenie> readSource(const QString& source) {
    if (isDatabaseUrl(source)) {
        QString why;
        const auto url = DatabaseUrl::parse(source, &why);
        if (!url)
            throw WeenieError(source, why);
        return readDatabase(*url);
    }
    const QFileInfo info(source);
    if (info.isDir())
        return readSqlFolder(source);
    if (!info.exists())
        throw WeenieError(source, QStringLiteral("no such file or folder"));
    if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        return readWeenieJson(source);
    return readSqlFile(source);
}

struct WeenieIndex::Impl {
    Connection connection;
    QString path;
    SourceStamp stamp;
    std::size_t count = 0;
    bool trigram = false; // the weenie_text table is there

    std::vector<Weenie> select(const QString& where, const QVariantList& values) const;
    // The weenies of `wcids`, in that order.
    std::vector<Weenie> inOrder(const std::vector<std::uint32_t>& wcids) const;
};

std::vector<Weenie> WeenieIndex::Impl::inOrder(const std::vector<std::uint32_t>& wcids) const {
    if (wcids.empty())
        return {};
    QStringList list; // integers, so no quoting to get wrong
    for (std::uint32_t wcid : wcids)
        list << QString::number(wcid);
    std::vector<Weenie> byWcid = select(
        QStringLiteral("WHERE w.wcid IN (%1) ORDER BY w.wcid, d.type").arg(list.join(',')), {});
    std::vector<Weenie> ordered;
    ordered.reserve(byWcid.size());
    for (std::uint32_t wcid : wcids) {
        const auto it = std::lower_bound(
            byWcid.begin(), byWcid.end(), wcid,
            [](const Weenie& weenie, std::uint32_t wanted) { return weenie.wcid < wanted; });
        if (it != byWcid.end() && it->wcid == wcid)
            ordered.push_back(std::move(*it));
    }
    return ordered;
}

std::vector<Weenie> WeenieIndex::Impl::select(const QString& where,
                                              const QVariantList& values) const {
    const QSqlDatabase db = connection.db();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    prepare(query, path,
            QStringLiteral("SELECT w.wcid, w.class_name, w.name, w.type, d.type, d.value FROM "
                           "weenie w LEFT JOIN did d ON d.wcid = w.wcid ") +
                where);
    for (const QVariant& value : values)
        query.addBindValue(value);
    execPrepared(query, path);
    std::vector<Weenie> weenies;
    while (query.next()) {
        const auto wcid = std::uint32_t(query.value(0).toLongLong());
        if (weenies.empty() || weenies.back().wcid != wcid) {
            Weenie weenie;
            weenie.wcid = wcid;
            weenie.className = query.value(1).toString();
            weenie.name = query.value(2).toString();
            weenie.type = query.value(3).toInt();
            weenies.push_back(std::move(weenie));
        }
        if (!query.value(4).isNull())
            weenies.back().dids.push_back({std::uint16_t(query.value(4).toUInt()),
                                           std::uint32_t(query.value(5).toLongLong())});
    }
    return weenies;
}

void WeenieIndex::write(const QString& path, const std::vector<Weenie>& weenies,
                        const SourceStamp& stamp) {
    const QString temporary =
        path + QStringLiteral(".tmp-") + QString::number(QCoreApplication::applicationPid());
    QFile::remove(temporary);
    try {
        Connection connection;
        openSqlite(connection, temporary, false);
        writeTables(connection.db(), temporary, weenies, stamp);
    } catch (...) {
        QFile::remove(temporary);
        throw;
    }
    // rename(2) replaces the old index in one step: a reader sees the old file or the new one.
    std::error_code error;
    std::filesystem::rename(QFile::encodeName(temporary).toStdString(),
                            QFile::encodeName(path).toStdString(), error);
    if (error) {
        QFile::remove(temporary);
        throw WeenieError(path, QStringLiteral("cannot write the index: ") +
                                    QString::fromStdString(error.message()));
    }
}

namespace {

// The meta rows of an index at `path`, through `connection`; nothing when the file is no SQLite
// database or has no meta table.
std::optional<std::map<QString, QString>> metaOf(const Connection& connection,
                                                 const QString& path) {
    openSqlite(connection, path, true);
    QSqlQuery meta(connection.db());
    if (!meta.exec(QStringLiteral("SELECT key, value FROM meta")))
        return std::nullopt;
    std::map<QString, QString> values;
    while (meta.next())
        values[meta.value(0).toString()] = meta.value(1).toString();
    return values;
}

} // namespace

bool WeenieIndex::isIndexFile(const QString& path) {
    if (!QFileInfo(path).isFile())
        return false;
    const Connection connection;
    const auto values = metaOf(connection, path);
    return values && values->count("format") && values->at("format") == kFormat;
}

WeenieIndex WeenieIndex::open(const QString& path) {
    if (!QFileInfo(path).isFile())
        throw WeenieError(path, QStringLiteral("no such index (make one with `portalkit weenies "
                                               "import SRC -o %1`)")
                                    .arg(path));
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    auto found = metaOf(impl->connection, path);
    if (!found)
        throw WeenieError(path, QStringLiteral("not a PortalKit weenie index"));
    std::map<QString, QString>& values = *found;
    if (values["format"] != kFormat)
        throw WeenieError(path, QStringLiteral("not a PortalKit weenie index"));
    if (values["version"] != QString::number(kVersion))
        throw WeenieError(path, QStringLiteral("index version %1; this PortalKit reads %2: import "
                                               "the source again")
                                    .arg(values["version"])
                                    .arg(kVersion));
    impl->stamp = {values["source"], values["digest"]};
    impl->count = values["count"].toULongLong();
    impl->trigram = values["nameSearch"] == QLatin1String("trigram");
    return WeenieIndex(std::move(impl));
}

WeenieIndex::WeenieIndex(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
WeenieIndex::WeenieIndex(WeenieIndex&&) noexcept = default;
WeenieIndex& WeenieIndex::operator=(WeenieIndex&&) noexcept = default;
WeenieIndex::~WeenieIndex() = default;

const QString& WeenieIndex::path() const {
    return m_impl->path;
}

SourceStamp WeenieIndex::stamp() const {
    return m_impl->stamp;
}

std::size_t WeenieIndex::count() const {
    return m_impl->count;
}

std::optional<Weenie> WeenieIndex::byWcid(std::uint32_t wcid) const {
    auto found = m_impl->select(QStringLiteral("WHERE w.wcid = ? ORDER BY d.type"), {qint64(wcid)});
    if (found.empty())
        return std::nullopt;
    return std::move(found.front());
}

std::vector<Weenie> WeenieIndex::byName(const QString& text, int limit) const {
    return m_impl->inOrder(
        detail::findByName(m_impl->connection.db(), m_impl->path, m_impl->trigram, text, limit));
}

std::vector<Weenie> WeenieIndex::byDid(std::uint32_t did, int limit) const {
    // SQLite reads LIMIT -1 as no limit.
    return m_impl->select(
        QStringLiteral("WHERE w.wcid IN (SELECT DISTINCT wcid FROM did WHERE value = ? ORDER BY "
                       "wcid LIMIT ?) ORDER BY w.wcid, d.type"),
        {qint64(did), limit < 0 ? -1 : limit});
}

std::size_t WeenieIndex::countByDid(std::uint32_t did) const {
    QSqlQuery query(m_impl->connection.db());
    query.setForwardOnly(true);
    prepare(query, m_impl->path,
            QStringLiteral("SELECT COUNT(DISTINCT wcid) FROM did WHERE value = ?"));
    query.addBindValue(qint64(did));
    execPrepared(query, m_impl->path);
    return query.next() ? std::size_t(query.value(0).toLongLong()) : 0;
}

std::vector<Weenie> WeenieIndex::all() const {
    return m_impl->select(QStringLiteral("ORDER BY w.wcid, d.type"), {});
}

bool isCurrent(const WeenieIndex& index) {
    const SourceStamp stamp = index.stamp();
    if (stamp.digest.isEmpty() || !QFileInfo::exists(stamp.source))
        return true;
    return stampSource(stamp.source) == stamp;
}

WeenieIndex openCurrent(const QString& path, bool* rebuilt) {
    if (rebuilt)
        *rebuilt = false;
    WeenieIndex index = WeenieIndex::open(path);
    const SourceStamp stamp = index.stamp();
    if (isCurrent(index))
        return index;
    { // closed before the file is replaced
        const WeenieIndex closing = std::move(index);
    }
    // Stamped before it is read: a change made during the read shows on the next open.
    const SourceStamp now = stampSource(stamp.source);
    WeenieIndex::write(path, readSource(stamp.source), now);
    if (rebuilt)
        *rebuilt = true;
    return WeenieIndex::open(path);
}

} // namespace portalkit::weenies
