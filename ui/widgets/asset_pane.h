#pragma once

// The studio's 2D asset previews (docs/studio.md#asset-previews): the browser's entry shown on
// its own when it is a picture, a palette or a sound.
//  - Surface, SurfaceTexture, RenderSurface: TexturePreview (zoomable image, checkerboard behind
//    alpha, mip levels, the palette used);
//  - Palette, PaletteSet: swatch grids, one per palette, index and ARGB on hover;
//  - Wave, SoundTable: SoundPreview (waveform, Play / Stop, the table's entries playable).
// Records are read from the open DATs (AssetSource); a record that cannot be read shows its
// DatError text in the pane, never more.

#include "ui/widgets/asset_source.h"

#include <QHash>
#include <QList>
#include <QWidget>
#include <cstdint>
#include <string_view>

class QLabel;
class QStackedWidget;
class QVBoxLayout;

namespace portalkit::ui {

class SoundPlayer;
class SoundPreview;
class SwatchView;
class TexturePreview;

class AssetPane : public QWidget {
    Q_OBJECT
  public:
    enum class View { Nothing, Image, Swatches, Sound };

    explicit AssetPane(QWidget* parent = nullptr);

    // Whether entries of this type (dat::typeName's spelling) have a view here.
    static bool handles(std::string_view typeName);
    // Shows entry `id` of `dat`, reading the records it names from `dats` too. False, and the
    // pane shows nothing, when its type has no view here.
    bool showEntry(std::shared_ptr<const dat::DatFile> dat, std::uint32_t id, const DatList& dats);
    // Unsaved edits to read before the files (AssetSource); the studio's edit session's.
    void setPendingEntries(PendingEntries pending) { m_pending = std::move(pending); }
    // Shows `message` and nothing else.
    void clear(const QString& message);
    void setSoundPlayer(SoundPlayer* player);

    View view() const { return m_view; }
    std::uint32_t shownId() const { return m_id; }
    // The DatError text of what could not be shown; empty when all of it is.
    QString errorText() const;

    TexturePreview* texturePreview() const { return m_texture; }
    SoundPreview* soundPreview() const { return m_sound; }
    // The swatches shown: one for a Palette, one per palette of a PaletteSet (in its order).
    const QList<SwatchView*>& swatches() const { return m_swatches; }
    QLabel* swatchTitle() const { return m_swatchTitle; }
    // One caption per swatch row (the palette's id, its colour count, the shades choosing it).
    const QList<QLabel*>& swatchCaptions() const { return m_swatchCaptions; }

  private:
    QWidget* makeSwatchPage();
    void showPalette(const AssetSource& source, std::uint32_t id);
    void showPaletteSet(const AssetSource& source, std::uint32_t id);
    void clearSwatches(const QString& title);
    // A row: `caption`, then the colours (none when the palette could not be read).
    SwatchView* addSwatchRow(const QString& caption, const std::vector<std::uint32_t>* colors);
    void showPage(View view, QWidget* page);

    PendingEntries m_pending;
    View m_view = View::Nothing;
    std::uint32_t m_id = 0;
    QString m_swatchError;
    QStackedWidget* m_stack;
    QHash<QWidget*, QWidget*> m_pages; // a page -> the scroll area holding it in the stack
    QLabel* m_message;
    TexturePreview* m_texture;
    SoundPreview* m_sound;
    QWidget* m_swatchPage = nullptr;
    QLabel* m_swatchTitle = nullptr;
    QLabel* m_swatchDetails = nullptr;
    QLabel* m_swatchHover = nullptr;
    QVBoxLayout* m_swatchRows = nullptr;
    QList<SwatchView*> m_swatches;
    QList<QLabel*> m_swatchCaptions;
};

} // namespace portalkit::ui
