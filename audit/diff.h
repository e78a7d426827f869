#pragma once

// What differs between two DATs: entries added, removed and changed, grouped by type with their
// sizes, the header facts that identify a release, for changed Setups and PhysicsScriptTables
// which of the properties a manifest pins changed, and for every other changed entry with a
// decoder which fields of its decoded form changed (`portalkit diff`).

#include "datreader/container/dat_file.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace portalkit::audit {

// One side of a change, in the JSON conventions of `show --json` and as text. Every float bit
// pattern has its own text ("-0", NaN payloads in hex), so equal texts mean equal bits.
struct PropertyValue {
    QJsonValue json; // null when the property is absent on this side
    QString text;    // "none" when absent
};

struct PropertyChange {
    QString property; // "iteration", "spheres[1].radius", "types[0x04].order", ...
    PropertyValue a;
    PropertyValue b;
};

// An entry only one side holds.
struct EntryDigest {
    std::uint32_t id = 0;
    std::uint64_t size = 0; // length of the inflated bytes
    QString sha256;
};

struct ChangedEntry {
    std::uint32_t id = 0;
    std::uint64_t sizeA = 0;
    std::uint64_t sizeB = 0;
    QString sha256A;
    QString sha256B;
    // Setups and PhysicsScriptTables only: the pinned properties that differ, in stored order.
    std::vector<PropertyChange> properties;
    // Other decodable types: the fields of the decoded JSON forms that differ, by path
    // ("terrain[40].type", "portals[1].otherCellId"), the first kFieldLimit of them
    // (audit/field_diff.h), and how many more differ.
    std::vector<PropertyChange> fields;
    std::size_t fieldsNotListed = 0;
    bool comparedFields = false; // the decoded forms were compared (or tried), not pinned ones
    // Both sides decode, yet no pinned property (or no decoded field) differs.
    bool otherBytes = false;
    // "A: <DatError>" and/or "B: <DatError>" when a side does not decode.
    QString decodeError;

    bool hasDetail() const {
        return !properties.empty() || !fields.empty() || otherBytes || !decodeError.isEmpty();
    }
};

struct TypeDiff {
    std::vector<EntryDigest> added;   // held by B only
    std::vector<EntryDigest> removed; // held by A only
    std::vector<ChangedEntry> changed;
    std::size_t unchanged = 0;

    std::uint64_t addedBytes() const;
    std::uint64_t removedBytes() const;
    std::uint64_t changedBytesA() const;
    std::uint64_t changedBytesB() const;
    bool differs() const { return !added.empty() || !removed.empty() || !changed.empty(); }
};

struct DatDiff {
    // Kind, iteration, whether fully patched, and the release's pack versions, minor version
    // and GUID. Block size and layout are not content and are left out.
    std::vector<PropertyChange> header;
    // Type name (dat::typeName) -> its entries; every type either DAT holds is listed.
    std::map<std::string, TypeDiff> types;

    bool identical() const;
    std::size_t added() const;
    std::size_t removed() const;
    std::size_t changed() const;
    std::size_t unchanged() const;
};

// Walks both directories in id order. An entry changed when its inflated bytes differ in
// length or content (what its length + SHA-256 pin stands for); the hashes are reported for
// every entry that differs. The iteration record 0xFFFF0001 is compared as header facts, not as
// an entry. Entries shared by both sides are typed by A's kind. A changed entry that does not
// decode is reported, not thrown; an entry or iteration record that cannot be read
// throws DatError naming the side ("while reading A").
DatDiff diffDats(const dat::DatFile& a, const dat::DatFile& b);

// {"identical", "added", "removed", "changed", "unchanged", "header": [{"property","a","b"}],
//  "types": {NAME: {"added": [{"id","size","sha256"}], "removed": [...], "changed": [{"id",
//  "sizeA","sizeB","sha256A","sha256B", "properties"?, "fields"?: [{"path","a","b"}],
//  "fieldsNotListed"?, "otherBytes"?, "decodeError"?}],
//  "unchanged", "addedBytes", "removedBytes", "changedBytesA", "changedBytesB"}}}
QJsonObject toJson(const DatDiff& diff);
// Header changes, one line per type that differs (counts and bytes), each changed Setup and
// table with its property changes, each other decoded entry with its field changes ("… N more"
// past the limit), and a closing total.
QString toText(const DatDiff& diff);

} // namespace portalkit::audit
