#pragma once

// The audit manifest: what a DAT must hold for the code validated against it to stay valid
// (docs/audit.md; JSON Schema in resources/manifests/manifest.schema.json). Pins are grouped by
// kind; every pin names the DID it is about.

#include "audit/closure.h"
#include "datreader/container/dat_kind.h"
#include "datreader/records/common.h"
#include "datreader/records/hooks.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::audit {

// Length and SHA-256 of an entry's stored (inflated) bytes.
struct EntryPin {
    std::uint32_t id = 0;
    std::uint64_t length = 0;
    QByteArray sha256;    // 32 raw bytes
    bool required = true; // a missing optional entry is reported but is not a failure
};

struct SetupPin {
    std::uint32_t id = 0;
    std::vector<dat::Sphere> spheres; // stored order
    std::uint32_t cylSphereCount = 0;
    std::optional<float> height, radius, stepUpHeight, stepDownHeight;
    float tolerance = 0; // 0: the floats must match bit for bit
};

struct TablePin {
    struct Threshold {
        float mod = 0;
        std::uint32_t script = 0;
    };
    struct Type {
        std::uint32_t scriptType = 0;
        std::vector<Threshold> scripts; // stored order
    };
    std::uint32_t id = 0;
    std::vector<Type> types; // stored order
    // false: the table may hold other types too; the pinned ones keep their relative order
    // (for sources that quote only part of a table).
    bool complete = true;
};

// A hook the closure must fire: its animation and frame, and the hookToJson fields given (the
// type always; objects compare as subsets, so {"offset": {"origin": [0, 0, 0]}} ignores the
// orientation).
struct HookPin {
    std::uint32_t animation = 0;
    std::uint32_t frame = 0;
    QJsonObject fields; // hookToJson's spelling; must include "type"
};

struct ClosurePin {
    std::uint32_t motionTable = 0;
    std::uint32_t style = 0;
    std::uint32_t command = 0;
    std::vector<ClosureAnim> chain;
    std::vector<HookPin> hooks; // every hook the chain holds, in order
};

// The exact sets of records holding CreateBlockingParticle hooks, by the raw scan (R50).
struct BlockingPin {
    std::vector<std::uint32_t> physicsScripts;
    std::vector<std::uint32_t> animations;
};

struct ProjectilePin {
    std::uint32_t wcid = 0;
    QString name;
    std::uint32_t setup = 0;
    std::optional<std::uint32_t> table; // absent: the weenie template names none
};

struct Manifest {
    static constexpr int kVersion = 1;

    QString about;
    std::optional<dat::DatKind> kind;
    std::vector<EntryPin> entries;
    std::vector<SetupPin> setups;
    std::vector<TablePin> tables;
    std::vector<ClosurePin> closures;
    std::optional<BlockingPin> blocking;
    std::vector<ProjectilePin> projectiles;

    std::size_t pinCount() const;

    // Throws DatError naming the JSON path of anything malformed (OffsetKind::Source).
    static Manifest fromJson(const QJsonObject& json);
    QJsonObject toJson() const;
    // load: the DatError also names the file; a file that is not JSON is one too.
    static Manifest load(const QString& path);
};

} // namespace portalkit::audit
