#pragma once

// A palette as a grid of colour cells (docs/studio.md#asset-previews): index order, left to
// right then down, a checkerboard under translucent colours. Hovering a cell gives its index and
// ARGB value as a tooltip and through colorHovered. The grid is as wide as the widget; its
// height follows the width (heightForWidth), so a scroll area around it scrolls a long palette.

#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

namespace portalkit::ui {

class SwatchView : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kMinCell = 6; // pixels
    static constexpr int kMaxCell = 24;

    explicit SwatchView(QWidget* parent = nullptr);

    // ColorARGB values (0xAARRGGBB), as a Palette stores them.
    void setColors(std::vector<std::uint32_t> colors);
    const std::vector<std::uint32_t>& colors() const { return m_colors; }
    int colorCount() const { return int(m_colors.size()); }

    // Cells per row: 16 up to 256 colours, 32 beyond (retail palettes have 2048).
    int columns() const;
    int cellSize() const;
    QRect cellRect(int index) const;
    // The colour index under a widget point, or -1.
    int indexAt(QPoint point) const;
    // "#37  ARGB FF902020": what the tooltip says about a colour.
    QString describe(int index) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    // The pointer moved over a colour, or off every colour (index -1).
    void colorHovered(int index);

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

  private:
    int cellFor(int width) const;

    std::vector<std::uint32_t> m_colors;
    int m_hovered = -1;
};

} // namespace portalkit::ui
