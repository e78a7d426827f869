#pragma once

// The World map dock's picture (docs/studio.md#world-map): a world map image drawn with
// nearest-neighbour scaling so cells stay square, zoomed with the wheel about the pointer,
// panned by dragging, the cell under the pointer reported, and a click (a press and release
// without a drag) reported with its cell. Plain QWidget and QPainter: one image needs no scene.

#include "world/map.h"

#include <QImage>
#include <QPointF>
#include <QWidget>
#include <optional>

namespace portalkit::ui {

class WorldMapView : public QWidget {
    Q_OBJECT
  public:
    static constexpr double kMaxZoom = 64.0; // screen pixels per image pixel

    explicit WorldMapView(QWidget* parent = nullptr);

    // Shows `image`, whose pixels cover `area` at `cellPixels` per cell (world::MapImage's
    // geometry), fitted to the widget. A null image shows `message` instead.
    void setMap(const QImage& image, const world::BlockArea& area, int cellPixels);
    void clearMap(const QString& message);
    const QImage& image() const { return m_image; }
    QString message() const { return m_message; }

    // Screen pixels per image pixel, and the image point at the widget's top-left corner.
    double zoom() const { return m_zoom; }
    QPointF offset() const { return m_offset; }
    // Sets the zoom (clamped to [fit / 2, kMaxZoom]) keeping `anchor` (widget coordinates) over
    // the same image point.
    void zoomAt(double zoom, QPointF anchor);
    // The whole image in view.
    void fit();
    // Puts a cell in the middle of the view.
    void centreOn(world::Lcoord cell);
    // Centres on `cell` zoomed so about `blocksAcross` landblocks fill the view: the studio
    // follows the landblock it shows, which on a whole-world map is a few pixels wide. Kept and
    // applied when a map arrives later (the map is drawn off the GUI thread).
    void focusOn(world::Lcoord cell, int blocksAcross);

    QPointF toImage(QPointF widgetPoint) const;
    QPointF toWidget(QPointF imagePoint) const;
    // The outdoor cell under a widget point, nothing off the image.
    std::optional<world::Lcoord> cellAt(QPointF widgetPoint) const;

    QSize sizeHint() const override { return {320, 320}; }

  signals:
    // The pointer moved over a cell, or off the image (valid false).
    void cellHovered(bool valid, int gx, int gy);
    void cellClicked(int gx, int gy);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    double fitZoom() const;
    void applyFocus();
    void reportHover(QPointF widgetPoint);

    QImage m_image;
    world::MapImage m_geometry; // area and cellPixels only; its pixels stay empty
    QString m_message;
    double m_zoom = 1;
    QPointF m_offset;
    bool m_fitted = true; // follows resizes until the user zooms or pans
    std::optional<std::pair<world::Lcoord, int>> m_focus; // the last focusOn, for a new map
    std::optional<QPointF> m_press;
    QPointF m_last;
    bool m_dragged = false;
};

} // namespace portalkit::ui
