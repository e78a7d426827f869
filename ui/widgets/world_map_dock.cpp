#include "ui/widgets/world_map_dock.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/region.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cstring>

namespace portalkit::ui {
namespace {

constexpr std::uint32_t kRegionFirst = 0x13000000;
constexpr std::uint32_t kRegionLast = 0x13FFFFFF;

QString hexId(std::uint32_t id, int digits) {
    return QStringLiteral("0x%1")
        .arg(id, digits, 16, QLatin1Char('0'))
        .toUpper()
        .replace("0X", "0x");
}

} // namespace

WorldMapResult drawWorldMapImage(const dat::DatFile& cells, const dat::DatFile& portal,
                                 const std::atomic<bool>* cancel) {
    WorldMapResult result;
    try {
        const dat::EntryInfo* regionEntry = nullptr;
        for (const dat::EntryInfo& entry : portal.entries())
            if (entry.id >= kRegionFirst && entry.id <= kRegionLast) {
                regionEntry = &entry;
                break;
            }
        if (!regionEntry) {
            result.error = QObject::tr("The portal DAT holds no Region (0x13...), so there is no "
                                       "map: its colours and heights come from there.");
            return result;
        }
        const dat::Region region = dat::Region::decode(portal.read(*regionEntry), regionEntry->id);
        world::MapOptions options; // the whole world, one pixel per cell (docs/world.md)
        options.cancel = cancel;
        world::MapStats stats;
        const world::MapImage map = world::drawWorldMap(cells, region, options, &stats);
        QImage image(map.width, map.height, QImage::Format_RGBX8888);
        for (int y = 0; y < map.height; ++y)
            std::memcpy(image.scanLine(y),
                        map.rgba.data() + std::size_t(y) * std::size_t(map.width) * 4,
                        std::size_t(map.width) * 4);
        result.image = std::move(image);
        result.area = map.area;
        result.cellPixels = map.cellPixels;
        result.landblocks = stats.landblocks;
    } catch (const dat::DatError& error) {
        result.error = QString::fromStdString(error.what());
    }
    return result;
}

WorldMapDock::WorldMapDock(QWidget* parent)
    : QDockWidget(tr("World map"), parent), m_view(new WorldMapView), m_info(new QLabel) {
    setObjectName(QStringLiteral("worldMap")); // for saveState
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setContentsMargins(4, 0, 4, 2);
    layout->addWidget(m_info);
    setWidget(body);
    connect(m_view, &WorldMapView::cellHovered, this, &WorldMapDock::hovered);
    connect(m_view, &WorldMapView::cellClicked, this, &WorldMapDock::clicked);
    connect(&m_watcher, &QFutureWatcher<WorldMapResult>::finished, this,
            &WorldMapDock::drawingFinished);
    setDats(nullptr, nullptr);
}

WorldMapDock::~WorldMapDock() {
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished(); // the worker reads DATs this dock keeps alive
}

void WorldMapDock::setDats(std::shared_ptr<const dat::DatFile> cells,
                           std::shared_ptr<const dat::DatFile> portal) {
    if (cells == m_cells && portal == m_portal && (cells || !m_idleText.isEmpty()))
        return;
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
    m_cells = std::move(cells);
    m_portal = std::move(portal);
    if (!m_cells || !m_portal) {
        m_idleText = !m_cells ? tr("Open a cell DAT (client_cell_1.dat) to see its map.")
                              : tr("Open the portal DAT too: the map's colours and heights come "
                                   "from its Region.");
        m_view->clearMap(m_idleText);
        m_info->setText(m_idleText);
        return;
    }
    m_idleText = tr("Drawing the map of %1…").arg(m_cells->path());
    m_view->clearMap(m_idleText);
    m_info->setText(m_idleText);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    // The lambda holds the DATs and the flag, so they outlive a dock closed mid-drawing.
    m_watcher.setFuture(QtConcurrent::run([cells = m_cells, portal = m_portal, cancel = m_cancel] {
        return drawWorldMapImage(*cells, *portal, cancel.get());
    }));
}

void WorldMapDock::drawingFinished() {
    if (m_watcher.isCanceled() || (m_cancel && m_cancel->load()))
        return;
    const WorldMapResult result = m_watcher.result();
    if (!result.error.isEmpty()) {
        m_idleText = tr("No map: %1").arg(result.error);
        m_view->clearMap(m_idleText);
    } else {
        m_idleText = tr("%n landblock(s). Wheel zooms, drag pans, a click selects a landblock.",
                        nullptr, int(result.landblocks));
        m_view->setMap(result.image, result.area, result.cellPixels);
    }
    m_info->setText(m_idleText);
    emit mapReady();
}

QString WorldMapDock::infoText() const {
    return m_info->text();
}

QString WorldMapDock::describeCell(world::Lcoord cell) {
    const auto id = world::lcoordCellId(cell);
    if (!id)
        return {};
    const auto coords = world::cellCoordinateText(*id);
    return QStringLiteral("%1 · landblock %2 · cell %3")
        .arg(QString::fromStdString(coords.value_or("")), hexId(*id >> 16, 4), hexId(*id, 8));
}

void WorldMapDock::hovered(bool valid, int gx, int gy) {
    m_info->setText(valid ? describeCell({gx, gy}) : m_idleText);
}

void WorldMapDock::clicked(int gx, int gy) {
    if (const auto id = world::lcoordCellId({gx, gy}))
        emit landblockActivated(world::landblockOf(*id));
}

} // namespace portalkit::ui
