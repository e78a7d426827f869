#include "preview/scene/effect_playback.h"

#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/sound_table.h"
#include "preview/effects/script_table.h"

#include <cmath>
#include <optional>

namespace portalkit::preview {

void playScript(SceneContext& scene, Owner& owner, std::uint32_t script) {
    const dat::PhysicsScript* record = scene.assets.get<dat::PhysicsScript>(script);
    if (!record) {
        if (scene.events.active())
            scene.publish(
                owner, ScriptMissing{script, scene.assets.whyMissing<dat::PhysicsScript>(script)});
        return;
    }
    owner.scripts.add(script, *record, scene.now);
}

bool playTyped(SceneContext& scene, Owner& owner, std::uint32_t type, float intensity) {
    const dat::PhysicsScriptTable* table =
        owner.scriptTable ? scene.assets.get<dat::PhysicsScriptTable>(owner.scriptTable) : nullptr;
    std::optional<std::uint32_t> script;
    if (table)
        script = resolveScript(*table, type, intensity);
    if (scene.events.active()) {
        TableResolved resolved{type, intensity, std::nullopt, script, std::nullopt};
        if (owner.scriptTable)
            resolved.table = owner.scriptTable;
        if (owner.scriptTable && !table)
            resolved.reason = scene.assets.whyMissing<dat::PhysicsScriptTable>(owner.scriptTable);
        scene.publish(owner, std::move(resolved));
    }
    if (!script)
        return false;
    playScript(scene, owner, *script);
    return true;
}

void playDefaultScript(SceneContext& scene, Owner& owner) {
    playTyped(scene, owner, owner.defaultScriptType, owner.defaultScriptIntensity);
}

void callPes(SceneContext& scene, Owner& owner, std::uint32_t script, float pause) {
    if (pause < kEpsilon) {
        playScript(scene, owner, script);
        return;
    }
    const double delay = scene.random.rollDice(0.0, pause);
    owner.timedHooks.add(
        TimedHook{TimedHook::Type::CallPES, owner.physicsTime, delay, 0.0f, 1.0f, script});
    scene.publish(owner, CallPesScheduled{script, delay, pause});
}

void playSoundTable(SceneContext& scene, Owner& owner, std::uint32_t soundType) {
    SoundPlayed sound;
    sound.hook = SoundHook::SoundTable;
    sound.soundType = soundType;
    sound.table = owner.soundTable;
    const dat::SoundTable* table =
        owner.soundTable ? scene.assets.get<dat::SoundTable>(owner.soundTable) : nullptr;
    const dat::SoundTable::Sound* entries = nullptr;
    if (table)
        for (const dat::SoundTable::Sound& candidate : table->sounds)
            if (candidate.soundType == soundType)
                entries = &candidate;
    if (!entries || entries->entries.empty()) {
        sound.played = false;
        sound.reason = table ? QStringLiteral("no entry for this sound type")
                             : QStringLiteral("no SoundTable");
        scene.publish(owner, std::move(sound));
        return;
    }
    // floor((n - 1)·r) with r < 1: the last of several entries is never chosen (the decompile's
    // literal arithmetic, docs/retail-behaviour.md#sound-tables).
    const double r = scene.random.rollDice(0.0, 1.0);
    const auto index = std::size_t(std::floor(double(entries->entries.size() - 1) * r));
    const dat::SoundTable::Entry& entry = entries->entries[index];
    sound.wave = entry.waveId;
    sound.volume = entry.volume;
    sound.priority = entry.priority;
    sound.probability = entry.probability;
    sound.entry = index;
    sound.played = scene.crtRandom.passes(entry.probability); // drawn whether or not traced
    scene.publish(owner, std::move(sound));
}

} // namespace portalkit::preview
