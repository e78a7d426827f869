#include "bench/cell_commands.h"

#include "bench/bench_common.h"
#include "datreader/container/dat_file.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <algorithm>
#include <map>

namespace portalkit::bench {
namespace {

constexpr int kDecodeAllRuns = 3; // each several seconds at 805k entries
constexpr int kLsRuns = 5;
constexpr int kMapRuns = 3;

std::vector<TypeSizes> typeSizes(const QString& path) {
    const dat::DatFile dat = dat::DatFile::open(path);
    std::map<std::string_view, std::vector<std::uint32_t>> sizes;
    std::vector<std::string_view> order;
    std::map<std::string_view, std::uint64_t> compressed;
    for (const dat::EntryInfo& entry : dat.entries()) {
        const std::string_view type = dat::typeName(dat.kind(), entry.id);
        auto& list = sizes[type];
        if (list.empty())
            order.push_back(type);
        list.push_back(entry.size);
        compressed[type] += entry.compressed();
    }
    std::vector<TypeSizes> types;
    for (std::string_view type : order) {
        std::vector<std::uint32_t>& list = sizes[type];
        std::sort(list.begin(), list.end());
        TypeSizes figures;
        figures.type = QString::fromUtf8(type.data(), qsizetype(type.size()));
        figures.entries = list.size();
        for (std::uint32_t size : list)
            figures.bytes += size;
        figures.smallest = list.front();
        figures.median = list[list.size() / 2];
        figures.p90 = list[list.size() * 9 / 10];
        figures.largest = list.back();
        figures.compressed = compressed[type];
        types.push_back(figures);
    }
    return types;
}

// `portalkit ARGUMENTS` and cat of `path`, in turn, `runs` times; the first run's stdout is
// kept in `firstOut` when asked for.
bool timePairs(const QString& path, const QStringList& arguments, int runs, PairedTimes& times,
               QByteArray* firstOut) {
    const QString self = QCoreApplication::applicationFilePath();
    for (int run = 0; run < runs; ++run) {
        const auto cat = runProcess("cat", {path}, false);
        // decode-all exits 1 when an entry fails: still a run, its figures say so.
        const auto command = runProcess(self, arguments, firstOut && run == 0, {0, 1});
        if (!cat || !command)
            return false;
        if (firstOut && run == 0)
            *firstOut = command->out;
        times.catSeconds.push_back(cat->seconds);
        times.seconds.push_back(command->seconds);
        times.toCat.push_back(command->seconds / cat->seconds);
    }
    return true;
}

// `portalkit map` and cat, in turn, `kMapRuns` times, with the map child's peak RSS.
bool timeMap(const QString& path, const QStringList& arguments, PairedTimes& times,
             std::vector<double>& peakMiB) {
    const QString self = QCoreApplication::applicationFilePath();
    for (int run = 0; run < kMapRuns; ++run) {
        const auto cat = runProcess("cat", {path}, false);
        const auto map = runProcessMeasured(self, arguments);
        if (!cat || !map)
            return false;
        times.catSeconds.push_back(cat->seconds);
        times.seconds.push_back(map->seconds);
        times.toCat.push_back(map->seconds / cat->seconds);
        peakMiB.push_back(map->peakRssMiB);
    }
    return true;
}

void addPairedJson(const QString& prefix, const PairedTimes& times, QJsonObject& cell) {
    cell[prefix + "Seconds"] = median(times.seconds);
    cell[prefix + "SecondsRuns"] = toJsonArray(times.seconds);
    cell[prefix + "CatSecondsRuns"] = toJsonArray(times.catSeconds);
    cell[prefix + "ToCatTimeRatio"] = median(times.toCat);
    cell[prefix + "ToCatTimeRatioRuns"] = toJsonArray(times.toCat);
}

QString pairedRow(const QString& label, const PairedTimes& times) {
    const auto [low, high] = std::minmax_element(times.toCat.begin(), times.toCat.end());
    return QStringLiteral("%1%2 s, %3 × cat (%4–%5)\n")
        .arg(label, -34)
        .arg(fixed(median(times.seconds), 3))
        .arg(fixed(median(times.toCat), 1))
        .arg(fixed(*low, 1))
        .arg(fixed(*high, 1));
}

} // namespace

std::optional<CellCommandFigures> measureCellCommands(const QString& path, const MapFiles& map) {
    CellCommandFigures figures;
    figures.types = typeSizes(path);
    QByteArray report;
    if (!timePairs(path, {"decode-all", path, "--json"}, kDecodeAllRuns, figures.decodeAll,
                   &report) ||
        !timePairs(path, {"ls", path, "--json"}, kLsRuns, figures.lsJson, nullptr))
        return std::nullopt;
    const QStringList mapArguments{"map", path, map.regionDat, "-o", map.image};
    if (!timeMap(path, mapArguments, figures.map, figures.mapPeakMiB) ||
        !timeMap(path, mapArguments + QStringList{"--threads", "2"}, figures.mapTwoThreads,
                 figures.mapTwoThreadsPeakMiB))
        return std::nullopt;
    const QJsonObject decoded = QJsonDocument::fromJson(report).object();
    figures.decoded = decoded["decoded"].toInteger();
    figures.failed = decoded["failed"].toInteger();
    figures.mismatches = decoded["roundTripMismatches"].toInteger();
    figures.decodeOk = decoded["ok"].toBool();
    return figures;
}

QString cellCommandsTable(const CellCommandFigures& figures) {
    QString text = QStringLiteral("\ncell-like DAT records\n\n%1%2%3%4%5%6%7\n")
                       .arg("type", -16)
                       .arg("entries", 10)
                       .arg("MiB", 8)
                       .arg("smallest", 10)
                       .arg("median", 8)
                       .arg("p90", 8)
                       .arg("largest", 9);
    for (const TypeSizes& type : figures.types)
        text += QStringLiteral("%1%2%3%4%5%6%7\n")
                    .arg(type.type, -16)
                    .arg(count(double(type.entries)), 10)
                    .arg(fixed(type.bytes / kMiB, 1), 8)
                    .arg(type.smallest, 10)
                    .arg(type.median, 8)
                    .arg(type.p90, 8)
                    .arg(type.largest, 9);
    text += "\n" + pairedRow("decode-all, median of 3", figures.decodeAll);
    text += QStringLiteral("%1%2 decoded, %3 failed, %4 differ\n")
                .arg("  decode-all found", -34)
                .arg(figures.decoded)
                .arg(figures.failed)
                .arg(figures.mismatches);
    text += pairedRow("ls --json, median of 5", figures.lsJson);
    text += pairedRow("map, median of 3", figures.map);
    text +=
        QStringLiteral("%1%2 MiB\n")
            .arg("  peak RSS, largest", -34)
            .arg(fixed(*std::max_element(figures.mapPeakMiB.begin(), figures.mapPeakMiB.end()), 0));
    text += pairedRow("map --threads 2, median of 3", figures.mapTwoThreads);
    text += QStringLiteral("%1%2 MiB\n")
                .arg("  peak RSS, largest", -34)
                .arg(fixed(*std::max_element(figures.mapTwoThreadsPeakMiB.begin(),
                                             figures.mapTwoThreadsPeakMiB.end()),
                           0));
    return text;
}

void addCellCommandsJson(const CellCommandFigures& figures, QJsonObject& cell) {
    QJsonObject types;
    for (const TypeSizes& type : figures.types)
        types[type.type] = QJsonObject{
            {"entries", qint64(type.entries)},        {"bytes", qint64(type.bytes)},
            {"smallestBytes", qint64(type.smallest)}, {"medianBytes", qint64(type.median)},
            {"p90Bytes", qint64(type.p90)},           {"largestBytes", qint64(type.largest)},
            {"compressed", qint64(type.compressed)}};
    cell["types"] = types;
    addPairedJson("decodeAll", figures.decodeAll, cell);
    cell["decodeAllOk"] = figures.decodeOk;
    cell["decodeAllDecoded"] = figures.decoded;
    cell["decodeAllFailed"] = figures.failed;
    cell["decodeAllRoundTripMismatches"] = figures.mismatches;
    addPairedJson("lsJson", figures.lsJson, cell);
    addPairedJson("map", figures.map, cell);
    cell["mapPeakRssMiBRuns"] = toJsonArray(figures.mapPeakMiB);
    addPairedJson("mapTwoThreads", figures.mapTwoThreads, cell);
    cell["mapTwoThreadsPeakRssMiBRuns"] = toJsonArray(figures.mapTwoThreadsPeakMiB);
}

} // namespace portalkit::bench
