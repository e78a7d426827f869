#pragma once

// PhysicsState bits exactly as the client defines them (R11), and the constructor's
// default: a visible object with lights, gravity and collision reports (R14).

#include <QStringList>
#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

namespace portalkit::preview::state {

constexpr std::uint32_t Static = 0x1;
constexpr std::uint32_t Ethereal = 0x4;
constexpr std::uint32_t ReportCollisions = 0x8;
constexpr std::uint32_t IgnoreCollisions = 0x10;
constexpr std::uint32_t NoDraw = 0x20;
constexpr std::uint32_t Missile = 0x40;
constexpr std::uint32_t Pushable = 0x80;
constexpr std::uint32_t AlignPath = 0x100;
constexpr std::uint32_t PathClipped = 0x200;
constexpr std::uint32_t Gravity = 0x400;
constexpr std::uint32_t Lighting = 0x800;
constexpr std::uint32_t ParticleEmitter = 0x1000;
constexpr std::uint32_t Hidden = 0x4000;
constexpr std::uint32_t ScriptedCollision = 0x8000;
constexpr std::uint32_t HasPhysicsBsp = 0x10000;
constexpr std::uint32_t Inelastic = 0x20000;
constexpr std::uint32_t HasDefaultAnim = 0x40000;
constexpr std::uint32_t HasDefaultScript = 0x80000;
constexpr std::uint32_t Cloaked = 0x100000;
constexpr std::uint32_t ReportAsEnvironment = 0x200000;
constexpr std::uint32_t EdgeSlide = 0x400000;
constexpr std::uint32_t Sledding = 0x800000;
constexpr std::uint32_t Frozen = 0x1000000;

// CPhysicsObj::CPhysicsObj: EdgeSlide | Lighting | Gravity | ReportCollisions, not Hidden.
constexpr std::uint32_t kDefault = 0x00400C08;

constexpr std::array<std::pair<std::uint32_t, std::string_view>, 23> kNames{{
    {Static, "Static"},
    {Ethereal, "Ethereal"},
    {ReportCollisions, "ReportCollisions"},
    {IgnoreCollisions, "IgnoreCollisions"},
    {NoDraw, "NoDraw"},
    {Missile, "Missile"},
    {Pushable, "Pushable"},
    {AlignPath, "AlignPath"},
    {PathClipped, "PathClipped"},
    {Gravity, "Gravity"},
    {Lighting, "Lighting"},
    {ParticleEmitter, "ParticleEmitter"},
    {Hidden, "Hidden"},
    {ScriptedCollision, "ScriptedCollision"},
    {HasPhysicsBsp, "HasPhysicsBsp"},
    {Inelastic, "Inelastic"},
    {HasDefaultAnim, "HasDefaultAnim"},
    {HasDefaultScript, "HasDefaultScript"},
    {Cloaked, "Cloaked"},
    {ReportAsEnvironment, "ReportAsEnvironment"},
    {EdgeSlide, "EdgeSlide"},
    {Sledding, "Sledding"},
    {Frozen, "Frozen"},
}};

// The names of the set bits, in bit order; unknown bits as hex.
inline QStringList names(std::uint32_t bits) {
    QStringList out;
    std::uint32_t known = 0;
    for (const auto& [bit, name] : kNames) {
        known |= bit;
        if (bits & bit)
            out << QString::fromLatin1(name.data(), qsizetype(name.size()));
    }
    if (const std::uint32_t unknown = bits & ~known)
        out << QStringLiteral("0x%1").arg(unknown, 0, 16);
    return out;
}

} // namespace portalkit::preview::state
