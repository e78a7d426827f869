#pragma once

// Builds DATs with our own writer and pokes bytes into them, so every reader fault can be
// produced from a known-good file.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"

#include <QByteArray>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace portalkit::testing {

// Deterministic payload: `size` bytes derived from `id`, so read-back can be checked by value.
inline QByteArray payloadFor(std::uint32_t id, std::size_t size) {
    QByteArray bytes(qsizetype(size), Qt::Uninitialized);
    std::uint32_t state = id * 2654435761u + 1;
    for (auto& byte : bytes) {
        state = state * 1664525u + 1013904223u;
        byte = char(state >> 24);
    }
    return bytes;
}

inline dat::WriterEntry entry(std::uint32_t id, std::size_t size, bool compress = false) {
    dat::WriterEntry e;
    e.id = id;
    e.data = compress ? QByteArray(qsizetype(size), 'z') : payloadFor(id, size);
    e.compress = compress;
    e.date = 1700000000;
    e.iteration = 3;
    return e;
}

inline std::uint32_t peek32(const QByteArray& bytes, std::uint64_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.constData() + offset, 4);
    return value;
}

inline void poke32(QByteArray& bytes, std::uint64_t offset, std::uint32_t value) {
    std::memcpy(bytes.data() + offset, &value, 4);
}

// Where the directory puts things in a DAT that opens.
struct DirectoryMap {
    struct Node {
        std::uint32_t offset;
        unsigned depth;
        std::uint32_t count;
        bool leaf;
        std::vector<std::uint32_t> blocks;
    };
    std::vector<Node> nodes;
    std::vector<std::pair<dat::EntryInfo, std::uint64_t>>
        entries; // entry, file offset of its 24 bytes

    std::uint64_t entryWhere(std::uint32_t id) const {
        for (const auto& [info, where] : entries)
            if (info.id == id)
                return where;
        return 0;
    }
};

inline DirectoryMap mapDirectory(const QByteArray& bytes) {
    const auto dat = dat::DatFile::fromBytes(bytes);
    DirectoryMap map;
    dat::DirectoryVisitor visitor;
    visitor.onNode = [&](const dat::DirectoryNode& node, unsigned depth) {
        map.nodes.push_back({node.offset, depth, node.count, node.leaf(), node.blocks});
    };
    visitor.onEntry = [&](const dat::EntryInfo& info, std::uint64_t where) {
        map.entries.emplace_back(info, where);
    };
    dat::walkDirectory(dat.chains(), dat.header().rootOffset, visitor);
    return map;
}

} // namespace portalkit::testing
