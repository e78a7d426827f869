// Objects drawn in the world by `portalkit render` (docs/cli.md#objects-in-the-world,
// docs/scenarios.md#world), under Xvfb: a Setup placed with --landblock/--place stands on the
// ground with the same pixels it has in the void (same camera), a scenario naming its place is
// drawn there, an object in an EnvCell is seen from inside the cell, and wrong places are refused
// with exit status 2.

#include "ui/render/frame_graph.h"

#include <QObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;

namespace {

constexpr const char* kHuman = "0x02000001";

struct Run {
    int exit = -1;
    QByteArray out, err;
};

Run runCli(const QStringList& arguments) {
    QProcess process;
    process.start(PORTALKIT_CLI, arguments);
    Run run;
    if (!process.waitForFinished(120000))
        return run;
    run.exit = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QImage load(const QString& path) {
    return QImage(path).convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TestRenderPlaced : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    // The same human, camera and time in the void and on the town floor at (70, 70): where the
    // void shows the human the town shows the same pixels (it is drawn over the world, not
    // under it), and the lower third, background in the void, is all ground in the town.
    void aSetupStandsOnTheGroundWithItsOwnPixels() {
        const QStringList common{"--setup",  kHuman,      "--time", "1",
                                 "--camera", "-135,20,6", "--size", "320x240"};
        const Run voidRun = runCli(
            QStringList{"render", PORTALKIT_DEMO_DAT, "-o", m_dir.filePath("void.png")} + common);
        QVERIFY2(voidRun.exit == 0, voidRun.err.constData());
        const Run town =
            runCli(QStringList{"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, "--landblock",
                               "0xA9B4", "--place", "70,70", "-o", m_dir.filePath("town.png")} +
                   common);
        QVERIFY2(town.exit == 0, town.err.constData());
        QVERIFY2(town.out.contains("origin (70.00, 70.00, 40.25)"), town.out.constData());

        const QImage alone = load(m_dir.filePath("void.png"));
        const QImage placed = load(m_dir.filePath("town.png"));
        QCOMPARE(alone.size(), placed.size());
        const QRgb bg = render::backgroundColor().rgb();
        int human = 0, same = 0, ground = 0, low = 0;
        for (int y = 0; y < alone.height(); ++y)
            for (int x = 0; x < alone.width(); ++x) {
                const bool isHuman = alone.pixel(x, y) != bg;
                human += isHuman ? 1 : 0;
                same += isHuman && alone.pixel(x, y) == placed.pixel(x, y) ? 1 : 0;
                if (!isHuman && y > alone.height() * 2 / 3) {
                    ++low;
                    ground += placed.pixel(x, y) != bg ? 1 : 0;
                }
            }
        QVERIFY2(human > 500, qPrintable(QString::number(human)));
        QVERIFY2(same > human * 9 / 10,
                 qPrintable(QStringLiteral("%1 of %2").arg(same).arg(human)));
        QCOMPARE(ground, low);
    }

    // town_bolt.json names landblock 0xA9B4 and its origin; no --landblock is needed, and the
    // cell DAT is found beside the portal DAT.
    void aScenarioIsDrawnAtItsPlace() {
        const Run run =
            runCli({"render", PORTALKIT_DEMO_DAT, "--scenario", "town_bolt.json", "--time", "0.6",
                    "-o", m_dir.filePath("bolt.png"), "--size", "320x240"});
        QVERIFY2(run.exit == 0, run.err.constData());
        QVERIFY2(run.out.contains("world: 9 landblocks round 0xA9B4FFFF, origin (60.00, 88.00, "
                                  "40.25)"),
                 run.out.constData());
        const QImage image = load(m_dir.filePath("bolt.png"));
        const QRgb bg = render::backgroundColor().rgb();
        int ground = 0;
        for (int x = 0; x < image.width(); ++x)
            ground += image.pixel(x, image.height() - 2) != bg ? 1 : 0;
        QCOMPARE(ground, image.width());
    }

    // In the dungeon cell 0x01D90105 the human stands on its floor's centre and the camera stays
    // inside the cell: no background anywhere, the human in the middle.
    void anObjectInACellIsSeenFromInside() {
        const Run run = runCli({"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, "--cell",
                                "0x01D90105", "--setup", kHuman, "--time", "1", "-o",
                                m_dir.filePath("cell.png"), "--size", "320x240"});
        QVERIFY2(run.exit == 0, run.err.constData());
        QVERIFY2(run.out.contains("round 0x01D90105"), run.out.constData());
        const QImage image = load(m_dir.filePath("cell.png"));
        const QRgb bg = render::backgroundColor().rgb();
        int background = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                background += image.pixel(x, y) == bg ? 1 : 0;
        QVERIFY2(background < image.width() * image.height() / 4 / 50,
                 qPrintable(QString::number(background)));
    }

    // --overlays reach the world picture: the landblock grid and cell boundaries change pixels
    // of the same view.
    void overlaysAreDrawnOverTheWorld() {
        const QStringList common{"render",   PORTALKIT_DEMO_DAT, "--landblock", "0xA9B4",
                                 "--camera", "-135,50,180",      "--size",      "320x240"};
        const Run plain = runCli(common + QStringList{"-o", m_dir.filePath("plain.png")});
        const Run lined = runCli(common + QStringList{"-o", m_dir.filePath("lined.png"),
                                                      "--overlays", "landblocks,cells"});
        QVERIFY2(plain.exit == 0 && lined.exit == 0, lined.err.constData());
        const QImage a = load(m_dir.filePath("plain.png")), b = load(m_dir.filePath("lined.png"));
        int differing = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                differing += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        QVERIFY2(differing > 200, qPrintable(QString::number(differing)));
        const Run bad =
            runCli(common + QStringList{"-o", m_dir.filePath("x.png"), "--overlays", "roads"});
        QCOMPARE(bad.exit, 2);
        QVERIFY(bad.err.contains("landblocks")); // the error lists the world's overlays too
    }

    void wrongPlacesAreRefused() {
        const QString out = m_dir.filePath("x.png");
        const QList<QStringList> bad{
            // --place is for --landblock, inside the block
            {"render", PORTALKIT_DEMO_DAT, "--cell", "0x01D90105", "--setup", kHuman, "--place",
             "1,2", "--time", "0", "-o", out},
            {"render", PORTALKIT_DEMO_DAT, "--landblock", "0xA9B4", "--setup", kHuman, "--place",
             "500,2", "--time", "0", "-o", out},
            {"render", PORTALKIT_DEMO_DAT, "--setup", kHuman, "--place", "1,2", "--time", "0", "-o",
             out},
            // a scenario without a place given a cell DAT
            {"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, "--scenario", "flame_bolt.json",
             "--time", "0", "-o", out},
            // a landblock the cell DAT does not hold
            {"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, "--landblock", "0x1234",
             "--setup", kHuman, "--time", "0", "-o", out},
        };
        for (const QStringList& arguments : bad) {
            const Run run = runCli(arguments);
            QVERIFY2(run.exit == 2,
                     qPrintable(arguments.join(' ') + " -> " + QString::number(run.exit) + " " +
                                QString::fromUtf8(run.err)));
            QVERIFY(!run.err.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestRenderPlaced)
#include "tst_render_placed.moc"
