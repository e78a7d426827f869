// Where an executable finds the data that comes with PortalKit: in the build tree (bin/ beside
// demo/ and the source's resources/) and in an installed tree (bin/ beside share/portalkit/).
#include "preview/timeline/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::preview;

class TestBundledData : public QObject {
    Q_OBJECT

    static void touch(const QString& path) {
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }

  private slots:
    void demoFilesComeFromTheBuildTreeFirst() {
        QTemporaryDir dir;
        const QString bin = dir.filePath("bin");
        QVERIFY(QDir().mkpath(bin));
        const QString built = dir.filePath("demo/client_portal.dat");
        const QString installed = dir.filePath("share/portalkit/demo/client_portal.dat");
        // Neither: the build tree's path, so a message names where the build puts it.
        QCOMPARE(bundledDemoFile(bin, "client_portal.dat"), built);
        touch(installed);
        QCOMPARE(bundledDemoFile(bin, "client_portal.dat"), installed);
        touch(built);
        QCOMPARE(bundledDemoFile(bin, "client_portal.dat"), built);
        QCOMPARE(bundledDemoFile(bin, "demo_manifest.json"),
                 dir.filePath("demo/demo_manifest.json"));
    }

    void scenariosComeFromAnInstalledTree() {
        QTemporaryDir dir;
        const QString bin = dir.filePath("usr/bin");
        QVERIFY(QDir().mkpath(bin));
        touch(dir.filePath("usr/share/portalkit/scenarios/arrow.json"));
        const QString folder =
            QFileInfo(dir.filePath("usr/share/portalkit/scenarios")).canonicalFilePath();
        QCOMPARE(bundledScenarioFolder(bin), folder);
        QCOMPARE(findScenarioFile("arrow.json", bin), QDir(folder).filePath("arrow.json"));
    }
};

QTEST_GUILESS_MAIN(TestBundledData)
#include "tst_bundled_data.moc"
