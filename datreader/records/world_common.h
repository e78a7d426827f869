#pragma once

// What the world's records (LandBlock, LandBlockInfo, EnvCell, Environment) share: placed
// objects, and the bytes retail data carries outside the known fields (alignment fill, trailing
// bytes), kept so encode gives back the stored bytes (docs/formats.md#retail-bytes).

#include "datreader/records/codec_helpers.h"
#include "datreader/records/common.h"

#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

// An object placed by id at a frame: LandBlockInfo objects, EnvCell statics.
struct Stab {
    std::uint32_t id = 0; // Setup (0x02...) or GfxObj (0x01...)
    Frame frame;
    bool operator==(const Stab&) const = default;
};

Stab readStab(ByteCursor& in, const char* field);
void write(ByteWriter& out, const Stab& stab);
QJsonObject toJson(const Stab& stab);
Stab stabFromJson(const JsonNode& node);
// A u32 count, then the stabs.
std::vector<Stab> readStabList(ByteCursor& in, const char* field);
void writeStabList(ByteWriter& out, const std::vector<Stab>& stabs);
QJsonArray stabListToJson(const std::vector<Stab>& stabs);
std::vector<Stab> stabListFromJson(const JsonNode& node);

// Lists of plain integers.
QJsonArray u16ListToJson(const std::vector<std::uint16_t>& values);
std::vector<std::uint16_t> u16ListFromJson(const JsonNode& node);

} // namespace portalkit::dat
