#include "ui/widgets/texture_preview.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/records/common.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "ui/widgets/image_view.h"
#include "ui/widgets/swatch_view.h"
#include "ui/widgets/widget_helpers.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace portalkit::ui {
namespace {

QString formatName(std::uint32_t format) {
    const auto name = dat::pixelFormatName(format);
    return name.empty() ? QStringLiteral("format %1").arg(dat::didJson(format))
                        : QString::fromLatin1(name.data(), qsizetype(name.size()));
}

QString argbText(std::uint32_t argb) {
    return QString::number(argb, 16).rightJustified(8, '0').toUpper();
}

} // namespace

TexturePreview::TexturePreview(QWidget* parent)
    : QWidget(parent), m_title(wrappedLabel()), m_details(wrappedLabel()), m_levelRow(new QWidget),
      m_levelChooser(new QComboBox), m_paletteLabel(wrappedLabel()), m_swatchArea(new QScrollArea),
      m_swatch(new SwatchView), m_error(wrappedLabel()), m_view(new ImageView),
      m_zoomLabel(new QLabel), m_texelLabel(new QLabel), m_fit(new QToolButton),
      m_actual(new QToolButton) {
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    auto* levelLayout = new QHBoxLayout(m_levelRow);
    levelLayout->setContentsMargins(0, 0, 0, 0);
    levelLayout->addWidget(new QLabel(tr("Level")));
    levelLayout->addWidget(m_levelChooser, 1);
    m_levelChooser->setToolTip(tr("The RenderSurfaces of this texture, best first, in every open "
                                  "DAT that holds them"));
    connect(m_levelChooser, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_listing)
            showLevel(index);
    });
    m_swatch->setToolTip({}); // the cells give their own
    m_swatchArea->setWidget(m_swatch);
    m_swatchArea->setWidgetResizable(true);
    m_swatchArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_swatchArea->setMaximumHeight(4 * SwatchView::kMaxCell + 4);
    m_swatchArea->setFrameShape(QFrame::NoFrame);
    m_error->setStyleSheet(QStringLiteral("color: #B00020"));
    m_error->hide();
    connect(m_swatch, &SwatchView::colorHovered, this, [this](int index) {
        m_texelLabel->setText(index < 0 ? QString() : m_swatch->describe(index));
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addWidget(m_levelRow);
    layout->addWidget(m_paletteLabel);
    layout->addWidget(m_swatchArea);
    layout->addWidget(m_error);
    layout->addWidget(makeToolbar());
    layout->addWidget(m_view, 1);
    layout->addWidget(m_texelLabel);
}

QWidget* TexturePreview::makeToolbar() {
    auto* bar = new QWidget;
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("The whole image in view (double-click the image)"));
    m_actual->setText(tr("1:1"));
    m_actual->setToolTip(tr("One screen pixel per texel"));
    auto* zoomIn = new QToolButton;
    zoomIn->setText(QStringLiteral("+"));
    zoomIn->setToolTip(tr("Zoom in (or the wheel)"));
    auto* zoomOut = new QToolButton;
    zoomOut->setText(QStringLiteral("−"));
    zoomOut->setToolTip(tr("Zoom out (or the wheel)"));
    connect(m_fit, &QToolButton::clicked, m_view, &ImageView::fit);
    connect(m_actual, &QToolButton::clicked, m_view, &ImageView::actualSize);
    connect(zoomIn, &QToolButton::clicked, m_view, &ImageView::zoomIn);
    connect(zoomOut, &QToolButton::clicked, m_view, &ImageView::zoomOut);
    connect(m_view, &ImageView::zoomChanged, this, [this](double zoom) {
        m_zoomLabel->setText(tr("%1 %").arg(qRound(zoom * 1000) / 10.0));
    });
    connect(m_view, &ImageView::texelHovered, this, [this](bool valid, int x, int y, QRgb argb) {
        m_texelLabel->setText(valid ? tr("x %1, y %2: ARGB %3").arg(x).arg(y).arg(argbText(argb))
                                    : QString());
    });
    for (QWidget* widget : {static_cast<QWidget*>(m_fit), static_cast<QWidget*>(m_actual),
                            static_cast<QWidget*>(zoomOut), static_cast<QWidget*>(zoomIn)})
        row->addWidget(widget);
    row->addWidget(m_zoomLabel);
    row->addStretch(1);
    return bar;
}

QImage TexturePreview::image() const {
    return m_view->image();
}

std::uint32_t TexturePreview::renderSurfaceId() const {
    const int index = m_levelChooser->currentIndex();
    return index >= 0 && index < levelCount() ? m_levels[std::size_t(index)].id : 0;
}

void TexturePreview::reset(const AssetSource& source, const QString& title) {
    m_source = source;
    m_levels.clear();
    m_paletteSwap = 0;
    m_paletteId = 0;
    m_listing = true;
    m_levelChooser->clear();
    m_listing = false;
    m_levelRow->hide();
    m_paletteLabel->hide();
    m_swatchArea->hide();
    m_title->setText(title);
    m_details->clear();
    m_texelLabel->clear();
    m_errorText.clear();
    m_error->hide();
}

void TexturePreview::fail(const QString& text) {
    m_errorText = text;
    m_error->setText(tr("Cannot draw it: %1").arg(text));
    m_error->show();
    m_view->setMessage(tr("Nothing to draw"));
}

void TexturePreview::showRenderSurface(const AssetSource& source, std::uint32_t id) {
    reset(source, tr("RenderSurface %1").arg(dat::didJson(id)));
    setLevels({id}, 0, false); // the copy chosen first, any other DAT's beside it
}

void TexturePreview::showSurfaceTexture(const AssetSource& source, std::uint32_t id) {
    reset(source, tr("SurfaceTexture %1").arg(dat::didJson(id)));
    try {
        const auto texture = source.read<dat::SurfaceTexture>(id);
        const auto type = dat::SurfaceTexture::textureTypeName(texture.textureType);
        m_details->setText(tr("%1, %2 level(s)")
                               .arg(QString::fromLatin1(type.data(), qsizetype(type.size())))
                               .arg(texture.renderSurfaceIds.size()));
        setLevels(texture.renderSurfaceIds, 0);
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
    }
}

void TexturePreview::showSurface(const AssetSource& source, std::uint32_t id) {
    reset(source, tr("Surface %1").arg(dat::didJson(id)));
    try {
        const auto surface = source.read<dat::Surface>(id);
        QStringList flags;
        for (const auto& flag : surface.toJson().value(QStringLiteral("typeFlags")).toArray())
            flags << flag.toString();
        const QString terms = tr("type %1 (%2); translucency %3, luminosity %4, diffuse %5")
                                  .arg(dat::didJson(surface.type), flags.join(QStringLiteral(", ")))
                                  .arg(surface.translucency)
                                  .arg(surface.luminosity)
                                  .arg(surface.diffuse);
        if (!surface.hasTexture()) {
            m_details->setText(
                tr("Solid colour ARGB %1\n%2").arg(argbText(surface.colorValue), terms));
            QImage square(kSolidSize, kSolidSize, QImage::Format_ARGB32);
            square.fill(QColor::fromRgba(surface.colorValue));
            m_view->setImage(square);
            return;
        }
        m_details->setText(
            tr("Texture %1%2\n%3")
                .arg(dat::didJson(surface.origTextureId),
                     surface.origPaletteId
                         ? tr(", palette swap %1").arg(dat::didJson(surface.origPaletteId))
                         : QString(),
                     terms));
        const auto texture = source.read<dat::SurfaceTexture>(surface.origTextureId);
        setLevels(texture.renderSurfaceIds, surface.origPaletteId);
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
    }
}

void TexturePreview::setLevels(const std::vector<std::uint32_t>& ids, std::uint32_t paletteSwap,
                               bool highResFirst) {
    m_paletteSwap = paletteSwap;
    m_levels.clear();
    for (const std::uint32_t id : ids) {
        DatList holders = m_source.holders(id);
        if (highResFirst)
            std::stable_partition(holders.begin(), holders.end(), [](const auto& dat) {
                return dat->kind() == dat::DatKind::HighRes;
            });
        if (holders.empty())
            m_levels.push_back({id, nullptr});
        for (const auto& dat : holders)
            m_levels.push_back({id, dat});
    }
    m_listing = true;
    m_levelChooser->clear();
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        const Level& level = m_levels[i];
        QString text = QStringLiteral("%1: %2").arg(i).arg(dat::didJson(level.id));
        if (!level.dat) {
            text += tr(" (in no open DAT)");
        } else {
            try {
                const auto surface = m_source.read<dat::RenderSurface>(*level.dat, level.id);
                text += QStringLiteral(" %1×%2 %3")
                            .arg(surface.width)
                            .arg(surface.height)
                            .arg(formatName(surface.pixelFormat));
            } catch (const std::exception&) {
                text += tr(" (undecodable)");
            }
            text += QStringLiteral(" — %1").arg(AssetSource::fileName(*level.dat));
        }
        m_levelChooser->addItem(text);
    }
    m_listing = false;
    m_levelRow->setVisible(!m_levels.empty());
    if (m_levels.empty()) {
        fail(tr("the texture lists no RenderSurfaces"));
        return;
    }
    // The best level an open DAT holds.
    const auto held = std::find_if(m_levels.begin(), m_levels.end(),
                                   [](const Level& level) { return level.dat != nullptr; });
    chooseLevel(held == m_levels.end() ? 0 : int(held - m_levels.begin()));
}

void TexturePreview::chooseLevel(int index) {
    if (index < 0 || index >= levelCount())
        return;
    if (m_levelChooser->currentIndex() != index) {
        m_listing = true;
        m_levelChooser->setCurrentIndex(index);
        m_listing = false;
    }
    showLevel(index);
}

void TexturePreview::showLevel(int index) {
    if (index < 0 || index >= levelCount())
        return;
    const Level& level = m_levels[std::size_t(index)];
    m_errorText.clear();
    m_error->hide();
    m_paletteId = 0;
    m_paletteLabel->hide();
    m_swatchArea->hide();
    try {
        const auto surface = level.dat ? m_source.read<dat::RenderSurface>(*level.dat, level.id)
                                       : m_source.read<dat::RenderSurface>(level.id);
        std::optional<dat::Palette> palette;
        if (surface.hasDefaultPalette()) {
            m_paletteId = m_paletteSwap ? m_paletteSwap : surface.defaultPaletteId;
            showPalette(m_paletteId, m_paletteSwap
                                         ? tr("the Surface's palette swap (the level's own is %1)")
                                               .arg(dat::didJson(surface.defaultPaletteId))
                                         : tr("the RenderSurface's default palette"));
            palette = m_source.read<dat::Palette>(m_paletteId);
            m_paletteLabel->setText(m_paletteLabel->text() +
                                    tr(", %1 colours").arg(palette->colors.size()));
            m_swatch->setColors(palette->colors);
            m_swatchArea->show();
        }
        const QImage image = dat::renderSurfaceImage(surface, palette ? &*palette : nullptr);
        m_view->setImage(image, true);
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
    }
}

void TexturePreview::showPalette(std::uint32_t id, const QString& role) {
    m_paletteLabel->setText(tr("Palette %1: %2").arg(dat::didJson(id), role));
    m_paletteLabel->show();
}

} // namespace portalkit::ui
