// libFuzzer target for DatPatcher and its journal. An input starting "PKJRNL01" is an in-place
// patch journal: parseJournal must read it or throw DatError, and what it reads must serialize
// back to the same bytes. Any other input is a short edit script followed by a whole DAT.
//   byte 0: operation count n (at most kMaxOps); then n operations of 5 bytes each
//   (kind, id low 16 bits, payload size low 16 bits); the rest is the DAT.
// Opening must accept the DAT or throw DatError, never crash, hang or allocate without bound.
// When it opens, the script is applied (puts of new and existing ids, removes) against a model
// of the stored payloads, and the patched bytes must open, verify with no error (strictly when
// the original did), hold exactly the model's entries byte for byte and a free list as long as
// the header says.
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_patcher.h"
#include "datreader/container/patch_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

using namespace portalkit::dat;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

constexpr std::size_t kMaxOps = 24;
constexpr std::size_t kOpSize = 5;
// Patching holds the DAT in memory and the model holds every payload; small files keep an input
// fast (the container target covers large and shared-chain files on the read side).
constexpr std::size_t kMaxDat = 1u << 20;
constexpr std::uint32_t kIterationRecord = 0xFFFF0001;

using Model = std::map<std::uint32_t, std::vector<std::uint8_t>>;

[[noreturn]] void violated(const char* what, std::uint32_t did = 0) {
    std::fprintf(stderr, "fuzz_patcher: invariant violated: %s (DID 0x%08X)\n", what, did);
    __builtin_trap();
}

std::vector<std::uint8_t> payload(std::uint32_t seed, std::size_t size) {
    std::vector<std::uint8_t> bytes(size);
    std::uint32_t state = seed * 2654435761u + 1;
    for (auto& byte : bytes) {
        state = state * 1664525u + 1013904223u;
        byte = std::uint8_t(state >> 24);
    }
    return bytes;
}

// The stored bytes of every entry but the iteration record; nullopt when one does not read
// (a DAT the verifier passes with warnings may still hold one).
std::optional<Model> storedEntries(const DatFile& dat) {
    Model model;
    try {
        for (const EntryInfo& entry : dat.entries())
            if (entry.id != kIterationRecord)
                model[entry.id] = dat.readStored(entry);
    } catch (const DatError&) {
        return std::nullopt;
    }
    return model;
}

void apply(DatPatcher& patcher, Model& model, const std::uint8_t* ops, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t* op = ops + i * kOpSize;
        const std::uint32_t low = std::uint32_t(op[1]) | std::uint32_t(op[2]) << 8;
        const std::size_t size = (std::size_t(op[3]) | std::size_t(op[4]) << 8) % 5000;
        // Existing ids are hit through the model (by rank), new ones in the 0x06 family.
        std::uint32_t id = 0x06000000u | low;
        if ((op[0] & 4) && !model.empty())
            id = std::next(model.begin(), std::ptrdiff_t(low % model.size()))->first;
        try {
            if (op[0] & 1) {
                const bool had = model.erase(id) > 0;
                if (patcher.remove(id) != had)
                    violated("remove disagrees with the model", id);
            } else {
                auto bytes = payload(low ^ std::uint32_t(size), size);
                patcher.put(id, bytes);
                model[id] = std::move(bytes);
            }
        } catch (const DatError&) {
            return; // a refused put (the 2 GiB limit) changes nothing; stop the script there
        }
    }
}

void checkPatched(DatPatcher& patcher, const Model& model, bool wasStrict) {
    const auto image = patcher.bytes();
    const QByteArray bytes(reinterpret_cast<const char*>(image.data()), qsizetype(image.size()));
    const VerifyReport report = verifyDat(bytes);
    if (report.errorCount() != 0 || (wasStrict && !report.ok(true)))
        violated("the patched DAT does not verify");
    const DatFile dat = DatFile::fromBytes(bytes);
    std::size_t seen = 0;
    for (const EntryInfo& entry : dat.entries()) {
        if (entry.id == kIterationRecord)
            continue;
        const auto it = model.find(entry.id);
        if (it == model.end())
            violated("an entry the model does not hold", entry.id);
        if (dat.readStored(entry) != it->second)
            violated("an entry does not read back as stored", entry.id);
        ++seen;
    }
    if (seen != model.size())
        violated("entries missing from the patched DAT");
    if (report.freeBlocks != dat.header().freeCount)
        violated("the free list is not as long as the header says");
}

} // namespace

// The journal that repair() replays after a crash: damaged ones are refused, whole ones are exact.
void checkJournal(const std::uint8_t* data, std::size_t size) {
    PatchImage image;
    try {
        image = parseJournal({data, size});
    } catch (const DatError&) {
        return;
    }
    if (serializeJournal(image) != std::vector<std::uint8_t>(data, data + size))
        violated("a journal does not serialize back to its bytes");
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1)
        return 0;
    if (size >= 8 && std::memcmp(data, "PKJRNL01", 8) == 0) {
        checkJournal(data, size);
        return 0;
    }
    const std::size_t count = std::min<std::size_t>(data[0], kMaxOps);
    const std::size_t script = 1 + count * kOpSize;
    if (size < script || size - script > kMaxDat)
        return 0;
    const std::vector<std::uint8_t> datBytes(data + script, data + size);
    std::optional<DatPatcher> patcher;
    try {
        patcher.emplace(DatPatcher::fromBytes(datBytes));
    } catch (const DatError&) {
        return 0;
    }
    const QByteArray original(reinterpret_cast<const char*>(datBytes.data()),
                              qsizetype(datBytes.size()));
    std::optional<Model> model;
    try {
        model = storedEntries(DatFile::fromBytes(original));
    } catch (const DatError&) {
        violated("the patcher opened a DAT the reader refuses");
    }
    if (!model)
        return 0;
    const bool wasStrict = verifyDat(original).ok(true);
    apply(*patcher, *model, data + 1, count);
    checkPatched(*patcher, *model, wasStrict);
    return 0;
}
