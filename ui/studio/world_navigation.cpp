#include "ui/studio/world_navigation.h"

#include "datreader/records/common.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"
#include "world/coords.h"
#include "world/location.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QStatusBar>

namespace portalkit::ui {

QString cameraPlaceText(std::uint32_t origin, QVector3D eye, std::uint32_t envCell) {
    if (!origin)
        return {};
    const QString height = QObject::tr("z %1 m").arg(double(eye.z()), 0, 'f', 1);
    if (envCell)
        return QObject::tr("EnvCell %1 · %2").arg(dat::didJson(envCell), height);
    // The scene is drawn around `origin`'s block; the eye may be over a neighbour.
    const auto outside =
        world::adjustToOutside(world::landblockOf(origin), {eye.x(), eye.y(), eye.z()});
    if (!outside)
        return QObject::tr("Off the world · %1").arg(height);
    const std::uint32_t block = world::landblockOf(outside->cellId);
    const std::string coordinates =
        world::coordinateText(world::pointMapCoord(block, outside->local));
    return QObject::tr("Landblock %1 · cell %2 · %3 · %4")
        .arg(dat::didJson(block), dat::didJson(outside->cellId),
             QString::fromStdString(coordinates), height);
}

WorldNavigation::WorldNavigation(Studio* studio)
    : QObject(studio), m_studio(studio), m_goTo(new QAction(tr("&Go To…"), this)),
      m_place(new QLabel) {
    m_goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_goTo->setToolTip(tr("Go to a landblock (0xA9B4), a cell (0xA9B40019, 0x01D90105) or map "
                          "coordinates (42.1N, 33.6E)"));
    connect(m_goTo, &QAction::triggered, this, &WorldNavigation::askWhere);
    m_place->setTextFormat(Qt::PlainText);
    studio->window()->statusBar()->addPermanentWidget(m_place);
    connect(studio->viewport(), &render::ViewportWidget::cameraChanged, this,
            &WorldNavigation::updatePlace);
    connect(studio, &Studio::worldShown, this, &WorldNavigation::updatePlace);
}

void WorldNavigation::askWhere() {
    bool ok = false;
    const QString text = QInputDialog::getText(
        m_studio->window(), tr("Go To"),
        tr("Landblock, cell or map coordinates (e.g. 0xA9B4, 0xA9B40019, 42.1N 33.6E):"),
        QLineEdit::Normal, m_lastAnswer, &ok);
    if (ok && !text.trimmed().isEmpty()) {
        m_lastAnswer = text;
        goTo(text);
    }
}

bool WorldNavigation::goTo(const QString& text) {
    const auto place = world::parseLocation(text.toStdString());
    if (!place) {
        m_error = tr("\"%1\" is not a landblock, a cell or map coordinates").arg(text.trimmed());
    } else if (!m_studio->canShowWorld()) {
        m_error = tr("Going somewhere needs the portal DAT and a cell DAT open");
    } else {
        m_error.clear();
        m_studio->showLandblock(place->envCell ? place->envCell : place->block, place->local);
        return true;
    }
    m_studio->window()->statusBar()->showMessage(m_error, 8000);
    return false;
}

void WorldNavigation::updatePlace() {
    render::ViewportWidget* viewport = m_studio->viewport();
    // A scenario's world is drawn moved so its origin is (0, 0, 0): move the eye back.
    QString text = cameraPlaceText(m_studio->shownLandblock(),
                                   viewport->camera().eye() + m_studio->sceneOrigin(),
                                   viewport->scene().world().viewCell());
    if (!text.isEmpty() && viewport->flying())
        text += tr(" · flying %1 m/s").arg(double(viewport->flySpeed()), 0, 'f', 1);
    m_place->setText(text);
}

} // namespace portalkit::ui
