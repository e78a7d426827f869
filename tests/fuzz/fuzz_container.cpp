// libFuzzer target: the input is a whole DAT file. Opens it, reads every entry, parses the
// iteration record and runs the verifier; for DATs whose every entry reads, rebuilds them with
// DatWriter and checks the rebuild holds the same entries and is a fixed point of the writer.
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

using namespace portalkit::dat;

// UBSan only prints by default; make every report a crash libFuzzer records.
extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

// Entries may share chains, so a small file can name far more payload than it holds; the
// rebuild keeps every entry in memory (twice) and deflates the compressed ones again, so it only
// runs when the logical payload stays under this.
constexpr std::uint64_t kRoundTripBudget = 4u << 20;
// For the same reason reading every entry costs up to entries x 1032 x the file size; reading
// stops once this much payload came out (only crafted chain sharing gets there).
constexpr std::uint64_t kReadBudget = 64u << 20;
// The writer takes block sizes up to 64 KiB; the reader accepts up to 1 MiB.
constexpr std::uint32_t kWriterMaxBlockSize = 64u << 10;

[[noreturn]] void violated(const char* what, std::optional<std::uint32_t> did = std::nullopt) {
    if (did)
        std::fprintf(stderr, "fuzz_container: invariant violated: %s (DID %s)\n", what,
                     formatDid(*did).c_str());
    else
        std::fprintf(stderr, "fuzz_container: invariant violated: %s\n", what);
    __builtin_trap();
}

QByteArray toQByteArray(const std::uint8_t* data, std::size_t size) {
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

std::optional<DatFile> openDat(QByteArray bytes) {
    try {
        return DatFile::fromBytes(std::move(bytes));
    } catch (const DatError&) {
        return std::nullopt;
    }
}

void checkIndex(const DatFile& dat) {
    const auto entries = dat.entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i > 0 && entries[i - 1].id >= entries[i].id)
            violated("index is not in strictly ascending id order", entries[i].id);
        if (dat.find(entries[i].id) != &entries[i])
            violated("find() does not return the indexed entry", entries[i].id);
    }
    if (dat.treeDepth() < 1 || dat.nodeCount() < 1)
        violated("an opened DAT has no root node");
}

void checkVerifier(const DatFile& dat) {
    VerifyReport report;
    try {
        report = verifyDat(dat);
    } catch (const DatError&) {
        violated("verifyDat threw; it must report problems instead");
    }
    if (report.entries != dat.entries().size())
        violated("verifier counts a different number of entries");
    if (report.usedBlocks + report.freeBlocks > report.blocks)
        violated("verifier owns more blocks than the file has");
}

// The rebuilt DAT must hold every original entry with the same bytes and metadata, plus the
// iteration record the writer adds when the original had none; and it must verify clean.
void checkRebuild(const DatFile& original, const std::vector<std::vector<std::uint8_t>>& payloads,
                  bool originalIterationOk, const DatFile& rebuilt) {
    const auto before = original.entries();
    const auto after = rebuilt.entries();
    const bool added = original.find(kIterationDid) == nullptr;
    if (after.size() != before.size() + (added ? 1 : 0))
        violated("rebuilt DAT has a different number of entries");
    if (added && rebuilt.find(kIterationDid) == nullptr)
        violated("rebuilt DAT lacks the iteration record", kIterationDid);
    for (std::size_t i = 0; i < before.size(); ++i) {
        const EntryInfo& info = before[i];
        const EntryInfo* copy = rebuilt.find(info.id);
        if (!copy)
            violated("entry missing from the rebuilt DAT", info.id);
        if ((copy->flags & ~1u) != (info.flags & ~1u) || copy->date != info.date ||
            copy->iteration != info.iteration)
            violated("entry metadata changed in the rebuilt DAT", info.id);
        std::vector<std::uint8_t> bytes;
        try {
            bytes = rebuilt.read(*copy);
        } catch (const DatError&) {
            violated("entry of the rebuilt DAT does not read", info.id);
        }
        if (bytes != payloads[i])
            violated("entry bytes changed in the rebuilt DAT", info.id);
    }
    bool iterationOk = true;
    try {
        rebuilt.iteration();
    } catch (const DatError&) {
        iterationOk = false;
    }
    // Only a malformed record copied verbatim from the original may fail to parse.
    if (!iterationOk && originalIterationOk)
        violated("the rebuilt iteration record does not parse", kIterationDid);
    for (const VerifyProblem& problem : verifyDat(rebuilt).problems) {
        if (problem.severity != VerifyProblem::Severity::Error)
            continue;
        if (!iterationOk && problem.did == kIterationDid && problem.field.starts_with("iteration"))
            continue;
        std::fprintf(stderr, "%s\n", problem.describe().c_str());
        violated("rebuilt DAT does not verify");
    }
}

void roundTrip(const DatFile& dat, const std::vector<std::vector<std::uint8_t>>& payloads,
               bool iterationOk) {
    QByteArray first;
    try {
        first = DatWriter::fromDat(dat).build();
    } catch (const DatError&) {
        if (dat.header().blockSize <= kWriterMaxBlockSize)
            violated("DatWriter rejected a DAT whose every entry reads");
        return;
    }
    std::optional<DatFile> rebuilt = openDat(first);
    if (!rebuilt)
        violated("the rebuilt DAT does not open");
    checkRebuild(dat, payloads, iterationOk, *rebuilt);

    // The writer's output is a pure function of its entries: rebuilding the rebuild is exact.
    QByteArray second;
    try {
        second = DatWriter::fromDat(*rebuilt).build();
    } catch (const DatError&) {
        violated("DatWriter rejected its own output");
    }
    if (second != first)
        violated("rebuilding the rebuilt DAT changed its bytes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::optional<DatFile> dat = openDat(toQByteArray(data, size));
    if (!dat)
        return 0;
    checkIndex(*dat);

    bool allRead = true;
    std::uint64_t total = 0;
    std::vector<std::vector<std::uint8_t>> payloads;
    payloads.reserve(dat->entries().size());
    for (const EntryInfo& entry : dat->entries()) {
        if (total > kReadBudget)
            break; // past kRoundTripBudget too, so no round trip
        try {
            auto bytes = dat->read(entry);
            total += bytes.size();
            // Keep payloads only while a round trip is still possible and affordable.
            if (allRead && total <= kRoundTripBudget)
                payloads.push_back(std::move(bytes));
            else
                payloads.clear();
        } catch (const DatError&) {
            allRead = false;
            payloads.clear();
        }
    }

    bool iterationOk = true;
    try {
        dat->iteration();
    } catch (const DatError&) {
        iterationOk = false;
    }

    checkVerifier(*dat);

    if (allRead && total <= kRoundTripBudget)
        roundTrip(*dat, payloads, iterationOk);
    return 0;
}
