#pragma once

// The 'render' suite, in its own library because it draws with the ui's Qt3D renderer: built
// only with PORTALKIT_BUILD_GUI, and run under a QGuiApplication with an X display.

#include "bench/suites.h"

#include <QString>

namespace portalkit::bench {

// Frame time of a simulation step plus an offscreen frame with 1k, 10k and 50k particles, and
// cold start to the first frame, on `datPath` (the demo DAT: it needs its human Setup and its
// recall's emitter).
Outcome runRenderSuite(const QString& datPath, const QString& jsonPath);

} // namespace portalkit::bench
