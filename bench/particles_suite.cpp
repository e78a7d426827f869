// The 'particles' suite: steps owners full of live particles the way the preview's owner tick
// does (ParticleManager::update at 30 Hz under a moving pose) and reports particle-steps per
// second on one core, for a typical mix of particle types and for each type.

#include "bench/bench_common.h"
#include "datreader/container/dat_kind.h"
#include "datreader/records/particle_emitter_info.h"
#include "preview/core/assets.h"
#include "preview/core/events.h"
#include "preview/core/retail_random.h"
#include "preview/effects/particle_manager.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;

constexpr int kRuns = 5;
constexpr double kTargetStepsPerSecond = 50e6;
constexpr double kTick = 1.0 / 30;
constexpr std::int32_t kParticlesPerEmitter = 50;
constexpr std::uint32_t kEmittersPerOwner = 20;
constexpr std::uint32_t kPartsPerOwner = 8;
constexpr std::uint64_t kStepsPerRun = 20'000'000; // about 0.4 s at the target
constexpr std::uint32_t kFirstInfoId = dat::portalTypeRange("ParticleEmitterInfo").first;

// A share of the mix per particle type, after what retail emitters mostly are: velocity and
// parabolic sprays, explosions and stills, fewer swarms, implosions and rotating types.
struct TypeShare {
    std::int32_t type;
    int percent;
};
constexpr std::array kMix{
    TypeShare{1, 10}, TypeShare{2, 15}, TypeShare{3, 20}, TypeShare{4, 4},
    TypeShare{5, 5},  TypeShare{6, 15}, TypeShare{7, 4},  TypeShare{8, 6},
    TypeShare{9, 3},  TypeShare{10, 8}, TypeShare{11, 2}, TypeShare{12, 8},
};
static_assert([] {
    int total = 0;
    for (const TypeShare& share : kMix)
        total += share.percent;
    return total == 100;
}());

// A typical info of `type`: a small spray with spreads everywhere. The particles live far longer
// than a run, so every slot stays live and each tick steps them all.
dat::ParticleEmitterInfo typicalInfo(std::uint32_t id, std::int32_t type, bool parentLocal,
                                     bool persistent) {
    dat::ParticleEmitterInfo info;
    info.id = id;
    info.emitterType = 1;
    info.particleType = type;
    info.gfxObjId = info.hwGfxObjId = 0x01000A01;
    info.birthrate = 0.05;
    info.maxParticles = kParticlesPerEmitter;
    info.initialParticles = kParticlesPerEmitter;
    info.totalSeconds = persistent ? 0 : 1e6;
    info.lifespan = 1e5;
    info.lifespanRand = 10;
    info.offsetDir = {0, 0, 1};
    info.minOffset = 0.1f, info.maxOffset = 0.5f;
    info.a = {0.2f, 0.3f, 1.5f}, info.minA = 0.5f, info.maxA = 1.5f;
    info.b = {0, 0, -0.8f}, info.minB = 0.8f, info.maxB = 1.2f;
    info.c = {0.5f, 0.7f, 0.3f}, info.minC = 0.5f, info.maxC = 1.5f;
    info.startScale = 0.3f, info.finalScale = 1.2f, info.scaleRand = 0.1f;
    info.startTrans = 0.1f, info.finalTrans = 1, info.transRand = 0.05f;
    info.isParentLocal = parentLocal ? 1 : 0;
    return info;
}

struct Owner {
    std::unique_ptr<ParticleManager> manager;
    std::vector<Frame> partsLocal;
    std::vector<Frame> parts;
};

// Owners of kEmittersPerOwner emitters each, `particles` particles in all; `only` picks one
// particle type, 0 the mix.
class Scene {
  public:
    Scene(std::uint64_t particles, std::int32_t only, std::uint64_t seed)
        : m_rng(std::int32_t(seed)) {
        const std::uint64_t emitters = particles / kParticlesPerEmitter;
        std::uint32_t nextInfo = kFirstInfoId;
        // One info per (type, parenting, lifetime rule).
        for (const TypeShare& share : kMix)
            for (int variant = 0; variant < 4; ++variant)
                m_assets.add(typicalInfo(nextInfo++, share.type, variant & 1, variant & 2));
        for (std::uint64_t e = 0; e < emitters; ++e) {
            if (e % kEmittersPerOwner == 0)
                addOwner();
            const std::int32_t typeIndex = only ? only - 1 : mixedType(e);
            // A fifth of the emitters parent-local, half persistent.
            const std::uint32_t variant = (e % 5 == 0 ? 1 : 0) | (e % 2 == 0 ? 2 : 0);
            dat::hooks::CreateParticle hook;
            hook.emitterInfoId = kFirstInfoId + std::uint32_t(typeIndex) * 4 + variant;
            hook.partIndex = std::uint32_t(e % (kPartsPerOwner + 1)) - 1; // -1 is the root
            hook.offset.origin = {0.1f, 0.2f, 0.3f};
            Owner& owner = m_owners.back();
            owner.manager->create(hook, false, pose(owner), {m_now, m_now});
        }
    }

    std::uint64_t particleCount() const {
        std::uint64_t count = 0;
        for (const Owner& owner : m_owners)
            count += owner.manager->particleCount();
        return count;
    }

    // One 30 Hz tick of every owner; the owners walk so parent-local particles have work.
    void tick() {
        m_now += kTick;
        const Frame root{{float(m_now), 0.5f * float(m_now), 0},
                         fromAxisAngle({0, 0, 0.3f * float(m_now)})};
        for (Owner& owner : m_owners) {
            for (std::size_t i = 0; i < owner.parts.size(); ++i)
                owner.parts[i] = compose(root, owner.partsLocal[i]);
            owner.manager->update(OwnerPose{root, owner.parts}, {m_now, m_now});
        }
    }

  private:
    static std::int32_t mixedType(std::uint64_t emitter) {
        int slot = int(emitter % 100);
        for (std::size_t i = 0; i < kMix.size(); ++i) {
            slot -= kMix[i].percent;
            if (slot < 0)
                return std::int32_t(i);
        }
        return 0;
    }

    void addOwner() {
        Owner owner;
        owner.manager = std::make_unique<ParticleManager>(std::uint32_t(m_owners.size() + 1),
                                                          m_assets, m_rng, m_events);
        for (std::uint32_t i = 0; i < kPartsPerOwner; ++i)
            owner.partsLocal.push_back({{0, 0, 0.25f * float(i)}, fromAxisAngle({0, 0.1f, 0})});
        owner.parts = owner.partsLocal;
        m_owners.push_back(std::move(owner));
    }

    static OwnerPose pose(const Owner& owner) { return {Frame{}, owner.parts}; }

    Assets m_assets;
    Events m_events; // nobody listens, as in a benchmark of the hot path
    Ran2 m_rng;
    std::vector<Owner> m_owners;
    double m_now = 0;
};

struct Measure {
    QString label;
    std::int32_t type = 0; // 0 the mix
    std::uint64_t particles = 0;
    std::vector<double> stepsPerSecond; // one per run
};

void run(Measure& measure, std::uint64_t seed) {
    Scene scene(measure.particles, measure.type, seed);
    const std::uint64_t live = scene.particleCount();
    const std::uint64_t ticks =
        std::max<std::uint64_t>(10, kStepsPerRun / std::max<std::uint64_t>(live, 1));
    scene.tick(); // first touch of every page, outside the timing
    for (int r = 0; r < kRuns; ++r) {
        const auto start = Clock::now();
        for (std::uint64_t t = 0; t < ticks; ++t)
            scene.tick();
        const double seconds = secondsSince(start);
        measure.stepsPerSecond.push_back(double(live) * double(ticks) / seconds);
    }
}

QString typeLabel(std::int32_t type) {
    const std::string_view name = dat::ParticleEmitterInfo::particleTypeName(type);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

} // namespace

Outcome runParticlesSuite(const QString& jsonPath, std::uint64_t seed) {
    std::vector<Measure> measures{{"mix", 0, 10'000, {}}, {"mix", 0, 100'000, {}}};
    for (const TypeShare& share : kMix)
        measures.push_back({typeLabel(share.type), share.type, 100'000, {}});

    auto millions = [](double value) { return QString::number(value / 1e6, 'f', 1); };
    QString text = QStringLiteral("\nparticles benchmark, seed %1, one thread, %2\n"
                                  "median of %3 runs, M particle-steps/s\n\n")
                       .arg(seed)
                       .arg(coresAndCpu())
                       .arg(kRuns);
    QJsonArray results;
    bool pass = true;
    for (Measure& measure : measures) {
        printOut(QStringLiteral("particles: %1, %2 live\n")
                     .arg(measure.label, count(double(measure.particles))));
        run(measure, seed);
        QStringList runs;
        for (double value : measure.stepsPerSecond)
            runs << millions(value);
        const bool isMix = measure.type == 0;
        if (isMix)
            pass = pass && median(measure.stepsPerSecond) >= kTargetStepsPerSecond;
        text += QStringLiteral("%1%2%3   %4\n")
                    .arg(measure.label, -18)
                    .arg(count(double(measure.particles)), 10)
                    .arg(millions(median(measure.stepsPerSecond)), 10)
                    .arg(runs.join(" "));
        results.append(QJsonObject{{"particles", qint64(measure.particles)},
                                   {"type", isMix ? QJsonValue("mix") : QJsonValue(measure.type)},
                                   {"label", measure.label},
                                   {"stepsPerSecondMedian", median(measure.stepsPerSecond)},
                                   {"stepsPerSecondRuns", toJsonArray(measure.stepsPerSecond)}});
    }
    text += QStringLiteral("\ntarget: mix >= %1 M steps/s at 10k and 100k: %2\n")
                .arg(millions(kTargetStepsPerSecond), pass ? "pass" : "FAIL");
    printOut(text);

    const bool written =
        writeReport(jsonPath, report("particles", seed,
                                     {{"runs", kRuns},
                                      {"targetStepsPerSecond", kTargetStepsPerSecond},
                                      {"pass", pass},
                                      {"results", results}}));
    return written ? Outcome::Success : Outcome::Error;
}

} // namespace portalkit::bench
