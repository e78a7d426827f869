// `portalkit import`, `put` and `rm` run as a user runs them, on a copy of the demo portal DAT:
// an imported image exports back to the same pixels, a sound to the same file, an edited
// record's JSON lands; --dry-run writes nothing; rm removes; verify --strict holds after each
// change; refused input leaves the DAT as it was.

#include "support/cli_run.h"

#include <QCryptographicHash>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using portalkit::testing::CliRun;
using portalkit::testing::runPortalkit;

namespace {

QByteArray digest(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray said(const CliRun& run) {
    return "exit " + QByteArray::number(run.exitCode) + "\n" + run.out + run.err;
}

} // namespace

class ImportCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_dat;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    void verifyStrict() {
        const CliRun run = runPortalkit({"verify", m_dat, "--strict"});
        QVERIFY2(run.exitCode == 0, said(run));
    }

    bool listed(const QString& id) { return runPortalkit({"ls", m_dat}).out.contains(id.toUtf8()); }

  private slots:
    void init() {
        m_dat = path("client_portal.dat");
        QFile::remove(m_dat);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, m_dat));
        QFile::setPermissions(m_dat, QFile::ReadOwner | QFile::WriteOwner);
    }

    void anImportedImageExportsToTheSamePixels() {
        QImage image(32, 16, QImage::Format_RGBA8888);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixelColor(x, y, QColor(x * 8, y * 16, (x * y) % 256, 255 - x - y));
        QVERIFY(image.save(path("in.png")));
        const CliRun imported = runPortalkit({"import", m_dat, "--png", path("in.png"), "--as",
                                              "0x06007000", "--format", "A8R8G8B8"});
        QVERIFY2(imported.exitCode == 0, said(imported));
        QVERIFY2(imported.out.contains("0x06007000"), said(imported));
        verifyStrict();
        const CliRun exported =
            runPortalkit({"export", m_dat, "0x06007000", "-o", path("out.png")});
        QVERIFY2(exported.exitCode == 0, said(exported));
        const QImage back = QImage(path("out.png")).convertToFormat(QImage::Format_RGBA8888);
        QCOMPARE(back.size(), image.size());
        QCOMPARE(back, image);
    }

    void levelsAndTheirSurfaceTexture() {
        QImage image(16, 16, QImage::Format_RGBA8888);
        image.fill(QColor(200, 100, 50));
        QVERIFY(image.save(path("flat.png")));
        const CliRun run =
            runPortalkit({"import", m_dat, "--png", path("flat.png"), "--as", "0x06007100",
                          "--levels", "all", "--texture", "0x05007100", "--json-changes"});
        QVERIFY2(run.exitCode == 0, said(run));
        const QJsonArray changes = QJsonDocument::fromJson(run.out).object()["changes"].toArray();
        QCOMPARE(changes.size(), 3 + 1); // 16, 8, 4 (DXT1 stops at one block) and the texture
        verifyStrict();
        const CliRun shown = runPortalkit({"show", m_dat, "0x05007100", "--json"});
        QCOMPARE(QJsonDocument::fromJson(shown.out).object()["renderSurfaceIds"].toArray(),
                 (QJsonArray{"0x06007100", "0x06007101", "0x06007102"}));
    }

    // P8 indexes the DAT's own Palette and names it, so export finds the colours again.
    void aP8ImportUsesTheDatsPalette() {
        const QJsonArray colors =
            QJsonDocument::fromJson(runPortalkit({"show", m_dat, "0x04000A01", "--json"}).out)
                .object()["colors"]
                .toArray();
        QVERIFY(colors.size() >= 64);
        QImage image(8, 8, QImage::Format_RGBA8888);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) {
                const std::uint32_t argb =
                    colors[(x * 7 + y * 13) % colors.size()].toString().toUInt(nullptr, 16);
                image.setPixelColor(
                    x, y, QColor((argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF, argb >> 24));
            }
        QVERIFY(image.save(path("indexed.png")));
        const CliRun run =
            runPortalkit({"import", m_dat, "--png", path("indexed.png"), "--as", "0x06007200",
                          "--format", "P8", "--palette", "0x04000A01"});
        QVERIFY2(run.exitCode == 0, said(run));
        verifyStrict();
        QVERIFY(runPortalkit({"export", m_dat, "0x06007200", "-o", path("indexed_back.png")})
                    .exitCode == 0);
        QCOMPARE(QImage(path("indexed_back.png")).convertToFormat(QImage::Format_RGBA8888), image);
    }

    // The smaller levels take the ids after --as: never one that holds another texture.
    void levelsDoNotOverwriteOtherTextures() {
        QImage image(16, 16, QImage::Format_RGBA8888);
        image.fill(QColor(10, 20, 30));
        QVERIFY(image.save(path("flat.png")));
        const QByteArray before = digest(m_dat);
        const CliRun run = runPortalkit({"import", m_dat, "--png", path("flat.png"), "--as",
                                         "0x06000A01", "--levels", "2", "--texture", "0x05007300"});
        QVERIFY2(run.exitCode == 2, said(run));
        QVERIFY2(run.err.contains("0x06000A02"), said(run));
        QCOMPARE(digest(m_dat), before);
    }

    // --gltf goes through modding::importGltf: an exported GfxObj imports as a new one.
    void anExportedModelImports() {
        QVERIFY(runPortalkit({"export", m_dat, "0x01000003", "-o", path("model.glb")}).exitCode ==
                0);
        const CliRun run =
            runPortalkit({"import", m_dat, "--gltf", path("model.glb"), "--as", "0x01007000"});
        QVERIFY2(run.exitCode == 0, said(run));
        QVERIFY2(run.out.contains("0x01007000"), said(run));
        verifyStrict();
        QCOMPARE(runPortalkit({"show", m_dat, "0x01007000"}).exitCode, 0);
    }

    void anImportedSoundExportsToTheSameFile() {
        QVERIFY(runPortalkit({"export", m_dat, "0x0A000004", "-o", path("tone.wav")}).exitCode ==
                0);
        const CliRun run =
            runPortalkit({"import", m_dat, "--wav", path("tone.wav"), "--as", "0x0A007000"});
        QVERIFY2(run.exitCode == 0, said(run));
        verifyStrict();
        QVERIFY(runPortalkit({"export", m_dat, "0x0A007000", "-o", path("back.wav")}).exitCode ==
                0);
        QCOMPARE(readAll(path("back.wav")), readAll(path("tone.wav")));
    }

    // show --json, edit, put FILE.json (and import --json to another id).
    void anEditedRecordLands() {
        const CliRun shown = runPortalkit({"show", m_dat, "0x04000A01", "--json"});
        QVERIFY2(shown.exitCode == 0, said(shown));
        QJsonObject palette = QJsonDocument::fromJson(shown.out).object();
        QJsonArray colors = palette["colors"].toArray();
        colors[0] = "0xFF123456";
        palette["colors"] = colors;
        QVERIFY(writeAll(path("palette.json"), QJsonDocument(palette).toJson()));
        const CliRun put = runPortalkit({"put", m_dat, "0x04000A01", path("palette.json")});
        QVERIFY2(put.exitCode == 0, said(put));
        verifyStrict();
        const auto colorsNow = [&](const char* id) {
            return QJsonDocument::fromJson(runPortalkit({"show", m_dat, id, "--json"}).out)
                .object()["colors"]
                .toArray();
        };
        QCOMPARE(colorsNow("0x04000A01"), colors);
        const CliRun copied =
            runPortalkit({"import", m_dat, "--json", path("palette.json"), "--as", "0x04007000"});
        QVERIFY2(copied.exitCode == 0, said(copied));
        verifyStrict();
        QCOMPARE(colorsNow("0x04007000"), colors);
    }

    void aSurfacesOwnTypeSurvivesShowAndPut() {
        // show labels the record "recordType" when it has a "type" of its own: a Surface's flag
        // word, here with a bit no flag name covers, must come back through put unchanged.
        const CliRun shown = runPortalkit({"show", m_dat, "0x08000A01", "--json"});
        QVERIFY2(shown.exitCode == 0, said(shown));
        QJsonObject surface = QJsonDocument::fromJson(shown.out).object();
        QCOMPARE(surface["recordType"].toString(), QStringLiteral("Surface"));
        const QString original = surface["type"].toString();
        const quint32 flags = original.toUInt(nullptr, 16) | 0x00800000u;
        surface["type"] =
            QStringLiteral("0x%1").arg(flags, 8, 16, QChar('0')).toUpper().replace("0X", "0x");
        surface.remove("typeFlags"); // the names cover only the named bits
        QVERIFY(writeAll(path("surface.json"), QJsonDocument(surface).toJson()));
        QVERIFY2(runPortalkit({"put", m_dat, "0x08000A01", path("surface.json")}).exitCode == 0,
                 "put the edited Surface");
        // Shown again and put back as shown: the unnamed bit stays.
        const QByteArray again = runPortalkit({"show", m_dat, "0x08000A01", "--json"}).out;
        QVERIFY(writeAll(path("again.json"), again));
        QVERIFY(runPortalkit({"put", m_dat, "0x08000A01", path("again.json")}).exitCode == 0);
        const QJsonObject now =
            QJsonDocument::fromJson(runPortalkit({"show", m_dat, "0x08000A01", "--json"}).out)
                .object();
        QCOMPARE(now["type"].toString().toUInt(nullptr, 16), flags);
        verifyStrict();
    }

    void dryRunsWriteNothing() {
        const QByteArray before = digest(m_dat);
        QVERIFY(runPortalkit({"cat", m_dat, "0x06000A01", "-o", path("entry.bin")}).exitCode == 0);
        const CliRun put =
            runPortalkit({"put", m_dat, "0x06000A01", path("entry.bin"), "--dry-run"});
        QVERIFY2(put.exitCode == 0, said(put));
        QVERIFY2(put.out.contains("replaced"), said(put));
        const CliRun rm = runPortalkit({"rm", m_dat, "0x06000A01", "0x04000A01", "--dry-run"});
        QVERIFY2(rm.exitCode == 0, said(rm));
        QVERIFY2(rm.out.contains("removed"), said(rm));
        QCOMPARE(digest(m_dat), before);
        QVERIFY(listed("0x06000A01"));
    }

    void rmRemoves() {
        QVERIFY(listed("0x06000A05"));
        const CliRun run = runPortalkit({"rm", m_dat, "0x06000A05"});
        QVERIFY2(run.exitCode == 0, said(run));
        QVERIFY(!listed("0x06000A05"));
        verifyStrict();
    }

    void refusedInputLeavesTheDatAsItWas_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("says");
        QTest::newRow("no source")
            << QStringList{"import", "DAT", "--as", "0x06007000"} << "exactly one of";
        QTest::newRow("not a power of two")
            << QStringList{"import", "DAT", "--png", "odd.png", "--as", "0x06007000"} << "odd.png";
        QTest::newRow("a sound id for an image")
            << QStringList{"import", "DAT", "--png", "odd.png", "--as", "0x0A007000"} << "--as";
        QTest::newRow("a file that is no sound")
            << QStringList{"import", "DAT", "--wav", "odd.png", "--as", "0x0A007000"} << "riff.tag";
        QTest::newRow("rm of a missing id")
            << QStringList{"rm", "DAT", "0x06000A01", "0x06FFFFFF"} << "0x06FFFFFF";
        QTest::newRow("put of bytes that are no Palette")
            << QStringList{"put", "DAT", "0x04000A01", "odd.png"} << "0x04000A01";
    }
    void refusedInputLeavesTheDatAsItWas() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, says);
        QVERIFY(QImage(30, 20, QImage::Format_RGB32).save(path("odd.png")));
        for (QString& argument : arguments)
            argument = argument == "DAT"       ? m_dat
                       : argument == "odd.png" ? path("odd.png")
                                               : argument;
        const QByteArray before = digest(m_dat);
        const CliRun run = runPortalkit(arguments);
        QVERIFY2(run.exitCode == 2, said(run));
        QVERIFY2(run.err.contains(says.toUtf8()), said(run));
        QCOMPARE(digest(m_dat), before);
    }
};

QTEST_GUILESS_MAIN(ImportCliTest)
#include "tst_import_cli.moc"
