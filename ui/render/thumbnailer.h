#pragma once

// Setup and GfxObj thumbnails drawn by the offscreen renderer (docs/studio.md#gallery): one
// OffscreenRenderer reused from thumbnail to thumbnail, the object framed by the sphere around
// its vertices (as `portalkit render` frames a Setup by its selection sphere), seen from 30°
// round from the front and 20° above. Rendering needs the GUI thread (Qt3D's offscreen surface
// and its Manual run mode); reducing the frame to the thumbnail (finishThumbnail) does not.

#include "preview/core/assets.h"
#include "ui/render/thumbnail_cache.h"

#include <QImage>
#include <QString>
#include <cstdint>
#include <memory>

namespace portalkit::render {

class OffscreenRenderer;

class ModelThumbnailer {
  public:
    // Frames are drawn at size × supersample pixels square, then reduced.
    ModelThumbnailer(std::shared_ptr<const preview::Assets> assets, int size, int supersample = 2);
    ~ModelThumbnailer();
    ModelThumbnailer(const ModelThumbnailer&) = delete;
    ModelThumbnailer& operator=(const ModelThumbnailer&) = delete;

    // False when no GL context could be made; errorString() says why.
    bool isValid() const;
    QString errorString() const { return m_error; }
    int size() const { return m_size; }
    const std::shared_ptr<const preview::Assets>& assets() const { return m_assets; }
    // Empties the renderer's meshes and textures and draws from `assets` from now on.
    void setAssets(std::shared_ptr<const preview::Assets> assets);
    // How long one frame may take before renderFrame gives up (OffscreenRenderer::timeoutMs).
    void setTimeoutMs(int ms);

    // The frame of Setup or GfxObj `id` as drawn (RGBA8888, size × supersample square); a null
    // image when the record cannot be loaded or drawn, with errorString() saying why. GUI thread.
    QImage renderFrame(ThumbnailKind kind, std::uint32_t id);
    // renderFrame reduced to the thumbnail.
    QImage render(ThumbnailKind kind, std::uint32_t id);

  private:
    std::shared_ptr<const preview::Assets> m_assets;
    std::unique_ptr<OffscreenRenderer> m_renderer;
    int m_size;
    int m_drawn = 0; // since the renderer's caches were last emptied
    QString m_error;
};

// A drawn frame reduced to a size × size thumbnail (smooth); any thread.
QImage finishThumbnail(const QImage& frame, int size);

} // namespace portalkit::render
