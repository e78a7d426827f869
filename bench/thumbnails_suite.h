#pragma once

// The 'thumbnails' suite, beside the render suite in its library: it draws with the ui's Qt3D
// renderer, so it is built only with PORTALKIT_BUILD_GUI and runs under a QGuiApplication with
// an X display.

#include "bench/suites.h"

#include <QString>

namespace portalkit::bench {

// Thumbnails per second at 128x128 on `datPath` (the demo DAT): its Setups and GfxObjs drawn and
// its textures decoded through the studio's ThumbnailService, three rounds each into a fresh
// cache, against reading them back from that cache and against plain renders of one Setup.
Outcome runThumbnailsSuite(const QString& datPath, const QString& jsonPath);

} // namespace portalkit::bench
