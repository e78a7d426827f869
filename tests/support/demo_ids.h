#pragma once

// Ids the suites play on: retail's motion command values, and the records of the demo DAT our
// writer builds from resources/demo/*.json. Named once here so every suite means the same record.

#include <cstdint>

namespace portalkit::testing::demo_ids {

// Motion commands (docs/retail-behaviour.md#motion-commands).
inline constexpr std::uint32_t kNonCombat = 0x8000003D; // the default style
inline constexpr std::uint32_t kCombat = 0x8000003C;
inline constexpr std::uint32_t kMagic = 0x80000049;
inline constexpr std::uint32_t kReady = 0x41000003;
inline constexpr std::uint32_t kWalkForward = 0x45000005;
inline constexpr std::uint32_t kRecall = 0x10000153; // the lifestone recall action

// Demo DAT records (resources/demo/human.json, projectiles.json).
inline constexpr std::uint32_t kHuman = 0x02000001;           // Setup with the human's MotionTable
inline constexpr std::uint32_t kWisp = 0x02000002;            // Setup with a light
inline constexpr std::uint32_t kHumanTable = 0x09000001;      // the human's MotionTable
inline constexpr std::uint32_t kRecallAnimation = 0x030009BF; // what Recall plays from NonCombat
inline constexpr std::uint32_t kFlameBolt = 0x0200040D;       // additive, luminous, DXT5
inline constexpr std::uint32_t kFrostBolt = 0x020003F4;       // Alpha bit, P8 with a palette
inline constexpr std::uint32_t kForceBolt = 0x0200087D;       // a solid colour
inline constexpr std::uint32_t kTuskerFist = 0x02000EAE;
inline constexpr std::uint32_t kFlameBoltTable = 0x34000005; // Flame Bolt's PhysicsScriptTable

// PlayScript types (docs/formats.md).
inline constexpr std::uint32_t kLaunch = 0x04;
inline constexpr std::uint32_t kExplode = 0x05;
inline constexpr std::uint32_t kProjectileCollision = 0x5A;

} // namespace portalkit::testing::demo_ids
