// `portalkit map` end to end (docs/cli.md#map-celldat-portaldat--o-png): the demo cell DAT's
// map has the demo landblocks where their ids put them, north up, in the colours the Region
// gives their terrain, and the background elsewhere; --cell-pixels scales, --json counts what
// the DAT holds, and a missing, truncated or corrupt DAT ends with exit 2 and one clear line.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "support/cli_run.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using namespace portalkit::dat;
using portalkit::testing::runPortalkit;

namespace {

const QString kCells = QStringLiteral(PORTALKIT_DEMO_CELL_DAT);
const QString kPortal = QStringLiteral(PORTALKIT_DEMO_DAT);

QRgb typeColor(int type) {
    static const Region region = [] {
        const DatFile portal = DatFile::open(kPortal);
        return Region::decode(portal.read(0x13000000), 0x13000000);
    }();
    return region.terrain.terrainTypes.at(std::size_t(type)).color | 0xFF000000u;
}

// A cell's colour on an unshaded map: its corners' most frequent type (ties to the first of
// SW, SE, NE, NW), unless two or more corners carry road.
std::optional<QRgb> groundColor(const LandBlock& block, int cx, int cy) {
    std::array<std::uint16_t, 4> words{};
    int i = 0, roads = 0;
    for (auto [dx, dy] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 1}}) {
        words[std::size_t(i++)] =
            block.terrain[std::size_t(LandBlock::vertexIndex(cx + dx, cy + dy))];
        roads += LandBlock::road(words[std::size_t(i - 1)]) != 0;
    }
    if (roads >= 2)
        return std::nullopt;
    int best = 0, bestCount = 0;
    for (std::uint16_t word : words) {
        const int type = LandBlock::terrainType(word);
        const int count = int(std::count_if(words.begin(), words.end(), [&](std::uint16_t w) {
            return LandBlock::terrainType(w) == type;
        }));
        if (count > bestCount) {
            best = type;
            bestCount = count;
        }
    }
    return typeColor(best);
}

} // namespace

class TestMapCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void demoMapHasTheLandblocksInPlace() {
        const auto run =
            runPortalkit({"map", kCells, kPortal, "-o", path("world.png"), "--no-shading"});
        QCOMPARE(run.exitCode, 0);
        const QImage image(path("world.png"));
        QCOMPARE(image.size(), QSize(2040, 2040));
        const DatFile cells = DatFile::open(kCells);
        const QRgb background = image.pixel(0, 0);
        int checked = 0;
        for (const EntryInfo& entry : cells.entries()) {
            if ((entry.id & 0xFFFF) != 0xFFFF)
                continue;
            const LandBlock block = LandBlock::decode(cells.read(entry), entry.id);
            const int bx = int(entry.id >> 24), by = int((entry.id >> 16) & 0xFF);
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const QRgb got = image.pixel(8 * bx + cx, 2039 - (8 * by + cy));
                    QVERIFY(got != background);
                    if (const auto want = groundColor(block, cx, cy)) {
                        QCOMPARE(got, *want);
                        ++checked;
                    }
                }
            // The neighbours the demo lacks (west of 0xA8.., south of 0x..B3) are background.
            if (bx == 0xA8)
                QCOMPARE(image.pixel(8 * bx - 1, 2039 - 8 * by), background);
            if (by == 0xB3)
                QCOMPARE(image.pixel(8 * bx, 2039 - (8 * by - 1)), background);
        }
        QVERIFY(checked > 500);
    }

    void northIsUp() {
        // 0xA9B5 (the cliff, snow and rock) lies above 0xA9B4 (the town): the snow type shows
        // only in the top block of the town's column.
        const auto run = runPortalkit({"map", kCells, kPortal, "-o", path("column.png"),
                                       "--no-shading", "--landblocks", "0xA9B3,0xA9B4,0xA9B5"});
        QCOMPARE(run.exitCode, 0);
        const QImage image(path("column.png"));
        QCOMPARE(image.size(), QSize(8, 24));
        int snowTop = 0, snowBelow = 0;
        for (int y = 0; y < 24; ++y)
            for (int x = 0; x < 8; ++x)
                (y < 8 ? snowTop : snowBelow) += image.pixel(x, y) == typeColor(15);
        QVERIFY(snowTop > 0);
        QCOMPARE(snowBelow, 0);
    }

    void cellPixelsScale() {
        QCOMPARE(runPortalkit({"map", kCells, kPortal, "-o", path("one.png"), "--region",
                               "0xA8,0xB3,0xAA,0xB5"})
                     .exitCode,
                 0);
        QCOMPARE(runPortalkit({"map", kCells, kPortal, "-o", path("two.png"), "--region",
                               "0xA8,0xB3,0xAA,0xB5", "--cell-pixels", "2"})
                     .exitCode,
                 0);
        const QImage one(path("one.png")), two(path("two.png"));
        QCOMPARE(one.size(), QSize(24, 24));
        QCOMPARE(two.size(), QSize(48, 48));
        for (int y = 0; y < 48; ++y)
            for (int x = 0; x < 48; ++x)
                QCOMPARE(two.pixel(x, y), one.pixel(x / 2, y / 2));
    }

    void portalBesideTheCellDatIsFound() {
        // The demo DATs lie side by side, as the studio finds them.
        QCOMPARE(runPortalkit({"map", kCells, "-o", path("beside.png")}).exitCode, 0);
        QVERIFY(QImage(path("beside.png")).size() == QSize(2040, 2040));
        QFile::copy(kCells, path("alone_cell.dat"));
        const auto run = runPortalkit({"map", path("alone_cell.dat"), "-o", path("alone.png")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("client_portal.dat"), run.err);
    }

    void jsonCountsWhatTheDatHolds() {
        const auto run = runPortalkit({"map", kCells, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject result = QJsonDocument::fromJson(run.out).object();
        const DatFile cells = DatFile::open(kCells);
        std::map<QString, std::uint32_t> envCells;
        int blocks = 0;
        for (const EntryInfo& entry : cells.entries()) {
            const QString block = QString::fromStdString(formatDid(entry.id | 0xFFFF));
            blocks += (entry.id & 0xFFFF) == 0xFFFF;
            if ((entry.id & 0xFFFF) >= 0x100 && (entry.id & 0xFFFF) <= 0xFFFD)
                ++envCells[block];
        }
        QCOMPARE(result["populated"].toInt(), blocks);
        const QJsonArray rows = result["landblocks"].toArray();
        QCOMPARE(rows.size(), blocks);
        int total = 0;
        for (const QJsonValue& row : rows) {
            const QString id = row["id"].toString();
            const std::uint32_t did = id.toUInt(nullptr, 16);
            QCOMPARE(row["envCells"].toInt(), int(envCells[id]));
            total += row["envCells"].toInt();
            const bool hasInfo = cells.find(did - 1) != nullptr;
            QCOMPARE(row["hasInfo"].toBool(), hasInfo);
            if (hasInfo)
                QCOMPARE(row["infoNumCells"].toInt(),
                         int(LandBlockInfo::decode(cells.read(did - 1), did - 1).numCells));
        }
        QCOMPARE(result["envCells"].toInt(), total);
        QVERIFY(total >= 7); // the dungeon's six rooms and the town's house
    }

    void missingFileExits2() {
        const auto run = runPortalkit({"map", path("nothing.dat"), "-o", path("x.png")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("nothing.dat"), run.err);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(!QFile::exists(path("x.png")));
    }

    void truncatedDatExits2() {
        QFile source(kCells);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray bytes = source.readAll();
        for (const qsizetype keep : {qsizetype(1000), bytes.size() / 2, bytes.size() - 100}) {
            QFile out(path("cut.dat"));
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(bytes.left(keep));
            out.close();
            const auto run = runPortalkit({"map", path("cut.dat"), kPortal, "-o", path("cut.png")});
            QVERIFY2(run.exitCode == 2, qPrintable(QString("kept %1: exit %2 %3")
                                                       .arg(keep)
                                                       .arg(run.exitCode)
                                                       .arg(QString(run.err))));
            QVERIFY2(run.err.startsWith("portalkit: ") && run.err.count('\n') == 1, run.err);
        }
    }

    void corruptLandBlockIsNamed() {
        DatWriter writer(DatKind::Cell, 256);
        LandBlock good; // a sound neighbour, drawn before the broken one
        good.id = 0xA9B3FFFF;
        const auto goodBytes = good.encode();
        for (std::uint32_t id : {0xA9B3FFFFu, 0xA9B4FFFFu}) {
            WriterEntry entry;
            entry.id = id;
            entry.data = id == 0xA9B4FFFFu
                             ? QByteArray(40, '\x07')
                             : QByteArray(reinterpret_cast<const char*>(goodBytes.data()),
                                          qsizetype(goodBytes.size()));
            writer.put(entry);
        }
        writer.save(path("corrupt.dat"));
        const auto run = runPortalkit({"map", path("corrupt.dat"), kPortal, "-o", path("c.png")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("0xA9B4FFFF") && run.err.count('\n') == 1, run.err);
    }

    void badOptionsExit2() {
        for (const QStringList& options : {QStringList{"--cell-pixels", "9"},
                                           {"--cell-pixels", "x"},
                                           {"--region", "1,2,3"},
                                           {"--region", "5,5,4,5"},
                                           {"--landblocks", "0xZZ"},
                                           {"--landblocks", "0xFFB4"},
                                           {"--landblocks", "0xA9B4", "--region", "1,1,2,2"},
                                           {"--cell-pixels", "8"}}) {
            const auto run =
                runPortalkit(QStringList{"map", kCells, "-o", path("bad.png")} + options);
            QVERIFY2(run.exitCode == 2, qPrintable(options.join(' ')));
            QVERIFY2(run.err.startsWith("portalkit: "), run.err);
        }
        QCOMPARE(runPortalkit({"map", kCells}).exitCode, 2); // neither -o nor --json
        QCOMPARE(runPortalkit({"map", kPortal, "-o", path("p.png")}).exitCode, 2); // not a cell DAT
    }
};

QTEST_GUILESS_MAIN(TestMapCli)
#include "tst_map_cli.moc"
