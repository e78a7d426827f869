#pragma once

// portalkit render's command line (docs/cli.md): its options and the job they describe,
// read and checked before the DAT is opened.

#include "objdesc_options.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/owner.h"
#include "preview/timeline/scenario.h"
#include "ui/render/frame_graph.h"
#include "ui/render/scene_view.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QSize>
#include <QString>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::cli {

// Everything the command line asks for, read and checked before the DAT is opened.
struct RenderJob {
    std::vector<double> times; // in --time order: file i is times[i]
    QString output;
    QSize size;
    std::optional<std::array<float, 3>> camera;
    render::ParticleResolution particles = render::ParticleResolution::Full;
    std::vector<render::Overlay> overlays;
    double dt = 0;
    std::uint32_t seed = 0;
    std::uint32_t timeout = 0;
    // A scenario, or one object with its effect and --at actions.
    std::optional<preview::Scenario> scenario;
    std::uint32_t setup = 0;
    preview::OwnerDesc desc;
    std::optional<std::uint32_t> style;
    std::vector<preview::TimedAction> actions;
    // The object's appearance (--objdesc, --clothing); resolved once the DAT is open.
    ObjDescRequest appearance;
    // Or one asset alone: a GfxObj drawn as it is, an emitter played at the origin.
    std::uint32_t gfxObj = 0;
    std::uint32_t emitter = 0;
};

// --emitter without --time: particles need a moment to appear.
inline constexpr double kEmitterTime = 2.0;

// "out_%03d.png" → "out_007.png"; a name without a %d pattern is used as is.
QString outputName(const QString& pattern, int index);

// -o, --size, --camera, --particles and --overlays; false after printing why.
bool readImageOptions(const QCommandLineParser& parser, RenderJob& job);

// The whole command line, or false after printing why.
bool readJob(const QCommandLineParser& parser, RenderJob& job);

// Every option of `portalkit render` but the positional DATs.
QList<QCommandLineOption> renderOptions();

} // namespace portalkit::cli
