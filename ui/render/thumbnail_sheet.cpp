#include "ui/render/thumbnail_sheet.h"

#include "export/entry_export.h"

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace portalkit::render {

namespace {
constexpr int kMaxColumns = 16;
const QColor kSheetBackground(0x2b, 0x2b, 0x2b);
const QColor kLabelColor(0xe0, 0xe0, 0xe0);
} // namespace

QImage fitThumbnail(const QImage& image, int size) {
    if (image.isNull() || size < 1)
        return {};
    QImage out(size, size, QImage::Format_ARGB32_Premultiplied);
    out.fill(Qt::transparent);
    const QImage scaled = image.convertToFormat(QImage::Format_ARGB32_Premultiplied)
                              .scaled(size, size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    QPainter painter(&out);
    painter.drawImage((size - scaled.width()) / 2, (size - scaled.height()) / 2, scaled);
    return out;
}

QImage textureThumbnail(const dat::DatFile& dat, std::uint32_t id, int size) {
    return fitThumbnail(exports::entryImage(dat, id), size);
}

SheetLayout SheetLayout::make(int count, int thumbSize, int labelHeight, int columns) {
    SheetLayout layout;
    layout.count = std::max(0, count);
    layout.thumbSize = std::max(1, thumbSize);
    layout.labelHeight = std::max(0, labelHeight);
    if (columns < 1)
        columns = std::min(kMaxColumns, int(std::ceil(std::sqrt(double(layout.count)))));
    layout.columns = std::clamp(columns, 1, std::max(1, layout.count));
    layout.rows = (layout.count + layout.columns - 1) / layout.columns;
    return layout;
}

QSize SheetLayout::sheetSize() const {
    const int cellW = thumbSize + 2 * kMargin;
    const int cellH = thumbSize + labelHeight + 2 * kMargin;
    return QSize(std::max(1, columns * cellW), std::max(1, rows * cellH));
}

QRect SheetLayout::imageRect(int index) const {
    const int cellW = thumbSize + 2 * kMargin;
    const int cellH = thumbSize + labelHeight + 2 * kMargin;
    return QRect((index % columns) * cellW + kMargin, (index / columns) * cellH + kMargin,
                 thumbSize, thumbSize);
}

QRect SheetLayout::labelRect(int index) const {
    const QRect image = imageRect(index);
    return QRect(image.left(), image.bottom() + 1, thumbSize, labelHeight);
}

QImage contactSheet(const std::vector<std::pair<std::uint32_t, QImage>>& thumbnails, int thumbSize,
                    int columns) {
    QFont font;
    font.setPixelSize(std::clamp(thumbSize / 9, 9, 14));
    const QFontMetrics metrics(font);
    const SheetLayout layout =
        SheetLayout::make(int(thumbnails.size()), thumbSize, metrics.height() + 2, columns);
    QImage sheet(layout.sheetSize(), QImage::Format_ARGB32_Premultiplied);
    sheet.fill(kSheetBackground);
    QPainter painter(&sheet);
    painter.setFont(font);
    painter.setPen(kLabelColor);
    for (int i = 0; i < int(thumbnails.size()); ++i) {
        const auto& [id, image] = thumbnails[std::size_t(i)];
        if (!image.isNull())
            painter.drawImage(layout.imageRect(i), image);
        painter.drawText(layout.labelRect(i), Qt::AlignCenter,
                         QStringLiteral("0x%1")
                             .arg(id, 8, 16, QChar('0'))
                             .toUpper()
                             .replace(QStringLiteral("0X"), QStringLiteral("0x")));
    }
    return sheet;
}

} // namespace portalkit::render
