#pragma once

// Texture thumbnails and contact sheets (docs/cli.md#thumbnails): no Qt3D, any thread. Drawing
// the labels needs a QGuiApplication (fonts); everything else only QImage.

#include "datreader/container/dat_file.h"

#include <QImage>
#include <QRect>
#include <QSize>
#include <cstdint>
#include <utility>
#include <vector>

namespace portalkit::render {

// `image` scaled to fit a size × size square (aspect kept, smooth), centred on transparency;
// ARGB32 premultiplied. A null image stays null.
QImage fitThumbnail(const QImage& image, int size);

// A RenderSurface, SurfaceTexture or Surface of `dat` (exports::entryImage: the first mip the
// DAT holds, the default palette; a solid-colour Surface is its colour) fitted to size × size.
// Throws dat::DatError naming the DID and field when it cannot be read.
QImage textureThumbnail(const dat::DatFile& dat, std::uint32_t id, int size);

// Where a contact sheet of `count` thumbnails puts each one: a grid of `columns` (0: about
// square, at most 16 across), each cell the thumbnail over a label strip, with a margin around
// every cell. Cell i is in row i / columns, column i % columns.
struct SheetLayout {
    static constexpr int kMargin = 4;
    int count = 0;
    int columns = 1;
    int rows = 0;
    int thumbSize = 128;
    int labelHeight = 16;

    static SheetLayout make(int count, int thumbSize, int labelHeight, int columns = 0);
    QSize sheetSize() const;
    QRect imageRect(int index) const;
    QRect labelRect(int index) const;
};

// The sheet: each thumbnail in its cell over a dark background, its id (0x02000001) under it;
// a null thumbnail leaves its cell empty but still labelled. Needs a QGuiApplication.
QImage contactSheet(const std::vector<std::pair<std::uint32_t, QImage>>& thumbnails, int thumbSize,
                    int columns = 0);

} // namespace portalkit::render
