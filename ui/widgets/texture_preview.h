#pragma once

// The asset pane's image page (docs/studio.md#asset-previews): a Surface, SurfaceTexture or
// RenderSurface decoded (dat::renderSurfaceImage) into an ImageView, with
//  - a level chooser: a SurfaceTexture's RenderSurfaces, best first, each in every open DAT that
//    holds it (client_highres.dat before the others: its copies are the larger ones);
//  - the palette a P8 or INDEX16 level is decoded with, named (the Surface's swap or the
//    RenderSurface's default) with its swatch;
//  - a solid-colour Surface as a square of its colour.
// A record that cannot be read or decoded shows the DatError's text (DID, offset, field).

#include "ui/widgets/asset_source.h"

#include <QImage>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace portalkit::ui {

class ImageView;
class SwatchView;

class TexturePreview : public QWidget {
    Q_OBJECT
  public:
    // A solid-colour Surface is drawn as a square this many pixels across.
    static constexpr int kSolidSize = 64;

    explicit TexturePreview(QWidget* parent = nullptr);

    void showSurface(const AssetSource& source, std::uint32_t id);
    void showSurfaceTexture(const AssetSource& source, std::uint32_t id);
    void showRenderSurface(const AssetSource& source, std::uint32_t id);

    // Shows level `index` of levelChooser().
    void chooseLevel(int index);
    int levelCount() const { return int(m_levels.size()); }
    // The RenderSurface shown (0 for a solid colour or when nothing could be listed).
    std::uint32_t renderSurfaceId() const;
    // The palette the shown level was decoded with; 0 when it needs none.
    std::uint32_t paletteId() const { return m_paletteId; }
    // The DatError text of what failed to draw; empty when the image is shown.
    QString errorText() const { return m_errorText; }
    QImage image() const;

    QLabel* titleLabel() const { return m_title; }
    QLabel* detailsLabel() const { return m_details; }
    QComboBox* levelChooser() const { return m_levelChooser; }
    QLabel* paletteLabel() const { return m_paletteLabel; }
    SwatchView* paletteSwatch() const { return m_swatch; }
    ImageView* imageView() const { return m_view; }
    QLabel* errorLabel() const { return m_error; }
    QLabel* zoomLabel() const { return m_zoomLabel; }
    QToolButton* fitButton() const { return m_fit; }
    QToolButton* actualSizeButton() const { return m_actual; }

  private:
    struct Level {
        std::uint32_t id = 0;
        std::shared_ptr<const dat::DatFile> dat; // null: no open DAT holds it
    };
    QWidget* makeToolbar();
    void reset(const AssetSource& source, const QString& title);
    // Lists `ids` (every open DAT's copy of each: client_highres.dat's first with `highResFirst`,
    // else the shown entry's DAT's) and shows the first an open DAT holds.
    void setLevels(const std::vector<std::uint32_t>& ids, std::uint32_t paletteSwap,
                   bool highResFirst = true);
    void showLevel(int index);
    void showPalette(std::uint32_t id, const QString& role);
    void fail(const QString& text);

    AssetSource m_source;
    std::vector<Level> m_levels;
    std::uint32_t m_paletteSwap = 0; // a Surface's palette, replacing the levels' default
    std::uint32_t m_paletteId = 0;
    QString m_errorText;
    bool m_listing = false; // filling the chooser: its signals are not a choice

    QLabel* m_title;
    QLabel* m_details;
    QWidget* m_levelRow;
    QComboBox* m_levelChooser;
    QLabel* m_paletteLabel;
    QScrollArea* m_swatchArea;
    SwatchView* m_swatch;
    QLabel* m_error;
    ImageView* m_view;
    QLabel* m_zoomLabel;
    QLabel* m_texelLabel;
    QToolButton* m_fit;
    QToolButton* m_actual;
};

} // namespace portalkit::ui
