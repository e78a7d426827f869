#pragma once

// Static objects whose Setup has no physics BSP (docs/physics.md#the-retail-transition): the
// client collides with their cylinder spheres, or failing those their spheres, instead
// (CPhysicsObj::FindObjCollisions). Trees are the common case: a trunk-sized cylinder. These
// are the path-clipped mover's branches — a missile's, the only one flights take through them —
// of CCylSphere::intersects_sphere and CSphere::intersects_sphere: an overlap is COLLIDED with
// the collide_with_point normal; without PerfectClip (R39) no time of impact is sought.

#include "preview/physics/transition_types.h"

#include <cstdint>

namespace portalkit::preview {

// One cylinder sphere or sphere of a placed static, in its landblock's frame. A cylinder stands
// upright on `low` (its base's centre) whatever the object's rotation, as the client's does; a
// sphere is centred on `low`.
struct StaticShape {
    std::uint32_t block = 0; // the landblock it stands on, 0xXXYYFFFF
    Vec3 low;                // landblock-local, × the object's scale
    float radius = 0;
    float height = 0; // a cylinder's; 0 for a sphere
    bool cylinder = true;
    std::uint32_t model = 0; // the Setup it came from, for the trace
};

// CCylSphere::collides_with_sphere: the sphere (centre `disp` from the base) within `radsum` of
// the axis and overlapping the cylinder's height (less the epsilon).
bool cylinderHitsSphere(const StaticShape& shape, const TransitionSphere& sphere, Vec3 disp,
                        float radsum);

// The shape against sphere 0 of a path-clipped mover: OK, or COLLIDED with the collision normal
// set (none when it is too short to normalise). `check` and `curr` are sphere 0's centres at the
// check and current positions, both already in the shape's landblock frame.
TransitionState pathClippedShapeCollision(const StaticShape& shape, const TransitionSphere& check,
                                          Vec3 curr, CollisionInfo& collision);

} // namespace portalkit::preview
