#pragma once

// Builds the landblocks the studio shows off the GUI thread (docs/render.md#the-world): a block
// and its ring of neighbours, or a dungeon alone (world_builder.h buildWorldBlocks), from the
// portal and cell DATs, with Assets of the worker's own (the session's Assets cache is not
// thread-safe). A newer request supersedes an older one; the result arrives as a signal on the
// GUI thread, where the viewport uploads it. Also where the studio's camera goes for a world:
// inside the EnvCell asked for, else over the blocks; and the viewport's eye drives the cells'
// culling (WorldView::setViewpoint).

#include "preview/physics/dat_world.h"
#include "preview/timeline/scenario.h"
#include "ui/render/frame_graph.h"
#include "world/scene/world_builder.h"

#include <QFutureWatcher>
#include <QObject>
#include <memory>
#include <optional>

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::render {
class ViewportWidget;
class WorldView;
} // namespace portalkit::render

namespace portalkit::ui {

struct WorldLoad {
    std::uint32_t block = 0; // the centre, 0xXXYYFFFF
    std::uint32_t cell = 0;  // the EnvCell to stand in; 0: look from above
    // A landblock-local point of the centre block to stand at (go to), z on its terrain.
    std::optional<world::Vec3> spot;
    // A scenario's place (placed_world.h): the blocks are moved so its origin is (0, 0, 0), where
    // the scenario's objects start; the session keeps playing over them.
    std::optional<preview::ScenarioPlace> place;
    QVector3D origin; // with a place: its origin in the landblock, now the scene's (0, 0, 0)
    // With a place: the collision world round it, for a scenario of "geometry": "dat"
    // (world/scene/collision_world.h), built on the same worker.
    std::shared_ptr<const preview::DatWorld> collision;
    std::vector<world::WorldBlock> blocks;
    double milliseconds = 0; // building time, all blocks
    QString error;           // why nothing was built
};

class WorldLoader : public QObject {
    Q_OBJECT
  public:
    explicit WorldLoader(QObject* parent = nullptr);
    ~WorldLoader() override;

    // Starts building `block` and `radius` rings of neighbours (a dungeon alone); `cell` is an
    // EnvCell of the block the camera is to stand in, or 0; `spot` a point of the block to stand
    // at.
    void load(std::shared_ptr<const dat::DatFile> portal, std::shared_ptr<const dat::DatFile> cells,
              std::uint32_t block, int radius = 1, std::uint32_t cell = 0,
              std::optional<world::Vec3> spot = std::nullopt);
    // Starts building the blocks round a scenario's place, moved to its origin.
    void loadPlace(std::shared_ptr<const dat::DatFile> portal,
                   std::shared_ptr<const dat::DatFile> cells, const preview::ScenarioPlace& place);
    bool busy() const { return m_watcher.isRunning(); }

  signals:
    void loaded(const portalkit::ui::WorldLoad& load);

  private:
    struct Request {
        std::shared_ptr<const dat::DatFile> portal, cells;
        std::uint32_t block = 0;
        int radius = 1;
        std::uint32_t cell = 0;
        std::optional<world::Vec3> spot;
        std::optional<preview::ScenarioPlace> place;
    };
    void start(Request request);
    void finished();

    QFutureWatcher<WorldLoad> m_watcher;
    std::optional<Request> m_pending; // asked for while another build ran: starts after it
};

// The build itself, on any thread.
WorldLoad buildWorld(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells, std::uint32_t block,
                     int radius, std::uint32_t cell = 0,
                     std::optional<world::Vec3> spot = std::nullopt);

// The same for a scenario's place (world/scene/placed_world.h).
WorldLoad buildPlace(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells,
                     const preview::ScenarioPlace& place);

// Where the camera goes once `load` is drawn in `world`: standing in its cell when it has one
// that can be drawn, else standing at its spot looking north, else looking down from the
// south-west over every block.
render::OrbitCamera worldCamera(const WorldLoad& load, const render::WorldView& world);

// What the viewport says it shows once `load` is drawn.
QString worldCaption(const WorldLoad& load);

// Keeps the world's culling following the viewport's camera (WorldView::setViewpoint on every
// camera change).
void followViewpoint(render::ViewportWidget* viewport);

} // namespace portalkit::ui
