#include "datreader/container/patch_writer.h"

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"

#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace portalkit::dat {
namespace {

constexpr char kJournalMagic[8] = {'P', 'K', 'J', 'R', 'N', 'L', '0', '1'};
// Block offsets keep bit 31 clear, so no patched DAT passes 2 GiB; a journal saying otherwise is
// damaged.
constexpr std::uint64_t kMaxDatSize = 0x80000000u;
constexpr std::size_t kWriteHead = 8; // u32 offset, u32 length (a DAT stays under 2 GiB)

std::string text(const QString& path) {
    return path.toStdString();
}

[[noreturn]] void fail(const QString& path, const char* what) {
    throw DatError("file", std::string(what) + " " + text(path) + ": " + std::strerror(errno), 0);
}

// Counts the commit's steps and stops it at the planned one, as a kill would.
class Steps {
  public:
    explicit Steps(FaultPlan* plan) : m_plan(plan) {}

    void step() {
        if (m_plan && m_plan->steps++ == m_plan->crashAt)
            throw SimulatedCrash();
    }
    // pwrite all of `bytes` at `at`; a crash planned here tears the write in half first.
    void write(int fd, std::span<const std::uint8_t> bytes, std::uint64_t at, const QString& path) {
        if (m_plan && m_plan->steps == m_plan->crashAt)
            writeAll(fd, bytes.first(bytes.size() / 2), at, path);
        step();
        writeAll(fd, bytes, at, path);
    }

  private:
    static void writeAll(int fd, std::span<const std::uint8_t> bytes, std::uint64_t at,
                         const QString& path) {
        while (!bytes.empty()) {
            const ssize_t done = ::pwrite(fd, bytes.data(), bytes.size(), off_t(at));
            if (done < 0 && errno == EINTR)
                continue;
            if (done <= 0)
                fail(path, "cannot write");
            bytes = bytes.subspan(std::size_t(done));
            at += std::uint64_t(done);
        }
    }

    FaultPlan* m_plan;
};

// A file descriptor closed on every way out.
class Fd {
  public:
    Fd(const QString& path, int flags, mode_t mode = 0644) : m_path(path) {
        m_fd = ::open(QFile::encodeName(path).constData(), flags | O_CLOEXEC, mode);
        if (m_fd < 0)
            fail(path, "cannot open");
    }
    ~Fd() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }
    void sync(Steps& steps) {
        steps.step();
        if (::fsync(m_fd) != 0)
            fail(m_path, "cannot sync");
    }

  private:
    QString m_path;
    int m_fd = -1;
};

// Makes a rename or removal durable: without it a crash right after may bring the old name back
// on some file systems.
void syncFolder(const QString& path, Steps& steps) {
    steps.step();
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    const int fd = ::open(folder.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return; // not fatal: the data is synced, only the folder entry may lag
    ::fsync(fd);
    ::close(fd);
}

void renameOver(const QString& from, const QString& to, Steps& steps) {
    steps.step();
    if (::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) != 0)
        fail(to, "cannot rename over");
}

void removeFile(const QString& path, Steps& steps) {
    steps.step();
    if (::unlink(QFile::encodeName(path).constData()) != 0 && errno != ENOENT)
        fail(path, "cannot remove");
}

void applyImage(Fd& fd, const PatchImage& image, const QString& path, Steps& steps) {
    for (const PatchImage::Write& write : image.writes)
        steps.write(fd.get(), write.bytes, write.offset, path);
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        fail(path, "cannot stat");
    if (std::uint64_t(info.st_size) != image.size) {
        steps.step();
        if (::ftruncate(fd.get(), off_t(image.size)) != 0)
            fail(path, "cannot size");
    }
    fd.sync(steps);
}

// The kernel copies (copy_file_range: no bytes pass through user space, and file systems that
// share extents do not copy at all); a plain read/write loop where it cannot.
void copyContents(int from, int to, std::uint64_t size, const QString& path) {
    std::uint64_t done = 0;
    while (done < size) {
        const ssize_t n = ::copy_file_range(from, nullptr, to, nullptr, size - done, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += std::uint64_t(n);
    }
    std::vector<char> buffer(1 << 20);
    while (done < size) {
        const ssize_t n = ::pread(from, buffer.data(), buffer.size(), off_t(done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail(path, "cannot copy to");
        if (::pwrite(to, buffer.data(), std::size_t(n), off_t(done)) != n)
            fail(path, "cannot copy to");
        done += std::uint64_t(n);
    }
}

QString temporaryBeside(const QString& target, int& fd) {
    QByteArray name = QFile::encodeName(target) + ".pktmp-XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0)
        fail(target, "cannot create a temporary file beside");
    return QFile::decodeName(name);
}

} // namespace

DatLock DatLock::acquire(const QString& path) {
    for (int attempt = 0; attempt < 3; ++attempt) {
        DatLock lock;
        lock.m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
        if (lock.m_fd < 0)
            fail(path, "cannot open");
        if (::flock(lock.m_fd, LOCK_EX | LOCK_NB) != 0) {
            if (errno == EWOULDBLOCK)
                throw DatError("file",
                               text(path) + " is being patched by another process (or window); "
                                            "try again when it is done",
                               0);
            fail(path, "cannot lock");
        }
        // A copy-and-rename commit may have put a new file under the name between our open and
        // our lock: then the lock guards a file nobody patches any more, so take the new one.
        struct stat held {};
        struct stat named {};
        if (::fstat(lock.m_fd, &held) == 0 &&
            ::stat(QFile::encodeName(path).constData(), &named) == 0 &&
            held.st_dev == named.st_dev && held.st_ino == named.st_ino)
            return lock;
    }
    throw DatError("file", text(path) + " kept being replaced while it was being locked", 0);
}

DatLock::~DatLock() {
    if (m_fd >= 0)
        ::close(m_fd); // closing the descriptor releases the flock
}

DatLock& DatLock::operator=(DatLock&& other) noexcept {
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

QString journalPath(const QString& dat) {
    return dat + ".pkjournal";
}

void commitByCopy(const QString& source, const QString& target, const PatchImage& image,
                  FaultPlan* faults) {
    Steps steps(faults);
    Fd from(source, O_RDONLY);
    struct stat info {};
    if (::fstat(from.get(), &info) != 0)
        fail(source, "cannot stat");
    steps.step();
    int raw = -1;
    const QString temporary = temporaryBeside(target, raw);
    try {
        ::fchmod(raw, info.st_mode & 07777); // the copy keeps the DAT's permissions
        copyContents(from.get(), raw, std::uint64_t(info.st_size), temporary);
        ::close(raw);
        raw = -1;
        Fd to(temporary, O_WRONLY);
        steps.step();
        applyImage(to, image, temporary, steps);
    } catch (const SimulatedCrash&) {
        if (raw >= 0)
            ::close(raw);
        throw; // a killed process leaves its temporary file; the DAT is untouched
    } catch (...) {
        if (raw >= 0)
            ::close(raw);
        ::unlink(QFile::encodeName(temporary).constData());
        throw;
    }
    renameOver(temporary, target, steps);
    syncFolder(target, steps);
}

void commitInPlace(const QString& dat, const PatchImage& image, FaultPlan* faults) {
    Steps steps(faults);
    const QString journal = journalPath(dat);
    const QString partial = journal + ".tmp";
    {
        const std::vector<std::uint8_t> bytes = serializeJournal(image);
        steps.step();
        Fd file(partial, O_WRONLY | O_CREAT | O_TRUNC);
        steps.write(file.get(), bytes, 0, partial);
        file.sync(steps);
    }
    // From this rename on the new DAT is promised: repairPatch replays the journal.
    renameOver(partial, journal, steps);
    syncFolder(journal, steps);
    {
        Fd file(dat, O_WRONLY);
        applyImage(file, image, dat, steps);
    }
    removeFile(journal, steps);
    syncFolder(journal, steps);
}

JournalRepair repairPatch(const QString& dat, FaultPlan* faults) {
    Steps steps(faults);
    const QString journal = journalPath(dat);
    const QString partial = journal + ".tmp";
    if (!QFileInfo::exists(journal)) {
        if (!QFileInfo::exists(partial))
            return JournalRepair::Nothing;
        removeFile(partial, steps); // never renamed: the DAT was not touched
        return JournalRepair::Dropped;
    }
    QFile file(journal);
    if (!file.open(QIODevice::ReadOnly))
        throw DatError("file",
                       "cannot read " + text(journal) + ": " + file.errorString().toStdString(), 0);
    const QByteArray bytes = file.readAll();
    PatchImage image;
    try {
        image = parseJournal(
            {reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())});
    } catch (DatError& error) {
        error.withContext("while reading the patch journal " + text(journal));
        throw;
    }
    {
        Fd target(dat, O_WRONLY);
        applyImage(target, image, dat, steps);
    }
    removeFile(journal, steps);
    if (QFileInfo::exists(partial))
        removeFile(partial, steps);
    syncFolder(journal, steps);
    return JournalRepair::Replayed;
}

std::vector<std::uint8_t> serializeJournal(const PatchImage& image) {
    ByteWriter out;
    out.bytes({reinterpret_cast<const std::uint8_t*>(kJournalMagic), sizeof kJournalMagic});
    out.u32(std::uint32_t(image.size));
    out.u32(std::uint32_t(image.writes.size()));
    for (const PatchImage::Write& write : image.writes) {
        out.u32(std::uint32_t(write.offset));
        out.u32(std::uint32_t(write.bytes.size()));
        out.bytes(write.bytes);
    }
    std::vector<std::uint8_t> bytes = out.take();
    // The check sum covers everything before it: a journal that ends early or was damaged on
    // disk is refused rather than half replayed.
    const std::uint32_t sum = std::uint32_t(::crc32(0, bytes.data(), uInt(bytes.size())));
    const auto* raw = reinterpret_cast<const std::uint8_t*>(&sum);
    bytes.insert(bytes.end(), raw, raw + 4);
    return bytes;
}

PatchImage parseJournal(std::span<const std::uint8_t> journal) {
    if (journal.size() < sizeof kJournalMagic + 12 ||
        std::memcmp(journal.data(), kJournalMagic, sizeof kJournalMagic) != 0)
        throw DatError("journal.magic", "not a PortalKit patch journal", 0);
    const std::size_t body = journal.size() - 4;
    std::uint32_t stored;
    std::memcpy(&stored, journal.data() + body, 4);
    if (std::uint32_t(::crc32(0, journal.data(), uInt(body))) != stored)
        throw DatError("journal.checksum", "check sum does not match: the journal is damaged",
                       body);
    ByteCursor in(journal.first(body), 0, OffsetKind::File);
    in.skip(sizeof kJournalMagic, "journal.magic");
    PatchImage image;
    image.size = in.u32("journal.size");
    if (image.size > kMaxDatSize)
        in.failAt(8, "journal.size", "a DAT cannot pass 2 GiB");
    const std::uint32_t count = in.u32("journal.count");
    if (count > in.remaining() / kWriteHead)
        in.failAt(12, "journal.count", std::to_string(count) + " writes cannot fit");
    image.writes.reserve(count);
    std::uint64_t end = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = in.position();
        PatchImage::Write write;
        write.offset = in.u32("journal.write.offset");
        const std::uint32_t length = in.u32("journal.write.length");
        if (write.offset < end || write.offset + length > image.size)
            in.failAt(at, "journal.write.offset",
                      "write " + std::to_string(i) + " overlaps the one before or passes the end");
        const auto bytes = in.bytes(length, "journal.write.bytes");
        write.bytes.assign(bytes.begin(), bytes.end());
        end = write.offset + length;
        image.writes.push_back(std::move(write));
    }
    in.expectEnd("journal");
    return image;
}

} // namespace portalkit::dat
