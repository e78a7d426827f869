// Writes the fuzz_scenario seed corpus: small scenario files that between them use every key
// of docs/scenarios.md — the world's ground, boxes, spheres and bounds; messages as JSON, as hex
// and as motion; every message kind; gates passing and failing.
// Usage: make_scenario_seeds OUT_DIR

#include <QDir>
#include <QFile>
#include <utility>

namespace {

// The Setup fuzz_scenario provides is 0x02000001.
const std::pair<const char*, const char*> kSeeds[] = {
    {"flight",
     R"({"name": "flight", "duration": 1, "dt": 0.04, "seed": 3,
  "world": {"ground": {"height": 0, "normal": [0.1, 0, 1]},
            "boxes": [{"id": 1, "min": [-2, 5, 0], "max": [2, 5.2, 3]}],
            "spheres": [{"id": "0x70000001", "center": [0, 3, 1], "radius": 0.5, "creature": true}],
            "bounds": {"min": [-50, -50, -5], "max": [50, 50, 20]}},
  "messages": [
    {"t": 0, "message": {"name": "CreateObject", "guid": "0x80000001",
      "physics": {"setupId": "0x02000001", "state": "0x00000B48", "objScale": 0.5,
        "position": {"cellId": "0xA9B40001", "origin": [0, 0, 1], "orientation": [1, 0, 0, 0]},
        "velocity": [0, 20, 2], "acceleration": [0, 0, 50], "omega": [0, 0, 3],
        "physicsScriptTableId": "0x34000001", "timestamps": {"Instance": 1, "State": 1, "Vector": 1}}},
     "target": "0x70000001"},
    {"t": 0.1, "message": {"name": "PlayScriptType", "guid": "0x80000001", "scriptType": "Launch", "intensity": 0.5}},
    {"t": 0.3, "message": {"name": "SetState", "guid": "0x80000001", "state": "0x00000B4C", "instanceStamp": 1, "stateStamp": 2}},
    {"t": 0.3, "message": {"name": "VectorUpdate", "guid": "0x80000001", "velocity": [0, 0, 0], "instanceStamp": 1, "vectorStamp": 2}},
    {"t": 0.6, "message": {"name": "DeleteObject", "guid": "0x80000001", "instanceStamp": 1}}
  ]})"},
    {"gates",
     R"({"messages": [
    {"t": 0, "message": {"name": "PlayScriptId", "guid": "0x50000001", "scriptId": "0x33000001"}},
    {"t": 0, "message": {"name": "CreateObject", "guid": "0x50000001", "physics": {"setupId": "0x02000001", "state": "0x00404C08", "timestamps": {"Instance": 5}}}},
    {"t": 0.1, "message": {"name": "CreateObject", "guid": "0x50000001", "physics": {"setupId": "0x02000001", "state": "0x00400C08", "timestamps": {"Instance": 5, "State": 1, "Position": 1}}}},
    {"t": 0.2, "message": {"name": "SetState", "guid": "0x50000001", "state": "0x00400C08", "instanceStamp": 4, "stateStamp": 9}},
    {"t": 0.3, "message": {"name": "UpdatePosition", "guid": "0x50000001", "position": {"cellId": "0x01010001", "origin": [3, 0, 0], "orientation": [1, 0, 0, 0], "grounded": true, "timestamps": {"Instance": 5, "Position": 2, "Teleport": 1}}}},
    {"t": 0.4, "message": {"name": "CreateObject", "guid": "0x50000001", "physics": {"setupId": "0x02000001", "state": "0x00400C08", "timestamps": {"Instance": 6}}}},
    {"t": 0.5, "motion": {"guid": "0x50000001", "command": "0x10000153"}}
  ]})"},
    {"hex",
     R"({"duration": 0.5, "messages": [
    {"t": 0, "hex": "55F7000042000050A5A5A5A53412C07F"},
    {"t": 0.2, "hex": "54F70000420000509900003300"}
  ]})"},
    {"dat_world",
     R"({"duration": 2, "dt": 0.05,
  "world": {"landblock": "0xA9B4", "origin": [70, 96, 40], "geometry": "dat",
            "spheres": [{"id": "0x70000001", "center": [0, 30, 1], "radius": 0.5}]},
  "messages": [
    {"t": 0, "message": {"name": "CreateObject", "guid": "0x80000001",
      "physics": {"setupId": "0x02000001", "state": "0x00000748",
        "position": {"cellId": "0xA9B40001", "origin": [0, 0, 2], "orientation": [1, 0, 0, 0]},
        "velocity": [50, 0, 2], "timestamps": {"Instance": 1, "State": 1, "Vector": 1}}}},
    {"t": 0, "message": {"name": "CreateObject", "guid": "0x80000002",
      "physics": {"setupId": "0x02000001", "state": "0x00000B48", "objScale": 0.001,
        "position": {"cellId": "0xA9B40001", "origin": [-60, 90, 3], "orientation": [1, 0, 0, 0]},
        "velocity": [-40, 40, -5], "timestamps": {"Instance": 1, "State": 1, "Vector": 1}}}},
    {"t": 0, "message": {"name": "CreateObject", "guid": "0x80000003",
      "physics": {"setupId": "0x02000001", "state": "0x00400C08",
        "position": {"cellId": "0xA9B40001", "origin": [26, -2, 0], "orientation": [1, 0, 0, 0]},
        "velocity": [0, 3, 0], "timestamps": {"Instance": 1, "State": 1, "Vector": 1}}}},
    {"t": 1, "message": {"name": "UpdatePosition", "guid": "0x80000001", "position": {"cellId": "0xA9B40100", "origin": [1e30, -1e30, 5], "orientation": [1, 0, 0, 0], "timestamps": {"Instance": 1, "Position": 2}}}}
  ]})"},
    {"empty", R"({})"},
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 2)
        return 2;
    QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!dir.mkpath("."))
        return 2;
    for (const auto& [name, text] : kSeeds) {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0)
            return 2;
    }
    return 0;
}
