// portalkit render --gfxobj / --emitter end to end on the demo DAT (docs/cli.md): an image
// is written, the asset covers pixels the background does not, two ids draw differently, the
// physics overlay adds its lines, an emitter's particles appear over time, and bad arguments are
// refused. Spawns the CLI under the suite's Xvfb.

#include "support/cli_run.h"

#include <QImage>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

using portalkit::testing::runPortalkit;

namespace {

// Pixels unlike the corner (the background colour).
int covered(const QImage& image) {
    const QRgb bg = image.pixel(0, 0);
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            if (std::abs(qRed(c) - qRed(bg)) + std::abs(qGreen(c) - qGreen(bg)) +
                    std::abs(qBlue(c) - qBlue(bg)) >
                24)
                ++count;
        }
    return count;
}

int differing(const QImage& a, const QImage& b) {
    int count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            count += a.pixel(x, y) != b.pixel(x, y);
    return count;
}

} // namespace

class TestRenderAloneCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QImage render(const QStringList& extra, const QString& name) {
        const QString path = m_dir.filePath(name);
        const auto run = runPortalkit(
            QStringList{"render", PORTALKIT_DEMO_DAT, "--size", "160x120", "-o", path} + extra);
        if (run.exitCode != 0)
            qWarning("%s", run.err.constData());
        return run.exitCode == 0 ? QImage(path).convertToFormat(QImage::Format_RGB32) : QImage();
    }

  private slots:
    void gfxObjIsDrawnAlone() {
        const QImage roof = render({"--gfxobj", "0x01000D01"}, "roof.png");
        const QImage ball = render({"--gfxobj", "0x01000003"}, "ball.png");
        QCOMPARE(roof.size(), QSize(160, 120));
        QCOMPARE(ball.size(), QSize(160, 120));
        // Framed by its vertices: it fills a good part of the picture, not a speck.
        QVERIFY2(covered(roof) > 160 * 120 / 10, QByteArray::number(covered(roof)));
        QVERIFY2(covered(ball) > 160 * 120 / 10, QByteArray::number(covered(ball)));
        QVERIFY(differing(roof, ball) > 500);
    }

    void physicsOverlayDrawsTheGfxObjsPolygons() {
        const QImage plain = render({"--gfxobj", "0x01000D01"}, "plain.png");
        const QImage lines =
            render({"--gfxobj", "0x01000D01", "--overlays", "physics"}, "lines.png");
        QVERIFY(!plain.isNull() && !lines.isNull());
        QVERIFY2(differing(plain, lines) > 50, QByteArray::number(differing(plain, lines)));
        // A GfxObj without physics polygons draws the same with the overlay on.
        const QImage ball = render({"--gfxobj", "0x01000003"}, "b0.png");
        const QImage ballLines =
            render({"--gfxobj", "0x01000003", "--overlays", "physics"}, "b1.png");
        QCOMPARE(differing(ball, ballLines), 0);
    }

    void emitterParticlesAppearOverTime() {
        const QImage start = render({"--emitter", "0x32000A03", "--time", "0"}, "e0.png");
        const QImage later = render({"--emitter", "0x32000A03"}, "e2.png"); // 2 s by default
        QVERIFY(!start.isNull() && !later.isNull());
        QCOMPARE(covered(start), 0); // nothing born yet, nothing else drawn
        QVERIFY2(covered(later) > 3, QByteArray::number(covered(later)));
        const QImage other = render({"--emitter", "0x32000A05", "--time", "0.3"}, "x.png");
        QVERIFY(covered(other) > 3);
        QVERIFY(differing(later, other) > 3);
    }

    void badArgumentsAreRefused_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("missing gfxobj") << QStringList{"--gfxobj", "0x01FFFFFF"};
        QTest::newRow("missing emitter") << QStringList{"--emitter", "0x32FFFFFF"};
        QTest::newRow("a Setup as a GfxObj") << QStringList{"--gfxobj", "0x02000001"};
        QTest::newRow("both") << QStringList{"--gfxobj", "0x01000003", "--emitter", "0x32000A03"};
        QTest::newRow("with a setup")
            << QStringList{"--gfxobj", "0x01000003", "--setup", "0x02000001"};
        QTest::newRow("bad id") << QStringList{"--emitter", "sparks"};
    }

    void badArgumentsAreRefused() {
        QFETCH(QStringList, arguments);
        const auto run = runPortalkit(
            QStringList{"render", PORTALKIT_DEMO_DAT, "-o", m_dir.filePath("bad.png")} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!run.err.isEmpty());
        QVERIFY(!QFile::exists(m_dir.filePath("bad.png")));
    }
};

QTEST_GUILESS_MAIN(TestRenderAloneCli)
#include "tst_render_alone_cli.moc"
