#include "ui/widgets/asset_pane.h"

#include "datreader/records/common.h"
#include "datreader/records/palette.h"
#include "datreader/records/palette_set.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "datreader/records/wave.h"
#include "ui/widgets/sound_preview.h"
#include "ui/widgets/swatch_view.h"
#include "ui/widgets/texture_preview.h"
#include "ui/widgets/widget_helpers.h"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace portalkit::ui {

AssetPane::AssetPane(QWidget* parent)
    : QWidget(parent), m_stack(new QStackedWidget), m_message(new QLabel),
      m_texture(new TexturePreview), m_sound(new SoundPreview) {
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    // Each page scrolls when the tab is smaller than it: the stack's minimum is its largest
    // page's, and as the central widget's it would otherwise set the window's minimum height
    // (the Asset tab alone added 250 px to it and pushed the studio past its screen share).
    for (QWidget* page : {static_cast<QWidget*>(m_message), static_cast<QWidget*>(m_texture),
                          makeSwatchPage(), static_cast<QWidget*>(m_sound)}) {
        QScrollArea* scroll = scrolled(page);
        m_stack->addWidget(scroll);
        m_pages.insert(page, scroll);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    clear(tr("Choose a texture, a palette or a sound in the browser to see it here"));
}

QWidget* AssetPane::makeSwatchPage() {
    m_swatchPage = new QWidget;
    m_swatchTitle = new QLabel;
    QFont bold = m_swatchTitle->font();
    bold.setBold(true);
    m_swatchTitle->setFont(bold);
    m_swatchDetails = new QLabel;
    m_swatchDetails->setWordWrap(true);
    m_swatchHover = new QLabel;
    auto* rows = new QWidget;
    m_swatchRows = new QVBoxLayout(rows);
    m_swatchRows->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(rows);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(m_swatchPage);
    layout->addWidget(m_swatchTitle);
    layout->addWidget(m_swatchDetails);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_swatchHover);
    return m_swatchPage;
}

bool AssetPane::handles(std::string_view type) {
    return type == dat::Surface::kTypeName || type == dat::SurfaceTexture::kTypeName ||
           type == dat::RenderSurface::kTypeName || type == dat::Palette::kTypeName ||
           type == dat::PaletteSet::kTypeName || type == dat::Wave::kTypeName ||
           type == dat::SoundTable::kTypeName;
}

void AssetPane::setSoundPlayer(SoundPlayer* player) {
    m_sound->setSoundPlayer(player);
}

void AssetPane::showPage(View view, QWidget* page) {
    m_view = view;
    m_stack->setCurrentWidget(m_pages.value(page));
}

void AssetPane::clear(const QString& message) {
    m_id = 0;
    m_message->setText(message);
    showPage(View::Nothing, m_message);
}

QString AssetPane::errorText() const {
    switch (m_view) {
    case View::Image:
        return m_texture->errorText();
    case View::Swatches:
        return m_swatchError;
    case View::Sound:
        return m_sound->errorText();
    case View::Nothing:
        break;
    }
    return {};
}

bool AssetPane::showEntry(std::shared_ptr<const dat::DatFile> dat, std::uint32_t id,
                          const DatList& dats) {
    const std::string_view type = dat ? dat::typeName(dat->kind(), id) : std::string_view();
    if (!handles(type)) {
        clear(tr("No 2D preview for this entry"));
        return false;
    }
    const AssetSource source(dats, std::move(dat), m_pending);
    m_id = id;
    if (type == dat::Surface::kTypeName) {
        m_texture->showSurface(source, id);
        showPage(View::Image, m_texture);
    } else if (type == dat::SurfaceTexture::kTypeName) {
        m_texture->showSurfaceTexture(source, id);
        showPage(View::Image, m_texture);
    } else if (type == dat::RenderSurface::kTypeName) {
        m_texture->showRenderSurface(source, id);
        showPage(View::Image, m_texture);
    } else if (type == dat::Palette::kTypeName) {
        showPalette(source, id);
    } else if (type == dat::PaletteSet::kTypeName) {
        showPaletteSet(source, id);
    } else if (type == dat::Wave::kTypeName) {
        m_sound->showWave(source, id);
        showPage(View::Sound, m_sound);
    } else {
        m_sound->showSoundTable(source, id);
        showPage(View::Sound, m_sound);
    }
    return true;
}

void AssetPane::clearSwatches(const QString& title) {
    for (QLabel* caption : m_swatchCaptions)
        delete caption;
    for (SwatchView* swatch : m_swatches)
        delete swatch;
    m_swatchCaptions.clear();
    m_swatches.clear();
    m_swatchError.clear();
    m_swatchTitle->setText(title);
    m_swatchDetails->clear();
    m_swatchHover->clear();
    showPage(View::Swatches, m_swatchPage);
}

SwatchView* AssetPane::addSwatchRow(const QString& caption,
                                    const std::vector<std::uint32_t>* colors) {
    auto* label = new QLabel(caption);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const int at = m_swatchRows->count() - 1; // before the stretch
    m_swatchRows->insertWidget(at, label);
    m_swatchCaptions << label;
    if (!colors)
        return nullptr;
    auto* swatch = new SwatchView;
    swatch->setColors(*colors);
    m_swatchRows->insertWidget(at + 1, swatch);
    m_swatches << swatch;
    connect(swatch, &SwatchView::colorHovered, this, [this, swatch](int index) {
        m_swatchHover->setText(index < 0 ? QString() : swatch->describe(index));
    });
    return swatch;
}

void AssetPane::showPalette(const AssetSource& source, std::uint32_t id) {
    clearSwatches(tr("Palette %1").arg(dat::didJson(id)));
    try {
        const auto palette = source.read<dat::Palette>(id);
        m_swatchDetails->setText(tr("%1 colours").arg(palette.colors.size()));
        addSwatchRow({}, &palette.colors);
        m_swatchCaptions.back()->hide(); // the title says it all
    } catch (const std::exception& error) {
        m_swatchError = QString::fromStdString(error.what());
        addSwatchRow(tr("Cannot read it: %1").arg(m_swatchError), nullptr);
    }
}

void AssetPane::showPaletteSet(const AssetSource& source, std::uint32_t id) {
    clearSwatches(tr("PaletteSet %1").arg(dat::didJson(id)));
    dat::PaletteSet set;
    try {
        set = source.read<dat::PaletteSet>(id);
    } catch (const std::exception& error) {
        m_swatchError = QString::fromStdString(error.what());
        addSwatchRow(tr("Cannot read it: %1").arg(m_swatchError), nullptr);
        return;
    }
    m_swatchDetails->setText(tr("%1 palette(s); a shade in [0, 1] picks the one whose range holds "
                                "it (clothing colours)")
                                 .arg(set.palettes.size()));
    // PaletteSet::paletteForShade picks index floor((n - 0.000001) * shade).
    const double scale = double(set.palettes.size()) - 0.000001;
    for (std::size_t i = 0; i < set.palettes.size(); ++i) {
        const std::uint32_t paletteId = set.palettes[i];
        const double low = i / scale, high = std::min(1.0, (i + 1) / scale);
        QString caption = tr("%1. Palette %2, shades %3 to %4")
                              .arg(i)
                              .arg(dat::didJson(paletteId))
                              .arg(low, 0, 'f', 2)
                              .arg(high, 0, 'f', 2);
        try {
            const auto palette = source.read<dat::Palette>(paletteId);
            addSwatchRow(caption + tr(", %1 colours").arg(palette.colors.size()), &palette.colors);
        } catch (const std::exception& error) {
            const QString why = QString::fromStdString(error.what());
            if (m_swatchError.isEmpty())
                m_swatchError = why;
            addSwatchRow(caption + tr(": cannot read it: %1").arg(why), nullptr);
        }
    }
}

} // namespace portalkit::ui
