// Lists a DAT's entries (id, type, size) and decodes one Setup, using the installed
// PortalKit::datreader: `list_entries DAT [SETUP_ID]` (the first Setup when no id is given).

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/setup.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

using namespace portalkit::dat;

namespace {

bool isSetup(std::uint32_t id) {
    return id >> 24 == 0x02;
}

// One line per entry, ascending ids; returns the first Setup's id, if any.
std::optional<std::uint32_t> listEntries(const DatFile& dat) {
    std::printf("%s DAT, %zu entries\n", std::string(kindName(dat.kind())).c_str(),
                dat.entries().size());
    std::optional<std::uint32_t> firstSetup;
    for (const EntryInfo& entry : dat.entries()) {
        std::printf("%s %s %u\n", formatDid(entry.id).c_str(),
                    std::string(typeName(dat.kind(), entry.id)).c_str(), entry.size);
        if (!firstSetup && isSetup(entry.id))
            firstSetup = entry.id;
    }
    return firstSetup;
}

void printSetup(const DatFile& dat, std::uint32_t id) {
    const Setup setup = Setup::decode(dat.read(id), id);
    std::printf("Setup %s: %zu parts, %zu spheres, %zu cylinder spheres, height %.3f, "
                "radius %.3f, motion table %s, script table %s\n",
                formatDid(id).c_str(), setup.parts.size(), setup.spheres.size(),
                setup.cylSpheres.size(), setup.height, setup.radius,
                formatDid(setup.defaultMotionTable).c_str(),
                formatDid(setup.defaultScriptTable).c_str());
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fputs("usage: list_entries DAT [SETUP_ID]\n", stderr);
        return 2;
    }
    try {
        const DatFile dat = DatFile::open(QString::fromLocal8Bit(argv[1]));
        std::optional<std::uint32_t> setup = listEntries(dat);
        if (argc == 3)
            setup = std::uint32_t(std::strtoul(argv[2], nullptr, 0));
        if (!setup || !isSetup(*setup)) {
            std::fputs("list_entries: no Setup to decode\n", stderr);
            return 1;
        }
        printSetup(dat, *setup);
    } catch (const DatError& error) {
        std::fprintf(stderr, "list_entries: %s\n", error.what());
        return 1;
    }
    return 0;
}
