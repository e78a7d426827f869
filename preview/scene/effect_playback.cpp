#include "preview/scene/effect_playback.h"

#include "datreader/records/common.h"
#include "preview/core/event_fields.h"
#include "preview/effects/script_table.h"

#include <cmath>
#include <optional>

namespace portalkit::preview {

void playScript(SceneContext& scene, Owner& owner, std::uint32_t script) {
    const dat::PhysicsScript* record = scene.assets.get<dat::PhysicsScript>(script);
    if (!record) {
        scene.publish(owner, "script_missing",
                      {{"script", dat::didJson(script)},
                       {"reason", scene.assets.whyMissing<dat::PhysicsScript>(script)}});
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
    QJsonObject fields{
        {"type", qint64(type)},
        {"typeName", playScriptName(type)},
        {"intensity", realField(intensity)},
        {"table", owner.scriptTable ? QJsonValue(dat::didJson(owner.scriptTable)) : QJsonValue()},
        {"result", script ? QJsonValue(dat::didJson(*script)) : QJsonValue()}};
    if (owner.scriptTable && !table)
        fields["reason"] = scene.assets.whyMissing<dat::PhysicsScriptTable>(owner.scriptTable);
    scene.publish(owner, "table_resolved", fields);
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
    scene.publish(
        owner, "call_pes_scheduled",
        {{"script", dat::didJson(script)}, {"delay", delay}, {"pause", realField(pause)}});
}

void playSoundTable(SceneContext& scene, Owner& owner, std::uint32_t soundType) {
    QJsonObject fields{{"hook", "SoundTable"},
                       {"soundType", qint64(soundType)},
                       {"table", dat::didJson(owner.soundTable)}};
    const dat::SoundTable* table =
        owner.soundTable ? scene.assets.get<dat::SoundTable>(owner.soundTable) : nullptr;
    const dat::SoundTable::Sound* sound = nullptr;
    if (table)
        for (const dat::SoundTable::Sound& candidate : table->sounds)
            if (candidate.soundType == soundType)
                sound = &candidate;
    if (!sound || sound->entries.empty()) {
        fields["played"] = false;
        fields["reason"] = table ? QStringLiteral("no entry for this sound type")
                                 : QStringLiteral("no SoundTable");
        scene.publish(owner, "sound", fields);
        return;
    }
    // floor((n - 1)·r) with r < 1: the last of several entries is never chosen (the decompile's
    // literal arithmetic, docs/retail-behaviour.md#sound-tables).
    const double r = scene.random.rollDice(0.0, 1.0);
    const auto index = std::size_t(std::floor(double(sound->entries.size() - 1) * r));
    const dat::SoundTable::Entry& entry = sound->entries[index];
    fields["wave"] = dat::didJson(entry.waveId);
    fields["volume"] = realField(entry.volume);
    fields["priority"] = realField(entry.priority);
    fields["probability"] = realField(entry.probability);
    fields["entry"] = qint64(index);
    fields["played"] = scene.crtRandom.passes(entry.probability);
    scene.publish(owner, "sound", fields);
}

} // namespace portalkit::preview
