// libFuzzer target for every record decoder. The first input byte picks the record type, the
// rest is the entry payload; PORTALKIT_FUZZ_TYPES=Setup,GfxObj limits it to a family; the DID is
// taken from the payload's own id field so decoders get past their id check. A decoded record must
// re-encode, and its encoding must decode and encode to the same bytes again (encode is a fixed
// point of decode).

#include "datreader/io/dat_error.h"
#include "datreader/records/hooks.h"
#include "datreader/records/record.h"

#include <QString>
#include <QStringList>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

using namespace portalkit::dat;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

template <std::size_t I = 0>
void fuzzType(std::size_t index, std::span<const std::uint8_t> bytes, std::uint32_t did) {
    if constexpr (I < std::variant_size_v<Record>) {
        if (index != I)
            return fuzzType<I + 1>(index, bytes, did);
        using T = std::variant_alternative_t<I, Record>;
        std::vector<std::uint8_t> first;
        try {
            first = T::decode(bytes, did).encode();
        } catch (const DatError&) {
            return; // rejecting bad input is the decoder's job; crashing is not
        }
        try {
            const std::vector<std::uint8_t> second = T::decode(first, did).encode();
            if (second != first) {
                std::fprintf(stderr, "%s: encode is not a fixed point\n", T::kTypeName.data());
                __builtin_trap();
            }
        } catch (const DatError& error) {
            std::fprintf(stderr, "%s: its own encoding does not decode: %s\n", T::kTypeName.data(),
                         error.what());
            __builtin_trap();
        }
    }
}

// Indices into Record of the types being fuzzed.
std::vector<std::size_t> g_types;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const auto& types = decodableTypes();
    const char* only = std::getenv("PORTALKIT_FUZZ_TYPES");
    const QStringList wanted = only ? QString::fromLatin1(only).split(',') : QStringList();
    for (std::size_t i = 0; i < types.size(); ++i)
        if (wanted.isEmpty() || wanted.contains(QString::fromLatin1(types[i].data())))
            g_types.push_back(i);
    if (g_types.empty()) {
        std::fprintf(stderr, "PORTALKIT_FUZZ_TYPES names no decodable type\n");
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1)
        return 0;
    // A selector naming a fuzzed type picks it directly, so seeds keep their meaning in family
    // runs; any other byte maps onto the family.
    const bool direct = std::find(g_types.begin(), g_types.end(), data[0]) != g_types.end();
    const std::size_t type = direct ? data[0] : g_types[data[0] % g_types.size()];
    const std::span<const std::uint8_t> payload(data + 1, size - 1);
    std::uint32_t did = 0x08000001; // Surface has no id of its own
    if (payload.size() >= 4)
        std::memcpy(&did, payload.data(), 4);
    fuzzType(type, payload, did);
    return 0;
}
