#include "datreader/container/dat_file.h"

#include "datreader/container/map_guard.h"
#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace portalkit::dat {

struct DatFile::Storage {
    std::unique_ptr<QFile> file;     // set when the bytes are a read-only map of it
    std::unique_ptr<MapGuard> guard; // with the map: a shrinking file cannot kill the process
    QByteArray owned;                // set when the bytes live in memory
    std::span<const std::uint8_t> view;

    ~Storage() {
        guard.reset(); // before the pages it covers go away
        if (file && !view.empty())
            file->unmap(const_cast<uchar*>(view.data()));
    }
};

DatFile::DatFile(std::shared_ptr<const Storage> storage, QString path)
    : m_storage(std::move(storage)), m_view(m_storage->view), m_path(std::move(path)) {}

DatFile DatFile::open(const QString& path, Index index) {
    // An in-place patch that was interrupted after its journal was written may have left the
    // DAT half old, half new: only finishing it makes the DAT whole again, which a reader must
    // not do behind the user's back (docs/formats.md#writing-a-patch).
    if (QFile::exists(path + ".pkjournal"))
        throw DatError("file",
                       "an in-place patch of " + path.toStdString() +
                           " was interrupted; run 'portalkit repair' on it to finish the patch",
                       0);
    auto storage = std::make_shared<Storage>();
    storage->file = std::make_unique<QFile>(path);
    if (!storage->file->open(QIODevice::ReadOnly))
        throw DatError("file",
                       "cannot open " + path.toStdString() + ": " +
                           storage->file->errorString().toStdString(),
                       0);
    const qint64 size = storage->file->size();
    if (size > 0) {
        uchar* map = storage->file->map(0, size);
        if (!map)
            throw DatError("file",
                           "cannot map " + path.toStdString() + ": " +
                               storage->file->errorString().toStdString(),
                           0);
        storage->view = {map, std::size_t(size)};
        storage->guard = std::make_unique<MapGuard>(map, std::size_t(size));
    }
    DatFile dat(std::move(storage), path);
    try {
        dat.load(index);
    } catch (DatError&) {
        dat.checkUnchanged(std::nullopt, true); // a directory read as zeros: not the DAT's fault
        throw;
    }
    dat.checkUnchanged();
    return dat;
}

DatFile DatFile::fromBytes(QByteArray bytes) {
    auto storage = std::make_shared<Storage>();
    storage->owned = std::move(bytes);
    storage->view = {reinterpret_cast<const std::uint8_t*>(storage->owned.constData()),
                     std::size_t(storage->owned.size())};
    DatFile dat(std::move(storage), QString());
    dat.load();
    return dat;
}

ChainReader DatFile::chains() const {
    return ChainReader(bytes(), m_header.blockSize, m_header.firstBlockOffset());
}

void DatFile::load(Index index) {
    const auto file = bytes();
    if (file.size() < DatHeader::kDefinedSize)
        throw DatError("header",
                       "file is " + std::to_string(file.size()) +
                           " bytes, too small for the 400-byte header",
                       0);
    m_header = DatHeader::parse(file);
    if (m_header.magic != DatHeader::kMagic)
        throw DatError("header.magic",
                       "bad magic " + formatOffset(m_header.magic) + ", expected 0x5442",
                       DatHeader::kDiskInfoOffset);
    if (m_header.blockSize < 64 || !std::has_single_bit(m_header.blockSize) ||
        m_header.blockSize > (1u << 20))
        throw DatError("header.blockSize",
                       "block size " + std::to_string(m_header.blockSize) +
                           " is not a power of two from 64 to 1 MiB",
                       DatHeader::kDiskInfoOffset + 4);
    if (m_header.fileSize != file.size())
        throw DatError("header.fileSize",
                       "header says " + std::to_string(m_header.fileSize) +
                           " bytes, the file has " + std::to_string(file.size()),
                       DatHeader::kDiskInfoOffset + 8);

    if (index == Index::None)
        return;
    // Two walks: the first counts, so the index is allocated once at its exact size. Growing it
    // by doubling and trimming would briefly need 2-3 times the index (about 60 MB for a cell DAT)
    // while a second walk over the nodes costs milliseconds.
    const ChainReader reader = chains();
    std::size_t entryCount = 0;
    DirectoryVisitor counter;
    counter.onNode = [&](const DirectoryNode& node, unsigned) { entryCount += node.count; };
    walkDirectory(reader, m_header.rootOffset, counter);
    m_entries.reserve(entryCount);

    unsigned deepest = 0;
    DirectoryVisitor visitor;
    visitor.onNode = [&](const DirectoryNode&, unsigned depth) {
        ++m_nodeCount;
        deepest = std::max(deepest, depth + 1);
    };
    visitor.onEntry = [&](const EntryInfo& entry, std::uint64_t) { m_entries.push_back(entry); };
    walkDirectory(reader, m_header.rootOffset, visitor);
    m_treeDepth = deepest;
}

const EntryInfo* DatFile::find(std::uint32_t id) const {
    auto it =
        std::lower_bound(m_entries.begin(), m_entries.end(), id,
                         [](const EntryInfo& entry, std::uint32_t key) { return entry.id < key; });
    return it != m_entries.end() && it->id == id ? &*it : nullptr;
}

std::vector<std::uint8_t> DatFile::readStored(const EntryInfo& entry) const {
    std::vector<std::uint8_t> out;
    try {
        chains().read(entry.offset, entry.size, entry.id, entry.offset, "entry.offset", out);
    } catch (DatError&) {
        checkUnchanged(entry.id, true); // a link read as zeros says "chain ends": name the cause
        throw;
    }
    checkUnchanged(entry.id);
    return out;
}

void DatFile::copyFileBytes(std::uint64_t offset, std::span<std::uint8_t> out,
                            std::optional<std::uint32_t> did) const {
    if (offset > fileSize() || out.size() > fileSize() - offset)
        throw DatError("file",
                       "range of " + std::to_string(out.size()) + " bytes lies outside the file",
                       offset, OffsetKind::File, did);
    if (!m_storage->file) {
        std::memcpy(out.data(), m_view.data() + offset, out.size());
        return;
    }
    const int handle = m_storage->file->handle();
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t got =
            ::pread(handle, out.data() + done, out.size() - done, off_t(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            // End of file before the size it had at open (or an I/O error): it changed.
            checkUnchanged(did, true);
            throw DatError("file",
                           m_path.toStdString() + ": read " + std::to_string(done) + " of " +
                               std::to_string(out.size()) + " bytes" +
                               (got < 0 ? std::string(": ") + std::strerror(errno) : ""),
                           offset + done, OffsetKind::File, did);
        }
        done += std::size_t(got);
    }
}

bool DatFile::changedOnDisk(bool statFile) const {
    if (!m_storage->guard)
        return false;
    // fstat of the handle, not the path: the inode behind the map. Not QFile::size(), which
    // answers from the metadata it cached at open.
    struct stat now {};
    if (statFile && fstat(m_storage->file->handle(), &now) == 0 &&
        std::uint64_t(now.st_size) < fileSize())
        m_storage->guard->noteMissing(std::uint64_t(now.st_size));
    return m_storage->guard->damaged();
}

void DatFile::checkUnchanged(std::optional<std::uint32_t> did, bool statFile) const {
    if (!changedOnDisk(statFile))
        return;
    const QFileInfo now(m_path);
    const std::string size =
        now.exists() ? "is now " + std::to_string(now.size()) + " bytes" : "is gone";
    const std::uint64_t missing = m_storage->guard->firstMissing().value_or(0);
    throw DatError("file",
                   m_path.toStdString() + " changed on disk while it was read: the file " + size +
                       ", it was " + std::to_string(fileSize()) +
                       " when opened, and the bytes from " + formatOffset(missing) +
                       " on are gone; reopen it",
                   missing, OffsetKind::File, did);
}

std::vector<std::uint8_t> DatFile::read(const EntryInfo& entry) const {
    auto stored = readStored(entry);
    if (!entry.compressed())
        return stored;
    try {
        return inflateEntry(stored, entry.id);
    } catch (DatError&) {
        checkUnchanged(entry.id, true); // a stream cut by zeros is the file's change
        throw;
    }
}

std::vector<std::uint8_t> DatFile::read(std::uint32_t id) const {
    const EntryInfo* entry = find(id);
    if (!entry)
        throw DatError("id", "no entry " + formatDid(id) + " in this DAT", 0, OffsetKind::File, id);
    return read(*entry);
}

std::optional<IterationRecord> DatFile::iteration() const {
    const EntryInfo* entry = find(kIterationDid);
    if (!entry)
        return std::nullopt;
    const auto bytes = read(*entry);
    try {
        return IterationRecord::parse(bytes);
    } catch (DatError& error) {
        error.withDid(kIterationDid);
        throw;
    }
}

IterationRecord IterationRecord::parse(std::span<const std::uint8_t> bytes) {
    ByteCursor in(bytes);
    IterationRecord record;
    record.current = in.i32("iteration.current");
    // Pairs are read while the running sum stays positive (docs/formats.md).
    std::int64_t sum = record.current;
    while (sum > 0) {
        Run run{in.i32("iteration.delta"), 0};
        run.start = in.i32("iteration.start");
        if (run.delta >= 0)
            in.failAt(in.position() - 8, "iteration.delta", "run length must be negative");
        record.runs.push_back(run);
        sum += run.delta;
    }
    in.expectEnd("iteration");
    return record;
}

std::vector<std::uint8_t> IterationRecord::serialize() const {
    ByteWriter out;
    out.i32(current);
    for (const Run& run : runs) {
        out.i32(run.delta);
        out.i32(run.start);
    }
    return out.take();
}

std::vector<std::uint8_t> inflateEntry(std::span<const std::uint8_t> stored, std::uint32_t did) {
    ByteCursor in(stored, 0, OffsetKind::Entry, did);
    const std::uint32_t expected = in.u32("zlib.uncompressedSize");
    const auto stream = in.bytes(in.remaining(), "zlib.stream");
    // Deflate cannot expand more than 1032:1, so a larger claim is a lie; refusing it bounds the
    // allocation by the stored size.
    if (expected > (std::uint64_t(stream.size()) + 1) * 1032)
        in.failAt(0, "zlib.uncompressedSize",
                  "claims " + std::to_string(expected) + " bytes from a " +
                      std::to_string(stream.size()) + "-byte stream");

    std::vector<std::uint8_t> out(expected);
    std::uint8_t overflow = 0;
    z_stream z{};
    if (inflateInit(&z) != Z_OK)
        in.failAt(4, "zlib.stream", "inflateInit failed");
    z.next_in = const_cast<Bytef*>(stream.data());
    z.avail_in = uInt(stream.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    int status = inflate(&z, Z_FINISH);
    if (status == Z_BUF_ERROR && z.avail_out == 0) {
        // Output is full but the stream has not ended: see whether it would produce more.
        z.next_out = &overflow;
        z.avail_out = 1;
        status = inflate(&z, Z_FINISH);
        if (z.avail_out == 0) {
            inflateEnd(&z);
            in.failAt(0, "zlib.uncompressedSize",
                      "stream inflates to more than the stated " + std::to_string(expected) +
                          " bytes");
        }
    }
    const std::size_t produced = z.total_out;
    const std::size_t consumed = z.total_in;
    const bool inputLeft = z.avail_in > 0;
    const char* message = z.msg;
    inflateEnd(&z);
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_STREAM_ERROR ||
        status == Z_MEM_ERROR)
        in.failAt(4 + consumed, "zlib.stream",
                  std::string("corrupt zlib stream: ") + (message ? message : "data error"));
    if (status != Z_STREAM_END) {
        if (!inputLeft)
            in.failAt(4 + consumed, "zlib.stream",
                      "stream is truncated after " + std::to_string(produced) + " of " +
                          std::to_string(expected) + " bytes");
        in.failAt(4 + consumed, "zlib.stream", "stream did not end");
    }
    if (produced != expected)
        in.failAt(0, "zlib.uncompressedSize",
                  "stream inflates to " + std::to_string(produced) + " bytes, header says " +
                      std::to_string(expected));
    return out;
}

std::vector<std::uint8_t> deflateEntry(std::span<const std::uint8_t> plain) {
    uLongf bound = compressBound(uLong(plain.size()));
    std::vector<std::uint8_t> out(4 + bound);
    const std::uint32_t size = std::uint32_t(plain.size());
    std::memcpy(out.data(), &size, 4);
    if (compress2(out.data() + 4, &bound, plain.data(), uLong(plain.size()), Z_BEST_COMPRESSION) !=
        Z_OK)
        throw DatError("zlib.stream", "deflate failed", 0, OffsetKind::Entry);
    out.resize(4 + bound);
    return out;
}

} // namespace portalkit::dat
