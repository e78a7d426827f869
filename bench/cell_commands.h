#pragma once

// The container suite's figures for the cell-like DAT's records: what its entries are (count
// and size spread per type), and `portalkit decode-all`, `portalkit ls --json` and `portalkit
// map` on it, each run as its own process and timed against `cat` of the file in the same run
// (map also with its peak RSS, on one thread and on two).

#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::bench {

// One type's entries: how many, and their sizes.
struct TypeSizes {
    QString type;
    std::uint64_t entries = 0;
    std::uint64_t bytes = 0;
    std::uint32_t smallest = 0;
    std::uint32_t median = 0;
    std::uint32_t p90 = 0;
    std::uint32_t largest = 0;
    std::uint64_t compressed = 0;
};

// A command and cat of the same file, in turn: seconds and ratios pair by pair.
struct PairedTimes {
    std::vector<double> seconds;
    std::vector<double> catSeconds;
    std::vector<double> toCat;
};

struct CellCommandFigures {
    std::vector<TypeSizes> types; // in the order the DAT's entries first name them
    PairedTimes decodeAll;
    PairedTimes lsJson;
    PairedTimes map;                // one thread, the default
    std::vector<double> mapPeakMiB; // the map child's peak RSS, run by run
    PairedTimes mapTwoThreads;      // --threads 2
    std::vector<double> mapTwoThreadsPeakMiB;
    // What decode-all reported on its first run.
    qint64 decoded = 0;
    qint64 failed = 0;
    qint64 mismatches = 0;
    bool decodeOk = false;
};

// Where `portalkit map` finds its Region and writes its image.
struct MapFiles {
    QString regionDat;
    QString image;
};

// Measures the cell-like DAT at `path` with this process's own binary. Nothing when a command
// could not run (said on stderr).
std::optional<CellCommandFigures> measureCellCommands(const QString& path, const MapFiles& map);

// The rows the container table gets, and the fields the cell DAT's report gets.
QString cellCommandsTable(const CellCommandFigures& figures);
void addCellCommandsJson(const CellCommandFigures& figures, QJsonObject& cell);

} // namespace portalkit::bench
