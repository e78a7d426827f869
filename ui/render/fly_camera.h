#pragma once

// The viewport's fly camera (docs/studio.md#moving-around-the-world): looking turns the view about
// the eye instead of orbiting the target, and W/A/S/D (and Q/E, Space/C for down/up) move the eye
// and the target together. Pure functions over OrbitCamera so the orbit and fly modes share one
// camera and switching between them never jumps.

#include "ui/render/frame_graph.h"

#include <QVector3D>

namespace portalkit::render {

// Metres per second without and with Shift.
inline constexpr float kFlySpeed = 12.0f;
inline constexpr float kFlyFastFactor = 4.0f;

// Which way the held keys push: x right, y forward, z up; each -1, 0 or 1.
struct FlyInput {
    int right = 0, forward = 0, up = 0;
    bool fast = false;
    bool moving() const { return right || forward || up; }
};

// Turns the view right (clockwise seen from above) and up by these angles, keeping the eye where
// it is; the view never goes past straight up or down.
OrbitCamera flyLook(const OrbitCamera& camera, float rightDegrees, float upDegrees);

// Moves eye and target `seconds` of flight at `speed` m/s: forward along the view direction
// (looking down flies down), right level, up along world +Z.
OrbitCamera flyMove(const OrbitCamera& camera, const FlyInput& input, float seconds,
                    float speed = kFlySpeed);

// The unit direction the camera looks along.
QVector3D viewDirection(const OrbitCamera& camera);

} // namespace portalkit::render
