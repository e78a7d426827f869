#include "ui/widgets/world_map_view.h"

#include <QApplication>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

WorldMapView::WorldMapView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::CrossCursor);
    setToolTip(tr("Wheel: zoom. Drag: pan. Click: select the landblock. Double-click: fit."));
}

void WorldMapView::setMap(const QImage& image, const world::BlockArea& area, int cellPixels) {
    m_image = image;
    m_geometry = {};
    m_geometry.width = image.width();
    m_geometry.height = image.height();
    m_geometry.area = area;
    m_geometry.cellPixels = cellPixels;
    m_message.clear();
    if (m_focus)
        applyFocus();
    else
        fit();
}

void WorldMapView::clearMap(const QString& message) {
    m_image = {};
    m_geometry = {};
    m_message = message;
    update();
}

double WorldMapView::fitZoom() const {
    if (m_image.isNull() || width() <= 0 || height() <= 0)
        return 1;
    return std::min(double(width()) / m_image.width(), double(height()) / m_image.height());
}

void WorldMapView::fit() {
    m_zoom = fitZoom();
    // Centred: the image point at the top-left is negative on the side with room to spare.
    m_offset = QPointF(m_image.width() / 2.0 - width() / (2 * m_zoom),
                       m_image.height() / 2.0 - height() / (2 * m_zoom));
    m_fitted = true;
    update();
}

void WorldMapView::zoomAt(double zoom, QPointF anchor) {
    if (m_image.isNull())
        return;
    const QPointF fixed = toImage(anchor);
    m_zoom = std::clamp(zoom, fitZoom() / 2, kMaxZoom);
    m_offset = fixed - anchor / m_zoom;
    m_fitted = false;
    update();
}

void WorldMapView::centreOn(world::Lcoord cell) {
    const auto at = m_geometry.pixelOf(cell);
    if (!at)
        return;
    const QPointF centre(at->first + m_geometry.cellPixels / 2.0,
                         at->second + m_geometry.cellPixels / 2.0);
    m_offset = centre - QPointF(width(), height()) / (2 * m_zoom);
    m_fitted = false;
    update();
}

void WorldMapView::focusOn(world::Lcoord cell, int blocksAcross) {
    m_focus = {cell, std::max(1, blocksAcross)};
    applyFocus();
}

void WorldMapView::applyFocus() {
    if (m_image.isNull() || !m_focus || !m_geometry.pixelOf(m_focus->first))
        return;
    const double across = double(m_focus->second) * world::kCellsPerBlock * m_geometry.cellPixels;
    m_zoom = std::clamp(std::min(width(), height()) / across, fitZoom() / 2, kMaxZoom);
    centreOn(m_focus->first);
}

QPointF WorldMapView::toImage(QPointF widgetPoint) const {
    return m_offset + widgetPoint / m_zoom;
}

QPointF WorldMapView::toWidget(QPointF imagePoint) const {
    return (imagePoint - m_offset) * m_zoom;
}

std::optional<world::Lcoord> WorldMapView::cellAt(QPointF widgetPoint) const {
    if (m_image.isNull())
        return std::nullopt;
    const QPointF p = toImage(widgetPoint);
    if (p.x() < 0 || p.y() < 0)
        return std::nullopt;
    return m_geometry.lcoordAt(int(std::floor(p.x())), int(std::floor(p.y())));
}

void WorldMapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window).darker(160));
    if (m_image.isNull()) {
        painter.setPen(palette().color(QPalette::BrightText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    // Nearest-neighbour (no SmoothPixmapTransform): a zoomed cell is a crisp square.
    const QRectF target(toWidget({0, 0}), QSizeF(m_image.size()) * m_zoom);
    painter.drawImage(target, m_image);
}

void WorldMapView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    zoomAt(m_zoom * std::pow(1.25, steps), event->position());
    event->accept();
}

void WorldMapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_press = event->position();
    m_last = event->position();
    m_dragged = false;
}

void WorldMapView::mouseMoveEvent(QMouseEvent* event) {
    if (m_press && (event->buttons() & Qt::LeftButton)) {
        if ((event->position() - *m_press).manhattanLength() >= QApplication::startDragDistance())
            m_dragged = true;
        if (m_dragged) {
            m_offset -= (event->position() - m_last) / m_zoom;
            m_fitted = false;
            update();
        }
        m_last = event->position();
    }
    reportHover(event->position());
}

void WorldMapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_press)
        return QWidget::mouseReleaseEvent(event);
    m_press.reset();
    if (m_dragged)
        return;
    if (const auto cell = cellAt(event->position()))
        emit cellClicked(cell->x, cell->y);
}

void WorldMapView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton)
        fit();
}

void WorldMapView::leaveEvent(QEvent*) {
    emit cellHovered(false, 0, 0);
}

void WorldMapView::resizeEvent(QResizeEvent*) {
    if (m_fitted)
        fit();
}

void WorldMapView::reportHover(QPointF widgetPoint) {
    const auto cell = cellAt(widgetPoint);
    emit cellHovered(bool(cell), cell ? cell->x : 0, cell ? cell->y : 0);
}

} // namespace portalkit::ui
