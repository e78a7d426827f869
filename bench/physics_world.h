#pragma once

// The physics suite's real-world cases (issue 23, docs/benchmarks.md#physics-suite-issue-23):
// building the demo town's collision geometry from the demo DATs, and a 100-missile volley over
// the town played headless in the cell DAT's world. Each figure comes with its baseline from the
// same run: decoding the same records alone, and the same volley over the preview's ground plane.

#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>

namespace portalkit::bench {

struct PhysicsWorldRuns {
    int buildRuns = 25;         // cold builds of the town's collision world (median taken)
    int volleyRuns = 5;         // plays of each volley (median taken)
    double volleySeconds = 6.0; // simulated seconds a volley is played for
};

struct PhysicsWorldResult {
    QString text;                      // the table's lines, one per case
    QJsonObject geometryBuild, volley; // the report's figures, each with its "pass"
    bool pass = false;                 // both targets met
};

// Measures both cases on the portal and cell DATs at these paths; nothing (said on stderr) when
// they cannot be opened or do not hold the demo town (landblock 0xA9B4).
std::optional<PhysicsWorldResult> measurePhysicsWorld(const QString& portalPath,
                                                      const QString& cellPath,
                                                      const PhysicsWorldRuns& runs,
                                                      std::uint64_t seed);

} // namespace portalkit::bench
