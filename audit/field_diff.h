#pragma once

// Field-by-field changes between two decoded records, taken from their JSON forms (what
// `show --json` prints), for the changed entries `portalkit diff` has a decoder for but no
// pinned properties (every decodable type but Setup and PhysicsScriptTable).

#include "audit/diff.h"
#include "datreader/container/dat_kind.h"

#include <QJsonValue>
#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::audit {

struct FieldChanges {
    std::vector<PropertyChange> listed; // the first `limit`, in path order
    std::size_t notListed = 0;          // how many more differ
};

// Walks both values together: objects key by key (in the JSON form's key order), arrays index by
// index (an element only one side has is listed whole, the other side "none"), and lists every
// leaf whose value differs with its path ("terrain[40].type", "portals[1].otherCellId"). Equal
// JSON texts are equal bits: reals that JSON cannot tell apart (-0, NaN payloads) are strings in
// these forms. Strings longer than kLongestValue characters (base64 blobs) are cut to their head
// and length, in text and JSON alike, so a changed texture does not print its pixels.
FieldChanges diffFields(const QJsonValue& a, const QJsonValue& b, std::size_t limit);

constexpr std::size_t kFieldLimit = 20; // field changes listed per entry
constexpr qsizetype kLongestValue = 96; // characters of a string value shown whole

// Decodes both sides by their DAT's kind and fills `change` with their field changes. Nothing
// when either kind has no decoder for the id; a side that does not decode is recorded in
// `change.decodeError` rather than thrown; `change.otherBytes` when both decode to the same JSON.
// True when a decoder was tried.
bool explainByFields(ChangedEntry& change, dat::DatKind kindA, std::span<const std::uint8_t> bytesA,
                     dat::DatKind kindB, std::span<const std::uint8_t> bytesB);

} // namespace portalkit::audit
