// Writes the fuzz_container seed corpus: small DATs made with our own DatWriter.
//   make_container_seeds <output directory>
// File names carry no .dat extension (the repository ignores *.dat).
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_header.h"
#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/directory.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace portalkit::dat;

namespace {

// Incompressible but reproducible bytes.
QByteArray noise(int size, std::uint32_t seed) {
    QByteArray bytes(size, '\0');
    std::uint32_t state = seed * 2654435761u + 1;
    for (int i = 0; i < size; ++i) {
        state = state * 1664525u + 1013904223u;
        bytes[i] = char(state >> 24);
    }
    return bytes;
}

// Compressible text-like bytes.
QByteArray pattern(int size) {
    static const char text[] = "PortalKit fuzz seed, compressible payload. ";
    QByteArray bytes;
    while (bytes.size() < size)
        bytes.append(text);
    bytes.truncate(size);
    return bytes;
}

WriterEntry entry(std::uint32_t id, QByteArray data, bool compress = false,
                  std::uint32_t iteration = 1) {
    WriterEntry e;
    e.id = id;
    e.data = std::move(data);
    e.compress = compress;
    e.iteration = iteration;
    e.date = 1700000000u + (id & 0xFFFF);
    return e;
}

// A few entries: small ones, a multi-block one, a compressed one and an empty one.
QByteArray basic(DatKind kind, std::uint32_t blockSize, int multiBlockSize,
                 const std::vector<std::uint32_t>& ids) {
    DatWriter writer(kind, blockSize);
    writer.put(entry(ids[0], noise(40, 1)));
    writer.put(entry(ids[1], noise(multiBlockSize, 2)));
    writer.put(entry(ids[2], pattern(300), /*compress=*/true, 2));
    writer.put(entry(ids[3], QByteArray()));
    writer.put(entry(ids[4], noise(8, 3)));
    return writer.build();
}

// Enough entries for a root with two leaves (a leaf holds at most 61).
QByteArray twoLevel() {
    DatWriter writer(DatKind::Cell, 256);
    for (std::uint32_t i = 0; i < 72; ++i) {
        const std::uint32_t id = 0x0D000000u | (i << 12) | i; // EnvCell-style DIDs
        // Half the entries are empty so the file stays small; the others hold 4 bytes.
        writer.put(entry(id, (i & 1) ? noise(4, i) : QByteArray()));
    }
    return writer.build();
}

void patchU32(QByteArray& bytes, std::size_t offset, std::uint32_t value) {
    std::memcpy(bytes.data() + offset, &value, 4);
}

std::uint32_t readU32(const QByteArray& bytes, std::size_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.constData() + offset, 4);
    return value;
}

// A cell DAT with three blocks on the free list and a partially patched iteration record.
QByteArray withFreeList() {
    DatWriter writer(DatKind::Cell, 256);
    writer.put(entry(0x0101FFFFu, noise(20, 7)));
    writer.put(entry(0x0101FFFEu, pattern(64), /*compress=*/true, 5));
    // Iteration 5 holding runs [1, 3] and [4, 5]: legal, reported as partially patched.
    QByteArray record;
    for (std::int32_t value : {5, -3, 1, -2, 4})
        record.append(reinterpret_cast<const char*>(&value), 4);
    writer.put(entry(kIterationDid, record, false, 5));
    QByteArray bytes = writer.build();

    const std::uint32_t blockSize = 256;
    const std::uint32_t first = std::uint32_t(bytes.size());
    bytes.append(QByteArray(3 * blockSize, '\0'));
    patchU32(bytes, first, first + blockSize);
    patchU32(bytes, first + blockSize, first + 2 * blockSize);
    const std::size_t info = DatHeader::kDiskInfoOffset;
    patchU32(bytes, info + 0x08, std::uint32_t(bytes.size()));
    patchU32(bytes, info + 0x14, first);
    patchU32(bytes, info + 0x18, first + 2 * blockSize);
    patchU32(bytes, info + 0x1C, 3);
    if (readU32(bytes, info + 0x04) != blockSize)
        throw DatError("header.blockSize", "unexpected block size", info + 4);
    return bytes;
}

// The file offset of the 24-byte directory record of `id`.
std::uint64_t entryRecord(const QByteArray& bytes, std::uint32_t id) {
    const DatFile dat = DatFile::fromBytes(bytes);
    std::uint64_t found = 0;
    DirectoryVisitor visitor;
    visitor.onEntry = [&](const EntryInfo& entry, std::uint64_t where) {
        if (entry.id == id)
            found = where;
    };
    walkDirectory(dat.chains(), dat.header().rootOffset, visitor);
    if (found == 0)
        throw DatError("entry.id", "no entry " + formatDid(id), 0);
    return found;
}

// Regression for a writer bug: no iteration record and an entry iteration of 0x80000000 made
// the synthesised DAT iteration wrap negative (UB negating INT32_MIN, unparsable record).
QByteArray iterationOverflow(const QByteArray& cell) {
    QByteArray bytes = cell;
    patchU32(bytes, entryRecord(cell, 0xA9B4FFFFu) + 20, 0x80000000u);        // iteration
    patchU32(bytes, entryRecord(cell, kIterationDid) + 4, kIterationDid + 1); // id
    return bytes;
}

// An iteration record whose runs stop short of its current iteration: every entry reads, the
// record does not parse (the rebuild copies it verbatim).
QByteArray badIterationRecord(const QByteArray& cell) {
    QByteArray bytes = cell;
    const DatFile dat = DatFile::fromBytes(cell);
    const EntryInfo* record = dat.find(kIterationDid);
    if (!record || record->size != 12 || readU32(cell, record->offset + 4) != 2)
        throw DatError("iteration", "unexpected iteration record", 0);
    patchU32(bytes, record->offset + 4, 3); // current 3, runs cover only 2
    return bytes;
}

// 59 entries sharing the chain of one compressed entry that inflates 4 KiB of zeros. Each
// sharer is an error the verifier reports; it used to inflate the chain once per sharer, which
// made small crafted DATs take minutes to verify.
QByteArray sharedChain() {
    DatWriter writer(DatKind::Cell, 256);
    writer.put(entry(0xA9B40100u, QByteArray(4 << 10, '\0'), /*compress=*/true));
    for (std::uint32_t i = 1; i < 60; ++i)
        writer.put(entry(0xA9B40100u + i, QByteArray()));
    QByteArray bytes = writer.build();
    const DatFile dat = DatFile::fromBytes(bytes);
    const EntryInfo shared = *dat.find(0xA9B40100u);
    const ChainReader chains = dat.chains();
    DirectoryVisitor visitor;
    visitor.onNode = [&](const DirectoryNode& node, unsigned) {
        for (std::uint32_t i = 0; i < node.count; ++i) {
            const EntryInfo& e = node.entries[i];
            if (e.id == shared.id || e.id == kIterationDid)
                continue;
            // Fields are 4-byte aligned, so none straddles a block boundary.
            const std::uint32_t record =
                DirectoryNode::kEntriesPosition + i * DirectoryNode::kEntrySize;
            patchU32(bytes, chains.fileOffsetOf(node.blocks, record + 0), shared.flags);
            patchU32(bytes, chains.fileOffsetOf(node.blocks, record + 8), shared.offset);
            patchU32(bytes, chains.fileOffsetOf(node.blocks, record + 12), shared.size);
        }
    };
    walkDirectory(chains, dat.header().rootOffset, visitor);
    return bytes;
}

// Seeds must open and verify without errors; warnings are printed (the partially patched
// iteration record of cell_free_list is one on purpose).
bool write(const QDir& dir, const char* name, const QByteArray& bytes, bool clean = true) {
    VerifyReport report = verifyDat(bytes);
    for (const auto& problem : report.problems)
        std::fprintf(stderr, "%s: %s\n", name, problem.describe().c_str());
    if (clean && !report.ok()) {
        std::fprintf(stderr, "%s does not verify\n", name);
        return false;
    }
    QFile file(dir.filePath(QString::fromUtf8(name)));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(file.fileName()));
        return false;
    }
    std::printf("%s: %lld bytes, %zu entries, depth %u\n", name,
                static_cast<long long>(bytes.size()), report.entries, report.depth);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s <output directory>\n", argv[0]);
        return 2;
    }
    QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!dir.mkpath(QStringLiteral("."))) {
        std::fprintf(stderr, "cannot create %s\n", argv[1]);
        return 1;
    }
    try {
        bool ok = true;
        // Portal: GfxObj, Setup, Palette, SurfaceTexture and a Wave, 1024-byte blocks.
        ok &= write(dir, "portal_basic",
                    basic(DatKind::Portal, 1024, 1500,
                          {0x01000001u, 0x02000001u, 0x04000001u, 0x05000001u, 0x0A000001u}));
        // Cell: landblock, landblock info and env cells, 256-byte blocks.
        const QByteArray cell =
            basic(DatKind::Cell, 256, 600,
                  {0x0000FFFEu, 0x0000FFFFu, 0xA9B40100u, 0xA9B40101u, 0xA9B4FFFFu});
        ok &= write(dir, "cell_basic", cell);
        ok &= write(dir, "cell_two_level", twoLevel());
        ok &= write(dir, "cell_free_list", withFreeList());
        ok &= write(dir, "cell_iteration_overflow", iterationOverflow(cell));
        ok &= write(dir, "cell_bad_iteration_record", badIterationRecord(cell), false);
        ok &= write(dir, "cell_shared_chain", sharedChain(), false);
        return ok ? 0 : 1;
    } catch (const DatError& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}
