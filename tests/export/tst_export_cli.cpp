// `portalkit export` for models, end to end on the demo DAT: the files it writes, its exit codes
// and messages, and that texture and sound exports still behave as before.

#include "gltf_test_support.h"
#include "support/cli_run.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QImage>
#include <QObject>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::testing;

class TestExportCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    const QString m_dat = QStringLiteral(PORTALKIT_DEMO_DAT);

    QString path(const QString& name) const { return m_dir.filePath(name); }
    static QByteArray read(const QString& file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

  private slots:
    void humanWithRecallAndSpheres() {
        const CliRun run = runPortalkit({"export", m_dat, "0x02000001", "-o", path("human.glb"),
                                         "--motion", "0x10000153", "--spheres"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const GltfFile file = readGltf(read(path("human.glb")));
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        QCOMPARE(file.count("animations"), 1);
        QCOMPARE(file.item("animations", 0)["name"].toString(), QString("motion 0x10000153"));
        bool sphere = false;
        for (int n = 0; n < file.count("nodes"); ++n)
            sphere = sphere || file.item("nodes", n)["name"].toString() == "sphere 0";
        QVERIFY(sphere);
        PORTALKIT_VALIDATE_GLTF(validated, read(path("human.glb")), "glb");
        PORTALKIT_EXPECT_VALID(validated);
    }

    void gfxObjAsGltfText() {
        const CliRun run = runPortalkit({"export", m_dat, "0x01000B03", "-o", path("bolt.gltf")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray text = read(path("bolt.gltf"));
        QVERIFY(text.trimmed().startsWith('{'));
        QCOMPARE(readGltf(text).count("meshes"), 1);
    }

    void stepAndStyle() {
        const CliRun run =
            runPortalkit({"export", m_dat, "0x02000001", "-o", path("step.glb"), "--motion",
                          "0x10000153", "--style", "0x8000003D", "--interpolation", "step"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const GltfFile file = readGltf(read(path("step.glb")));
        QCOMPARE(file.item("animations", 0)["samplers"]
                     .toArray()[0]
                     .toObject()["interpolation"]
                     .toString(),
                 QString("STEP"));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("says");
        QTest::newRow("style without motion")
            << QStringList{"0x02000001", "-o", "x.glb", "--style", "0x8000003D"}
            << QByteArray("--style");
        QTest::newRow("bad motion id")
            << QStringList{"0x02000001", "-o", "x.glb", "--motion", "recall"}
            << QByteArray("--motion");
        QTest::newRow("bad interpolation")
            << QStringList{"0x02000001", "-o", "x.glb", "--interpolation", "cubic"}
            << QByteArray("--interpolation");
        QTest::newRow("motion on a texture")
            << QStringList{"0x06000A01", "-o", "x.png", "--motion", "0x10000153"}
            << QByteArray("--motion applies");
        QTest::newRow("motion on a GfxObj")
            << QStringList{"0x01000001", "-o", "x.glb", "--motion", "0x10000153"}
            << QByteArray("need a Setup");
        QTest::newRow("model as .obj")
            << QStringList{"0x02000001", "-o", "x.obj"} << QByteArray(".glb or .gltf");
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, says);
        arguments.prepend(m_dat);
        arguments.prepend("export");
        arguments.replace(arguments.indexOf("-o") + 1,
                          path(arguments.at(arguments.indexOf("-o") + 1)));
        const CliRun run = runPortalkit(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.startsWith("portalkit: ") && run.err.contains(says), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    void dataErrorsExitOne() {
        // The Arrow has no MotionTable: the error names it.
        const CliRun run = runPortalkit(
            {"export", m_dat, "0x02000124", "-o", path("arrow.glb"), "--motion", "0x10000153"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("0x02000124"), run.err.constData());
        QVERIFY(!QFile::exists(path("arrow.glb")));
    }

    void texturesAndSoundsStillExport() {
        CliRun run = runPortalkit({"export", m_dat, "0x06000A03", "-o", path("p8.png")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QImage(path("p8.png")).size(), QSize(64, 64));
        run = runPortalkit({"export", m_dat, "0x0A000001", "-o", path("tone.wav")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(read(path("tone.wav")).startsWith("RIFF"));
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_export_cli.moc"
