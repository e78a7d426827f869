// Writes the fuzz_effects seed corpus from a demo DAT: one file per scenario, each the records
// the scenario plays as {u32 DID, u32 length, bytes}, the Setup first.
// Usage: make_effect_seeds DEMO_DAT OUT_DIR

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"

#include <QDir>
#include <QFile>
#include <cstdio>
#include <vector>

using namespace portalkit;

namespace {

struct Scenario {
    const char* name;
    std::vector<std::uint32_t> ids; // the Setup first
};

void appendU32(QByteArray& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        out.append(char((value >> (8 * i)) & 0xFF));
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: make_effect_seeds DEMO_DAT OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[2]));
    if (!out.mkpath("."))
        return 2;
    const std::vector<Scenario> scenarios{
        {"recall",
         {0x02000001, 0x09000001, 0x030009BF, 0x03000001, 0x3200078E, 0x34000004, 0x33000331,
          0x3300032F}},
        {"flame_bolt",
         {0x0200040D, 0x34000005, 0x3300011B, 0x3300011C, 0x3300011D, 0x33000109, 0x3300011E,
          0x3300012B, 0x33000120, 0x20000001}},
        {"tusker_fist", {0x02000EAE, 0x33000D77, 0x3200071B, 0x20000001}},
        {"every_hook", {0x02000001, 0x33001000, 0x33001001, 0x33001002, 0x20000001}},
        {"blocking", {0x02000001, 0x33000AEA, 0x33000AEB, 0x32000A0B}},
        {"every_particle_type",
         {0x02000002, 0x32000A01, 0x32000A02, 0x32000A03, 0x32000A04, 0x32000A05, 0x32000A06,
          0x32000A07, 0x32000A08, 0x32000A09, 0x32000A0A, 0x32000A0B, 0x32000A0C, 0x34000063}},
    };
    try {
        const dat::DatFile dat = dat::DatFile::open(QString::fromLocal8Bit(argv[1]));
        for (const Scenario& scenario : scenarios) {
            QByteArray seed;
            for (std::uint32_t id : scenario.ids) {
                if (!dat.find(id))
                    continue;
                const std::vector<std::uint8_t> bytes = dat.read(id);
                appendU32(seed, id);
                appendU32(seed, std::uint32_t(bytes.size()));
                seed.append(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            }
            QFile file(out.filePath(scenario.name));
            if (!file.open(QIODevice::WriteOnly) || file.write(seed) != seed.size())
                return 2;
        }
    } catch (const dat::DatError& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 2;
    }
    std::printf("%zu seeds\n", scenarios.size());
    return 0;
}
