#include "modding/imported_entry.h"

#include "datreader/io/dat_error.h"

#include <string>

namespace portalkit::modding {

void requireType(dat::DatKind kind, std::uint32_t id, std::string_view type) {
    const std::string_view actual = dat::typeName(kind, id);
    if (actual == type)
        return;
    throw dat::DatError("--as",
                        dat::formatOffset(id) + " is " +
                            (actual.empty() ? std::string("no known type") : std::string(actual)) +
                            " in a " + std::string(dat::kindName(kind)) + " DAT, not " +
                            std::string(type),
                        0, dat::OffsetKind::File, id);
}

} // namespace portalkit::modding
