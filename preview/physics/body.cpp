#include "preview/physics/body.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace portalkit::preview {

void PhysicsBody::setShape(const dat::Setup& setup, float objectScale) {
    scale = objectScale;
    spheres.clear();
    const std::size_t count = std::min(setup.spheres.size(), kMaxSpheres);
    for (std::size_t i = 0; i < count; ++i)
        spheres.push_back({Vec3(setup.spheres[i].center) * scale, setup.spheres[i].radius * scale});
    stepUpHeight = setup.stepUpHeight * scale;
    stepDownHeight = setup.stepDownHeight * scale;
}

void PhysicsBody::setElasticity(float e) {
    elasticity = std::clamp(e, 0.0f, kMaxElasticity);
}

void PhysicsBody::setFriction(float f) {
    if (f >= 0 && f <= 1)
        friction = f;
}

std::uint32_t objectInfoState(const PhysicsBody& body) {
    std::uint32_t info = 0;
    if (body.contact())
        info |= object_info::kContact;
    if (body.onWalkable())
        info |= object_info::kOnWalkable;
    if (body.has(state::Missile))
        info |= object_info::kPathClipped;
    return info;
}

void calcAcceleration(PhysicsBody& body) {
    if (body.contact() && body.onWalkable() && !body.has(state::Sledding)) {
        body.acceleration = {};
        body.omega = {};
    } else if (!body.has(state::Gravity)) {
        body.acceleration = {}; // omega is kept
    } else {
        body.acceleration = {0, 0, kGravity};
    }
}

void calcFriction(PhysicsBody& body, float dt, float speedSquared) {
    if (!body.onWalkable())
        return;
    const Vec3 n = body.contactNormal;
    const float into = dot(body.velocity, n);
    if (into >= 0.25f)
        return; // leaving the surface
    body.velocity -= n * into;
    float f = body.friction;
    if (body.has(state::Sledding)) {
        // Slow sleds stop dead; fast ones on a slope above 10° slide with 0.2.
        static const float kCos10 = float(std::cos(10.0 * std::numbers::pi / 180.0));
        if (speedSquared < 1.5625f)
            f = 1.0f;
        else if (!(speedSquared < 6.25f || n.z >= kCos10))
            f = 0.2f;
    }
    body.velocity *= std::pow(1.0f - f, dt);
}

void updatePhysicsInternal(PhysicsBody& body, float dt, Frame& frame) {
    // Position moves only while there is speed; v += a·dt and the spin always run (R36).
    float speedSquared = dot(body.velocity, body.velocity);
    if (speedSquared > 0) {
        if (speedSquared > kMaxSpeed * kMaxSpeed) {
            body.velocity = normalized(body.velocity) * kMaxSpeed;
            speedSquared = kMaxSpeed * kMaxSpeed;
        }
        calcFriction(body, dt, speedSquared);
        // The stop test reads the speed before friction, not the one friction left.
        if (speedSquared - kStopSpeedSquared < kEpsilon)
            body.velocity = {};
        frame.origin += body.velocity * dt + body.acceleration * (0.5f * dt * dt);
    }
    body.velocity += body.acceleration * dt;
    rotateGlobal(frame, body.omega * dt);
}

void setVectorHeading(Frame& frame, Vec3 direction) {
    if (length(direction) < kEpsilon)
        return;
    const Vec3 n = normalized(direction);
    // Compass heading (0 = +Y, 90 = +X, clockwise) becomes a yaw about world Z; the pitch is
    // about local X and is applied first (euler_set_rotate, static XYZ).
    const double degrees = std::atan2(double(n.y), double(n.x)) * 180.0 / std::numbers::pi;
    const double compass = std::fmod(450.0 - degrees, 360.0);
    const double yaw = -compass * std::numbers::pi / 180.0;
    const double pitch = std::asin(std::clamp(double(n.z), -1.0, 1.0));
    const Quat qYaw{float(std::cos(yaw / 2)), 0, 0, float(std::sin(yaw / 2))};
    const Quat qPitch{float(std::cos(pitch / 2)), float(std::sin(pitch / 2)), 0, 0};
    const Quat q = qYaw * qPitch;
    const float norm = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    if (std::isfinite(norm) && std::abs(norm - 1.0f) < 1e-3f)
        frame.orientation = normalized(q);
}

bool missileIgnore(const ObjectFacts& mover, std::uint32_t targetId, const ObjectFacts& other) {
    if (other.missile)
        return true;
    if (!mover.missile)
        return false;
    if (other.id == targetId)
        return false;
    if (other.ethereal && other.hasWeenie)
        return true;
    if (targetId != 0 && other.creature)
        return true;
    return false;
}

Response handleAllCollisions(PhysicsBody& body, bool normalValid, Vec3 normal,
                             bool prevOnWalkable) {
    // The gate bit is Sledding 0x800000; 0x20000 (Inelastic) only picks stop over bounce (R45).
    const bool reflect = !(prevOnWalkable && body.onWalkable() && !body.has(state::Sledding));
    Response response = Response::None;
    if (body.framesStationaryFall <= 1) {
        if (normalValid && !reflect) {
            response = Response::Suppressed;
        } else if (normalValid) {
            if (body.has(state::Inelastic)) {
                body.velocity = {};
                response = Response::Stopped;
            } else if (const float vn = dot(body.velocity, normal); vn < 0) {
                body.velocity -= normal * ((1.0f + body.elasticity) * vn);
                response = Response::Reflected;
            }
        }
    } else {
        body.velocity = {};
        response = Response::Stuck;
    }
    body.transientState &= ~transient::StationaryMask;
    switch (body.framesStationaryFall) {
    case 0:
    case 3:
        break;
    case 1:
        body.transientState |= transient::StationaryFall;
        break;
    case 2:
        body.transientState |= transient::StationaryStop;
        break;
    default:
        body.transientState |= transient::StationaryStuck;
        break;
    }
    return response;
}

const char* responseName(Response response) {
    switch (response) {
    case Response::None:
        return "none";
    case Response::Suppressed:
        return "suppressed";
    case Response::Reflected:
        return "reflected";
    case Response::Stopped:
        return "stopped";
    case Response::Stuck:
        return "stuck";
    }
    return "none";
}

} // namespace portalkit::preview
