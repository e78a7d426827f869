// The physics suite's real-world cases (bench/physics_world.h) on the demo DATs: what they
// measure and that the report carries it; no figure here is a timing target (those live in the
// benchmark's own JSON, docs/benchmarks.md#physics-suite-issue-23).

#include "bench/physics_world.h"
#include "support/cli_run.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;

class TestPhysicsWorldBench : public QObject {
    Q_OBJECT

  private slots:
    void theTownIsBuiltOnceAndTheVolleyMeetsHouseAndTerrain() {
        const auto result = bench::measurePhysicsWorld(PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT,
                                                       bench::PhysicsWorldRuns{1, 1, 2.0}, 1);
        QVERIFY(result);
        const QJsonObject build = result->geometryBuild, volley = result->volley;
        QCOMPARE(build["blocks"].toInt(), 9); // the demo's 3x3 round the town
        QVERIFY(build["physicsParts"].toInt() >= 1);
        QVERIFY(build["msMedian"].toDouble() > 0);
        QVERIFY(build["decodeAloneMsMedian"].toDouble() > 0);
        QCOMPARE(build["msPerBlockMedian"].toDouble(), build["msMedian"].toDouble() / 9);
        QVERIFY(build["pass"].isBool());

        QCOMPARE(volley["missiles"].toInt(), 100);
        QCOMPARE(volley["collisionWorldBuilds"].toInt(), 1);
        QVERIFY(volley["sameCollisionWorldThroughout"].toBool());
        QVERIFY(volley["transitions"].toInteger() > 0);
        QVERIFY(volley["transitionSteps"].toInteger() >= volley["transitions"].toInteger());
        // A quarter fly at the house's west wall, the rest come down on the terrain.
        QVERIFY(volley["hitsStatic"].toInteger() > 0);
        QVERIFY(volley["hitsTerrain"].toInteger() > 0);
        QVERIFY(volley["groundPlaneHits"].toInteger() > 0);
        QVERIFY(volley["realTimeFactorMedian"].toDouble() > 0);
        QVERIFY(volley["groundPlaneRealTimeFactorMedian"].toDouble() > 0);
        QVERIFY(volley["pass"].isBool());
        QVERIFY(result->text.count('\n') == 2); // one line per case
    }

    void theSuitesReportKeepsItsKeysAndAddsTheWorldCases() {
        QTemporaryDir dir;
        const QString json = dir.filePath("physics.json");
        const auto run = testing::runPortalkit({"bench", "physics", "--json", json});
        QCOMPARE(run.exitCode, 0);
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
        for (const char* key : {"stepsPerSecondMedian", "emptyWorldStepsPerSecondMedian", "pass",
                                "geometryBuild", "volley"})
            QVERIFY2(report.contains(key), key);
        QCOMPARE(report["worldCases"].toString(), QStringLiteral("measured"));
        QVERIFY(report["geometryBuild"].toObject().contains("msPerBlockMedian"));
        QVERIFY(report["volley"].toObject().contains("realTimeFactorMedian"));
    }
};

QTEST_GUILESS_MAIN(TestPhysicsWorldBench)
#include "tst_physics_world_bench.moc"
