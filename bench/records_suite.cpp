// The 'records' suite: writes a portal DAT of seeded, valid records of every decodable type
// (authoring::RandomRecords), then measures decoding and encoding them and checks that every
// entry re-encodes to its stored bytes.

#include "bench/bench_common.h"
#include "bench/record_mix.h"
#include "bench/record_templates.h"
#include "datreader/authoring/random_records.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

#include <QJsonDocument>
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace portalkit::bench {
namespace {

constexpr int kPasses = 3;

struct TypeFigures {
    std::string_view type;
    std::vector<dat::EntryInfo> entries;
    std::uint64_t bytes = 0;
    double decodeSeconds = std::numeric_limits<double>::infinity(); // best pass
    double encodeSeconds = std::numeric_limits<double>::infinity(); // best pass
};

// What `portalkit decode-all` finds and how long it takes, from the open to the last compare.
struct DecodeAllRun {
    std::uint64_t checked = 0;
    std::uint64_t skipped = 0; // no decoder: the iteration record
    std::uint64_t bytes = 0;
    std::uint64_t decodeFailures = 0;
    std::uint64_t mismatches = 0;
    QString firstFailure;
    double seconds = 0;

    bool ok() const { return decodeFailures == 0 && mismatches == 0; }
};

struct Figures {
    std::uint64_t seed = 0;
    std::uint64_t records = 0;
    std::uint64_t fileBytes = 0;
    double generateSeconds = 0; // build, encode and hand to the writer
    double saveSeconds = 0;
    DecodeAllRun decodeAll;
    std::vector<TypeFigures> types;
    std::vector<double> decodePasses;
    std::vector<double> encodePasses;
    // Record -> JSON text -> record -> bytes, once over every entry (show --json, then build).
    double jsonSeconds = 0;
    std::uint64_t jsonTextBytes = 0;

    std::uint64_t payloadBytes() const {
        std::uint64_t bytes = 0;
        for (const TypeFigures& type : types)
            bytes += type.bytes;
        return bytes;
    }
    std::uint64_t entries() const {
        std::uint64_t count = 0;
        for (const TypeFigures& type : types)
            count += type.entries.size();
        return count;
    }
};

// Writes the records of the mix's `kind` types (portal or local) to `path`.
void generate(const QString& path, dat::DatKind kind, Figures& figures) {
    const auto start = Clock::now();
    std::array<std::uint64_t, kRecordMix.size()> counts{};
    std::uint64_t assigned = 0;
    for (std::size_t i = 0; i < kRecordMix.size(); ++i) {
        counts[i] = figures.records * kRecordMix[i].perMille / 1000;
        assigned += counts[i];
    }
    // The rounding remainder goes to the largest share.
    const auto largest = std::max_element(
        kRecordMix.begin(), kRecordMix.end(),
        [](const TypeShare& a, const TypeShare& b) { return a.perMille < b.perMille; });
    counts[std::size_t(largest - kRecordMix.begin())] += figures.records - assigned;

    // Types RandomRecords does not draw repeat the demo DAT's records of them.
    const RecordTemplates templates = RecordTemplates::fromDat(RecordTemplates::demoDatPath(
        kind == dat::DatKind::Local ? "client_local_English.dat" : "client_portal.dat"));
    authoring::RandomRecords generator(figures.seed);
    authoring::SplitMix64 idGaps(figures.seed ^ 0x1D5);
    dat::DatWriter writer(kind);
    for (std::size_t type = 0; type < kRecordMix.size(); ++type) {
        if (counts[type] == 0 || kRecordMix[type].kind() != kind)
            continue; // a type with no share may have no portal id range (the cell types)
        // Real ids have gaps; keep them within the type's range.
        const std::uint64_t maxStep = std::clamp<std::uint64_t>(
            authoring::kIdsPerType / std::max<std::uint64_t>(counts[type], 1), 1, 3);
        std::uint32_t id = kRecordMix[type].firstId();
        // A type of one id (the 0x0E tables) or a narrow range holds as many as it has ids.
        for (std::uint64_t n = 0; n < counts[type] && id <= kRecordMix[type].lastId(); ++n) {
            const std::vector<std::uint8_t> bytes =
                authoring::RandomRecords::randomizes(type)
                    ? dat::encodeRecord(generator.make(type, id))
                    : templates.copy(type, n, id);
            dat::WriterEntry entry;
            entry.id = id;
            entry.data =
                QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            writer.put(std::move(entry));
            id += std::uint32_t(1 + idGaps.below(maxStep));
        }
    }
    figures.generateSeconds = secondsSince(start);
    const auto saveStart = Clock::now();
    writer.save(path);
    figures.saveSeconds = secondsSince(saveStart);
}

QString mismatchText(const std::vector<std::uint8_t>& stored,
                     const std::vector<std::uint8_t>& encoded) {
    const auto firstDifference =
        std::mismatch(stored.begin(), stored.end(), encoded.begin(), encoded.end()).first -
        stored.begin();
    return QStringLiteral("re-encoding gave different bytes (%1 stored, %2 re-encoded, first "
                          "difference at entry offset %3)")
        .arg(stored.size())
        .arg(encoded.size())
        .arg(firstDifference);
}

// The loop of `portalkit decode-all`, run in this process: open, then read, decode, re-encode
// and compare every entry a decoder exists for.
DecodeAllRun decodeAllOnce(const QString& path) {
    DecodeAllRun run;
    const auto start = Clock::now();
    const dat::DatFile dat = dat::DatFile::open(path);
    for (const dat::EntryInfo& entry : dat.entries()) {
        if (!dat::hasDecoder(dat::typeName(dat.kind(), entry.id))) {
            ++run.skipped;
            continue;
        }
        ++run.checked;
        QString failure;
        try {
            const std::vector<std::uint8_t> bytes = dat.read(entry);
            run.bytes += bytes.size();
            const std::vector<std::uint8_t> encoded =
                dat::encodeRecord(*dat::decodeRecord(dat.kind(), entry.id, bytes));
            if (encoded != bytes) {
                ++run.mismatches;
                failure = mismatchText(bytes, encoded);
            }
        } catch (const std::exception& error) { // DatError, or an encoder rejecting a value
            ++run.decodeFailures;
            failure = QString::fromUtf8(error.what());
        }
        if (!failure.isEmpty() && run.firstFailure.isEmpty())
            run.firstFailure = QString::fromStdString(dat::formatDid(entry.id)) + ": " + failure;
    }
    run.seconds = secondsSince(start);
    return run;
}

std::vector<TypeFigures> groupByType(const dat::DatFile& dat) {
    std::vector<TypeFigures> types;
    for (const dat::EntryInfo& entry : dat.entries()) {
        const std::string_view type = dat::typeName(dat.kind(), entry.id);
        if (!dat::hasDecoder(type))
            continue;
        auto group = std::find_if(types.begin(), types.end(),
                                  [&](const TypeFigures& figures) { return figures.type == type; });
        if (group == types.end()) {
            TypeFigures first;
            first.type = type;
            group = types.insert(types.end(), std::move(first));
        }
        group->entries.push_back(entry);
    }
    return types;
}

// Reads and decodes every entry, type by type, keeping each type's best pass.
void timeDecode(const dat::DatFile& dat, Figures& figures) {
    for (int pass = 0; pass < kPasses; ++pass) {
        double passSeconds = 0;
        for (TypeFigures& type : figures.types) {
            std::uint64_t bytes = 0;
            const auto start = Clock::now();
            for (const dat::EntryInfo& entry : type.entries) {
                const std::vector<std::uint8_t> stored = dat.read(entry);
                bytes += stored.size();
                dat::decodeRecord(dat.kind(), entry.id, stored);
            }
            const double seconds = secondsSince(start);
            type.bytes = bytes;
            type.decodeSeconds = std::min(type.decodeSeconds, seconds);
            passSeconds += seconds;
        }
        figures.decodePasses.push_back(passSeconds);
    }
}

// Encodes every record from values decoded beforehand, so only encode() is timed.
void timeEncode(const dat::DatFile& dat, Figures& figures) {
    std::vector<std::vector<dat::Record>> records(figures.types.size());
    for (std::size_t i = 0; i < figures.types.size(); ++i)
        for (const dat::EntryInfo& entry : figures.types[i].entries)
            records[i].push_back(*dat::decodeRecord(dat.kind(), entry.id, dat.read(entry)));

    for (int pass = 0; pass < kPasses; ++pass) {
        double passSeconds = 0;
        for (std::size_t i = 0; i < figures.types.size(); ++i) {
            std::uint64_t bytes = 0;
            const auto start = Clock::now();
            for (const dat::Record& record : records[i])
                bytes += dat::encodeRecord(record).size();
            const double seconds = secondsSince(start);
            // Round-tripped records encode to exactly the bytes they were read from.
            if (bytes != figures.types[i].bytes)
                throw std::logic_error("encoded size differs from the decoded size");
            figures.types[i].encodeSeconds = std::min(figures.types[i].encodeSeconds, seconds);
            passSeconds += seconds;
        }
        figures.encodePasses.push_back(passSeconds);
    }
}

// The JSON form end to end: print each decoded record as JSON text, parse it, read it back with
// recordFromJson and encode it; the bytes must be the stored ones (a check as much as a timing).
void timeJson(const dat::DatFile& dat, Figures& figures) {
    std::vector<std::pair<std::uint32_t, dat::Record>> records;
    for (const TypeFigures& type : figures.types)
        for (const dat::EntryInfo& entry : type.entries)
            records.emplace_back(entry.id,
                                 *dat::decodeRecord(dat.kind(), entry.id, dat.read(entry)));
    std::uint64_t bytes = 0;
    const auto start = Clock::now();
    for (const auto& [id, record] : records) {
        const QByteArray text =
            QJsonDocument(dat::recordToJson(record)).toJson(QJsonDocument::Compact);
        figures.jsonTextBytes += std::uint64_t(text.size());
        const dat::JsonNode node(QJsonDocument::fromJson(text).object(), "record", id);
        bytes += dat::encodeRecord(dat::recordFromJson(dat.kind(), id, node)).size();
    }
    figures.jsonSeconds = secondsSince(start);
    if (bytes != figures.payloadBytes())
        throw std::logic_error("a record read back from its JSON form encodes differently");
}

void printTable(const Figures& f) {
    const double payloadMiB = double(f.payloadBytes()) / kMiB;
    const double entries = double(f.entries());

    QString text =
        QStringLiteral("\nrecords benchmark, seed %1, %2\n\n").arg(f.seed).arg(coresAndCpu());
    text += QStringLiteral("%1 records of %2 types, %3 MiB of payload, %4 MiB file\n")
                .arg(count(entries))
                .arg(f.types.size())
                .arg(fixed(payloadMiB, 1))
                .arg(fixed(double(f.fileBytes) / kMiB, 1));
    text += QStringLiteral("generate + encode in memory %1 s, save %2 s\n")
                .arg(fixed(f.generateSeconds, 2), fixed(f.saveSeconds, 2));
    text += QStringLiteral("decode-all end to end (open, read, decode, re-encode, compare), once: "
                           "%1 s, %2 entries/s, %3 MiB/s\n")
                .arg(fixed(f.decodeAll.seconds, 2))
                .arg(count(double(f.decodeAll.checked) / f.decodeAll.seconds))
                .arg(count(double(f.decodeAll.bytes) / kMiB / f.decodeAll.seconds));
    text += QStringLiteral("round trip: %1 entries re-encoded to their stored bytes\n\n")
                .arg(count(double(f.decodeAll.checked)));

    auto row = [&](const QString& type, double entryCount, double bytes, double decodeSeconds,
                   double encodeSeconds) {
        text += QStringLiteral("%1%2%3%4%5%6%7\n")
                    .arg(type, -20)
                    .arg(count(entryCount), 9)
                    .arg(fixed(bytes / kMiB, 1), 9)
                    .arg(count(entryCount / decodeSeconds), 13)
                    .arg(count(bytes / kMiB / decodeSeconds), 9)
                    .arg(count(entryCount / encodeSeconds), 13)
                    .arg(count(bytes / kMiB / encodeSeconds), 9);
    };
    text += QStringLiteral("%1%2%3%4%5%6%7\n")
                .arg("best of 3", -20)
                .arg("entries", 9)
                .arg("MiB", 9)
                .arg("decode/s", 13)
                .arg("MiB/s", 9)
                .arg("encode/s", 13)
                .arg("MiB/s", 9);
    for (const TypeFigures& type : f.types)
        row(QString::fromUtf8(type.type.data(), qsizetype(type.type.size())),
            double(type.entries.size()), double(type.bytes), type.decodeSeconds,
            type.encodeSeconds);
    row("all", entries, double(f.payloadBytes()), best(f.decodePasses), best(f.encodePasses));
    text += QStringLiteral("\nJSON form (to JSON text, parse, fromJson, encode), once: %1 s, "
                           "%2 entries/s, %3 MiB of JSON text\n")
                .arg(fixed(f.jsonSeconds, 2))
                .arg(count(entries / f.jsonSeconds))
                .arg(fixed(double(f.jsonTextBytes) / kMiB, 1));
    printOut(text);
}

QJsonObject throughputJson(double entries, double bytes, const std::vector<double>& passes) {
    return {{"secondsBest", best(passes)},
            {"secondsRuns", toJsonArray(passes)},
            {"entriesPerSecond", entries / best(passes)},
            {"MiBPerSecond", bytes / kMiB / best(passes)}};
}

QJsonObject toJson(const Figures& f) {
    const auto entries = double(f.entries());
    const auto payload = double(f.payloadBytes());
    QJsonObject types;
    for (const TypeFigures& type : f.types) {
        const auto count = double(type.entries.size());
        const auto bytes = double(type.bytes);
        types[QString::fromUtf8(type.type.data(), qsizetype(type.type.size()))] = QJsonObject{
            {"entries", qint64(type.entries.size())},
            {"bytes", qint64(type.bytes)},
            {"decodeSeconds", type.decodeSeconds},
            {"decodeEntriesPerSecond", count / type.decodeSeconds},
            {"decodeMiBPerSecond", bytes / kMiB / type.decodeSeconds},
            {"encodeSeconds", type.encodeSeconds},
            {"encodeEntriesPerSecond", count / type.encodeSeconds},
            {"encodeMiBPerSecond", bytes / kMiB / type.encodeSeconds},
        };
    }
    const DecodeAllRun& run = f.decodeAll;
    return report("records", f.seed,
                  {
                      {"entries", qint64(f.entries())},
                      {"payloadBytes", qint64(f.payloadBytes())},
                      {"fileBytes", qint64(f.fileBytes)},
                      {"generateSeconds", f.generateSeconds},
                      {"saveSeconds", f.saveSeconds},
                      {"decodeAllEndToEnd",
                       QJsonObject{{"seconds", run.seconds},
                                   {"entries", qint64(run.checked)},
                                   {"skipped", qint64(run.skipped)},
                                   {"bytes", qint64(run.bytes)},
                                   {"entriesPerSecond", double(run.checked) / run.seconds},
                                   {"MiBPerSecond", double(run.bytes) / kMiB / run.seconds},
                                   {"decodeFailures", qint64(run.decodeFailures)},
                                   {"roundTripMismatches", qint64(run.mismatches)}}},
                      {"decode", throughputJson(entries, payload, f.decodePasses)},
                      {"encode", throughputJson(entries, payload, f.encodePasses)},
                      {"jsonRoundTrip", QJsonObject{{"seconds", f.jsonSeconds},
                                                    {"entriesPerSecond", entries / f.jsonSeconds},
                                                    {"jsonTextBytes", qint64(f.jsonTextBytes)}}},
                      {"types", types},
                  });
}

// Writes the `kind` DAT of the mix to `path` and measures it into `figures`; an outcome when a
// check fails.
std::optional<Outcome> measureDat(const QString& path, dat::DatKind kind, Figures& figures) {
    printOut(QStringLiteral("records: writing the %1 types' records to %2\n")
                 .arg(QString::fromUtf8(dat::kindName(kind).data()), path));
    generate(path, kind, figures);
    printOut(QStringLiteral("records: decode-all end to end\n"));
    figures.decodeAll = decodeAllOnce(path);
    const DecodeAllRun& run = figures.decodeAll;
    if (!run.ok()) {
        printError(QStringLiteral("%1 of %2 entries failed to decode and %3 re-encoded "
                                  "differently; first: %4")
                       .arg(run.decodeFailures)
                       .arg(run.checked)
                       .arg(run.mismatches)
                       .arg(run.firstFailure));
        return Outcome::CheckFailed;
    }
    printOut(QStringLiteral("records: timing decode and encode, best of %1\n").arg(kPasses));
    const dat::DatFile dat = dat::DatFile::open(path);
    figures.fileBytes = dat.fileSize();
    figures.types = groupByType(dat);
    timeDecode(dat, figures);
    timeEncode(dat, figures);
    printOut(QStringLiteral("records: JSON form round trip\n"));
    timeJson(dat, figures);
    return std::nullopt;
}

// Adds the figures of a second DAT to `total` (passes summed pass by pass).
void addFigures(Figures& total, Figures part) {
    auto addPasses = [](std::vector<double>& sum, const std::vector<double>& passes) {
        sum.resize(std::max(sum.size(), passes.size()), 0.0);
        for (std::size_t i = 0; i < passes.size(); ++i)
            sum[i] += passes[i];
    };
    total.seed = part.seed;
    total.records = part.records;
    total.fileBytes += part.fileBytes;
    total.generateSeconds += part.generateSeconds;
    total.saveSeconds += part.saveSeconds;
    DecodeAllRun& run = total.decodeAll;
    run.checked += part.decodeAll.checked;
    run.skipped += part.decodeAll.skipped;
    run.bytes += part.decodeAll.bytes;
    run.seconds += part.decodeAll.seconds;
    for (TypeFigures& type : part.types)
        total.types.push_back(std::move(type));
    addPasses(total.decodePasses, part.decodePasses);
    addPasses(total.encodePasses, part.encodePasses);
    total.jsonSeconds += part.jsonSeconds;
    total.jsonTextBytes += part.jsonTextBytes;
}

} // namespace

Outcome runRecordsSuite(const Output& output, std::uint64_t recordCount, std::uint64_t seed) {
    GeneratedDats generated(output.dir, output.keepDats);
    if (!generated.prepare())
        return Outcome::Error;
    Figures figures;
    try {
        // The portal types in one DAT, the local DAT's in a second; one table for both.
        for (const dat::DatKind kind : {dat::DatKind::Portal, dat::DatKind::Local}) {
            Figures part;
            part.seed = seed;
            part.records = recordCount;
            const QString path = generated.add(
                kind == dat::DatKind::Local ? "bench_records_local.dat" : "bench_records.dat");
            if (const auto failure = measureDat(path, kind, part))
                return *failure;
            addFigures(figures, std::move(part));
        }
    } catch (const std::exception& error) {
        return failed(error);
    }
    return finishSuite(output.jsonPath, figures);
}

} // namespace portalkit::bench
