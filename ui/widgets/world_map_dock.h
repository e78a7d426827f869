#pragma once

// The studio's World map dock (docs/studio.md#world-map): the open cell DAT drawn by
// world::drawWorldMap with the portal DAT's Region, built off the GUI thread (QtConcurrent),
// shown in a zoomable, pannable WorldMapView. Under the pointer it names the retail map
// coordinates ("42.1N, 33.6E"), the landblock and the cell; a click emits landblockActivated.

#include "datreader/container/dat_file.h"
#include "ui/widgets/world_map_view.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <atomic>
#include <cstdint>
#include <memory>

class QLabel;

namespace portalkit::ui {

// What the worker hands back: the picture and its geometry, or why there is none.
struct WorldMapResult {
    QImage image;
    world::BlockArea area;
    int cellPixels = 1;
    std::uint64_t landblocks = 0;
    QString error;
};

// Draws the whole world map of `cells` with the first Region (0x13...) of `portal`; errors
// (no Region, a LandBlock that does not decode) come back as text. Runs on any thread.
WorldMapResult drawWorldMapImage(const dat::DatFile& cells, const dat::DatFile& portal,
                                 const std::atomic<bool>* cancel = nullptr);

class WorldMapDock : public QDockWidget {
    Q_OBJECT
  public:
    explicit WorldMapDock(QWidget* parent = nullptr);
    ~WorldMapDock() override;

    // Draws the map of `cells` with `portal`'s Region in the background, cancelling a drawing
    // under way; without either it shows why there is no map. The same pair again does nothing.
    void setDats(std::shared_ptr<const dat::DatFile> cells,
                 std::shared_ptr<const dat::DatFile> portal);
    bool isDrawing() const { return m_watcher.isRunning(); }

    WorldMapView* view() const { return m_view; }
    // The line under the map: what the pointer is over, or the map's state.
    QString infoText() const;
    // "42.1N, 33.6E · landblock 0xA9B4 · cell 0xA9B40019": a cell as the dock names it.
    static QString describeCell(world::Lcoord cell);

  signals:
    // A click on the map: the landblock id 0xXXYYFFFF under it.
    void landblockActivated(std::uint32_t landblockId);
    // A drawing finished (with a map or an error).
    void mapReady();

  private:
    void drawingFinished();
    void hovered(bool valid, int gx, int gy);
    void clicked(int gx, int gy);

    WorldMapView* m_view;
    QLabel* m_info;
    QString m_idleText; // what the info line says while the pointer is off the map
    std::shared_ptr<const dat::DatFile> m_cells;
    std::shared_ptr<const dat::DatFile> m_portal;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<WorldMapResult> m_watcher;
};

} // namespace portalkit::ui
