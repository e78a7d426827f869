#include "audit/hashing.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"

#include <QThread>
#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <new>
#include <openssl/evp.h>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace portalkit::audit {
namespace {

// Hashing an entry costs a digest init and final besides its bytes; counting each entry as this
// many extra bytes keeps chunks of tiny entries from being underweighted.
constexpr std::uint64_t kPerEntryWeight = 512;
// Chunks per thread: enough that the last chunk to finish is a small part of the run, few enough
// that claiming one is rare next to hashing it.
constexpr std::uint64_t kChunksPerThread = 64;
constexpr std::size_t kProgressCalls = 100;

void checkOpenSsl(int status, const char* call) {
    if (status != 1)
        throw std::runtime_error(std::string(call) + "(SHA-256) failed");
}

// SHA-256 implementation fetched once: passing EVP_sha256() would fetch it from the provider
// again at every EVP_DigestInit_ex.
class Sha256Algorithm {
  public:
    Sha256Algorithm() : m_md(EVP_MD_fetch(nullptr, "SHA256", nullptr)) {
        if (!m_md)
            throw std::runtime_error("EVP_MD_fetch(SHA256) failed");
    }
    ~Sha256Algorithm() { EVP_MD_free(m_md); }
    Sha256Algorithm(const Sha256Algorithm&) = delete;
    Sha256Algorithm& operator=(const Sha256Algorithm&) = delete;

    const EVP_MD* get() const { return m_md; }

  private:
    EVP_MD* m_md;
};

// One thread's digest context, re-initialised for every entry instead of reallocated.
class Sha256 {
  public:
    explicit Sha256(const EVP_MD* algorithm) : m_algorithm(algorithm), m_context(EVP_MD_CTX_new()) {
        if (!m_context)
            throw std::bad_alloc();
    }
    ~Sha256() { EVP_MD_CTX_free(m_context); }
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void begin() { checkOpenSsl(EVP_DigestInit_ex(m_context, m_algorithm, nullptr), "Init"); }
    void add(const std::uint8_t* bytes, std::size_t count) {
        checkOpenSsl(EVP_DigestUpdate(m_context, bytes, count), "Update");
    }
    QByteArray finish() {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int length = 0;
        checkOpenSsl(EVP_DigestFinal_ex(m_context, digest, &length), "Final");
        return QByteArray(reinterpret_cast<const char*>(digest), qsizetype(length));
    }

  private:
    const EVP_MD* m_algorithm;
    EVP_MD_CTX* m_context;
};

// A chain that meets a block twice loops, which the byte count that ends a walk would hide.
// Chains as the writer lays them out run forward, so the sort is rarely needed.
bool repeatsABlock(std::vector<std::uint32_t>& blocks) {
    if (std::adjacent_find(blocks.begin(), blocks.end(), std::greater_equal<>()) == blocks.end())
        return false;
    std::sort(blocks.begin(), blocks.end());
    return std::adjacent_find(blocks.begin(), blocks.end()) != blocks.end();
}

// Hashes one entry into `result`, or throws DatError. `blocks` is the thread's scratch list.
void hashEntry(const dat::DatFile& dat, const dat::ChainReader& chains, const dat::EntryInfo& entry,
               Sha256& sha, std::vector<std::uint32_t>& blocks, EntryHash& result) {
    sha.begin();
    if (entry.compressed()) {
        // zlib needs the stream in one piece, so only these are copied out.
        const std::vector<std::uint8_t> bytes = dat.read(entry);
        sha.add(bytes.data(), bytes.size());
        result.length = bytes.size();
    } else {
        const std::uint8_t* file = dat.bytes().data();
        blocks.clear();
        chains.walk(entry.offset, entry.size, entry.id, entry.offset, "entry.offset",
                    [&](std::uint32_t block, std::size_t, std::size_t count) {
                        blocks.push_back(block);
                        sha.add(file + block + 4, count); // past the link to the next block
                        return true;
                    });
        dat.checkUnchanged(entry.id); // pages past a shrunk file's end read as zeros
        if (repeatsABlock(blocks))
            dat.readStored(entry); // throws the reader's own cycle error
        result.length = entry.size;
    }
    result.sha256 = sha.finish();
}

// Index ranges of `targets` of about equal hashing cost, as their ends: threads claim whole
// chunks, so they seldom meet on the cursor, and no thread is left with a long tail.
std::vector<std::size_t> chunkEnds(const std::vector<const dat::EntryInfo*>& targets,
                                   int threadCount) {
    std::uint64_t totalWeight = 0;
    for (const dat::EntryInfo* entry : targets)
        totalWeight += (entry ? entry->size : 0) + kPerEntryWeight;
    const std::uint64_t chunkWeight =
        std::max<std::uint64_t>(1, totalWeight / (kChunksPerThread * std::uint64_t(threadCount)));
    std::vector<std::size_t> ends;
    std::uint64_t weight = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        weight += (targets[i] ? targets[i]->size : 0) + kPerEntryWeight;
        if (weight >= chunkWeight || i + 1 == targets.size()) {
            ends.push_back(i + 1);
            weight = 0;
        }
    }
    return ends;
}

// What DatFile::read(id) says about an id the DAT does not hold.
QString missingEntryText(std::uint32_t id) {
    const dat::DatError error("id", "no entry " + dat::formatDid(id) + " in this DAT", 0,
                              dat::OffsetKind::File, id);
    return QString::fromUtf8(error.what());
}

} // namespace

std::vector<EntryHash> hashEntries(const dat::DatFile& dat, std::span<const std::uint32_t> ids,
                                   int jobs,
                                   std::function<void(std::size_t, std::size_t)> progress) {
    // What to hash, in id order; nullptr for an id the DAT does not hold.
    std::vector<const dat::EntryInfo*> targets;
    std::vector<EntryHash> results;
    auto plan = [&](std::uint32_t id, const dat::EntryInfo* entry) {
        targets.push_back(entry);
        EntryHash& result = results.emplace_back();
        result.id = id;
        if (!entry)
            result.error = missingEntryText(id);
    };
    const std::size_t expected = ids.empty() ? dat.entries().size() : ids.size();
    targets.reserve(expected);
    results.reserve(expected);
    if (ids.empty()) {
        for (const dat::EntryInfo& entry : dat.entries())
            if (entry.id != dat::kIterationDid)
                plan(entry.id, &entry);
    } else {
        std::vector<std::uint32_t> wanted(ids.begin(), ids.end());
        std::sort(wanted.begin(), wanted.end());
        wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
        for (std::uint32_t id : wanted)
            plan(id, dat.find(id));
    }
    if (targets.empty())
        return results;

    const int threadCount = std::clamp<qsizetype>(jobs > 0 ? jobs : QThread::idealThreadCount(), 1,
                                                  qsizetype(targets.size()));
    const std::vector<std::size_t> ends = chunkEnds(targets, threadCount);
    const std::size_t total = targets.size();
    const std::size_t progressStep = (total + kProgressCalls - 1) / kProgressCalls;
    const Sha256Algorithm algorithm;
    const dat::ChainReader chains = dat.chains();

    std::atomic<std::size_t> nextChunk{0};
    std::atomic<std::size_t> done{0};
    std::mutex progressMutex;
    std::size_t reported = 0; // under progressMutex: calls never go backwards
    auto report = [&](std::size_t before, std::size_t after) {
        if (!progress || (before / progressStep == after / progressStep && after != total))
            return;
        const std::lock_guard lock(progressMutex);
        if (after > reported) {
            reported = after;
            progress(after, total);
        }
    };
    std::mutex failureMutex;
    std::exception_ptr failure; // the first non-DatError any thread met
    auto work = [&] {
        try {
            Sha256 sha(algorithm.get());
            std::vector<std::uint32_t> blocks;
            for (std::size_t chunk; (chunk = nextChunk.fetch_add(1)) < ends.size();) {
                const std::size_t begin = chunk == 0 ? 0 : ends[chunk - 1];
                for (std::size_t i = begin; i < ends[chunk]; ++i) {
                    if (!targets[i])
                        continue;
                    try {
                        hashEntry(dat, chains, *targets[i], sha, blocks, results[i]);
                    } catch (const dat::DatError& error) {
                        // A file that shrank is not this entry's fault: the run stops.
                        dat.checkUnchanged(targets[i]->id, true);
                        results[i].error = QString::fromUtf8(error.what());
                    }
                }
                const std::size_t before = done.fetch_add(ends[chunk] - begin);
                report(before, before + ends[chunk] - begin);
            }
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
            nextChunk = ends.size(); // the other threads stop after their current chunk
        }
    };
    {
        std::vector<std::jthread> helpers; // joined when the block ends, even on a throw
        for (int thread = 1; thread < threadCount; ++thread)
            helpers.emplace_back(work);
        work();
    }
    if (failure)
        std::rethrow_exception(failure);
    return results;
}

} // namespace portalkit::audit
