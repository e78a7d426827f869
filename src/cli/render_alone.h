#pragma once

// portalkit render --gfxobj / --emitter: one asset alone at the origin, drawn off screen by the
// studio's renderer (docs/cli.md, docs/preview.md#assets-alone).

#include "preview/core/assets.h"
#include "render_options.h"

#include <QImage>
#include <QString>
#include <memory>

namespace portalkit::cli {

// Encodes `image` as PNG and writes it atomically; false after printing why.
bool writeFrame(const QImage& image, const QString& path);

// The job's GfxObj or emitter at each of its times; the command's exit code.
int renderAlone(const RenderJob& job, const std::shared_ptr<const preview::Assets>& assets);

} // namespace portalkit::cli
