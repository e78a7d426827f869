// `portalkit which` over the demo DATs, given and by default, and `portalkit export` of a
// StringTable as plain text and as JSON, run the way a user runs them.

#include "support/cli_run.h"

#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using portalkit::testing::runPortalkit;

namespace {

const QStringList kDemoDats{PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, PORTALKIT_DEMO_LOCAL_DAT,
                            PORTALKIT_DEMO_HIGHRES_DAT};

QJsonObject whichJson(const QStringList& arguments, int expectedExit) {
    const auto run = runPortalkit(QStringList{"which", "--json"} + arguments);
    if (run.exitCode != expectedExit)
        qWarning("exit %d: %s", run.exitCode, run.err.constData());
    return run.exitCode == expectedExit ? QJsonDocument::fromJson(run.out).object() : QJsonObject();
}

// The row of `json` for the DAT whose path ends in `name`.
QJsonObject row(const QJsonObject& json, const QString& name) {
    for (const QJsonValue& value : json["dats"].toArray())
        if (value.toObject()["dat"].toString().endsWith(name))
            return value.toObject();
    return {};
}

} // namespace

class TestWhich : public QObject {
    Q_OBJECT

  private slots:
    // A texture id is in the portal and highres DATs; the cell and local kinds give it other
    // types (or none), and say it is not there.
    void namesEveryDatHoldingTheId() {
        const QJsonObject json = whichJson(QStringList{"0x06000C01"} + kDemoDats, 0);
        QCOMPARE(json["id"].toString(), QString("0x06000C01"));
        QCOMPARE(json["dats"].toArray().size(), 4);
        QCOMPARE(row(json, "client_portal.dat")["type"].toString(), QString("RenderSurface"));
        QVERIFY(row(json, "client_portal.dat")["present"].toBool());
        QCOMPARE(row(json, "client_highres.dat")["type"].toString(), QString("RenderSurface"));
        QVERIFY(row(json, "client_highres.dat")["present"].toBool());
        QVERIFY(row(json, "client_highres.dat")["size"].toInt() >
                row(json, "client_portal.dat")["size"].toInt()); // twice the width and height
        QCOMPARE(row(json, "client_local_English.dat")["type"].toString(), QString("Unknown"));
        QVERIFY(!row(json, "client_local_English.dat")["present"].toBool());
        QCOMPARE(row(json, "client_local_English.dat")["kind"].toString(), QString("local"));
    }

    // With no DAT it asks the demo DATs beside the program: all four after a build.
    void defaultsToTheDemoDats() {
        const QJsonObject json = whichJson({"0x21000001"}, 0);
        QCOMPARE(json["dats"].toArray().size(), 4);
        const QJsonObject local = row(json, "client_local_English.dat");
        QCOMPARE(local["type"].toString(), QString("UiLayout"));
        QVERIFY(local["present"].toBool());
        QVERIFY(!row(json, "client_portal.dat")["present"].toBool());
    }

    void textNamesTheDatAndType() {
        const auto run = runPortalkit({"which", "0x23000001", PORTALKIT_DEMO_LOCAL_DAT});
        QCOMPARE(run.exitCode, 0);
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains("client_local_English.dat (local): StringTable — present"),
                 run.out.constData());
    }

    void anIdInNoneExitsOne() {
        const auto run = runPortalkit({"which", "0x41000005", PORTALKIT_DEMO_LOCAL_DAT});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(QString::fromUtf8(run.out).contains("in none of them"));
    }

    void badUsageExitsTwo() {
        QCOMPARE(runPortalkit({"which", "texture"}).exitCode, 2);
        QCOMPARE(runPortalkit({"which"}).exitCode, 2);
        QCOMPARE(runPortalkit({"which", "0x06000C01", "/no/such.dat"}).exitCode, 2);
    }

    void exportsAStringTableAsTextOrJson() {
        QTemporaryDir dir;
        const QString text = dir.filePath("strings.txt");
        QCOMPARE(
            runPortalkit({"export", PORTALKIT_DEMO_LOCAL_DAT, "0x23000001", "-o", text}).exitCode,
            0);
        QFile file(text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
        QVERIFY(lines[0].startsWith("# StringTable 0x23000001"));
        QVERIFY(lines.contains("0x00000001\tDemo Window"));
        QVERIFY(lines.contains(QString::fromUtf8("0x00000004\tCafé au lait")));
        QVERIFY(lines.contains(QString::fromUtf8("0x00000004\tCrème brûlée"))); // both variants

        const QString json = dir.filePath("strings.json");
        QCOMPARE(
            runPortalkit({"export", PORTALKIT_DEMO_LOCAL_DAT, "0x23000001", "-o", json}).exitCode,
            0);
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QJsonObject object = QJsonDocument::fromJson(jsonFile.readAll()).object();
        QCOMPARE(object["id"].toString(), QString("0x23000001"));
        QCOMPARE(object["strings"].toArray().size(), 5);
    }
};

QTEST_APPLESS_MAIN(TestWhich)
#include "tst_which.moc"
