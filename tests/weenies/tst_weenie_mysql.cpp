// A live ace_world database (docs/world-data.md#database): the suite starts a MariaDB server of
// its own in a temporary folder (Debian's mariadb-server; skipped only when mariadbd is absent),
// loads a small ace_world schema and the sample weenies with the mariadb client, as a server
// team does, and reads them back through QMYSQL. The SQL-file reader must give the same
// weenies and the same index; a server that refuses is an error naming it.

#include "support/weenie_samples.h"
#include "weenies/index.h"
#include "weenies/mysql_reader.h"
#include "weenies/sql_reader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace portalkit::weenies;
using namespace portalkit::testing;

namespace {

const QString kSamples = QStringLiteral(PORTALKIT_WEENIE_SAMPLES);
const QString kSchema = QStringLiteral(PORTALKIT_ACE_SCHEMA);

QString findProgram(const QString& name) {
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, {"/usr/sbin", "/usr/local/sbin"});
    return path;
}

// A TCP port on 127.0.0.1 that nothing listens on: bound by the kernel's choice, then closed.
int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

// mariadbd on a private socket and port in `dir`, as root if the suite runs as root (mariadbd
// refuses that unless told), stopped when the object goes.
class MariaDb {
  public:
    explicit MariaDb(QString dir) : m_dir(std::move(dir)) {}
    ~MariaDb() {
        if (m_server.state() != QProcess::NotRunning) {
            m_server.terminate();
            if (!m_server.waitForFinished(30000))
                m_server.kill();
            m_server.waitForFinished(5000);
        }
    }

    QString socket() const { return m_dir + "/mysqld.sock"; }
    int port() const { return m_port; }

    // Empty when the server answers; else what went wrong.
    QString start() {
        m_client = findProgram("mariadb");
        if (m_client.isEmpty())
            m_client = findProgram("mysql");
        const QString install = findProgram("mariadb-install-db");
        if (m_client.isEmpty() || install.isEmpty())
            return "mariadb-server is only half installed: no mariadb client or "
                   "mariadb-install-db";
        const QStringList asUser = ::geteuid() == 0 ? QStringList{"--user=root"} : QStringList{};
        QProcess installer;
        installer.setProcessChannelMode(QProcess::MergedChannels);
        installer.start(install,
                        QStringList{"--no-defaults", "--datadir=" + m_dir + "/data",
                                    "--auth-root-authentication-method=normal", "--skip-test-db"} +
                            asUser);
        if (!installer.waitForFinished(120000) || installer.exitCode() != 0)
            return "mariadb-install-db failed: " + QString::fromLocal8Bit(installer.readAll());
        m_port = freePort();
        m_server.setProcessChannelMode(QProcess::MergedChannels);
        m_server.setStandardOutputFile(m_dir + "/server.log");
        m_server.start(findProgram("mariadbd"),
                       QStringList{"--no-defaults", "--datadir=" + m_dir + "/data",
                                   "--socket=" + socket(), "--port=" + QString::number(m_port),
                                   "--bind-address=127.0.0.1", "--pid-file=" + m_dir + "/pid",
                                   "--innodb-buffer-pool-size=16M", "--skip-name-resolve"} +
                           asUser);
        if (!m_server.waitForStarted(10000))
            return "mariadbd did not start: " + m_server.errorString();
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < 60000) {
            if (m_server.state() == QProcess::NotRunning)
                return "mariadbd stopped: " + log();
            if (sql("SELECT 1").isEmpty())
                return {};
            QThread::msleep(200);
        }
        return "mariadbd did not answer in 60 s: " + log();
    }

    // Runs `statements` (or the file `input`) with the mariadb client against `database`, as a
    // server team loads weenie files; empty on success, else the client's complaint.
    QString sql(const QString& statements, const QString& database = {},
                const QString& input = {}) const {
        QProcess client;
        QStringList arguments{"--no-defaults", "--socket=" + socket(), "--user=root"};
        if (!statements.isEmpty())
            arguments << "-e" << statements;
        if (!database.isEmpty())
            arguments << database;
        if (!input.isEmpty())
            client.setStandardInputFile(input);
        client.start(m_client, arguments);
        if (!client.waitForFinished(60000))
            return "the mariadb client hung";
        if (client.exitStatus() != QProcess::NormalExit || client.exitCode() != 0)
            return QString::fromLocal8Bit(client.readAllStandardError()).trimmed() + " ";
        return {};
    }

  private:
    QString log() const {
        QFile file(m_dir + "/server.log");
        return file.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(file.readAll().right(2000))
                                              : QString();
    }

    QString m_dir;
    QString m_client;
    QProcess m_server;
    int m_port = 0;
};

// A weenie whose Name carries every escape the lexer knows, so the server's reading of the
// string is the oracle for ours.
const QByteArray kEscapes =
    "INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`) VALUES (90002, 'escapes', 1);\n"
    "INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)\n"
    "VALUES (90002, 1, 'It''s \\'q\\' \"d\" \\\"e\\\" \\\\b \\n\\t 50\\% a\\_b \\q # -- /* */ "
    ";');\n";

} // namespace

class TestWeenieMysql : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir{QDir::tempPath() + "/pk-mariadb-XXXXXX"};
    std::unique_ptr<MariaDb> m_server;
    QString m_corpus; // the samples and kEscapes, as files

    DatabaseUrl socketUrl() const {
        return *DatabaseUrl::parse("mysql://root@/ace_world?socket=" + m_server->socket());
    }

  private slots:
    // The URL forms need no server.
    void urlsAreParsed() {
        QString why;
        auto url = DatabaseUrl::parse("mysql://ace:secret@db.example:3307/ace_world", &why);
        QVERIFY2(url, qPrintable(why));
        QCOMPARE(url->user, QStringLiteral("ace"));
        QCOMPARE(url->password, QStringLiteral("secret"));
        QCOMPARE(url->host, QStringLiteral("db.example"));
        QCOMPARE(url->port, 3307);
        QCOMPARE(url->database, QStringLiteral("ace_world"));
        // Messages name the server without its password.
        QCOMPARE(url->display(), QStringLiteral("mysql://ace@db.example:3307/ace_world"));
        url = DatabaseUrl::parse("mariadb://ace@/ace_world?socket=/run/mysqld/mysqld.sock");
        QVERIFY(url);
        QCOMPARE(url->socket, QStringLiteral("/run/mysqld/mysqld.sock"));
        QCOMPARE(url->display(),
                 QStringLiteral("mysql://ace@socket /run/mysqld/mysqld.sock/ace_world"));
        QCOMPARE(DatabaseUrl::parse("mysql://ace@localhost/ace_world")->port, 3306);
        qputenv("PORTALKIT_DB_PASSWORD", "fromenv");
        QCOMPARE(DatabaseUrl::parse("mysql://ace@localhost/ace_world")->password,
                 QStringLiteral("fromenv"));
        qunsetenv("PORTALKIT_DB_PASSWORD");
        for (const char* bad :
             {"ace_world", "mysql://localhost/ace_world", "mysql://ace@localhost/",
              "mysql://ace@/ace_world", "mysql://ace@localhost/a/b"}) {
            QVERIFY2(!DatabaseUrl::parse(bad, &why), bad);
            QVERIFY(!why.isEmpty());
        }
    }

    void initTestCase() {
        QVERIFY(m_dir.isValid());
        if (findProgram("mariadbd").isEmpty())
            return; // the server tests skip themselves
        QVERIFY2(QSqlDatabase::isDriverAvailable("QMYSQL"),
                 "mariadbd is here but Qt's QMYSQL driver is not (Debian: libqt6sql6-mysql)");
        m_corpus = m_dir.filePath("corpus");
        QVERIFY(QDir().mkpath(m_corpus));
        for (const QString& name : QDir(kSamples).entryList({"*.sql"}, QDir::Files))
            QVERIFY(QFile::copy(kSamples + "/" + name, m_corpus + "/" + name));
        QFile escapes(m_corpus + "/90002 escapes.sql");
        QVERIFY(escapes.open(QIODevice::WriteOnly));
        escapes.write(kEscapes);
        escapes.close();

        m_server = std::make_unique<MariaDb>(m_dir.path());
        const QString failure = m_server->start();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(m_server->sql("CREATE DATABASE ace_world CHARACTER SET utf8mb4"), QString());
        QCOMPARE(m_server->sql({}, "ace_world", kSchema), QString());
        for (const QString& name : QDir(m_corpus).entryList({"*.sql"}, QDir::Files))
            QVERIFY2(
                m_server->sql({}, "ace_world", m_corpus + "/" + name).isEmpty(),
                qPrintable(name + ": " + m_server->sql({}, "ace_world", m_corpus + "/" + name)));
    }

    void theDatabaseGivesWhatTheFilesGive() {
        if (!m_server)
            QSKIP("mariadbd is not installed (Debian: mariadb-server)");
        const std::vector<Weenie> fromServer = readDatabase(socketUrl());
        const std::vector<Weenie> fromFiles = readSqlFolder(m_corpus);
        QCOMPARE(fromServer.size(), std::size_t(13));
        QCOMPARE(fromServer, fromFiles);
        // The server's reading of every escape is ours.
        const auto escapes = std::find_if(fromServer.begin(), fromServer.end(),
                                          [](const Weenie& w) { return w.wcid == 90002; });
        QCOMPARE(escapes->name,
                 QStringLiteral("It's 'q' \"d\" \"e\" \\b \n\t 50\\% a\\_b q # -- /* */ ;"));
    }

    void theSameIndexOverTcp() {
        if (!m_server)
            QSKIP("mariadbd is not installed (Debian: mariadb-server)");
        const QString url =
            QStringLiteral("mysql://root@127.0.0.1:%1/ace_world").arg(m_server->port());
        const QString fromServer = m_dir.filePath("server.sqlite");
        const QString fromFiles = m_dir.filePath("files.sqlite");
        WeenieIndex::write(fromServer, readSource(url), stampSource(url));
        WeenieIndex::write(fromFiles, readSource(m_corpus), stampSource(m_corpus));
        const WeenieIndex server = WeenieIndex::open(fromServer);
        const WeenieIndex files = WeenieIndex::open(fromFiles);
        QCOMPARE(server.all(), files.all());
        QCOMPARE(server.byName("bolt"), files.byName("bolt"));
        QCOMPARE(server.byDid(0x0200040D), files.byDid(0x0200040D));
        // A database's index is refreshed by importing again, not on every open.
        QVERIFY(server.stamp().digest.isEmpty());
        QVERIFY(isCurrent(server));
        bool rebuilt = true;
        QCOMPARE(openCurrent(fromServer, &rebuilt).count(), std::size_t(13));
        QVERIFY(!rebuilt);
    }

    void aRefusedConnectionNamesTheServer() {
        const int port = freePort();
        const QString text = QStringLiteral("mysql://ace@127.0.0.1:%1/ace_world").arg(port);
        if (!QSqlDatabase::isDriverAvailable("QMYSQL"))
            QSKIP("Qt's QMYSQL driver is not installed");
        WeenieError error = weenieErrorOf([&] { readSource(text); });
        QCOMPARE(error.source(), text);
        QVERIFY2(error.message().startsWith("cannot connect: "), error.what());
        // A socket nobody listens on.
        const QString socket = m_dir.filePath("nobody.sock");
        error = weenieErrorOf([&] { readSource("mysql://ace@/ace_world?socket=" + socket); });
        QCOMPARE(error.source(), "mysql://ace@socket " + socket + "/ace_world");
        QVERIFY2(error.message().startsWith("cannot connect: "), error.what());
        if (!m_server)
            return;
        // A database the server does not have, a user it does not know.
        error = weenieErrorOf(
            [&] { readSource("mysql://root@/no_such_world?socket=" + m_server->socket()); });
        QVERIFY2(error.message().startsWith("cannot connect: "), error.what());
        QVERIFY(error.source().endsWith("/no_such_world"));
        error = weenieErrorOf(
            [&] { readSource("mysql://nobody:x@/ace_world?socket=" + m_server->socket()); });
        QVERIFY2(error.message().startsWith("cannot connect: "), error.what());
        QVERIFY(!error.source().contains(":x@")); // no password in messages
    }

    void badRowsNameTheTable() {
        if (!m_server)
            QSKIP("mariadbd is not installed (Debian: mariadb-server)");
        QCOMPARE(m_server->sql("INSERT INTO weenie_properties_d_i_d (object_Id, type, value) "
                               "VALUES (7277, 99, 1)",
                               "ace_world"),
                 QString());
        const WeenieError error = weenieErrorOf([&] { readDatabase(socketUrl()); });
        QVERIFY2(error.message().contains("unknown DID property type 99"), error.what());
        QVERIFY2(error.source().contains("weenie_properties_d_i_d WCID 7277"), error.what());
        QVERIFY(error.source().startsWith(socketUrl().display()));
        QCOMPARE(m_server->sql("DELETE FROM weenie_properties_d_i_d WHERE type = 99", "ace_world"),
                 QString());
        // A database without the weenie tables.
        QCOMPARE(m_server->sql("CREATE DATABASE empty_world"), QString());
        const WeenieError missing = weenieErrorOf([&] {
            readDatabase(
                *DatabaseUrl::parse("mysql://root@/empty_world?socket=" + m_server->socket()));
        });
        QVERIFY2(missing.message().startsWith("query failed"), missing.what());
        QVERIFY2(missing.message().contains("weenie"), missing.what());
    }
};

QTEST_GUILESS_MAIN(TestWeenieMysql)
#include "tst_weenie_mysql.moc"
