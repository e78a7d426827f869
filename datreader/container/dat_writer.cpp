#include "datreader/container/dat_writer.h"

#include "datreader/container/dat_file.h"
#include "datreader/container/directory.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"

#include <QBuffer>
#include <QSaveFile>
#include <algorithm>
#include <bit>
#include <cstring>
#include <deque>
#include <span>
#include <string>
#include <vector>

namespace portalkit::dat {
namespace {

constexpr std::uint32_t kWriterFirstBlock = 1024; // satisfies every known reader (docs/formats.md)
constexpr std::uint64_t kMaxFileSize = 0x80000000u; // block offsets must keep bit 31 clear

struct PlannedEntry {
    std::uint32_t id;
    std::uint32_t flags;
    std::uint32_t date;
    std::uint32_t iteration;
    std::span<const std::uint8_t> stored;
    std::uint32_t offset = 0;
};

struct PlannedNode {
    std::vector<std::uint32_t> keys;   // indices into the planned entries
    std::vector<std::size_t> children; // indices into the planned nodes
    std::uint32_t offset = 0;
};

// Largest key count a subtree of `height` can hold at t = 31: 62^(height+1) - 1.
std::uint64_t capacity(unsigned height) {
    std::uint64_t value = 62;
    for (unsigned i = 0; i < height; ++i)
        value *= 62;
    return value - 1;
}

// Bottom-up B-tree over keys [lo, hi): the fewest children that fit, keys spread evenly, so
// every non-root node ends up with 30..61 keys and all leaves sit at `height` 0.
std::size_t buildNode(std::vector<PlannedNode>& nodes, std::uint32_t lo, std::uint32_t hi,
                      unsigned height) {
    const std::size_t index = nodes.size();
    nodes.emplace_back();
    if (height == 0) {
        for (std::uint32_t key = lo; key < hi; ++key)
            nodes[index].keys.push_back(key);
        return index;
    }
    const std::uint64_t count = hi - lo;
    const std::uint64_t childCapacity = capacity(height - 1) + 1;
    const std::uint64_t children = (count + 1 + childCapacity - 1) / childCapacity;
    const std::uint64_t childKeys = count - (children - 1);
    std::uint32_t pos = lo;
    for (std::uint64_t i = 0; i < children; ++i) {
        const std::uint32_t take =
            std::uint32_t(childKeys / children + (i < childKeys % children ? 1 : 0));
        const std::size_t child = buildNode(nodes, pos, pos + take, height - 1);
        nodes[index].children.push_back(child);
        pos += take;
        if (i + 1 < children)
            nodes[index].keys.push_back(pos++);
    }
    return index;
}

void writeAll(QIODevice& device, const void* data, std::size_t size) {
    if (device.write(static_cast<const char*>(data), qint64(size)) != qint64(size))
        throw DatError("file", "write failed: " + device.errorString().toStdString(),
                       std::uint64_t(device.pos()));
}

// Writes `payload` as a chain of contiguous blocks starting at `offset`, last link 0, tail zeroed.
void writeChain(QIODevice& device, std::vector<std::uint8_t>& buffer, std::uint32_t blockSize,
                std::uint32_t offset, std::span<const std::uint8_t> payload) {
    const std::uint32_t perBlock = blockSize - 4;
    const std::size_t blocks = (payload.size() + perBlock - 1) / perBlock;
    buffer.assign(blocks * blockSize, 0);
    for (std::size_t i = 0; i < blocks; ++i) {
        const std::uint32_t next = i + 1 < blocks ? offset + std::uint32_t((i + 1) * blockSize) : 0;
        std::uint8_t* block = buffer.data() + i * blockSize;
        std::memcpy(block, &next, 4);
        const std::size_t from = i * perBlock;
        std::memcpy(block + 4, payload.data() + from,
                    std::min<std::size_t>(perBlock, payload.size() - from));
    }
    writeAll(device, buffer.data(), buffer.size());
}

std::uint64_t chainBytes(std::uint64_t payload, std::uint32_t blockSize) {
    return (payload + blockSize - 5) / (blockSize - 4) * blockSize;
}

} // namespace

DatWriter::DatWriter(DatKind kind, std::uint32_t blockSize)
    : m_header(DatHeader::defaultsFor(kind)) {
    if (blockSize != 0)
        m_header.blockSize = blockSize;
    if (m_header.blockSize < 64 || !std::has_single_bit(m_header.blockSize) ||
        m_header.blockSize > kWriterFirstBlock * 64)
        throw DatError("header.blockSize",
                       "block size " + std::to_string(m_header.blockSize) +
                           " is not a power of two from 64 to 64 KiB",
                       DatHeader::kDiskInfoOffset + 4);
}

DatWriter DatWriter::fromDat(const DatFile& dat) {
    DatWriter writer(dat.kind() == DatKind::Unknown ? DatKind::Portal : dat.kind(),
                     dat.header().blockSize);
    writer.m_header.dataSet = dat.header().dataSet;
    writer.m_header.dataSubset = dat.header().dataSubset;
    writer.copyVersionFrom(dat.header());
    for (const EntryInfo& info : dat.entries()) {
        const auto bytes = dat.read(info);
        WriterEntry entry;
        entry.id = info.id;
        entry.data =
            QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        entry.flags = info.flags & ~1u;
        entry.date = info.date;
        entry.iteration = info.iteration;
        entry.compress = info.compressed();
        writer.put(std::move(entry));
    }
    return writer;
}

void DatWriter::put(WriterEntry entry) {
    const std::uint32_t id = entry.id;
    m_entries.insert_or_assign(id, std::move(entry));
}

bool DatWriter::remove(std::uint32_t id) {
    return m_entries.erase(id) != 0;
}

void DatWriter::writeTo(QIODevice& device) const {
    const std::uint32_t blockSize = m_header.blockSize;
    const std::uint32_t firstBlock = std::max(kWriterFirstBlock, blockSize);

    // Payloads as stored: compressed copies are kept alive here, plain ones are viewed in place.
    std::deque<std::vector<std::uint8_t>> compressedCopies; // stable addresses
    std::vector<PlannedEntry> planned;
    planned.reserve(m_entries.size() + 1);
    std::uint32_t highestIteration = 1;
    for (const auto& [id, entry] : m_entries)
        highestIteration = std::max(highestIteration, entry.iteration);
    // The record holds a positive int32 (docs/formats.md): an entry iteration past INT32_MAX
    // must not wrap to a negative DAT iteration, so the default is clamped.
    highestIteration = std::min<std::uint32_t>(highestIteration, INT32_MAX);
    const std::int32_t datIteration = m_iteration.value_or(std::int32_t(highestIteration));

    // Every DAT carries its iteration record; synthesise it unless the caller supplied one.
    std::vector<const WriterEntry*> ordered;
    ordered.reserve(m_entries.size() + 1);
    for (const auto& [id, entry] : m_entries)
        ordered.push_back(&entry);
    WriterEntry iterationEntry;
    if (!m_entries.count(kIterationDid)) {
        if (datIteration < 1)
            throw DatError("iteration",
                           "DAT iteration " + std::to_string(datIteration) + " is not positive", 0,
                           OffsetKind::Entry, kIterationDid);
        const auto bytes = IterationRecord::fullyPatched(datIteration).serialize();
        iterationEntry.id = kIterationDid;
        iterationEntry.data =
            QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        iterationEntry.iteration = std::uint32_t(datIteration);
        auto at =
            std::lower_bound(ordered.begin(), ordered.end(), kIterationDid,
                             [](const WriterEntry* e, std::uint32_t id) { return e->id < id; });
        ordered.insert(at, &iterationEntry);
    }

    for (const WriterEntry* entry : ordered) {
        std::span<const std::uint8_t> stored(
            reinterpret_cast<const std::uint8_t*>(entry->data.data()),
            std::size_t(entry->data.size()));
        std::uint32_t flags = entry->flags & ~1u;
        // As DatReaderWriter: compress only when it pays and the entry is not tiny.
        if (entry->compress && stored.size() >= 16) {
            auto packed = deflateEntry(stored);
            if (packed.size() < stored.size()) {
                compressedCopies.push_back(std::move(packed));
                stored = compressedCopies.back();
                flags |= 1u;
            }
        }
        planned.push_back({entry->id, flags, entry->date, entry->iteration, stored});
    }

    std::uint64_t cursor = firstBlock;
    for (PlannedEntry& entry : planned) {
        if (entry.stored.empty())
            continue;
        entry.offset = std::uint32_t(cursor);
        cursor += chainBytes(entry.stored.size(), blockSize);
        if (cursor > kMaxFileSize)
            throw DatError("entry.offset", "entries exceed the 2 GiB a DAT can address", cursor,
                           OffsetKind::File, entry.id);
    }

    std::vector<PlannedNode> nodes;
    unsigned height = 0;
    while (capacity(height) < planned.size())
        ++height;
    const std::size_t root = buildNode(nodes, 0, std::uint32_t(planned.size()), height);
    const std::uint64_t nodeBytes = chainBytes(DirectoryNode::kSize, blockSize);
    for (PlannedNode& node : nodes) {
        node.offset = std::uint32_t(cursor);
        cursor += nodeBytes;
    }
    if (cursor > kMaxFileSize)
        throw DatError("node.offset", "directory exceeds the 2 GiB a DAT can address", cursor);

    DatHeader header = m_header;
    header.fileSize = std::uint32_t(cursor);
    header.rootOffset = nodes[root].offset;
    header.firstFree = header.finalFree = header.freeCount = 0;
    header.youngLru = header.oldLru = header.useLru = 0;

    std::vector<std::uint8_t> buffer(firstBlock, 0);
    const auto headerBytes = header.serialize();
    std::copy(headerBytes.begin(), headerBytes.end(), buffer.begin());
    writeAll(device, buffer.data(), buffer.size());

    for (const PlannedEntry& entry : planned)
        if (!entry.stored.empty())
            writeChain(device, buffer, blockSize, entry.offset, entry.stored);

    for (const PlannedNode& node : nodes) {
        ByteWriter out;
        for (std::size_t i = 0; i < DirectoryNode::kBranches; ++i)
            out.u32(i < node.children.size() ? nodes[node.children[i]].offset : 0);
        out.u32(std::uint32_t(node.keys.size()));
        for (std::uint32_t key : node.keys) {
            const PlannedEntry& entry = planned[key];
            for (std::uint32_t value :
                 {entry.flags, entry.id, entry.offset, std::uint32_t(entry.stored.size()),
                  entry.date, entry.iteration})
                out.u32(value);
        }
        out.zeros(DirectoryNode::kSize - out.size());
        writeChain(device, buffer, blockSize, node.offset, out.data());
    }
}

QByteArray DatWriter::build() const {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    writeTo(buffer);
    return bytes;
}

void DatWriter::save(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw DatError(
            "file", "cannot create " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
    try {
        writeTo(file);
    } catch (...) {
        file.cancelWriting();
        throw;
    }
    if (!file.commit())
        throw DatError(
            "file", "cannot write " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
}

} // namespace portalkit::dat
