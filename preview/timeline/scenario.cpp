#include "preview/timeline/scenario.h"

#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "preview/effects/script_table.h"
#include "world/coords.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <cmath>

namespace portalkit::preview {

namespace {

// Time checks allow for the rounding of repeated frame steps.
constexpr double kTimeSlop = 1e-9;
// A file cannot ask for more frames than a preview can sensibly run.
constexpr double kMaxFrames = 10'000'000;

Vec3 vectorOf(const dat::JsonNode& node) {
    if (node.elements().size() != 3)
        node.fail("expected [x, y, z]");
    return Vec3{node[0].f32(), node[1].f32(), node[2].f32()};
}

double seconds(const dat::JsonNode& node, double fallback) {
    const double value = node.f64(fallback);
    if (!std::isfinite(value) || value < 0)
        node.fail("expected a time in seconds, zero or more");
    return value;
}

PreviewWorld worldOf(const dat::JsonNode& node) {
    PreviewWorld world;
    if (const auto ground = node["ground"]; !ground.isMissing()) {
        GroundPlane plane;
        plane.height = ground["height"].f32(0.0f);
        if (ground.has("normal"))
            plane.normal = vectorOf(ground["normal"]);
        if (!(length(plane.normal) > kEpsilon))
            ground["normal"].fail("the ground's normal must not be zero");
        world.ground = plane;
    }
    for (const dat::JsonNode& box : node["boxes"].elements())
        world.boxes.push_back(
            WorldBox{box["id"].u32(0), vectorOf(box["min"]), vectorOf(box["max"])});
    for (const dat::JsonNode& sphere : node["spheres"].elements()) {
        WorldSphere out;
        out.facts.id = sphere["id"].u32(0);
        out.facts.creature = sphere["creature"].boolean(false);
        out.facts.missile = sphere["missile"].boolean(false);
        out.facts.ethereal = sphere["ethereal"].boolean(false);
        out.facts.hasWeenie = sphere["weenie"].boolean(true);
        out.center = vectorOf(sphere["center"]);
        out.radius = sphere["radius"].f32();
        if (!(out.radius > 0))
            sphere["radius"].fail("a sphere's radius must be positive");
        world.spheres.push_back(out);
    }
    if (const auto bounds = node["bounds"]; !bounds.isMissing())
        world.bounds = std::pair{vectorOf(bounds["min"]), vectorOf(bounds["max"])};
    return world;
}

// The world's real-world position: exactly one of "cell", "landblock" or "coordinates".
std::optional<ScenarioPlace> placeOf(const dat::JsonNode& node) {
    const int given =
        int(node.has("cell")) + int(node.has("landblock")) + int(node.has("coordinates"));
    if (given == 0)
        return std::nullopt;
    if (given > 1)
        node.fail("give the world one of \"cell\", \"landblock\" or \"coordinates\"");
    ScenarioPlace place;
    if (node.has("cell")) {
        place.cellId = node["cell"].u32();
        if (!world::isOutdoorCell(place.cellId) && !world::isEnvCell(place.cellId))
            node["cell"].fail("expected an outdoor cell or EnvCell id, e.g. 0xA9B40019");
        if (world::isOutdoorCell(place.cellId)) { // its centre (cell n = 8*cx + cy + 1)
            const int index = int(place.cellId & 0xFFFF) - 1;
            place.origin =
                Vec3{(float(index / world::kCellsPerBlock) + 0.5f) * world::kCellLength,
                     (float(index % world::kCellsPerBlock) + 0.5f) * world::kCellLength, 0.0f};
        }
    } else if (node.has("landblock")) {
        const std::uint32_t id = node["landblock"].u32();
        // "0xA9B4" and "0xA9B4FFFF" both name the block; without an origin, its middle.
        place.cellId = id <= 0xFFFF ? ((id << 16) | 0xFFFF) : (id | 0xFFFF);
        place.origin = Vec3{world::kBlockLength / 2, world::kBlockLength / 2, 0.0f};
    } else {
        const auto coord = world::parseCoordinates(node["coordinates"].string().toStdString());
        const auto at = coord ? world::mapCoordPosition(*coord) : std::nullopt;
        if (!at)
            node["coordinates"].fail("expected map coordinates on the world, e.g. \"42.1N 33.6E\"");
        place.cellId = at->cellId;
        place.origin = Vec3{at->local.x, at->local.y, 0.0f};
    }
    if (node.has("origin")) {
        place.origin = vectorOf(node["origin"]);
        place.originGiven = true;
    }
    place.radius = int(node["radius"].u32(1));
    if (place.radius > 2)
        node["radius"].fail("the radius is 0, 1 or 2 blocks");
    return place;
}

// A hand-written message may name its PlayScript type: "Launch" reads better than 4.
QJsonObject withScriptTypeNames(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a message object");
    QJsonObject message = node.value().toObject();
    if (const QJsonValue type = message.value("scriptType"); type.isString())
        if (const auto named = playScriptFromName(type.toString().toStdString()))
            message["scriptType"] = double(*named);
    return message;
}

TimedMessage timedMessageOf(const dat::JsonNode& node) {
    TimedMessage out;
    if (!node.has("t"))
        node["t"].fail("every message needs its time");
    out.t = seconds(node["t"], 0);
    out.note = node["note"].string(QString());
    const int given = int(node.has("hex")) + int(node.has("message")) + int(node.has("motion"));
    if (given != 1)
        node.fail("give each entry one of \"message\", \"hex\" or \"motion\"");
    if (const auto motion = node["motion"]; !motion.isMissing()) {
        out.what =
            MotionAction{motion["guid"].u32(), motion["command"].u32(), motion["speed"].f32(1.0f)};
        return out;
    }
    try {
        // The hex form goes through the same reader as `wire decode`, which also takes the
        // separators of pasted captures.
        const dat::JsonNode message =
            node.has("hex")
                ? dat::JsonNode(QJsonObject{{"hex", node["hex"].value()}}, node.path())
                : dat::JsonNode(withScriptTypeNames(node["message"]), node["message"].path());
        out.what = wire::messageFromJson(message);
    } catch (dat::DatError& error) {
        error.withContext("while reading " + node.path());
        throw;
    }
    out.facts.creature = node["creature"].boolean(false);
    out.facts.targetId = node["target"].u32(0);
    out.facts.player = node["player"].boolean(false);
    return out;
}

} // namespace

Scenario loadScenario(const QByteArray& json, const QString& source) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    const std::string root = source.toStdString();
    if (parseError.error != QJsonParseError::NoError)
        throw dat::DatError(root, "not JSON: " + parseError.errorString().toStdString(),
                            std::uint64_t(parseError.offset), dat::OffsetKind::Source);
    const dat::JsonNode node(document.object(), root);
    if (!document.isObject())
        node.fail("a scenario is a JSON object");
    Scenario scenario;
    scenario.name = node["name"].string(QString());
    scenario.about = node["about"].string(QString());
    scenario.duration = seconds(node["duration"], scenario.duration);
    scenario.dt = seconds(node["dt"], scenario.dt);
    if (!(scenario.dt > 0))
        node["dt"].fail("the frame step must be positive");
    if (scenario.duration / scenario.dt > kMaxFrames)
        node["duration"].fail("duration / dt asks for more than 10 million frames");
    scenario.seed = node["seed"].u32(scenario.seed);
    if (node.has("world")) {
        scenario.world = worldOf(node["world"]);
        scenario.place = placeOf(node["world"]);
        const QString geometry = node["world"]["geometry"].string(QStringLiteral("preview"));
        if (geometry != QLatin1String("preview") && geometry != QLatin1String("dat"))
            node["world"]["geometry"].fail("expected \"preview\" or \"dat\"");
        scenario.datGeometry = geometry == QLatin1String("dat");
        if (scenario.datGeometry && !scenario.place)
            node["world"].fail("a world of \"geometry\": \"dat\" needs its \"cell\", "
                               "\"landblock\" or \"coordinates\"");
    }
    for (const dat::JsonNode& message : node["messages"].elements())
        scenario.messages.push_back(timedMessageOf(message));
    std::stable_sort(scenario.messages.begin(), scenario.messages.end(),
                     [](const TimedMessage& a, const TimedMessage& b) { return a.t < b.t; });
    return scenario;
}

Scenario loadScenarioFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw dat::DatError(path.toStdString(), "cannot read: " + file.errorString().toStdString(),
                            0, dat::OffsetKind::Source);
    return loadScenario(file.readAll(), path);
}

QString bundledScenarioFolder(const QString& applicationDir) {
    const QDir app(applicationDir);
    for (const QString& relative :
         {QStringLiteral("../resources/scenarios"), QStringLiteral("../../resources/scenarios"),
          QStringLiteral("../../../resources/scenarios"),
          QStringLiteral("../share/portalkit/scenarios")}) {
        const QFileInfo folder(app.filePath(relative));
        if (folder.isDir())
            return folder.canonicalFilePath();
    }
    const QFileInfo here(QDir::current().filePath("resources/scenarios"));
    return here.isDir() ? here.canonicalFilePath() : QString();
}

QString findScenarioFile(const QString& path, const QString& applicationDir) {
    const QFileInfo given(path);
    if (path.isEmpty() || given.exists() || given.isAbsolute())
        return path;
    const QString folder = bundledScenarioFolder(applicationDir);
    if (folder.isEmpty())
        return path;
    const QString bundled = QDir(folder).filePath(path);
    return QFileInfo::exists(bundled) ? bundled : path;
}

QString bundledDemoFile(const QString& applicationDir, const QString& name) {
    const QDir app(applicationDir);
    const QString built = QDir::cleanPath(app.filePath(QStringLiteral("../demo/") + name));
    const QString installed =
        QDir::cleanPath(app.filePath(QStringLiteral("../share/portalkit/demo/") + name));
    return !QFileInfo::exists(built) && QFileInfo::exists(installed) ? installed : built;
}

ScenarioPlayer::ScenarioPlayer(PreviewScene& scene, const Scenario& scenario)
    : m_scene(scene), m_scenario(scenario), m_smartBox(scene) {
    if (scenario.world)
        m_scene.setWorld(*scenario.world);
    deliverDue();
}

void ScenarioPlayer::deliverDue() {
    while (m_next < m_scenario.messages.size() &&
           m_scenario.messages[m_next].t <= m_scene.now() + kTimeSlop) {
        const TimedMessage& due = m_scenario.messages[m_next++];
        if (const auto* message = std::get_if<wire::Message>(&due.what))
            m_smartBox.receive(*message, due.facts);
        else if (const auto* motion = std::get_if<MotionAction>(&due.what))
            performMotion(*motion);
    }
}

void ScenarioPlayer::advanceTo(double t) {
    const double end = std::min(t, m_scenario.duration);
    while (m_scene.now() < end - kTimeSlop) {
        // Frames of dt, cut short where a message is due so it arrives on time.
        double step = std::min(m_scenario.dt, end - m_scene.now());
        if (m_next < m_scenario.messages.size())
            step = std::min(step, m_scenario.messages[m_next].t - m_scene.now());
        m_scene.advance(std::max(step, kTimeSlop));
        deliverDue();
    }
}

void ScenarioPlayer::performMotion(const MotionAction& motion) {
    const std::uint32_t owner = m_smartBox.ownerOf(motion.guid);
    if (!owner) {
        m_scene.events().publish(m_scene.now(), 0,
                                 MotionWithoutObject{motion.guid, motion.command});
        return;
    }
    m_scene.performMotion(owner, motion.command, motion.speed);
}

bool ScenarioPlayer::finished() const {
    return m_scene.now() >= m_scenario.duration - kTimeSlop;
}

} // namespace portalkit::preview
