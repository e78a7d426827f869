// Writes the fuzz_patcher seed corpus: an edit script (fuzz_patcher.cpp) followed by a small DAT
// made with our own DatWriter, one per shape the patcher treats apart: a one-leaf tree, a tree
// that splits, a two-level tree that merges, a DAT with a free list to reuse, a compressed entry.
//   make_patch_seeds <output directory>
#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_patcher.h"
#include "datreader/container/dat_writer.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace portalkit::dat;

namespace {

struct Op {
    std::uint8_t kind; // bit 0 remove, bit 2 an existing id by rank
    std::uint16_t id;
    std::uint16_t size;
};

QByteArray entryBytes(int size, std::uint32_t seed) {
    QByteArray bytes(size, '\0');
    for (int i = 0; i < size; ++i)
        bytes[i] = char((seed + std::uint32_t(i) * 31u) >> 2);
    return bytes;
}

QByteArray dat(DatKind kind, std::uint32_t blockSize, std::uint32_t family, int count,
               bool compressOne = false) {
    DatWriter writer(kind, blockSize);
    for (int i = 0; i < count; ++i) {
        WriterEntry entry;
        entry.id = family | std::uint32_t(i * 3 + 1);
        entry.data = entryBytes(8 + (i * 37) % 700, std::uint32_t(i));
        entry.compress = compressOne && i == 0;
        writer.put(entry);
    }
    return writer.build();
}

// The same DAT after removing every other entry: a real, scattered free list.
QByteArray withFreeList(const QByteArray& bytes, std::uint32_t family, int count) {
    DatPatcher patcher = DatPatcher::fromBytes({bytes.begin(), bytes.end()});
    for (int i = 0; i < count; i += 2)
        patcher.remove(family | std::uint32_t(i * 3 + 1));
    const auto image = patcher.bytes();
    return QByteArray(reinterpret_cast<const char*>(image.data()), qsizetype(image.size()));
}

QByteArray seed(const std::vector<Op>& ops, const QByteArray& datBytes) {
    QByteArray out;
    out.append(char(ops.size()));
    for (const Op& op : ops) {
        out.append(char(op.kind));
        out.append(char(op.id & 0xFF));
        out.append(char(op.id >> 8));
        out.append(char(op.size & 0xFF));
        out.append(char(op.size >> 8));
    }
    return out + datBytes;
}

std::vector<Op> puts(int count, std::uint16_t firstId, std::uint16_t size) {
    std::vector<Op> ops;
    for (int i = 0; i < count; ++i)
        ops.push_back({0, std::uint16_t(firstId + i * 7), std::uint16_t(size + i * 50)});
    return ops;
}

std::vector<Op> removes(int count, std::uint16_t rank) {
    return std::vector<Op>(std::size_t(count), Op{5, rank, 0});
}

std::vector<Op> operator+(std::vector<Op> a, const std::vector<Op>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_patch_seeds OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    if (!out.mkpath("."))
        return 2;
    const QByteArray small = dat(DatKind::Portal, 1024, 0x06000000, 6, true);
    // 60 entries and the iteration record: one full root leaf (61 keys), so a put splits it.
    const QByteArray full = dat(DatKind::Portal, 256, 0x06000000, 60);
    const QByteArray twoLevel = dat(DatKind::Cell, 256, 0x0D000000, 70);
    const std::vector<std::pair<const char*, QByteArray>> seeds = {
        {"leaf_puts", seed(puts(6, 0x0100, 100), small)},
        {"leaf_replace_compressed", seed({{4, 0, 300}, {4, 2, 5}, {5, 1, 0}}, small)},
        {"split", seed(puts(4, 0x0200, 20), full)},
        // The smallest entries, then some near the top: the leaves borrow, then merge.
        {"merge", seed(removes(12, 0) + removes(12, 45), twoLevel)},
        {"free_list_reuse", seed(puts(5, 0x0300, 400), withFreeList(small, 0x06000000, 6))},
        {"empty_script", seed({}, twoLevel)},
    };
    for (const auto& [name, bytes] : seeds) {
        QFile file(out.filePath(QString::fromLatin1(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return 2;
    }
    return 0;
}
