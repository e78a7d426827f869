#pragma once

// portalkit render --landblock / --cell: landblocks with their statics, scenery and EnvCells, or
// a dungeon, drawn off screen by the studio's renderer (docs/render.md#the-world, docs/cli.md).

#include "preview/core/assets.h"
#include "preview/timeline/scenario.h"
#include "ui/render/frame_graph.h"
#include "ui/render/world_view.h"
#include "world/scene/world_builder.h"

#include <QCommandLineParser>
#include <QImage>
#include <QSize>
#include <QString>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::cli {

struct WorldRenderJob {
    std::uint32_t block = 0; // 0xXXYYFFFF
    int radius = 0;          // rings of neighbours
    std::uint32_t cell = 0;  // --cell: the EnvCell the camera stands in (0: look from above)
    QSize size{800, 600};
    std::optional<std::array<float, 3>> camera; // yaw, pitch, distance (0: framed)
    std::vector<render::Overlay> overlays;
    int timeoutMs = 20000;
};

// "0x01D90105": an EnvCell id (low half 0x0100..0xFFFD).
std::optional<std::uint32_t> parseEnvCell(const QString& text);
// "0xA9B4" or a landblock, LandBlockInfo or cell id: the landblock, 0xXXYYFFFF.
std::optional<std::uint32_t> parseLandblock(const QString& text);

// --landblock or --cell, and --radius: which world to draw and from where; false after saying
// what is wrong.
bool readWorldPlace(const QCommandLineParser& parser, WorldRenderJob& job);

// --place X,Y[,Z] on --landblock, or --cell, as a scenario's place: X, Y landblock-local metres
// (left out: the block's middle; an EnvCell: its floor's centre), Z left out: on the ground.
// Nothing after printing why.
std::optional<preview::ScenarioPlace> commandLinePlace(const WorldRenderJob& job,
                                                       const QString& placeText);

// The blocks round a place, moved so its origin is the scene's (0, 0, 0) where the objects'
// frame starts (world/scene/placed_world.h); nothing after printing why.
std::optional<std::vector<world::WorldBlock>>
placedWorld(const preview::ScenarioPlace& place,
            const std::shared_ptr<const preview::Assets>& portal,
            const std::shared_ptr<const preview::Assets>& cells);

// Objects in the world without --camera: framed from the south-west and above, far enough back
// for the ground round them to show; in an EnvCell, from inside the cell (moved closer until the
// eye is in one).
render::OrbitCamera cameraOnObjects(const render::BoundingSphere& objects,
                                    render::WorldView& world);

// The image, or a null image after printing why.
QImage renderWorld(const WorldRenderJob& job, const std::shared_ptr<const preview::Assets>& portal,
                   const std::shared_ptr<const preview::Assets>& cells);

} // namespace portalkit::cli
