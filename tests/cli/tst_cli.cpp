// Drives the real `portalkit` binary: output formats, exit codes and file round trips.

#include "datreader/records/record.h"
#include "support/cli_run.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {} // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_dat;

    QString path(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_dat = path("sample.dat");
        DatWriter writer(DatKind::Portal);
        writer.put(entry(0x02000124, 812));
        writer.put(entry(0x02000001, 10));
        writer.put(entry(0x01000010, 3000));
        writer.put(entry(0x0A000001, 2000, true));
        writer.setIteration(2072);
        writer.save(m_dat);
    }

    void topLevelHelpAndUnknownCommand() {
        CliRun run = runPortalkit({"--help"});
        QCOMPARE(run.exitCode, 0);
        for (const char* command :
             {"info", "ls", "cat", "verify", "pack", "unpack", "bench", "show", "decode-all",
              "scan-blocking", "export", "audit", "diff", "build", "simulate", "wire", "map"})
            QVERIFY2(run.out.contains(command), command);
        run = runPortalkit({"frobnicate"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.startsWith("portalkit: unknown command"));
        QCOMPARE(run.err.count('\n'), 1);
        QCOMPARE(runPortalkit({}).exitCode, 2);
    }

    void everyCommandHasHelp_data() {
        QTest::addColumn<QString>("command");
        for (const char* command :
             {"info", "ls", "cat", "verify", "pack", "unpack", "bench", "show", "decode-all",
              "scan-blocking", "export", "audit", "diff", "build", "simulate", "wire", "map"})
            QTest::newRow(command) << command;
    }
    void everyCommandHasHelp() {
        QFETCH(QString, command);
        const CliRun run = runPortalkit({command, "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(("Usage: portalkit " + command + " ").toUtf8()),
                 run.out.constData());
        QVERIFY(run.out.contains("--help"));
    }

    void usageErrorsExitTwoWithOneLine() {
        for (const QStringList& arguments :
             {QStringList{"ls"}, QStringList{"ls", m_dat, "--bogus"},
              QStringList{"cat", m_dat, "not-an-id"}, QStringList{"pack", path("nowhere")},
              QStringList{"ls", m_dat, "--type", "Nonsense"}}) {
            const CliRun run = runPortalkit(arguments);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.startsWith("portalkit: "), run.err.constData());
        }
        const CliRun missing = runPortalkit({"info", path("missing.dat")});
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(missing.err.count('\n'), 1);
    }

    void lsJsonListsEntriesInAscendingOrder() {
        const CliRun run = runPortalkit({"ls", m_dat, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(array.size(), 5);
        QStringList ids;
        for (const auto& value : array)
            ids << value.toObject().value("id").toString();
        QCOMPARE(ids, (QStringList{"0x01000010", "0x02000001", "0x02000124", "0x0A000001",
                                   "0xFFFF0001"}));
        const QJsonObject setup = array.at(2).toObject();
        QCOMPARE(setup.value("type").toString(), QString("Setup"));
        QCOMPARE(setup.value("size").toInt(), 812);
        QCOMPARE(setup.value("iteration").toInt(), 3);
        QCOMPARE(setup.value("date").toInteger(), 1700000000);
        QCOMPARE(setup.value("flags").toInteger(), 0x20000);
        const auto dat = DatFile::open(m_dat);
        QCOMPARE(setup.value("offset").toInteger(), qint64(dat.find(0x02000124)->offset));
        QCOMPARE(array.at(3).toObject().value("flags").toInteger(), 0x20001); // compressed
    }

    void lsFiltersByTypeCaseInsensitively() {
        const CliRun run = runPortalkit({"ls", m_dat, "--type", "setup", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(array.size(), 2);
        for (const auto& value : array)
            QCOMPARE(value.toObject().value("type").toString(), QString("Setup"));
        const CliRun text = runPortalkit({"ls", m_dat, "--type", "Wave"});
        QCOMPARE(text.out.count('\n'), 1);
        QVERIFY(text.out.startsWith("0x0A000001"));
    }

    void infoReportsHeaderAndCounts() {
        const CliRun run = runPortalkit({"info", m_dat, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject info = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(info.value("kind").toString(), QString("portal"));
        QCOMPARE(info.value("blockSize").toInt(), 1024);
        QCOMPARE(info.value("entries").toInt(), 5);
        QCOMPARE(info.value("iteration").toObject().value("current").toInt(), 2072);
        QCOMPARE(info.value("types").toObject().value("Setup").toInt(), 2);
        QCOMPARE(info.value("fileSize").toInteger(), QFileInfo(m_dat).size());
        QVERIFY(runPortalkit({"info", m_dat}).out.contains("Setup"));
    }

    void catWritesInflatedBytes() {
        CliRun run = runPortalkit({"cat", m_dat, "0x02000124"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, payloadFor(0x02000124, 812));
        run = runPortalkit({"cat", m_dat, "0A000001", "-o", path("wave.bin")});
        QCOMPARE(run.exitCode, 0);
        QFile out(path("wave.bin"));
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray(2000, 'z'));
        run = runPortalkit({"cat", m_dat, "0x02000999"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("no entry 0x02000999"));
    }

    void verifyPassesCleanAndFailsCorrupt() {
        CliRun run = runPortalkit({"verify", m_dat});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("OK"));

        QFile file(m_dat);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        const auto dat = DatFile::fromBytes(bytes);
        poke32(bytes, dat.find(0x01000010)->offset, 0); // cut a three-block chain
        QFile broken(path("broken.dat"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(bytes);
        broken.close();

        run = runPortalkit({"verify", broken.fileName(), "--json"});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject report = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(report.value("ok").toBool(), false);
        QCOMPARE(report.value("errors").toInt(), 1);
        const QJsonObject problem = report.value("problems").toArray().at(0).toObject();
        QCOMPARE(problem.value("id").toString(), QString("0x01000010"));
        QCOMPARE(problem.value("field").toString(), QString("chain.next"));
        QCOMPARE(problem.value("severity").toString(), QString("error"));
    }

    void verifyStrictFailsOnWarnings() {
        // Leaked blocks are legal but not clean.
        QFile file(m_dat);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll() + QByteArray(1024, '\0');
        poke32(bytes, 0x148, std::uint32_t(bytes.size()));
        QFile leaky(path("leaky.dat"));
        QVERIFY(leaky.open(QIODevice::WriteOnly));
        leaky.write(bytes);
        leaky.close();
        QCOMPARE(runPortalkit({"verify", leaky.fileName()}).exitCode, 0);
        QCOMPARE(runPortalkit({"verify", leaky.fileName(), "--strict"}).exitCode, 1);
    }

    void unpackThenPackRebuildsTheSameDat() {
        const QString folder = path("unpacked");
        CliRun run = runPortalkit({"unpack", m_dat, folder});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(QFile::exists(folder + "/0x02000124.bin"));
        QVERIFY(QFile::exists(folder + "/dat.json"));
        run = runPortalkit({"pack", folder, "-o", path("again.dat")});
        QCOMPARE(run.exitCode, 0);
        QFile a(m_dat), b(path("again.dat"));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), a.readAll());
    }

    void unpackByTypeAndPackCellOptions() {
        const QString folder = path("setups");
        QCOMPARE(runPortalkit({"unpack", m_dat, folder, "--type", "Setup"}).exitCode, 0);
        QStringList bins = QDir(folder).entryList({"*.bin"});
        QCOMPARE(bins, (QStringList{"0x02000001.bin", "0x02000124.bin"}));
        QFile::remove(folder + "/dat.json");
        const CliRun run =
            runPortalkit({"pack", folder, "-o", path("cell.dat"), "--kind", "cell", "--date",
                          "1234", "--iteration", "982", "--template", m_dat});
        QCOMPARE(run.exitCode, 0);
        const auto dat = DatFile::open(path("cell.dat"));
        QCOMPARE(dat.kind(), DatKind::Cell);
        QCOMPARE(dat.header().blockSize, 256u);
        QCOMPARE(dat.header().enginePackVersion, 110u); // copied from the portal template
        QCOMPARE(dat.find(0x02000124)->date, 1234u);
        QCOMPARE(dat.iteration()->current, 982);
    }

    void packRejectsStrayFiles() {
        const QString folder = path("stray");
        QDir().mkpath(folder);
        QFile stray(folder + "/notes.txt");
        QVERIFY(stray.open(QIODevice::WriteOnly));
        stray.close();
        const CliRun run = runPortalkit({"pack", folder, "-o", path("stray.dat")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("notes.txt"));
        QVERIFY(!QFile::exists(path("stray.dat")));
    }

    void recordCommandsOnADatOfRecords() {
        // A DAT of real records: a script with a CreateBlocking hook, its table, its emitter, a
        // P8 image with its palette, a wave, and one Setup whose bytes are garbage.
        PhysicsScript script;
        script.id = 0x33000010;
        hooks::CreateBlockingParticle blocking;
        blocking.emitterInfoId = 0x32000020;
        blocking.partIndex = 2;
        blocking.emitterId = 7;
        script.entries.push_back({0.25, AnimationHook{1, blocking}, 0});
        script.entries.push_back({0.5, AnimationHook{0, hooks::AnimationDone{}}, 1});
        PhysicsScriptTable table;
        table.id = 0x34000010;
        table.entries.push_back({0x51, {{0.5f, 0x33000010}}});
        ParticleEmitterInfo emitter;
        emitter.id = 0x32000020;
        emitter.particleType = 3;
        Palette palette;
        palette.id = 0x04000030;
        palette.colors = {0xFF0000FF, 0xFF00FF00};
        RenderSurface image;
        image.id = 0x06000040;
        image.width = 2;
        image.height = 1;
        image.pixelFormat = 0x29; // P8
        image.sourceData = {1, 0};
        image.defaultPaletteId = palette.id;
        Wave wave;
        wave.id = 0x0A000050;
        wave.header = {1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x80, 0x3E, 0, 0, 2, 0, 16, 0, 0, 0};
        wave.data = {0, 0, 0x10, 0x00};

        DatWriter writer(DatKind::Portal);
        auto put = [&](std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
            WriterEntry e;
            e.id = id;
            e.data =
                QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            writer.put(e);
        };
        put(script.id, script.encode());
        put(table.id, table.encode());
        put(emitter.id, emitter.encode());
        put(palette.id, palette.encode());
        put(image.id, image.encode());
        put(wave.id, wave.encode());
        put(0x02000099, {1, 2, 3});
        const QString datPath = path("records.dat");
        writer.save(datPath);

        CliRun run = runPortalkit({"show", datPath, "0x33000010", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject shown = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(shown["type"].toString(), QString("PhysicsScript"));
        const QJsonObject hook = shown["hooks"].toArray().at(0).toObject();
        QCOMPARE(hook["type"].toString(), QString("CreateBlockingParticle"));
        QCOMPARE(hook["emitterInfoId"].toString(), QString("0x32000020"));
        QCOMPARE(hook["emitterId"].toInt(), 7);
        run = runPortalkit({"show", datPath, "0x32000020"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("particleType: ParabolicLVGA"), run.out.constData());
        run = runPortalkit({"show", datPath, "0x02000099"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("DID 0x02000099"), run.err.constData());

        run = runPortalkit({"decode-all", datPath, "--json"});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject all = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(all["decoded"].toInt(), 6);
        QCOMPARE(all["failed"].toInt(), 1);
        QCOMPARE(all["roundTripMismatches"].toInt(), 0);
        QCOMPARE(all["types"]["Setup"]["failed"].toInt(), 1);
        QCOMPARE(all["types"]["PhysicsScript"]["decoded"].toInt(), 1);
        QCOMPARE(all["failures"].toArray().at(0)["id"].toString(), QString("0x02000099"));

        run = runPortalkit({"scan-blocking", datPath, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray hits = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits[0]["id"].toString(), QString("0x33000010"));
        QCOMPARE(hits[0]["offset"].toInt(), 16);
        QCOMPARE(hits[0]["partIndex"].toInt(), 2);

        run = runPortalkit({"export", datPath, "0x06000040", "-o", path("image.png")});
        QCOMPARE(run.exitCode, 0);
        const QImage png(path("image.png"));
        QCOMPARE(png.size(), QSize(2, 1));
        QCOMPARE(png.pixel(0, 0), qRgba(0, 255, 0, 255)); // index 1 of the palette
        QCOMPARE(png.pixel(1, 0), qRgba(0, 0, 255, 255));

        run = runPortalkit({"export", datPath, "0x0A000050", "-o", path("sound.wav")});
        QCOMPARE(run.exitCode, 0);
        QFile sound(path("sound.wav"));
        QVERIFY(sound.open(QIODevice::ReadOnly));
        const QByteArray riff = sound.readAll();
        QVERIFY(riff.startsWith("RIFF"));
        QCOMPARE(riff.mid(8, 4), QByteArray("WAVE"));
        QVERIFY(riff.endsWith(QByteArray::fromHex("00001000")));

        run = runPortalkit({"export", datPath, "0x34000010", "-o", path("table.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--raw"));
        run = runPortalkit({"export", datPath, "0x34000010", "-o", path("table.bin"), "--raw"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QFileInfo(path("table.bin")).size(), qint64(table.encode().size()));
    }

    void compressedPackReadsBack() {
        const QString folder = path("plain");
        QDir().mkpath(folder);
        QFile text(folder + "/0x31000001.bin");
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write(QByteArray(5000, 'a'));
        text.close();
        QCOMPARE(runPortalkit({"pack", folder, "-o", path("z.dat"), "--compress"}).exitCode, 0);
        const auto dat = DatFile::open(path("z.dat"));
        QVERIFY(dat.find(0x31000001)->compressed());
        QCOMPARE(runPortalkit({"cat", path("z.dat"), "0x31000001"}).out, QByteArray(5000, 'a'));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
