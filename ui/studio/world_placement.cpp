#include "ui/studio/world_placement.h"

#include "ui/render/viewport_widget.h"
#include "world/scene/world_pick.h"

#include <QAction>
#include <QWindow>

namespace portalkit::ui {

WorldPlacement::WorldPlacement(render::ViewportWidget* viewport, QObject* parent)
    : QObject(parent), m_viewport(viewport), m_hide(new QAction(tr("&Hide World"), this)) {
    m_hide->setEnabled(false);
    m_hide->setToolTip(tr("Stop drawing the landblocks; Setups stand in the void again"));
    connect(m_hide, &QAction::triggered, this, &WorldPlacement::hideWorldRequested);
    connect(viewport, &render::ViewportWidget::groundClicked, this,
            [this](QVector3D origin, QVector3D direction) {
                if (!hasWorld())
                    return;
                if (const auto point = pick(origin, direction))
                    emit groundPicked(*point);
                else
                    emit pickMissed();
            });
}

void WorldPlacement::setBlocks(std::vector<world::WorldBlock> blocks) {
    m_blocks = std::move(blocks);
    m_last.reset();
    m_hide->setEnabled(hasWorld());
}

std::optional<QVector3D> WorldPlacement::pick(QVector3D origin, QVector3D direction) const {
    return world::pickGround(m_blocks, origin, direction);
}

std::optional<QVector3D> WorldPlacement::groundAtViewCentre() const {
    const render::OrbitCamera& camera = m_viewport->camera();
    return pick(camera.eye(), camera.target - camera.eye());
}

} // namespace portalkit::ui
