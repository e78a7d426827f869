#pragma once

// How an owner's effects start: a PhysicsScript straight onto its FIFO, a typed effect through
// its PhysicsScriptTable, CallPES with its random delay, and a SoundTable entry with its
// probability gate (docs/retail-behaviour.md#r7, #r26).

#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// play_script(DID): publishes `script_missing` when the script does not load.
void playScript(SceneContext& scene, Owner& owner, std::uint32_t script);
// play_script(type, intensity) through the owner's current table; publishes `table_resolved`.
bool playTyped(SceneContext& scene, Owner& owner, std::uint32_t type, float intensity);
// The description's default script type and intensity, through the owner's own table.
void playDefaultScript(SceneContext& scene, Owner& owner);
// CPhysicsObj::CallPES (R26): a short pause plays now; otherwise a timed hook at the head of the
// owner's list fires after RollDice(0, pause).
void callPes(SceneContext& scene, Owner& owner, std::uint32_t script, float pause);
// SoundManager::PlaySound(type, obj): publishes `sound`, played or why not.
void playSoundTable(SceneContext& scene, Owner& owner, std::uint32_t soundType);

} // namespace portalkit::preview
