#pragma once

// Builds the landblocks the studio shows off the GUI thread (docs/render.md#the-world): a block
// and its ring of neighbours, from the portal and cell DATs, with Assets of the worker's own (the
// session's Assets cache is not thread-safe). A newer request supersedes an older one; the
// result arrives as a signal on the GUI thread, where the viewport uploads it.

#include "world/scene/world_builder.h"

#include <QFutureWatcher>
#include <QObject>
#include <memory>
#include <optional>

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

struct WorldLoad {
    std::uint32_t block = 0; // the centre, 0xXXYYFFFF
    std::vector<world::WorldBlock> blocks;
    double milliseconds = 0; // building time, all blocks
    QString error;           // why nothing was built
};

class WorldLoader : public QObject {
    Q_OBJECT
  public:
    explicit WorldLoader(QObject* parent = nullptr);
    ~WorldLoader() override;

    // Starts building `block` and `radius` rings of neighbours.
    void load(std::shared_ptr<const dat::DatFile> portal, std::shared_ptr<const dat::DatFile> cells,
              std::uint32_t block, int radius = 1);
    bool busy() const { return m_watcher.isRunning(); }

  signals:
    void loaded(const portalkit::ui::WorldLoad& load);

  private:
    struct Request {
        std::shared_ptr<const dat::DatFile> portal, cells;
        std::uint32_t block = 0;
        int radius = 1;
    };
    void start(Request request);
    void finished();

    QFutureWatcher<WorldLoad> m_watcher;
    std::optional<Request> m_pending; // asked for while another build ran: starts after it
};

// The build itself, on any thread.
WorldLoad buildWorld(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells, std::uint32_t block,
                     int radius);

} // namespace portalkit::ui
