#include "ui/widgets/image_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {
namespace {

// Two greys, as image editors draw "nothing here".
QBrush checkerBrush() {
    static const QPixmap tile = [] {
        constexpr int cell = ImageView::kCheckerCell;
        QPixmap pixmap(2 * cell, 2 * cell);
        pixmap.fill(QColor(0xCC, 0xCC, 0xCC));
        QPainter painter(&pixmap);
        painter.fillRect(0, 0, cell, cell, QColor(0x99, 0x99, 0x99));
        painter.fillRect(cell, cell, cell, cell, QColor(0x99, 0x99, 0x99));
        return pixmap;
    }();
    return QBrush(tile);
}

} // namespace

ImageView::ImageView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::WheelFocus);
    setToolTip(tr("Wheel: zoom. Drag: pan. Double-click: fit."));
}

void ImageView::setImage(const QImage& image, bool keepZoom) {
    const bool sameSize = image.size() == m_image.size();
    m_image = image;
    m_message.clear();
    if (!keepZoom || m_fitted) {
        fit();
        return;
    }
    if (!sameSize)
        centre();
    update();
}

void ImageView::setMessage(const QString& message) {
    m_image = {};
    m_message = message;
    update();
}

double ImageView::fitZoom() const {
    if (m_image.isNull() || width() <= 0 || height() <= 0)
        return 1;
    const double zoom =
        std::min(double(width()) / m_image.width(), double(height()) / m_image.height());
    return std::clamp(zoom, kMinZoom, kMaxZoom);
}

void ImageView::centre() {
    m_offset = QPointF(m_image.width() / 2.0 - width() / (2 * m_zoom),
                       m_image.height() / 2.0 - height() / (2 * m_zoom));
}

void ImageView::fit() {
    const double before = m_zoom;
    m_zoom = fitZoom();
    m_fitted = true;
    centre();
    update();
    if (m_zoom != before)
        emit zoomChanged(m_zoom);
}

void ImageView::actualSize() {
    setZoom(1.0);
    centre();
    // Whole pixels: each texel lands on exactly one screen pixel.
    m_offset = QPointF(std::round(m_offset.x()), std::round(m_offset.y()));
    update();
}

void ImageView::zoomAt(double zoom, QPointF anchor) {
    const QPointF fixed = toImage(anchor);
    const double before = m_zoom;
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    m_offset = fixed - anchor / m_zoom;
    m_fitted = false;
    update();
    if (m_zoom != before)
        emit zoomChanged(m_zoom);
}

void ImageView::setZoom(double zoom) {
    zoomAt(zoom, QPointF(width() / 2.0, height() / 2.0));
}

void ImageView::zoomIn() {
    setZoom(m_zoom * 2);
}

void ImageView::zoomOut() {
    setZoom(m_zoom / 2);
}

QPointF ImageView::toImage(QPointF widgetPoint) const {
    return m_offset + widgetPoint / m_zoom;
}

QPointF ImageView::toWidget(QPointF imagePoint) const {
    return (imagePoint - m_offset) * m_zoom;
}

std::optional<QPoint> ImageView::texelAt(QPointF widgetPoint) const {
    if (m_image.isNull())
        return std::nullopt;
    const QPointF p = toImage(widgetPoint);
    const QPoint texel(int(std::floor(p.x())), int(std::floor(p.y())));
    if (!m_image.rect().contains(texel))
        return std::nullopt;
    return texel;
}

void ImageView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window).darker(130));
    if (m_image.isNull()) {
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                         m_message);
        return;
    }
    // Only the texels in view are drawn, so a 2048² texture at 64:1 scales a handful of them.
    const QPointF topLeft = toImage({0, 0}), bottomRight = toImage(QPointF(width(), height()));
    const QRect texels =
        QRect(QPoint(int(std::floor(topLeft.x())), int(std::floor(topLeft.y()))),
              QPoint(int(std::ceil(bottomRight.x())), int(std::ceil(bottomRight.y()))))
            .intersected(m_image.rect());
    if (texels.isEmpty())
        return;
    const QRectF target(toWidget(texels.topLeft()), QSizeF(texels.size()) * m_zoom);
    painter.setBrushOrigin(toWidget({0, 0}));
    painter.fillRect(target, checkerBrush());
    // No SmoothPixmapTransform: nearest-neighbour.
    painter.drawImage(target, m_image, QRectF(texels));
}

void ImageView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0)
        zoomAt(m_zoom * std::pow(1.25, steps), event->position());
    event->accept();
}

void ImageView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_drag = event->position();
    setCursor(Qt::ClosedHandCursor);
}

void ImageView::mouseMoveEvent(QMouseEvent* event) {
    if (m_drag && (event->buttons() & Qt::LeftButton)) {
        m_offset -= (event->position() - *m_drag) / m_zoom;
        m_drag = event->position();
        m_fitted = false;
        update();
    }
    reportHover(event->position());
}

void ImageView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    m_drag.reset();
    unsetCursor();
}

void ImageView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton)
        fit();
}

void ImageView::leaveEvent(QEvent*) {
    emit texelHovered(false, 0, 0, 0);
}

void ImageView::resizeEvent(QResizeEvent*) {
    if (m_fitted)
        fit();
}

void ImageView::reportHover(QPointF widgetPoint) {
    const auto texel = texelAt(widgetPoint);
    emit texelHovered(bool(texel), texel ? texel->x() : 0, texel ? texel->y() : 0,
                      texel ? m_image.pixel(*texel) : 0);
}

} // namespace portalkit::ui
