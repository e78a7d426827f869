#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace portalkit::dat {

// Keeps a read-only file map from killing the process when the file shrinks under it
// (docs/formats.md#a-dat-that-changes-under-its-map). Touching a mapped page past the file's new
// end raises SIGBUS; while a MapGuard covers the page, a process-wide handler maps zero pages
// over the rest of the map instead, records where, and lets the read go on. The reader then
// asks damaged() after each read and throws a DatError for the read in progress and every later
// one. A SIGBUS outside every guarded map goes to the handler that was installed before ours.
//
// The handler is installed when the first guard is made and the previous one restored when the
// last is gone. Guards are thread-safe; damaged() is one atomic load.
class MapGuard {
  public:
    // Guards [begin, begin + size). Throws DatError (field "file") when every slot is taken.
    MapGuard(const void* begin, std::size_t size);
    ~MapGuard();
    MapGuard(const MapGuard&) = delete;
    MapGuard& operator=(const MapGuard&) = delete;

    // True once a page of the map was found missing (the file shrank or its device failed).
    bool damaged() const;
    // The offset in the map of the first page found missing, if any.
    std::optional<std::uint64_t> firstMissing() const;
    // Marks the map damaged from `offset` on, as a fault would: for a shrink found another way
    // (the bytes past the new end of the file's last page read as zeros without a fault).
    void noteMissing(std::uint64_t offset);

    // How many maps may be guarded at once.
    static constexpr std::size_t kSlots = 256;

  private:
    std::size_t m_slot;
};

} // namespace portalkit::dat
