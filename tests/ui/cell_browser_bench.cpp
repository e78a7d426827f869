// How long the studio's Browser takes to show a retail-shaped cell DAT (docs/studio-browser.md):
// 65,025 LandBlocks, 5,346 LandBlockInfos and 734,976 EnvCells, all real records encoded here
// and written by our writer. Not a test (no figure is asserted): run it by hand under Xvfb,
//
//   cmake --build build --target cell_browser_bench
//   xvfb-run -a build/tests/ui/cell_browser_bench [DIR] [--json FILE]
//
// It writes DIR/retail_cell.dat once (kept for the next run) and prints JSON: the DAT's open
// (the baseline every other figure is divided by), the flat type outline the Browser used to
// build, the landblock outline, the model and tree shown in a window, the background sort, a
// filter and a go to id. Best of kRuns for each.

#include "datreader/container/dat_writer.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "ui/widgets/browser_dock.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTimer>
#include <QTreeView>
#include <cstdio>
#include <functional>
#include <random>

using namespace portalkit;

namespace {

constexpr int kRuns = 3;
constexpr int kSide = 255;                // landblocks 0x00..0xFE each way
constexpr int kInfos = 5346;              // retail's LandBlockInfo count
constexpr int kDungeons = 1200;           // of those, dungeons (no building)
constexpr int kTowns = 2146;              // with buildings and their interiors
constexpr std::uint32_t kCells = 734'976; // retail's EnvCell count

std::uint32_t next(std::mt19937& rng) {
    return std::uint32_t(rng());
}

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

void put(dat::DatWriter& writer, std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    dat::WriterEntry entry;
    entry.id = id;
    entry.data = bytesOf(bytes);
    writer.put(std::move(entry));
}

dat::EnvCell envCell(std::uint32_t id, std::uint32_t cellsInBlock, std::mt19937& rng) {
    dat::EnvCell cell;
    cell.id = cell.cellId = id;
    cell.flags = dat::EnvCell::kHasStaticObjects;
    cell.surfaces = {0x08000100u + next(rng) % 200, 0x08000100u + next(rng) % 200};
    cell.environmentId = 0x0D000000u + next(rng) % 800;
    cell.portals = {{0x2, 0, std::uint16_t(0x0100 + next(rng) % cellsInBlock), 0}};
    const std::uint32_t visible = std::min<std::uint32_t>(cellsInBlock, next(rng) % 40);
    for (std::uint32_t i = 0; i < visible; ++i)
        cell.visibleCells.push_back(std::uint16_t(0x0100 + next(rng) % cellsInBlock));
    if (next(rng) % 3 == 0)
        cell.statics = {{0x01000000u + next(rng) % 5000, {}}};
    return cell;
}

// Landblocks by a seeded shuffle: the first kDungeons dungeons, the next kTowns towns, the rest of
// the kInfos only static objects; the EnvCells go 20 % to town interiors, the rest to dungeons.
void writeRetailShaped(const QString& path) {
    std::mt19937 rng(0xCE11);
    std::vector<std::uint16_t> blocks;
    for (int x = 0; x < kSide; ++x)
        for (int y = 0; y < kSide; ++y)
            blocks.push_back(std::uint16_t(x << 8 | y));
    std::vector<std::uint16_t> shuffled = blocks;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::vector<std::uint32_t> cells(kInfos, 0);
    const std::uint32_t townCells = kCells / 5;
    for (std::uint32_t i = 0; i < townCells; ++i)
        ++cells[kDungeons + i % kTowns];
    for (std::uint32_t i = 0; i < kCells - townCells; ++i)
        ++cells[i % kDungeons];

    dat::DatWriter writer(dat::DatKind::Cell);
    for (std::uint16_t block : blocks) {
        dat::LandBlock terrain;
        terrain.id = std::uint32_t(block) << 16 | 0xFFFF;
        for (auto& word : terrain.terrain)
            word = std::uint16_t(next(rng));
        for (auto& height : terrain.heights)
            height = std::uint8_t(next(rng));
        put(writer, terrain.id, terrain.encode());
    }
    for (int i = 0; i < kInfos; ++i) {
        const std::uint32_t base = std::uint32_t(shuffled[std::size_t(i)]) << 16;
        dat::LandBlockInfo info;
        info.id = base | 0xFFFE;
        info.numCells = cells[std::size_t(i)];
        for (std::uint32_t o = 0, n = next(rng) % 12; o < n; ++o)
            info.objects.push_back({0x01000000u + next(rng) % 5000, {}});
        if (i >= kDungeons && i < kDungeons + kTowns)
            for (std::uint32_t b = 0, n = 1 + next(rng) % 4; b < n; ++b)
                info.buildings.push_back(
                    {0x01000000u + next(rng) % 5000, {}, 1, {{0x2, 0x0100, 0, {0x0100}, 0}}});
        put(writer, info.id, info.encode());
        for (std::uint32_t c = 0; c < cells[std::size_t(i)]; ++c)
            put(writer, base | (0x0100 + c),
                envCell(base | (0x0100 + c), cells[std::size_t(i)], rng).encode());
    }
    writer.save(path);
}

double bestMs(const std::function<void()>& run) {
    double best = 1e30;
    for (int i = 0; i < kRuns; ++i) {
        QElapsedTimer timer;
        timer.start();
        run();
        best = std::min(best, double(timer.nsecsElapsed()) / 1e6);
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString jsonPath;
    int holdSeconds = 0; // --hold N: then keep the dock shown N seconds (for a screenshot)
    if (const auto at = args.indexOf("--hold"); at >= 0 && at + 1 < args.size()) {
        holdSeconds = args[at + 1].toInt();
        args.remove(at, 2);
    }
    if (const auto at = args.indexOf("--json"); at >= 0 && at + 1 < args.size()) {
        jsonPath = args[at + 1];
        args.remove(at, 2);
    }
    const QDir dir(args.value(0, QDir::currentPath()));
    const QString path = dir.filePath("retail_cell.dat");
    double writeSeconds = 0;
    if (!QFileInfo::exists(path)) {
        QElapsedTimer timer;
        timer.start();
        writeRetailShaped(path);
        writeSeconds = double(timer.elapsed()) / 1000;
    }

    QJsonObject figures;
    std::shared_ptr<const dat::DatFile> dat;
    const double open =
        bestMs([&] { dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(path)); });
    figures["entries"] = qint64(dat->entries().size());
    figures["writeSeconds"] = writeSeconds;
    figures["openMs"] = open;
    figures["typeOutlineMs"] = bestMs([&] { ui::TypeOutline outline(*dat); });
    figures["cellOutlineMs"] = bestMs([&] { ui::CellOutline outline(*dat); });
    {
        ui::CellOutline outline(*dat);
        figures["sortMs"] = bestMs([&] { (void)ui::sortLandblocks(*dat, outline.landblocks()); });
        outline.sortNow();
        figures["filterEnvCellMs"] = bestMs([&] { outline.setFilter(ui::EntryFilter("EnvCell")); });
        figures["filterLandblockMs"] = bestMs([&] { outline.setFilter(ui::EntryFilter("A9B4")); });
    }

    figures["modelMs"] = bestMs([&] {
        ui::DatBrowserModel model;
        model.setDats({dat});
    });
    // The dock in a window: the DAT set, the tree laid out and painted, until its rows show.
    ui::BrowserDock dock;
    dock.resize(420, 980);
    dock.show();
    const double shown = bestMs([&] {
        dock.setDats({dat});
        dock.treeView()->viewport()->repaint();
        QCoreApplication::processEvents();
    });
    figures["browserShownMs"] = shown;
    QSignalSpy sorted(dock.model(), &ui::DatBrowserModel::sorted);
    QElapsedTimer sortTimer;
    sortTimer.start();
    dock.setDats({dat});
    sorted.wait(60'000);
    figures["browserSortedMs"] = double(sortTimer.nsecsElapsed()) / 1e6;
    const std::uint32_t deepCell = dat->entries()[dat->entries().size() / 2].id;
    figures["goToIdMs"] = bestMs([&] {
        dock.navigateTo(deepCell);
        dock.treeView()->viewport()->repaint();
    });
    figures["filterInDockMs"] = bestMs([&] {
        dock.filterEdit()->setText("EnvCell");
        dock.filterEdit()->clear();
    });
    QJsonObject ratios;
    for (const char* key : {"typeOutlineMs", "cellOutlineMs", "sortMs", "modelMs", "browserShownMs",
                            "browserSortedMs", "goToIdMs"})
        ratios[key] = figures[key].toDouble() / open;
    figures["toOpen"] = ratios;
    const QByteArray json = QJsonDocument(figures).toJson();
    std::fwrite(json.constData(), 1, std::size_t(json.size()), stdout);
    if (!jsonPath.isEmpty()) {
        QFile out(jsonPath);
        if (out.open(QIODevice::WriteOnly))
            out.write(json);
    }
    if (holdSeconds > 0) {
        // The first town's first EnvCell selected, its column and landblock open, the sections
        // in sight above it.
        const auto* outline = dynamic_cast<const ui::CellOutline*>(dock.model()->outline(dat.get()));
        for (const auto& landblock : outline->landblocks())
            if (landblock.cells > 0 && landblock.place == ui::LandblockPlace::Outdoors) {
                dock.navigateTo(dat->entries()[landblock.first].id);
                break;
            }
        dock.treeView()->scrollToTop();
        QTimer::singleShot(holdSeconds * 1000, &app, &QCoreApplication::quit);
        return app.exec();
    }
    return 0;
}
