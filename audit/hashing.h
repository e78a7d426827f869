#pragma once

// Length + SHA-256 of many entries at once: what the audit pins and checks. Raw entries are
// hashed straight from the DAT's bytes, block by block, without being copied out first.

#include "datreader/container/dat_file.h"

#include <QByteArray>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace portalkit::audit {

struct EntryHash {
    std::uint32_t id = 0;
    std::uint64_t length = 0; // of the stored bytes, inflated when the entry is compressed
    QByteArray sha256;        // 32 raw bytes; empty on error
    QString error;            // the DatError text when the entry could not be read
};

// Length + SHA-256 of the stored (inflated) bytes of `ids`, or of every entry but the iteration
// record 0xFFFF0001 when `ids` is empty; one result per distinct id, in id order. An id the DAT
// does not hold and an entry whose chain or zlib stream is faulty get an error; the others still
// hash. Runs on `jobs` threads (0: QThread::idealThreadCount()). `progress(done, total)` is
// called at most about 100 times, from any of the threads but never two at once, with `done`
// rising to `total` in the last call.
// Throws only what is not a DatError (out of memory, a failing OpenSSL).
std::vector<EntryHash> hashEntries(const dat::DatFile& dat, std::span<const std::uint32_t> ids = {},
                                   int jobs = 1,
                                   std::function<void(std::size_t, std::size_t)> progress = {});

} // namespace portalkit::audit
