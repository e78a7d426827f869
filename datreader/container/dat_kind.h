#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// The four DAT families of the end-of-retail client (docs/formats.md).
enum class DatKind { Portal, Cell, Local, HighRes, Unknown };

std::string_view kindName(DatKind kind);
std::optional<DatKind> kindFromName(std::string_view name);

// Block size a retail DAT of this kind uses.
std::uint32_t defaultBlockSize(DatKind kind);

constexpr std::uint32_t kIterationDid = 0xFFFF0001;

// DID -> type name, per DAT kind (docs/formats.md). Every listing goes through this one table.
std::string_view typeName(DatKind kind, std::uint32_t did);
// All type names a DAT of `kind` can hold, for `--type` validation and help text.
std::vector<std::string_view> typeNames(DatKind kind);

} // namespace portalkit::dat
