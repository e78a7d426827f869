// portalkit render --clothing / --objdesc end to end on the demo DAT (docs/cli.md,
// docs/appearance.md): the dressed human differs from the undressed one where the clothes are,
// the palette template's shades recolour the tunic, an ObjDesc file recolours a palette-indexed
// Setup, and bad files, ids and combinations are refused with the file, the DID or the option
// named. Spawns the CLI under the suite's Xvfb.

#include "support/cli_run.h"

#include <QFile>
#include <QImage>
#include <QObject>
#include <QRect>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

using portalkit::testing::CliRun;
using portalkit::testing::runPortalkit;

namespace {

// Pixels that differ by more than a rounding step, and the rectangle they span.
int differing(const QImage& a, const QImage& b, QRect* where = nullptr) {
    int count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                    std::abs(qBlue(p) - qBlue(q)) >
                24) {
                ++count;
                if (where)
                    *where |= QRect(x, y, 1, 1);
            }
        }
    return count;
}

} // namespace

class TestAppearanceCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    CliRun run(const QStringList& extra, const QString& name) {
        return runPortalkit(QStringList{"render", PORTALKIT_DEMO_DAT, "--size", "200x200", "--time",
                                        "0", "--camera", "0,10", "-o", m_dir.filePath(name)} +
                            extra);
    }
    QImage render(const QStringList& extra, const QString& name) {
        const CliRun result = run(extra, name);
        if (result.exitCode != 0)
            qWarning("%s", result.err.constData());
        return result.exitCode == 0
                   ? QImage(m_dir.filePath(name)).convertToFormat(QImage::Format_RGB32)
                   : QImage();
    }
    QString writeFile(const QString& name, const QByteArray& bytes) {
        QFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(bytes);
        return file.fileName();
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The tunic on the torso: the render changes in the middle of the figure, not at its feet.
    void clothingDiffersFromUndressed() {
        const QImage bare = render({"--setup", "0x02000001"}, "bare.png");
        const QImage dressed = render({"--setup", "0x02000001", "--clothing", "0x10000C41",
                                       "--palette-template", "2", "--shade", "0,1"},
                                      "dressed.png");
        QVERIFY(!bare.isNull() && !dressed.isNull());
        QRect changed;
        const int count = differing(bare, dressed, &changed);
        QVERIFY2(count > 100, QByteArray::number(count));
        QVERIFY2(
            changed.bottom() < bare.height() * 7 / 8,
            qPrintable(
                QStringLiteral("changed rows %1..%2").arg(changed.top()).arg(changed.bottom())));
        // The same ObjDesc written as a file draws the same picture: the dressed torso, the
        // cloth, and template 2's palettes at shades 0 (blue set) and 1 (red set).
        const QString file = writeFile("tunic.json", R"({
            "basePalette": "0x04000C42",
            "subPalettes": [{"palette": "0x04000C44", "offset": 0, "numColors": 128},
                            {"palette": "0x04000C43", "offset": 128, "numColors": 128}],
            "textureChanges": [{"part": 1, "oldTexture": "0x05000A06", "newTexture": "0x05000C41"}],
            "partChanges": [{"part": 1, "gfxObj": "0x01000C41"}]})");
        const QImage fromFile = render({"--setup", "0x02000001", "--objdesc", file}, "file.png");
        QVERIFY(!fromFile.isNull());
        QCOMPARE(differing(fromFile, dressed), 0);
    }

    // The tunic's palette template recolours the cloth: its darkest and lightest shades draw
    // the torso differently, and nothing else.
    void shadeRecoloursTheTunic() {
        const QStringList tunic{"--setup",    "0x02000001",         "--clothing",
                                "0x10000C41", "--palette-template", "1",
                                "--shade"};
        const QImage dark = render(tunic + QStringList{"0"}, "dark.png");
        const QImage light = render(tunic + QStringList{"1"}, "light.png");
        const QImage bare = render({"--setup", "0x02000001"}, "bare2.png");
        QVERIFY(!dark.isNull() && !light.isNull() && !bare.isNull());
        QRect changed;
        const int count = differing(dark, light, &changed);
        QVERIFY2(count > 100, QByteArray::number(count));
        // Inside what the clothing changed at all.
        QRect dressedArea;
        differing(bare, dark, &dressedArea);
        QVERIFY2(dressedArea.contains(changed),
                 qPrintable(QStringLiteral("shade changed %1,%2 %3x%4")
                                .arg(changed.x())
                                .arg(changed.y())
                                .arg(changed.width())
                                .arg(changed.height())));
    }

    // The frost bolt's P8 texture keys on its palette: sub-palettes over it recolour the bolt.
    void objDescFileRecolours() {
        const QString file = writeFile("blue.json", R"({"basePalette": "0x04000A01",
            "subPalettes": [{"palette": "0x04000C41", "offset": 0, "numColors": 256}]})");
        const QImage plain = render({"--setup", "0x020003F4"}, "bolt.png");
        const QImage red = render({"--setup", "0x020003F4", "--objdesc", file}, "red.png");
        QVERIFY(!plain.isNull() && !red.isNull());
        QVERIFY2(differing(plain, red) > 50, QByteArray::number(differing(plain, red)));
    }

    void badObjDescFileIsNamed_data() {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QString>("field");
        QTest::newRow("not JSON") << QByteArray("{\"subPalettes\": [") << "not JSON";
        QTest::newRow("wrong id kind")
            << QByteArray(R"({"basePalette": "0x05000001"})") << "objDesc.basePalette";
        QTest::newRow("range past 2048")
            << QByteArray(R"({"subPalettes": [{"palette": "0x04000C41", "offset": 2040,
                             "numColors": 16}]})")
            << "objDesc.subPalettes[0].offset";
        QTest::newRow("palette not in the DAT")
            << QByteArray(R"({"basePalette": "0x04000A01", "subPalettes": [{"palette":
                             "0x0400FFFF", "numColors": 8}]})")
            << "0x0400FFFF";
        QTest::newRow("texture not in the DAT")
            << QByteArray(R"({"textureChanges": [{"part": 1, "oldTexture": "0x05000A06",
                             "newTexture": "0x0500FFFF"}]})")
            << "0x0500FFFF";
    }
    void badObjDescFileIsNamed() {
        QFETCH(QByteArray, contents);
        QFETCH(QString, field);
        const QString file = writeFile("bad.json", contents);
        const CliRun result = run({"--setup", "0x02000001", "--objdesc", file}, "bad.png");
        QVERIFY2(result.exitCode > 0, result.err.constData());
        QVERIFY2(result.err.contains(file.toUtf8()), result.err.constData());
        QVERIFY2(result.err.contains(field.toUtf8()), result.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("bad.png")));
    }

    void missingObjDescFileIsNamed() {
        const CliRun result =
            run({"--setup", "0x02000001", "--objdesc", "/nonexistent/dress.json"}, "none.png");
        QVERIFY(result.exitCode > 0);
        QVERIFY2(result.err.contains("/nonexistent/dress.json"), result.err.constData());
    }

    void refusedCombinations_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown ClothingTable")
            << QStringList{"--setup", "0x02000001", "--clothing", "0x10000099"} << "0x10000099";
        QTest::newRow("clothing for another Setup")
            << QStringList{"--setup", "0x020003F4", "--clothing", "0x10000C41"} << "0x020003F4";
        QTest::newRow("not a ClothingTable id")
            << QStringList{"--setup", "0x02000001", "--clothing", "0x04000C41"} << "--clothing";
        QTest::newRow("shade without a template")
            << QStringList{"--setup", "0x02000001", "--clothing", "0x10000C41", "--shade", "0.5"}
            << "--palette-template";
        QTest::newRow("with a scenario")
            << QStringList{"--scenario", "dressed_human.json", "--clothing", "0x10000C41"}
            << "--scenario";
        QTest::newRow("with a GfxObj alone")
            << QStringList{"--gfxobj", "0x01000002", "--clothing", "0x10000C41"} << "--gfxobj";
    }
    void refusedCombinations() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, named);
        const CliRun result = run(arguments, "refused.png");
        QVERIFY2(result.exitCode > 0, result.err.constData());
        QVERIFY2(result.err.contains(named.toUtf8()), result.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestAppearanceCli)
#include "tst_appearance_cli.moc"
