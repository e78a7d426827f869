#pragma once

// Synthetic records for the preview suites: just enough of a Setup, a script or a table to
// drive the runtime, built in code so every expected value is visible in the test.

#include "datreader/records/hooks.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"
#include "preview/core/assets.h"
#include "preview/core/events.h"

#include <QJsonValue>
#include <QString>
#include <initializer_list>
#include <utility>
#include <vector>

namespace portalkit::preview::fixtures {

inline dat::AnimationHook hook(dat::HookPayload payload, std::int32_t direction = 0) {
    return dat::AnimationHook{direction, std::move(payload)};
}

// A script whose hooks are given as (start time, hook), already in ascending time (R22).
inline dat::PhysicsScript script(std::uint32_t id,
                                 std::initializer_list<std::pair<double, dat::HookPayload>> hooks) {
    dat::PhysicsScript out;
    out.id = id;
    std::uint32_t index = 0;
    for (const auto& [time, payload] : hooks)
        out.entries.push_back({time, hook(payload), index++});
    return out;
}

inline dat::PhysicsScriptTable
table(std::uint32_t id,
      std::initializer_list<std::pair<std::uint32_t, std::vector<std::pair<float, std::uint32_t>>>>
          entries) {
    dat::PhysicsScriptTable out;
    out.id = id;
    for (const auto& [type, scripts] : entries) {
        dat::PhysicsScriptTable::Entry entry{type, {}};
        for (const auto& [mod, scriptId] : scripts)
            entry.scripts.push_back({mod, scriptId});
        out.entries.push_back(entry);
    }
    return out;
}

// A Setup of `parts` parts stacked 1 m apart along +Z in its placement frame.
inline dat::Setup setup(std::uint32_t id, std::size_t parts = 1) {
    dat::Setup out;
    out.id = id;
    dat::AnimationFrame placement;
    for (std::size_t i = 0; i < parts; ++i) {
        out.parts.push_back(0x01000001u + std::uint32_t(i));
        dat::Frame frame;
        frame.origin.z = float(i);
        placement.parts.push_back(frame);
    }
    out.placementFrames.push_back({0, placement});
    return out;
}

// A quiet, long-lived PerSec Still emitter: one particle per tick until MaxParticles.
inline dat::ParticleEmitterInfo stillEmitter(std::uint32_t id) {
    dat::ParticleEmitterInfo out;
    out.id = id;
    out.emitterType = 1;
    out.particleType = 1;
    out.gfxObjId = out.hwGfxObjId = 0x01000A01;
    out.birthrate = 0.001;
    out.maxParticles = 10;
    out.lifespan = 5;
    out.minA = out.maxA = out.minB = out.maxB = out.minC = out.maxC = 1;
    out.startScale = out.finalScale = 1;
    return out;
}

inline dat::hooks::CreateParticle createParticle(std::uint32_t emitter, std::int32_t part,
                                                 std::uint32_t logicalId) {
    dat::hooks::CreateParticle out;
    out.emitterInfoId = emitter;
    out.partIndex = std::uint32_t(part);
    out.emitterId = logicalId;
    return out;
}

inline QString did(std::uint32_t id) {
    return dat::didJson(id);
}

// The script ids of one kind of script event (ScriptQueued, ...) in order, optionally for one
// owner.
template <class Kind>
std::vector<std::uint32_t> scriptsOf(const EventRecorder& recorder, std::uint32_t owner = 0) {
    std::vector<std::uint32_t> out;
    for (const Published<Kind>& event : recorder.ofKind<Kind>())
        if (!owner || event.owner == owner)
            out.push_back(event.what.script);
    return out;
}

// Ids in order, as scriptsOf gives them.
using Ids = std::vector<std::uint32_t>;

} // namespace portalkit::preview::fixtures
