#include "datreader/container/dat_kind.h"

#include <algorithm>
#include <array>

namespace portalkit::dat {
namespace {

// client_local_English.dat, docs/formats.md.
constexpr std::array kLocalTypes{
    TypeRange{0x21000000, 0x21FFFFFF, "UiLayout"},
    TypeRange{0x23000000, 0x24FFFFFF, "StringTable"},
    TypeRange{0x41000000, 0x41FFFFFF, "StringState"},
};

// client_highres.dat holds RenderSurfaces only.
constexpr std::array kHighResTypes{
    TypeRange{0x06000000, 0x07FFFFFF, "RenderSurface"},
};

constexpr std::string_view kIteration = "Iteration";
constexpr std::string_view kUnknown = "Unknown";
constexpr std::array kCellTypeNames{std::string_view{"LandBlock"},
                                    std::string_view{"LandBlockInfo"}, std::string_view{"EnvCell"}};

template <std::size_t N>
std::string_view lookup(const std::array<TypeRange, N>& table, std::uint32_t did) {
    for (const auto& range : table)
        if (did >= range.first && did <= range.last)
            return range.name;
    return kUnknown;
}

template <std::size_t N>
std::vector<std::string_view> names(const std::array<TypeRange, N>& table) {
    std::vector<std::string_view> out;
    for (const auto& range : table)
        if (std::find(out.begin(), out.end(), range.name) == out.end())
            out.push_back(range.name);
    return out;
}

} // namespace

std::string_view kindName(DatKind kind) {
    switch (kind) {
    case DatKind::Portal:
        return "portal";
    case DatKind::Cell:
        return "cell";
    case DatKind::Local:
        return "local";
    case DatKind::HighRes:
        return "highres";
    case DatKind::Unknown:
        break;
    }
    return "unknown";
}

std::optional<DatKind> kindFromName(std::string_view name) {
    for (auto kind : {DatKind::Portal, DatKind::Cell, DatKind::Local, DatKind::HighRes})
        if (kindName(kind) == name)
            return kind;
    return std::nullopt;
}

std::uint32_t defaultBlockSize(DatKind kind) {
    return kind == DatKind::Cell ? 256 : 1024;
}

std::string_view typeName(DatKind kind, std::uint32_t did) {
    // The iteration record would read as an EnvCell in a cell DAT (docs/formats.md): classify
    // first.
    if (did == kIterationDid)
        return kIteration;
    switch (kind) {
    case DatKind::Portal:
        return lookup(kPortalTypeRanges, did);
    case DatKind::Cell: {
        const std::uint32_t low = did & 0xFFFF;
        if (low == 0xFFFF)
            return kCellTypeNames[0];
        if (low == 0xFFFE)
            return kCellTypeNames[1];
        if (low >= 0x0100)
            return kCellTypeNames[2];
        return kUnknown;
    }
    case DatKind::Local:
        return lookup(kLocalTypes, did);
    case DatKind::HighRes:
        return lookup(kHighResTypes, did);
    case DatKind::Unknown:
        break;
    }
    return kUnknown;
}

std::vector<std::string_view> typeNames(DatKind kind) {
    std::vector<std::string_view> out;
    switch (kind) {
    case DatKind::Portal:
        out = names(kPortalTypeRanges);
        break;
    case DatKind::Cell:
        out.assign(kCellTypeNames.begin(), kCellTypeNames.end());
        break;
    case DatKind::Local:
        out = names(kLocalTypes);
        break;
    case DatKind::HighRes:
        out = names(kHighResTypes);
        break;
    case DatKind::Unknown:
        break;
    }
    out.push_back(kIteration);
    out.push_back(kUnknown);
    return out;
}

} // namespace portalkit::dat
