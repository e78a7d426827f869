// The server timeline: SmartBox's gates in front of the scene, the scenario loader, and the
// built-in scenarios of resources/scenarios played on the demo DAT.

#include "preview/timeline/scenario.h"
#include "preview/timeline/smartbox.h"
#include "support/cli_run.h"
#include "support/preview_fixtures.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <bit>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;
using portalkit::testing::runPortalkit;

namespace {

constexpr std::uint32_t kSetup = 0x02000001;
constexpr std::uint32_t kTable = 0x34000001;
constexpr std::uint32_t kGuid = 0x50000001;
constexpr std::uint32_t kHiddenType = 0x76;
constexpr std::uint32_t kUnHideType = 0x75;
constexpr std::uint32_t kLaunch = 4;
constexpr std::uint32_t kLaunchScript = 0x33000004;
constexpr std::uint32_t kUnHideScript = 0x3300032F;
constexpr std::uint32_t kHiddenScript = 0x33000331;

const QString kScenarios = QStringLiteral(PORTALKIT_SCENARIOS);

// A packet's verdict: accepted, and the gate that decided.
using Verdict = std::pair<bool, std::optional<wire::Gate>>;

// A scene and a SmartBox on synthetic records: a one-sphere Setup and a table with Launch,
// Hidden and UnHide.
struct Box {
    std::shared_ptr<Assets> assets = std::make_shared<Assets>();
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<SmartBox> smartBox;
    std::unique_ptr<EventRecorder> recorder;

    Box() {
        auto s = setup(kSetup);
        s.spheres.push_back({{0, 0, 0}, 0.1f});
        assets->add(s);
        assets->add(table(kTable, {{kLaunch, {{1.0f, kLaunchScript}}},
                                   {kHiddenType, {{1.0f, kHiddenScript}}},
                                   {kUnHideType, {{1.0f, kUnHideScript}}}}));
        for (std::uint32_t id : {kLaunchScript, kHiddenScript, kUnHideScript})
            assets->add(script(id, {{0.0, dat::hooks::NoOp{}}}));
        scene = std::make_unique<PreviewScene>(assets, 1);
        smartBox = std::make_unique<SmartBox>(*scene);
        recorder = std::make_unique<EventRecorder>(scene->events());
    }
    const Owner* object() const { return scene->owner(smartBox->ownerOf(kGuid)); }
    // The last packet event's verdict and gate (none for effects, which have no gate).
    Verdict lastPacket() const {
        const auto packets = recorder->ofKind<PacketHandled>();
        if (packets.empty())
            return {false, std::nullopt};
        return {packets.back().what.accepted, packets.back().what.gate};
    }
};

wire::CreateObject create(std::uint16_t instance, std::uint32_t state = state::kDefault) {
    wire::CreateObject out;
    out.guid = kGuid;
    wire::PhysicsDesc& desc = out.physics;
    desc.state = state;
    desc.setupId = kSetup;
    desc.physicsScriptTableId = kTable;
    desc.position = wire::WirePosition{0x01010001, Frame{{0, 0, 1}, {}}};
    for (auto& stamp : desc.timestamps)
        stamp = 1;
    wire::stamp(desc.timestamps, wire::Channel::Instance) = instance;
    desc.syncFlags();
    return out;
}

wire::SetState setState(std::uint32_t state, std::uint16_t instance, std::uint16_t stamp) {
    return wire::SetState{kGuid, state, instance, stamp};
}

wire::UpdatePosition position(Vec3 origin, bool grounded, std::uint16_t positionStamp,
                              std::uint16_t teleportStamp, std::optional<Vec3> velocity = {}) {
    wire::UpdatePosition out;
    out.guid = kGuid;
    out.position.cellId = 0x01010001;
    out.position.frame.origin = origin;
    out.position.flags = grounded ? wire::posflag::IsGrounded : 0;
    out.position.velocity = velocity;
    out.position.instanceStamp = 1;
    out.position.positionStamp = positionStamp;
    out.position.teleportStamp = teleportStamp;
    out.position.syncFlags();
    return out;
}

Ids queued(const EventRecorder& recorder) {
    return scriptsOf<ScriptQueued>(recorder, 0);
}

struct DemoRun {
    Scenario scenario;
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<EventRecorder> recorder;
    std::unique_ptr<ScenarioPlayer> player;

    explicit DemoRun(const QString& name) {
        scenario = loadScenarioFile(kScenarios + "/" + name);
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT));
        scene = std::make_unique<PreviewScene>(std::make_shared<Assets>(dat), scenario.seed);
        recorder = std::make_unique<EventRecorder>(scene->events());
        player = std::make_unique<ScenarioPlayer>(*scene, scenario);
    }
    void runTo(double t) { player->advanceTo(t); }
    template <class Kind> std::vector<Published<Kind>> ofKind() const {
        return recorder->ofKind<Kind>();
    }
    // The first event of a kind that `match` accepts.
    template <class Kind, class Match> std::optional<Published<Kind>> first(Match match) const {
        for (const Published<Kind>& e : recorder->ofKind<Kind>())
            if (match(e.what))
                return e;
        return std::nullopt;
    }
    bool queuedScript(std::uint32_t script) const {
        return first<ScriptQueued>([&](const ScriptQueued& e) { return e.script == script; })
            .has_value();
    }
    std::optional<Published<CollisionHit>> firstHit(HitKind hit) const {
        return first<CollisionHit>([&](const CollisionHit& e) { return e.hit == hit; });
    }
    // The names of those kinds that occurred.
    template <class... Kinds> QStringList occurred() const {
        QStringList out;
        ((recorder->ofKind<Kinds>().empty() ? void() : void(out << Kinds::kName.data())), ...);
        return out;
    }
};

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R9
    void theNetworkAccelerationIsNeverInstalled() {
        for (const bool gravity : {true, false}) {
            Box box;
            wire::CreateObject message =
                create(1, gravity ? state::kDefault : state::kDefault & ~state::Gravity);
            message.physics.velocity = Vec3{1, 0, 0}; // moving: created in the air
            message.physics.acceleration = Vec3{0, 0, 50};
            message.physics.syncFlags();
            box.smartBox->receive(message);
            box.scene->advance(0.1);
            const Owner& owner = *box.object();
            QCOMPARE(owner.body.acceleration, gravity ? Vec3(0, 0, -9.8f) : Vec3{});
            QVERIFY(owner.root().origin.z <= 1.0f); // never pushed up by the sent +50
        }
    }

    // oracle: R17
    void createObjectGenerationsThroughTheSmartBox() {
        Box box;
        box.smartBox->receive(create(5));
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::FirstGeneration}));
        const std::uint32_t first = box.smartBox->ownerOf(kGuid);
        QVERIFY(first != 0);

        box.smartBox->receive(create(4));
        QCOMPARE(box.lastPacket(), (Verdict{false, wire::Gate::StaleInstance}));
        QCOMPARE(box.smartBox->ownerOf(kGuid), first);

        // The same generation: only branches with a newer stamp of their own apply.
        wire::CreateObject again = create(5, state::kDefault | state::Ethereal);
        wire::stamp(again.physics.timestamps, wire::Channel::State) = 2;
        again.physics.velocity = Vec3{0, 3, 0};
        again.physics.syncFlags(); // Vector stamp stays 1: not newer, so no velocity
        box.smartBox->receive(again);
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::SameInstance}));
        QCOMPARE(box.smartBox->ownerOf(kGuid), first);
        QVERIFY(box.object()->state & state::Ethereal);
        QCOMPARE(box.object()->body.velocity, Vec3{});

        box.smartBox->receive(create(6));
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::NewerInstance}));
        QVERIFY(box.smartBox->ownerOf(kGuid) != first);
        QVERIFY(!box.scene->owner(first)); // the old generation is gone
        QCOMPARE(box.recorder->ofKind<OwnerRemoved>().size(), std::size_t(1));
    }

    // oracle: R18
    void stateAndVectorNeedTheLiveInstanceAndANewerStamp() {
        Box box;
        box.smartBox->receive(create(3));
        box.smartBox->receive(setState(state::kDefault | state::Ethereal, 2, 2));
        QCOMPARE(box.lastPacket(), (Verdict{false, wire::Gate::InstanceMismatch}));
        box.smartBox->receive(setState(state::kDefault | state::Ethereal, 3, 1));
        QCOMPARE(box.lastPacket(), (Verdict{false, wire::Gate::ChannelStamp}));
        QVERIFY(!(box.object()->state & state::Ethereal));
        box.smartBox->receive(setState(state::kDefault | state::Ethereal, 3, 2));
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::ChannelStamp}));
        QVERIFY(box.object()->state & state::Ethereal);

        box.smartBox->receive(wire::VectorUpdate{kGuid, {0, 5, 0}, {0, 0, 1}, 2, 2});
        QCOMPARE(box.lastPacket().first, false);
        QCOMPARE(box.object()->body.velocity, Vec3{});
        box.smartBox->receive(wire::VectorUpdate{kGuid, {0, 5, 0}, {0, 0, 1}, 3, 2});
        QCOMPARE(box.lastPacket().first, true);
        QCOMPARE(box.object()->body.velocity, Vec3(0, 5, 0));
        QCOMPARE(box.object()->body.omega, Vec3(0, 0, 1));
    }

    // oracle: R16
    void packetStampsUseTheWrapSafeBoundary() {
        for (const auto& [incoming, accepted] :
             {std::pair<std::uint16_t, bool>{0x7FFF, true}, {0x8000, false}}) {
            Box box;
            wire::CreateObject message = create(1);
            wire::stamp(message.physics.timestamps, wire::Channel::State) = 0;
            box.smartBox->receive(message);
            box.smartBox->receive(setState(state::kDefault | state::Ethereal, 1, incoming));
            QCOMPARE(box.lastPacket().first, accepted);
            QCOMPARE(bool(box.object()->state & state::Ethereal), accepted);
        }
    }

    void positionNeverInstallsVelocityAndSkipsAnAirborneObject() {
        Box box;
        wire::CreateObject message = create(1);
        message.physics.velocity = Vec3{0, 10, 0};
        message.physics.syncFlags();
        box.smartBox->receive(message);
        // Airborne: MoveOrTeleport writes nothing.
        box.smartBox->receive(position({5, 5, 5}, false, 2, 1, Vec3{0, 0, 0}));
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::ChannelStamp}));
        QCOMPARE(box.object()->root().origin, Vec3(0, 0, 1));
        // Grounded: placed, and the packet's velocity (here zero) is not installed.
        box.smartBox->receive(position({5, 5, 0}, true, 3, 1, Vec3{0, 0, 0}));
        QCOMPARE(box.object()->root().origin, Vec3(5, 5, 0));
        QCOMPARE(box.object()->body.velocity, Vec3(0, 10, 0));
        // A stale Position stamp is rejected.
        box.smartBox->receive(position({9, 9, 0}, true, 3, 1));
        QCOMPARE(box.lastPacket(), (Verdict{false, wire::Gate::ChannelStamp}));
        // A newer Teleport places even an airborne object.
        box.smartBox->receive(position({-7, 0, 3}, false, 4, 2));
        QCOMPARE(box.object()->root().origin, Vec3(-7, 0, 3));
        const auto packets = box.recorder->ofKind<PacketHandled>();
        QCOMPARE(packets.back().what.placement, std::optional(Placement::Teleport));
        QCOMPARE(box.object()->body.velocity, Vec3(0, 10, 0));
    }

    // oracle: R6
    void effectsBeforeTheCreateWaitAndPlayInOrder() {
        Box box;
        box.smartBox->receive(wire::PlayScriptId{kGuid, kUnHideScript});
        box.smartBox->receive(
            wire::PlayScriptType{kGuid, kLaunch, std::bit_cast<std::uint32_t>(1.0f)});
        QCOMPARE(box.recorder->ofKind<PacketHandled>().front().what.queued.value_or(false), true);
        QVERIFY(queued(*box.recorder).empty());
        box.smartBox->receive(create(1));
        QCOMPARE(queued(*box.recorder), (Ids{kUnHideScript, kLaunchScript}));
    }

    // oracle: R14
    void aVisibleCreateMakesNoUnHideButHiddenToVisibleDoes() {
        Box box;
        box.smartBox->receive(create(1));
        QVERIFY(queued(*box.recorder).empty());
        box.smartBox->receive(setState(state::kDefault | state::Hidden, 1, 2));
        box.smartBox->receive(setState(state::kDefault, 1, 3));
        QCOMPARE(queued(*box.recorder), (Ids{kHiddenScript, kUnHideScript}));
    }

    void deleteNeedsTheLiveInstance() {
        Box box;
        box.smartBox->receive(create(2));
        box.smartBox->receive(wire::DeleteObject{kGuid, 1, {}});
        QCOMPARE(box.lastPacket(), (Verdict{false, wire::Gate::InstanceMismatch}));
        QVERIFY(box.object());
        box.smartBox->receive(wire::DeleteObject{kGuid, 2, {}});
        QCOMPARE(box.lastPacket(), (Verdict{true, wire::Gate::InstanceMatch}));
        QCOMPARE(box.smartBox->ownerOf(kGuid), 0u);
        // A later effect for the guid waits for a new object (R6), as for any absent target.
        box.smartBox->receive(wire::PlayScriptId{kGuid, kLaunchScript});
        QCOMPARE(box.scene->pendingFor(kGuid), std::size_t(1));
    }

    void theLoaderTakesJsonHexAndNamesAndSaysWhereItFails() {
        const QByteArray json = R"({
            "duration": 1, "dt": 0.05, "seed": 7,
            "world": {"ground": {"height": 0.5}, "boxes": [{"id": 3, "min": [0,0,0], "max": [1,1,1]}]},
            "messages": [
              {"t": 0.5, "hex": "54F70000 42000050 | 9900003300"},
              {"t": 0.2, "message": {"name": "PlayScriptType", "guid": "0x50000042", "scriptType": "Launch", "intensityBits": "0x3F000000"}},
              {"t": 0.2, "motion": {"guid": "0x50000042", "command": "0x10000153"}}
            ]})";
        // The hex message above is one byte too long: it must be refused with its place.
        try {
            loadScenario(json, "inline");
            QFAIL("an over-long hex message was accepted");
        } catch (const dat::DatError& error) {
            QVERIFY(QString::fromStdString(error.what()).contains("messages[0]"));
        }
        QByteArray fixed = json;
        fixed.replace("3300\"", "33\"");
        const Scenario scenario = loadScenario(fixed, "inline");
        QCOMPARE(scenario.seed, 7u);
        QCOMPARE(scenario.dt, 0.05);
        QVERIFY(scenario.world && scenario.world->ground);
        QCOMPARE(scenario.world->ground->height, 0.5f);
        QCOMPARE(scenario.world->boxes.size(), std::size_t(1));
        QCOMPARE(scenario.messages.size(), std::size_t(3));
        // Sorted by time, file order kept for equal times.
        const auto* typed = std::get_if<wire::Message>(&scenario.messages[0].what);
        QVERIFY(typed && std::holds_alternative<wire::PlayScriptType>(*typed));
        QCOMPARE(std::get<wire::PlayScriptType>(*typed).scriptType, kLaunch);
        QCOMPARE(std::get<wire::PlayScriptType>(*typed).intensity(), 0.5f);
        QVERIFY(std::holds_alternative<MotionAction>(scenario.messages[1].what));
        const auto* direct = std::get_if<wire::Message>(&scenario.messages[2].what);
        QCOMPARE(std::get<wire::PlayScriptId>(*direct).scriptId, 0x33000099u);

        for (const char* bad : {R"({"messages": [{"message": {"name": "SetState"}}]})",
                                R"({"messages": [{"t": 0, "message": {"name": "Teleport"}}]})",
                                R"({"dt": 0, "messages": []})",
                                R"({"world": {"spheres": [{"center": [0,0,0], "radius": -1}]}})",
                                R"({"messages": [{"t": 0, "hex": "54F7", "motion": {}}]})"}) {
            bool failed = false;
            try {
                loadScenario(bad, "bad.json");
            } catch (const dat::DatError& error) {
                failed = QString::fromStdString(error.what()).contains("bad.json");
            }
            QVERIFY2(failed, bad);
        }
    }

    void theWorldMayNameARealPlaceAndErrorsNameThePath() {
        const Scenario cell = loadScenario(
            R"({"world": {"cell": "0xA9B40019", "origin": [80, 60, 12], "radius": 0,
                          "boxes": [{"min": [0,0,0], "max": [1,1,1]}]}, "messages": []})",
            "inline");
        QVERIFY(cell.place && cell.world);
        QCOMPARE(cell.place->cellId, 0xA9B40019u);
        QCOMPARE(cell.place->origin, (Vec3{80, 60, 12}));
        QVERIFY(cell.place->originGiven);
        QCOMPARE(cell.place->radius, 0);
        QCOMPARE(cell.world->boxes.size(), std::size_t(1)); // boxes stay beside the place

        const Scenario block =
            loadScenario(R"({"world": {"landblock": "0xA9B4"}, "messages": []})", "inline");
        QVERIFY(block.place);
        QCOMPARE(block.place->cellId, 0xA9B4FFFFu);
        QCOMPARE(block.place->radius, 1);
        QVERIFY(!block.place->originGiven);
        QCOMPARE(block.place->origin, (Vec3{96, 96, 0})); // the block's middle

        // An outdoor cell without an origin: its centre (cell 0x19 = 25 is cx 3, cy 0).
        const Scenario outdoor =
            loadScenario(R"({"world": {"cell": "0xA9B40019"}, "messages": []})", "inline");
        QCOMPARE(outdoor.place->origin, (Vec3{84, 12, 0}));
        QVERIFY(!outdoor.place->originGiven);

        // No place at all: the world is the preview's own.
        QVERIFY(!loadScenario(R"({"world": {"boxes": []}, "messages": []})", "inline").place);

        const std::pair<const char*, const char*> bad[] = {
            {R"({"world": {"cell": "0xA9B4FFFF"}})", "world.cell"},
            {R"({"world": {"cell": "0xA9B40019", "landblock": "0xA9B4"}})", "world"},
            {R"({"world": {"coordinates": "north of here"}})", "world.coordinates"},
            {R"({"world": {"landblock": "0xA9B4", "radius": 7}})", "world.radius"},
            {R"({"world": {"landblock": "0xA9B4", "origin": [1, 2]}})", "world.origin"}};
        for (const auto& [json, path] : bad) {
            QString message;
            try {
                loadScenario(json, "bad.json");
            } catch (const dat::DatError& error) {
                message = QString::fromStdString(error.what());
            }
            QVERIFY2(message.contains("bad.json") && message.contains(path), qPrintable(message));
        }
    }

    void flameBoltFliesHitsItsTargetAndOnlyTheServerEndsIt() {
        DemoRun run("flame_bolt.json");
        run.runTo(0.9);
        // Launch at 0.5: the stored order's first Mod ≥ 0.5 is 0x3300011C.
        QVERIFY(run.queuedScript(0x3300011C));
        const auto hit = run.first<CollisionHit>(
            [](const CollisionHit& e) { return e.id == std::optional(0x50000002u); });
        QVERIFY(hit);
        QCOMPARE(hit->what.hit, HitKind::Sphere);
        // oracle: R46
        QVERIFY(!run.queuedScript(0x3300012B)); // no Explode yet
        const std::uint32_t bolt = run.player->smartBox().ownerOf(0x80000101);
        QVERIFY(bolt);
        run.runTo(1.0);
        QVERIFY(run.queuedScript(0x3300012B));
        QCOMPARE(run.scene->owner(bolt)->body.velocity, Vec3{});
        QVERIFY(run.scene->owner(bolt)->state & state::Ethereal);
        run.runTo(3.5);
        QVERIFY(!run.scene->owner(bolt));
        for (const auto& packet : run.ofKind<PacketHandled>())
            QVERIFY2(packet.what.accepted, wire::opcodeName(packet.what.opcode).data());
    }

    void anArrowFallsFacesItsPathAndStopsAtTheThinWall() {
        DemoRun run("arrow.json");
        run.runTo(0.84);
        const auto hit = run.firstHit(HitKind::Box);
        QVERIFY(hit);
        const std::uint32_t arrow = run.player->smartBox().ownerOf(0x80000102);
        const Owner& owner = *run.scene->owner(arrow);
        QVERIFY(owner.root().origin.y <= 20.0f - 0.1f + 1e-3f); // did not tunnel
        // AlignPath: local +Y points along a path that was falling at the hit.
        const Vec3 forward = rotate(owner.root().orientation, Vec3{0, 1, 0});
        QVERIFY(std::abs(length(forward) - 1) < 1e-4f);
        run.runTo(3.0);
        QVERIFY(run.firstHit(HitKind::Ground));
        QVERIFY(run.queuedScript(0x33000302)); // DisappearDestroy
        QVERIFY(!run.scene->owner(arrow));
    }

    // oracle: R41
    void forceBoltTouchesTheWallWithItsScaledOffsetSphere() {
        DemoRun run("force_bolt.json");
        run.runTo(1.0);
        const auto hit = run.firstHit(HitKind::Box);
        QVERIFY(hit);
        // At scale 2 the sphere is at local y −0.33 r 0.204. Facing its path (−Y, AlignPath)
        // it trails 0.33 m behind the origin, which ends 0.126 m past the wall's face at
        // y = −10; an origin-centred sphere would stop at −9.796.
        bool found = false;
        for (const auto& e : run.ofKind<PhysicsQuantum>())
            if (e.t == hit->t && e.owner == hit->owner) {
                const Vec3 origin = e.what.frame.origin;
                QVERIFY(std::abs(origin.y - (-10.0f - 0.126f)) < 1e-3f);
                found = true;
            }
        QVERIFY(found);
        // No table: the Launch packet resolves to nothing.
        const auto resolved = run.ofKind<TableResolved>();
        QVERIFY(!resolved.empty());
        QVERIFY(!resolved.front().what.result);
    }

    // oracle: R10
    void tuskerFistPlaysItsSetupsDefaultScriptAndBounces() {
        DemoRun run("tusker_fist.json");
        run.runTo(1.1);
        QVERIFY(run.queuedScript(0x33000D77));
        const auto ground = run.firstHit(HitKind::Ground);
        QVERIFY(ground);
        QCOMPARE(ground->what.response, Response::Reflected);
        QVERIFY(ground->what.velocityAfter.z > 0);
    }

    // oracle: R13
    void portalRecallHidesTeleportsAndUnhides() {
        DemoRun run("portal_recall.json");
        run.runTo(12.9);
        QVERIFY(run.first<EmitterCreated>(
            [](const EmitterCreated& e) { return e.emitter == 0x3200078E; }));
        QVERIFY(!run.queuedScript(kUnHideScript)); // visible create
        run.runTo(13.1);
        QVERIFY(run.queuedScript(kHiddenScript));
        run.runTo(14.1);
        const std::uint32_t human = run.player->smartBox().ownerOf(0x50000001);
        QCOMPARE(run.scene->owner(human)->root().origin, Vec3(40, -20, 0));
        run.runTo(15.1);
        QVERIFY(run.queuedScript(kUnHideScript));
        QVERIFY(!(run.scene->owner(human)->state & state::IgnoreCollisions));
    }

    void everyBuiltInScenarioRunsCleanly() {
        const QStringList files = QDir(kScenarios).entryList({"*.json"}, QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString& file : files) {
            DemoRun run(file);
            QVERIFY(!run.scenario.name.isEmpty() && !run.scenario.about.isEmpty());
            run.runTo(run.scenario.duration);
            QVERIFY(run.player->finished());
            const QStringList missing = run.occurred<SetupMissing, ScriptMissing, EmitterMissing,
                                                     MotionTableMissing, MotionWithoutObject>();
            QVERIFY2(missing.isEmpty(), qPrintable(file + ": " + missing.join(", ")));
        }
    }

    void simulateRunsAScenarioDeterministically() {
        QTemporaryDir dir;
        const QString scenario = kScenarios + "/flame_bolt.json";
        const auto first = runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--scenario", scenario,
                                         "--trace", dir.filePath("a.jsonl")});
        const auto second = runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--scenario", scenario,
                                          "--trace", dir.filePath("b.jsonl")});
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(second.exitCode, 0);
        QFile a(dir.filePath("a.jsonl")), b(dir.filePath("b.jsonl"));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray trace = a.readAll();
        QCOMPARE(trace, b.readAll());
        for (const char* type :
             {"\"event\":\"packet\"", "\"event\":\"physics\"", "\"event\":\"collision\""})
            QVERIFY2(trace.contains(type), type);

        const auto mixed = runPortalkit(
            {"simulate", PORTALKIT_DEMO_DAT, "--scenario", scenario, "--setup", "0x02000001"});
        QCOMPARE(mixed.exitCode, 2);
        QVERIFY(mixed.err.contains("--setup"));
        const auto missing =
            runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--scenario", dir.filePath("none.json")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("none.json"));

        // A bare name is one of the scenarios that come with PortalKit, from any directory.
        const auto bare = runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--scenario",
                                        "flame_bolt.json", "--trace", dir.filePath("c.jsonl")});
        QCOMPARE(bare.exitCode, 0);
        QFile c(dir.filePath("c.jsonl"));
        QVERIFY(c.open(QIODevice::ReadOnly));
        QCOMPARE(c.readAll(), trace);
    }

    void bareScenarioNamesFindTheBundledOnes() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("bin"));
        QVERIFY(QDir(dir.path()).mkpath("resources/scenarios"));
        QFile bundled(dir.filePath("resources/scenarios/x.json"));
        QVERIFY(bundled.open(QIODevice::WriteOnly));
        bundled.close();
        const QString bin = dir.filePath("bin");
        const QString folder = QFileInfo(dir.filePath("resources/scenarios")).canonicalFilePath();
        QCOMPARE(bundledScenarioFolder(bin), folder);
        QCOMPARE(findScenarioFile("x.json", bin), QDir(folder).filePath("x.json"));
        QCOMPARE(findScenarioFile("y.json", bin), QStringLiteral("y.json")); // not there: as given
        const QString absolute = dir.filePath("elsewhere/x.json");
        QCOMPARE(findScenarioFile(absolute, bin), absolute);
        QCOMPARE(findScenarioFile("", bin), QString());
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
