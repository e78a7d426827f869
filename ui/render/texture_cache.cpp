#include "ui/render/texture_cache.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"

#include <QLoggingCategory>
#include <QPainter>
#include <Qt3DRender/QAbstractTextureImage>
#include <Qt3DRender/QPaintedTextureImage>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QTextureImageDataGenerator>

namespace portalkit::render {

Q_LOGGING_CATEGORY(lcTexture, "portalkit.render.texture")

namespace {

class ImageTexture : public Qt3DRender::QPaintedTextureImage {
  public:
    ImageTexture(const QImage& image, Qt3DCore::QNode* parent)
        : QPaintedTextureImage(parent), m_image(image) {
        setSize(image.size());
    }

  protected:
    void paint(QPainter* painter) override {
        painter->setCompositionMode(QPainter::CompositionMode_Source);
        painter->drawImage(0, 0, m_image);
    }

  private:
    QImage m_image;
};

// An image's texels for Qt3D's loader. Qt3D shares uploaded data between texture images whose
// generators compare equal, so equality is the image's own identity (its cache key): two
// atlases of one size must not collapse into one.
class ImageGenerator : public Qt3DRender::QTextureImageDataGenerator {
  public:
    explicit ImageGenerator(QImage image) : m_image(std::move(image)) {}
    Qt3DRender::QTextureImageDataPtr operator()() override {
        auto data = Qt3DRender::QTextureImageDataPtr::create();
        data->setImage(m_image);
        return data;
    }
    bool operator==(const Qt3DRender::QTextureImageDataGenerator& other) const override {
        const auto* same = Qt3DCore::functor_cast<ImageGenerator>(&other);
        return same && same->m_image.cacheKey() == m_image.cacheKey();
    }
    QT3D_FUNCTOR(ImageGenerator)

  private:
    QImage m_image;
};

class KeyedImageTexture : public Qt3DRender::QAbstractTextureImage {
  public:
    KeyedImageTexture(const QImage& image, Qt3DCore::QNode* parent)
        : QAbstractTextureImage(parent), m_image(image) {}

  protected:
    Qt3DRender::QTextureImageDataGeneratorPtr dataGenerator() const override {
        return Qt3DRender::QTextureImageDataGeneratorPtr(new ImageGenerator(m_image));
    }

  private:
    QImage m_image;
};

const QColor kFallback(255, 0, 255);

} // namespace

Blend blendForSurfaceType(std::uint32_t type) {
    if (type & dat::Surface::kAdditive)
        return Blend::Additive;
    if (type & (dat::Surface::kTranslucent | dat::Surface::kAlpha | dat::Surface::kInvAlpha))
        return Blend::Alpha;
    if (type & dat::Surface::kBase1ClipMap)
        return Blend::ClipMap;
    return Blend::Opaque;
}

void TextureCache::setAssets(std::shared_ptr<const preview::Assets> assets) {
    m_assets = std::move(assets);
    m_looks.clear();
    m_images.clear();
    m_swapped.clear();
    m_recolour.clear();
}

QImage TextureCache::image(std::uint32_t surface) const {
    auto it = m_images.find(surface);
    return it == m_images.end() ? QImage() : it->second;
}

const SurfaceLook& TextureCache::get(std::uint32_t id) {
    if (auto it = m_looks.find(id); it != m_looks.end())
        return it->second;
    SurfaceLook& look = m_looks[id];
    const dat::Surface* surface = m_assets ? m_assets->get<dat::Surface>(id) : nullptr;
    if (!surface) {
        if (id)
            qCWarning(lcTexture, "Surface 0x%08X not drawn: %s", id,
                      m_assets ? qPrintable(m_assets->whyMissing<dat::Surface>(id)) : "no assets");
        look.color = kFallback;
        look.missing = true;
        return look;
    }
    look.blend = blendForSurfaceType(surface->type);
    look.translucency = surface->translucency;
    look.luminosity = (surface->type & dat::Surface::kLuminous) ? 1.0f : surface->luminosity;
    look.diffuse = surface->diffuse > 0 ? surface->diffuse : 1.0f;
    if (!surface->hasTexture()) {
        const std::uint32_t c = surface->colorValue;
        // Solid colours keep their alpha only when the surface blends.
        look.color = QColor(int((c >> 16) & 0xFF), int((c >> 8) & 0xFF), int(c & 0xFF),
                            look.blend == Blend::Opaque ? 255 : int(c >> 24));
        return look;
    }
    QString why;
    QImage decoded;
    const auto* texture = m_assets->get<dat::SurfaceTexture>(surface->origTextureId);
    if (!texture || texture->renderSurfaceIds.empty()) {
        why = texture ? QStringLiteral("no RenderSurfaces")
                      : m_assets->whyMissing<dat::SurfaceTexture>(surface->origTextureId);
    } else {
        const std::uint32_t rsId = texture->renderSurfaceIds.front();
        const auto* rs = m_assets->get<dat::RenderSurface>(rsId);
        if (!rs) {
            why = m_assets->whyMissing<dat::RenderSurface>(rsId);
        } else {
            // The Surface's palette swaps the RenderSurface's default one.
            const std::uint32_t paletteId =
                surface->origPaletteId ? surface->origPaletteId : rs->defaultPaletteId;
            const auto* palette = paletteId ? m_assets->get<dat::Palette>(paletteId) : nullptr;
            try {
                decoded = dat::renderSurfaceImage(*rs, palette);
            } catch (const dat::DatError& error) {
                why = QString::fromStdString(error.what());
            } catch (const std::exception& error) {
                why = QString::fromLocal8Bit(error.what());
            }
        }
    }
    if (decoded.isNull()) {
        qCWarning(lcTexture, "Surface 0x%08X texture 0x%08X not drawn: %s", id,
                  surface->origTextureId, qPrintable(why));
        look.color = kFallback;
        look.missing = true;
        return look;
    }
    decoded = decoded.convertToFormat(QImage::Format_RGBA8888);
    m_images[id] = decoded;
    look.texture = makeImageTexture(decoded, m_owner);
    look.color = Qt::white;
    return look;
}

const SurfaceLook& TextureCache::get(std::uint32_t surface,
                                     const preview::appearance::SurfaceSwap* swap) {
    if (!swap || !swap->changed() || !m_assets)
        return get(surface);
    const auto key = std::make_tuple(surface, swap->texture, swap->paletteKey);
    if (auto it = m_swapped.find(key); it != m_swapped.end())
        return it->second;
    SurfaceLook look = get(surface); // blending and terms stay the Surface's
    QString why;
    const QImage image = m_recolour.image(*m_assets, *swap, &why);
    if (image.isNull()) {
        qCWarning(lcTexture, "Surface 0x%08X as changed (texture 0x%08X) not drawn: %s", surface,
                  swap->texture, qPrintable(why));
        look.texture = nullptr;
        look.color = kFallback;
        look.missing = true;
    } else {
        look.texture = makeImageTexture(image, m_owner);
        look.color = Qt::white;
        look.missing = false;
    }
    return m_swapped.emplace(key, look).first->second;
}

Qt3DRender::QAbstractTexture* makeImageTexture(const QImage& image, Qt3DCore::QNode* parent,
                                               bool repeat) {
    auto* tex = new Qt3DRender::QTexture2D(parent);
    tex->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    tex->setGenerateMipMaps(true);
    tex->setMinificationFilter(Qt3DRender::QAbstractTexture::LinearMipMapNearest);
    tex->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    const auto wrap =
        repeat ? Qt3DRender::QTextureWrapMode::Repeat : Qt3DRender::QTextureWrapMode::ClampToEdge;
    tex->wrapMode()->setX(wrap);
    tex->wrapMode()->setY(wrap);
    if (repeat)
        tex->addTextureImage(new ImageTexture(image, tex));
    else
        tex->addTextureImage(new KeyedImageTexture(image, tex));
    return tex;
}

} // namespace portalkit::render
