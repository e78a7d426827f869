#pragma once

// How CPhysicsObj::update_object (0x00515D10) slices the time an object is owed
// (docs/retail-behaviour.md#r35): up to 0.2 s owed is one step of all of it; more is 0.2 s steps
// while more than 0.2 s is owed, then the remainder if it exceeds 1/30 s, a smaller remainder
// staying owed for the next pass. Almost nothing owed, or a gap above 2 s, runs nothing and
// moves the object's clock to now. The 1/30 s pass gate is the scene's (CPhysics::UseTime).

#include <vector>

namespace portalkit::preview {

constexpr double kMaxQuantum = 0.2;        // MAX_QUANTUM in the matching executable
constexpr double kMinQuantum = 1.0 / 30.0; // MIN_QUANTUM
constexpr double kHugeQuantum = 2.0;
constexpr double kMinElapsed = 0.0002;

struct QuantumPlan {
    std::vector<double> steps; // run in order; their sum is what the object's clock advances
    bool resync = false;       // nothing runs and the object's clock jumps to now
};

inline QuantumPlan planQuanta(double elapsed) {
    QuantumPlan plan;
    if (elapsed <= kMinElapsed || elapsed > kHugeQuantum) {
        plan.resync = true;
        return plan;
    }
    if (elapsed <= kMaxQuantum) {
        plan.steps.push_back(elapsed); // no 1/30 s test here
        return plan;
    }
    while (elapsed > kMaxQuantum) {
        plan.steps.push_back(kMaxQuantum);
        elapsed -= kMaxQuantum;
    }
    if (elapsed > kMinQuantum)
        plan.steps.push_back(elapsed);
    return plan;
}

} // namespace portalkit::preview
