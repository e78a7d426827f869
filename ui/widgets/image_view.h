#pragma once

// The asset pane's picture (docs/studio.md#asset-previews): one image drawn over a checkerboard,
// so transparent and translucent texels show as such, scaled nearest-neighbour so texels stay
// crisp squares. The wheel zooms about the pointer, a drag pans, a double-click fits; fit() and
// actualSize() are also the pane's buttons. The texel under the pointer is reported. Without an
// image it shows a message (an error, or what to choose).

#include <QImage>
#include <QPointF>
#include <QWidget>
#include <optional>

namespace portalkit::ui {

class ImageView : public QWidget {
    Q_OBJECT
  public:
    static constexpr double kMinZoom = 1.0 / 16; // screen pixels per image pixel
    static constexpr double kMaxZoom = 64.0;
    static constexpr int kCheckerCell = 8; // screen pixels, whatever the zoom

    explicit ImageView(QWidget* parent = nullptr);

    // Shows `image` fitted to the view; with `keepZoom`, at the zoom it had (a fitted view stays
    // fitted, a 2:1 view stays 2:1), for another mip level of the same texture.
    void setImage(const QImage& image, bool keepZoom = false);
    // No image: `message` in the middle of the view.
    void setMessage(const QString& message);
    const QImage& image() const { return m_image; }
    QString message() const { return m_message; }

    double zoom() const { return m_zoom; }
    bool isFitted() const { return m_fitted; }
    // Sets the zoom (clamped to [kMinZoom, kMaxZoom]) keeping `anchor` (widget coordinates)
    // over the same image point; setZoom anchors at the middle of the view.
    void zoomAt(double zoom, QPointF anchor);
    void setZoom(double zoom);
    void zoomIn();
    void zoomOut();
    // The whole image in view, as large as it fits (small textures are enlarged).
    void fit();
    // One screen pixel per texel, centred.
    void actualSize();

    QPointF toImage(QPointF widgetPoint) const;
    QPointF toWidget(QPointF imagePoint) const;
    // The texel under a widget point; nothing off the image.
    std::optional<QPoint> texelAt(QPointF widgetPoint) const;

    // Modest: in the Asset tab's scrolling page a large hint would ask for a scroll bar (the
    // page is given its preferred height for its width); the view stretches to fill anyway.
    QSize sizeHint() const override { return {240, 160}; }
    QSize minimumSizeHint() const override { return {96, 96}; }

  signals:
    void zoomChanged(double zoom);
    // The pointer moved over a texel (its colour, as stored), or off the image (valid false).
    void texelHovered(bool valid, int x, int y, QRgb argb);

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
    void centre();
    void reportHover(QPointF widgetPoint);

    QImage m_image;
    QString m_message;
    double m_zoom = 1;
    QPointF m_offset; // the image point at the widget's top-left corner
    bool m_fitted = true;
    std::optional<QPointF> m_drag; // last pointer position while dragging
};

} // namespace portalkit::ui
