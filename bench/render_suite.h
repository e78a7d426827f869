#pragma once

// The 'render' suite, in its own library because it draws with the ui's Qt3D renderer: built
// only with PORTALKIT_BUILD_GUI, and run under a QGuiApplication with an X display.

#include "bench/suites.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace portalkit::render {
class OffscreenRenderer;
}

namespace portalkit::bench {

// Frame time of a simulation step plus an offscreen frame with 1k, 10k and 50k particles, and
// cold start to the first frame, on `datPath` (the demo DAT: it needs its human Setup and its
// recall's emitter).
// Then the world cases (runWorldCases) on the cell DAT beside it, when there is one;
// `worldOnly` runs only those.
Outcome runRenderSuite(const QString& datPath, const QString& jsonPath, bool worldOnly = false);

// The world cases' figures (render_world.cpp,
// docs/benchmarks.md#drawing-the-world-bench-render-issue-22).
struct WorldFigures {
    double emptyMs = 0, orbitMs = 0, dungeonMs = 0; // median frame times, orbiting
    double blockBuildMs = 0;                        // one landblock, records cached
    double stallMs = 0; // longest frame gap while landblocks are swapped in
    int parts = 0, dungeonCells = 0;
    bool pass = false;
};
// The demo's 3x3 round 0xA9B4 and its dungeon 0x01D9, drawn by `renderer` (1280x720).
std::optional<WorldFigures> runWorldCases(render::OffscreenRenderer& renderer,
                                          const QString& portalPath, const QString& cellPath);
QString worldText(const WorldFigures& figures);
QJsonObject worldJson(const WorldFigures& figures);

} // namespace portalkit::bench
