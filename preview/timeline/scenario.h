#pragma once
// A server timeline for the previewer (docs/scenarios.md): the world, and the messages the
// (simulated) server sends, each at its time. Flight, impact and deletion play out only as
// these messages say (R46).

#include "preview/physics/world.h"
#include "preview/timeline/smartbox.h"
#include "preview/wire/messages.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <variant>
#include <vector>

namespace portalkit::preview {

// A motion command for a live object: the preview's stand-in for the server's UpdateMotion
// (F74C), whose movement data the preview does not decode.
struct MotionAction {
    std::uint32_t guid = 0;
    std::uint32_t command = 0;
    float speed = 1;
};

struct TimedMessage {
    double t = 0;
    std::variant<wire::Message, MotionAction> what;
    WeenieFacts facts; // CreateObject only
    QString note;
};

// Where a scenario stands in the real world (docs/scenarios.md#world): a cell or landblock, the
// landblock-local origin of the scenario frame in it, and how many blocks round it to draw.
struct ScenarioPlace {
    std::uint32_t cellId = 0; // an outdoor cell, an EnvCell or a landblock id (0xXXYYFFFF)
    // Landblock-local metres of the scenario frame's (0, 0, 0). Without "origin" in the file, x
    // and y are the place's own (an outdoor cell's centre, a landblock's middle, the
    // coordinates' point; 0 for an EnvCell) and z is 0: a front end stands it on the ground or
    // the cell's floor (world/scene/placed_world.h).
    Vec3 origin;
    bool originGiven = false;
    int radius = 1; // 0 = the block alone, 1 = the 3x3 round it
};

struct Scenario {
    QString name;
    QString about;
    double duration = 5;
    double dt = 0.04;
    std::uint32_t seed = 1;
    std::optional<PreviewWorld> world;
    std::optional<ScenarioPlace> place; // the world's cell/landblock/coordinates, when given
    // "geometry": "dat": bodies collide with the cell DAT's terrain, statics and cells round the
    // place (world/scene/scenario_world.h attaches them to `world`), not a ground plane.
    bool datGeometry = false;
    std::vector<TimedMessage> messages; // in time order; equal times keep file order
};

// Reads a scenario file's JSON. A message is given as `message` (the JSON `wire decode --json`
// prints; left-out parts take their defaults, and a scriptType may be a PlayScript name), as
// `hex` (one message body), or as a preview `motion`. Throws DatError naming the source and
// the JSON path (or byte offset inside a hex message).
Scenario loadScenario(const QByteArray& json, const QString& source);
Scenario loadScenarioFile(const QString& path);

// The scenarios that come with PortalKit (resources/scenarios), seen from an executable in
// `applicationDir`: the build tree's bin/, a test folder, or an installed bin/ (../share);
// else ./resources/scenarios; empty when none is found.
QString bundledScenarioFolder(const QString& applicationDir);
// `path` when it names a file or is absolute; otherwise the bundled scenario of that relative
// name when there is one (so `--scenario arrow.json` works from anywhere); else `path`.
QString findScenarioFile(const QString& path, const QString& applicationDir);
// A file of the demo DAT the build made (client_portal.dat, demo_manifest.json), seen from an
// executable in `applicationDir`: the build tree's ../demo, else an installed
// ../share/portalkit/demo; the build-tree path when neither has it.
QString bundledDemoFile(const QString& applicationDir, const QString& name);

// Plays a scenario into a scene: messages are delivered when the clock reaches their time
// (the clock stops exactly there), between frames of `dt`.
class ScenarioPlayer {
  public:
    ScenarioPlayer(PreviewScene& scene, const Scenario& scenario);

    // Runs until `t` (at most the scenario's duration), delivering every message due by then.
    void advanceTo(double t);
    bool finished() const;
    const SmartBox& smartBox() const { return m_smartBox; }

  private:
    void deliverDue();
    void performMotion(const MotionAction& motion);

    PreviewScene& m_scene;
    const Scenario& m_scenario;
    SmartBox m_smartBox;
    std::size_t m_next = 0;
};

} // namespace portalkit::preview
