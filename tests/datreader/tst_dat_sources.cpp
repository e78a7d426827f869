#include "datreader/authoring/dat_sources.h"
#include "datreader/container/dat_file.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"
#include "datreader/records/wave.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using testing::expectDatError;
using testing::mentions;

namespace {

// A source folder written on the fly: dat.json plus named record files.
class Sources {
  public:
    Sources() { QVERIFY(m_dir.isValid()); }

    void file(const QString& name, const QJsonArray& records) {
        m_files.append(name);
        write(name, QJsonObject{{"records", records}});
    }
    void raw(const QString& name, const QByteArray& text) {
        m_files.append(name);
        QFile out(m_dir.filePath(name));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
    }
    QString finish(QJsonObject description = {}) {
        if (!description.contains("sources"))
            description["sources"] = QJsonArray::fromStringList(m_files);
        write("dat.json", description);
        return m_dir.path();
    }

  private:
    void write(const QString& name, const QJsonObject& object) {
        QFile out(m_dir.filePath(name));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(object).toJson());
    }

    QTemporaryDir m_dir;
    QStringList m_files;
};

QJsonObject shortSetup(const char* id) {
    return {
        {"id", id},
        {"parts", QJsonArray{"0x01000001"}},
        {"placementFrames",
         QJsonArray{QJsonObject{{"key", 0}, {"parts", QJsonArray{QJsonObject{}}}}}},
        {"spheres", QJsonArray{QJsonObject{{"center", QJsonArray{0, 0, 0.5}}, {"radius", 0.5}}}},
        {"height", 1}};
}

QJsonObject tone(const char* id) {
    return {{"id", id}, {"generate", "tone"}, {"seconds", 0.3}};
}

// A terrain spec over 0xA8B3..0xA9B3 against the demo Region, with one static in 0xA8B3.
QJsonObject terrainSpec() {
    const QString world = QString(PORTALKIT_DEMO_SOURCES) + "/world.json";
    return {{"generate", "terrain"},
            {"blocks", QJsonObject{{"from", "0xA8B3"}, {"to", "0xA9B3"}}},
            {"region", QJsonObject{{"file", world}, {"id", "0x13000000"}}},
            {"types", QJsonObject{{"grass", 1}}},
            {"base", 30},
            {"statics",
             QJsonArray{QJsonObject{
                 {"landblock", "0xA8B3"}, {"model", "0x02000C01"}, {"at", QJsonArray{5, 5}}}}}};
}

} // namespace

class TestDatSources : public QObject {
    Q_OBJECT
  private slots:
    void buildsJsonAndGeneratedRecordsIntoADat() {
        Sources sources;
        sources.file("a.json", {shortSetup("0x02000001"), tone("0x0A000001")});
        sources.file(
            "b.json",
            {QJsonObject{{"id", "0x34000001"},
                         {"entries",
                          QJsonArray{QJsonObject{
                              {"scriptType", 0x75},
                              {"scripts",
                               QJsonArray{QJsonObject{{"mod", 1}, {"scriptId", "0x3300032F"}}}}}}}},
             QJsonObject{{"id", "0x0A000002"},
                         {"generate", "tone"},
                         {"iteration", 3},
                         {"date", "2013-10-01T00:00:00Z"}}});
        const QString folder = sources.finish(
            {{"kind", "portal"}, {"iteration", 77}, {"date", "2013-09-17T00:00:00Z"}});

        const auto built = authoring::buildSources(folder);
        QCOMPARE(built.entries.size(), std::size_t(4));
        QVERIFY(std::is_sorted(built.entries.begin(), built.entries.end(),
                               [](const auto& a, const auto& b) { return a.id < b.id; }));
        QCOMPARE(built.entries[0].file, QString("a.json"));

        const dat::DatFile dat = dat::DatFile::fromBytes(authoring::writerFor(built).build());
        QCOMPARE(dat.iteration()->current, 77);
        QCOMPARE(dat.find(0x02000001)->date, 1379376000u);
        QCOMPARE(dat.find(0x0A000002)->date, 1380585600u);
        QCOMPARE(dat.find(0x0A000002)->iteration, 3u);
        QCOMPARE(dat::Setup::decode(dat.read(0x02000001), 0x02000001).spheres.size(),
                 std::size_t(1));
        QVERIFY(dat::Wave::decode(dat.read(0x0A000001), 0x0A000001).format());
        QCOMPARE(dat::PhysicsScriptTable::decode(dat.read(0x34000001), 0x34000001)
                     .entries.at(0)
                     .scripts.at(0)
                     .scriptId,
                 0x3300032Fu);
    }

    void buildingTwiceGivesTheSameBytes() {
        Sources sources;
        sources.file("a.json", {shortSetup("0x02000001"), tone("0x0A000001")});
        const QString folder = sources.finish({{"date", 1379376000}});
        QCOMPARE(authoring::writerFor(authoring::buildSources(folder)).build(),
                 authoring::writerFor(authoring::buildSources(folder)).build());
    }

    void errorsNameTheFileDidAndField_data() {
        QTest::addColumn<QString>("records");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("record field") << R"([{"id": "0x02000001", "parts": "oops"}])"
                                      << QStringList{"DID 0x02000001", "setup.parts", "a.json"};
        QTest::newRow("generator for the wrong type")
            << R"([{"id": "0x06000001", "generate": "mesh"}])"
            << QStringList{"DID 0x06000001", "makes a GfxObj", "RenderSurface"};
        QTest::newRow("unknown generator") << R"([{"id": "0x01000001", "generate": "teapot"}])"
                                           << QStringList{"unknown generator 'teapot'"};
        QTest::newRow("hook past the last frame")
            << R"([{"id": "0x03000001", "generate": "animation", "parts": 1, "frames": 2,
                    "frameHooks": [{"frame": 2, "hooks": [{"type": "AnimationDone"}]}]}])"
            << QStringList{"DID 0x03000001", "frameHooks[0].frame", "past the last frame 1"};
        QTest::newRow("paletted texture without its palette")
            << R"([{"id": "0x06000001", "generate": "texture", "format": "P8", "width": 8,
                    "height": 8, "pattern": "checker", "palette": "0x04000009"}])"
            << QStringList{"no Palette 0x04000009"};
        QTest::newRow("missing id")
            << R"([{"parts": []}])" << QStringList{"records[0].id", "missing"};
        // QuestDefDb: no public layout, so it stays without a JSON form.
        QTest::newRow("no JSON form") << R"([{"id": "0x0E00001B"}])" << QStringList{"no JSON form"};
        QTest::newRow("syntax") << R"([{"id": )" << QStringList{"a.json", "at character"};
    }

    void errorsNameTheFileDidAndField() {
        QFETCH(QString, records);
        QFETCH(QStringList, expected);
        Sources sources;
        sources.raw("a.json", "{\"records\": " + records.toUtf8() + "}");
        const QString folder = sources.finish();
        const dat::DatError error = expectDatError([&] { authoring::buildSources(folder); });
        for (const QString& text : expected)
            QVERIFY2(mentions(error, text.toStdString()), error.what());
    }

    void anIdDefinedTwiceIsAnError() {
        Sources sources;
        sources.file("a.json", {tone("0x0A000001")});
        sources.file("b.json", {tone("0x0A000001")});
        const QString folder = sources.finish();
        const dat::DatError error = expectDatError([&] { authoring::buildSources(folder); });
        QVERIFY2(mentions(error, "0x0A000001 is defined in both a.json and b.json"), error.what());
    }

    void aTerrainSpecYieldsItsLandBlocksIntoACellDat() {
        Sources sources;
        sources.file("terrain.json", {terrainSpec()});
        const QString folder = sources.finish({{"kind", "cell"}});
        const auto built = authoring::buildSources(folder);
        std::vector<std::uint32_t> ids;
        for (const auto& entry : built.entries)
            ids.push_back(entry.id);
        QCOMPARE(ids, (std::vector<std::uint32_t>{0xA8B3FFFE, 0xA8B3FFFF, 0xA9B3FFFF}));

        const dat::DatFile dat = dat::DatFile::fromBytes(authoring::writerFor(built).build());
        QCOMPARE(dat.kind(), dat::DatKind::Cell);
        QCOMPARE(dat.header().blockSize, 256u);
        // hasObjects says whether the sources hold the landblock's LandBlockInfo.
        QCOMPARE(dat::LandBlock::decode(dat.read(0xA8B3FFFF), 0xA8B3FFFF).hasObjects, 1u);
        QCOMPARE(dat::LandBlock::decode(dat.read(0xA9B3FFFF), 0xA9B3FFFF).hasObjects, 0u);
        QCOMPARE(dat::LandBlockInfo::decode(dat.read(0xA8B3FFFE), 0xA8B3FFFE).objects.size(),
                 std::size_t(1));
        QCOMPARE(dat.read(0xA9B3FFFF).size(), std::size_t(dat::LandBlock::kStoredBytes));
    }

    void terrainErrorsNameTheirPath() {
        Sources sources;
        QJsonObject spec = terrainSpec();
        spec["base"] = "high";
        sources.file("terrain.json", {spec});
        const QString folder = sources.finish({{"kind", "cell"}});
        const dat::DatError error = expectDatError([&] { authoring::buildSources(folder); });
        QCOMPARE(QString::fromStdString(error.field()), QString("terrain.base"));
        QVERIFY2(mentions(error, "terrain.json"), error.what());

        Sources missing;
        spec = terrainSpec();
        spec["region"] = QJsonObject{{"file", QString(PORTALKIT_DEMO_SOURCES) + "/world.json"},
                                     {"id", "0x13000009"}};
        missing.file("terrain.json", {spec});
        const QString other = missing.finish({{"kind", "cell"}});
        QVERIFY(mentions(expectDatError([&] { authoring::buildSources(other); }),
                         "no record 0x13000009"));
    }

    void aTerrainLandBlockDefinedTwiceIsAnError() {
        Sources sources;
        sources.file("terrain.json", {terrainSpec()});
        sources.file("more.json", {QJsonObject{{"id", "0xA9B3FFFF"}}});
        const QString folder = sources.finish({{"kind", "cell"}});
        const dat::DatError error = expectDatError([&] { authoring::buildSources(folder); });
        QVERIFY2(mentions(error, "0xA9B3FFFF is defined in both terrain.json and more.json"),
                 error.what());
    }

    void datJsonIsChecked() {
        Sources sources;
        sources.file("a.json", {tone("0x0A000001")});
        const QString folder = sources.finish({{"kind", "moon"}});
        QVERIFY(mentions(expectDatError([&] { authoring::buildSources(folder); }), "unknown kind"));
        QVERIFY(mentions(expectDatError([] { authoring::buildSources("/nonexistent"); }),
                         "cannot read"));
    }
};

QTEST_GUILESS_MAIN(TestDatSources)
#include "tst_dat_sources.moc"
