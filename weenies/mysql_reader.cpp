#include "weenies/mysql_reader.h"

#include "weenies/corpus.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>

namespace portalkit::weenies {

bool isDatabaseUrl(const QString& text) {
    return text.startsWith(QLatin1String("mysql://"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1String("mariadb://"), Qt::CaseInsensitive);
}

std::optional<DatabaseUrl> DatabaseUrl::parse(const QString& text, QString* why) {
    const auto fail = [&](const QString& message) -> std::optional<DatabaseUrl> {
        if (why)
            *why = message;
        return std::nullopt;
    };
    if (!isDatabaseUrl(text))
        return fail(QStringLiteral("a database is named mysql://USER@HOST[:PORT]/DATABASE"));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return fail(QStringLiteral("not a URL: ") + url.errorString());
    DatabaseUrl result;
    result.user = url.userName();
    result.password = url.password();
    if (result.password.isEmpty())
        result.password = qEnvironmentVariable("PORTALKIT_DB_PASSWORD");
    result.host = url.host();
    result.port = url.port(3306);
    result.socket = QUrlQuery(url).queryItemValue(QStringLiteral("socket"), QUrl::FullyDecoded);
    result.database = url.path().mid(1);
    if (result.user.isEmpty())
        return fail(QStringLiteral("the URL names no user (mysql://USER@HOST/DATABASE)"));
    if (result.database.isEmpty() || result.database.contains('/'))
        return fail(QStringLiteral("the URL names no database (mysql://USER@HOST/ace_world)"));
    if (result.host.isEmpty() && result.socket.isEmpty())
        return fail(QStringLiteral("the URL names no host and no ?socket=PATH"));
    return result;
}

QString DatabaseUrl::display() const {
    QString where = socket.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(port)
                                     : QStringLiteral("socket %1").arg(socket);
    return QStringLiteral("mysql://%1@%2/%3").arg(user, where, database);
}

namespace {

// A connection of its own (Qt keeps connections by name), removed on every way out.
class Connection {
  public:
    explicit Connection(const DatabaseUrl& url)
        : m_name(QStringLiteral("portalkit-weenies-") + QUuid::createUuid().toString()) {
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QMYSQL")))
            throw WeenieError(url.display(), QStringLiteral("Qt's QMYSQL driver is not installed "
                                                            "(Debian: libqt6sql6-mysql)"));
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QMYSQL"), m_name);
        db.setUserName(url.user);
        db.setPassword(url.password);
        db.setDatabaseName(url.database);
        if (url.socket.isEmpty()) {
            db.setHostName(url.host);
            db.setPort(url.port);
        } else {
            db.setConnectOptions(QStringLiteral("UNIX_SOCKET=") + url.socket +
                                 QStringLiteral(";MYSQL_OPT_CONNECT_TIMEOUT=10"));
        }
        if (url.socket.isEmpty())
            db.setConnectOptions(QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=10"));
        if (!db.open())
            throw WeenieError(url.display(),
                              QStringLiteral("cannot connect: ") + db.lastError().text());
    }
    ~Connection() {
        { QSqlDatabase::database(m_name, false).close(); }
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

  private:
    QString m_name;
};

QSqlQuery run(const Connection& connection, const DatabaseUrl& url, const QString& sql) {
    QSqlQuery query(connection.db());
    query.setForwardOnly(true);
    if (!query.exec(sql))
        throw WeenieError(
            url.display(),
            QStringLiteral("query failed (%1): %2").arg(sql, query.lastError().text()));
    return query;
}

} // namespace

std::vector<Weenie> readDatabase(const DatabaseUrl& url) {
    FileRows rows;
    {
        const Connection connection(url);
        const auto at = [&](const char* table, std::uint32_t wcid) {
            return Location{QStringLiteral("%1 %2 WCID %3").arg(url.display(), table).arg(wcid), 0,
                            0};
        };
        QSqlQuery weenies =
            run(connection, url, QStringLiteral("SELECT class_Id, class_Name, type FROM weenie"));
        while (weenies.next()) {
            FileRows::Define define;
            define.weenie.wcid = weenies.value(0).toUInt();
            define.weenie.className = weenies.value(1).toString();
            define.weenie.type = weenies.value(2).toInt();
            define.at = at("weenie", define.weenie.wcid);
            rows.weenies.push_back(std::move(define));
        }
        QSqlQuery names =
            run(connection, url,
                QStringLiteral("SELECT object_Id, value FROM weenie_properties_string "
                               "WHERE type = 1"));
        while (names.next()) {
            const std::uint32_t wcid = names.value(0).toUInt();
            rows.names.push_back(
                {wcid, names.value(1).toString(), at("weenie_properties_string", wcid)});
        }
        QSqlQuery dids =
            run(connection, url,
                QStringLiteral("SELECT object_Id, type, value FROM weenie_properties_d_i_d"));
        while (dids.next()) {
            const std::uint32_t wcid = dids.value(0).toUInt();
            const auto type = std::uint16_t(dids.value(1).toUInt());
            if (didPropertyName(type).empty())
                failAt(at("weenie_properties_d_i_d", wcid),
                       QStringLiteral("unknown DID property type %1 (ACE's PropertyDataId has no "
                                      "such value)")
                           .arg(type));
            rows.dids.push_back(
                {wcid, {type, dids.value(2).toUInt()}, at("weenie_properties_d_i_d", wcid)});
        }
    }
    CorpusBuilder builder;
    builder.add(std::move(rows));
    return builder.finish();
}

} // namespace portalkit::weenies
