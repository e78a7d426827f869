#pragma once

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace portalkit::dat {

class DatFile;

struct VerifyProblem {
    // Errors break reading; warnings are legal for readers but not what a clean writer makes
    // (under-filled nodes, leaves at several depths, leaked blocks).
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    std::optional<std::uint32_t> did;
    std::uint64_t offset = 0;
    std::string field;
    std::string message;

    std::string describe() const;
};

struct VerifyReport {
    std::vector<VerifyProblem> problems;
    std::size_t entries = 0;
    std::size_t nodes = 0;
    std::size_t blocks = 0;     // blocks the file has room for after the header
    std::size_t usedBlocks = 0; // owned by an entry or a node
    std::size_t freeBlocks = 0; // reached through the free list
    unsigned depth = 0;

    std::size_t errorCount() const;
    std::size_t warningCount() const;
    bool ok(bool strict = false) const {
        return errorCount() == 0 && (!strict || warningCount() == 0);
    }
};

// Full structural check: header, directory (order, shape, cycles), every entry's chain and zlib
// stream, no block owned twice, free list consistent with the header. Never throws on bad data.
VerifyReport verifyDat(const DatFile& dat);
// Opens and verifies; a DAT that cannot even be opened reports the open error as its problem.
VerifyReport verifyDat(QByteArray bytes);
VerifyReport verifyDatFile(const QString& path);

} // namespace portalkit::dat
