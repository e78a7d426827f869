#include "ui/widgets/swatch_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace portalkit::ui {

SwatchView::SwatchView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void SwatchView::setColors(std::vector<std::uint32_t> colors) {
    m_colors = std::move(colors);
    m_hovered = -1;
    updateGeometry();
    update();
}

int SwatchView::columns() const {
    return m_colors.size() > 256 ? 32 : 16;
}

int SwatchView::cellFor(int width) const {
    return std::clamp(width / columns(), kMinCell, kMaxCell);
}

int SwatchView::cellSize() const {
    return cellFor(width());
}

int SwatchView::heightForWidth(int width) const {
    const int rows = (colorCount() + columns() - 1) / columns();
    return rows * cellFor(width);
}

QSize SwatchView::sizeHint() const {
    const int width = columns() * kMaxCell;
    return {width, heightForWidth(width)};
}

QSize SwatchView::minimumSizeHint() const {
    return {columns() * kMinCell, std::min(heightForWidth(columns() * kMinCell), 4 * kMinCell)};
}

QRect SwatchView::cellRect(int index) const {
    if (index < 0 || index >= colorCount())
        return {};
    const int cell = cellSize();
    return {(index % columns()) * cell, (index / columns()) * cell, cell, cell};
}

int SwatchView::indexAt(QPoint point) const {
    const int cell = cellSize();
    if (point.x() < 0 || point.y() < 0 || point.x() >= columns() * cell)
        return -1;
    const int index = (point.y() / cell) * columns() + point.x() / cell;
    return index < colorCount() ? index : -1;
}

QString SwatchView::describe(int index) const {
    if (index < 0 || index >= colorCount())
        return {};
    const QString argb =
        QString::number(m_colors[std::size_t(index)], 16).rightJustified(8, '0').toUpper();
    return tr("#%1  ARGB %2").arg(index).arg(argb);
}

bool SwatchView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int index = indexAt(help->pos());
        if (index >= 0)
            QToolTip::showText(help->globalPos(), describe(index), this, cellRect(index));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void SwatchView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const int cell = cellSize();
    const int half = std::max(1, cell / 2);
    for (int i = 0; i < colorCount(); ++i) {
        const QRect r = cellRect(i);
        const std::uint32_t argb = m_colors[std::size_t(i)];
        if ((argb >> 24) != 0xFF) { // a checkerboard shows through what is not opaque
            painter.fillRect(r, QColor(0xCC, 0xCC, 0xCC));
            painter.fillRect(r.x(), r.y(), half, half, QColor(0x99, 0x99, 0x99));
            painter.fillRect(r.x() + half, r.y() + half, cell - half, cell - half,
                             QColor(0x99, 0x99, 0x99));
        }
        painter.fillRect(r, QColor::fromRgba(argb));
    }
    if (const QRect r = cellRect(m_hovered); !r.isNull()) {
        painter.setPen(QPen(Qt::white, 1));
        painter.drawRect(r.adjusted(0, 0, -1, -1));
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(r.adjusted(1, 1, -2, -2));
    }
}

void SwatchView::mouseMoveEvent(QMouseEvent* event) {
    const int index = indexAt(event->position().toPoint());
    if (index == m_hovered)
        return;
    m_hovered = index;
    update();
    emit colorHovered(index);
}

void SwatchView::leaveEvent(QEvent*) {
    if (m_hovered < 0)
        return;
    m_hovered = -1;
    update();
    emit colorHovered(-1);
}

} // namespace portalkit::ui
