#pragma once

// Standing Setups in the shown world (docs/studio.md#effects-in-the-world): a Ctrl+click in the
// viewport casts the camera's ray through the pixel at the blocks as drawn (world_pick.h) and
// reports the ground or floor it meets; the studio stands the Setup there and its effects play
// in the world. Also View → Hide World, back to the void.

#include "world/scene/world_builder.h"

#include <QObject>
#include <QVector3D>
#include <optional>
#include <vector>

class QAction;

namespace portalkit::render {
class ViewportWidget;
}

namespace portalkit::ui {

class WorldPlacement : public QObject {
    Q_OBJECT
  public:
    WorldPlacement(render::ViewportWidget* viewport, QObject* parent = nullptr);

    // The blocks the viewport shows (their drawn coordinates); empty: no world, and the last
    // point is forgotten.
    void setBlocks(std::vector<world::WorldBlock> blocks);
    bool hasWorld() const { return !m_blocks.empty(); }
    // Where a ray from `origin` along `direction` meets the ground or a floor.
    std::optional<QVector3D> pick(QVector3D origin, QVector3D direction) const;
    // The ground under the middle of the view (where a Setup chosen in the browser stands when
    // none was placed yet); nothing when the middle shows sky or a wall.
    std::optional<QVector3D> groundAtViewCentre() const;
    // The last point a Setup was stood at in this world.
    std::optional<QVector3D> lastPoint() const { return m_last; }
    void setLastPoint(QVector3D point) { m_last = point; }
    // View → Hide World: enabled while a world is shown.
    QAction* hideWorldAction() const { return m_hide; }

  signals:
    void groundPicked(QVector3D point);
    void pickMissed();
    void hideWorldRequested();

  private:
    render::ViewportWidget* m_viewport;
    std::vector<world::WorldBlock> m_blocks;
    std::optional<QVector3D> m_last;
    QAction* m_hide;
};

} // namespace portalkit::ui
