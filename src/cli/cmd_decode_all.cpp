#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/opaque_types.h"
#include "datreader/records/record_in_dat.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <map>

namespace portalkit::cli {
namespace {

struct TypeTally {
    qint64 decoded = 0;
    qint64 failed = 0;
    qint64 roundTripMismatches = 0; // decoded, but encode() did not give back the same bytes
    qint64 bytes = 0;
};

constexpr qsizetype kListedFailures = 200;

// Says that the DAT changed on disk (docs/formats.md#a-dat-that-changes-under-its-map).
int printChange(const dat::DatFile& dat, std::uint32_t id) {
    try {
        dat.checkUnchanged(id);
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
    }
    return kUsageOrIo;
}

// Each skipped type with its count and why it has no decoded form.
QJsonObject skippedJson(const std::map<std::string_view, qint64>& skippedTypes) {
    QJsonObject object;
    for (const auto& [type, count] : skippedTypes)
        object[QString::fromUtf8(type.data())] =
            QJsonObject{{"count", count}, {"why", QString::fromStdString(dat::whyOpaque(type))}};
    return object;
}

} // namespace

int runDecodeAll(const QStringList& arguments) {
    DatCommand command(
        "Decodes every entry of a type PortalKit knows, re-encodes it and compares the bytes, "
        "then reports counts and failures per type. Exit 1 if any entry failed to decode or "
        "did not re-encode to the same bytes. Run it on your own client_portal.dat.",
        {jsonOption()});
    if (auto exit = command.open(arguments))
        return *exit;
    auto& [parser, dat] = command;

    QElapsedTimer clock;
    clock.start();
    std::map<std::string_view, TypeTally> tallies;
    QJsonArray failures;
    qint64 skipped = 0;
    std::map<std::string_view, qint64> skippedTypes;
    auto fail = [&](const dat::EntryInfo& entry, std::string_view type, const QString& why) {
        if (failures.size() < kListedFailures)
            failures.append(QJsonObject{{"id", didText(entry.id)},
                                        {"type", QString::fromUtf8(type.data())},
                                        {"error", why}});
    };
    for (const dat::EntryInfo& entry : dat->entries()) {
        const auto type = dat::typeName(dat->kind(), entry.id);
        if (!dat::hasDecoder(type)) {
            ++skipped;
            ++skippedTypes[type];
            continue;
        }
        TypeTally& tally = tallies[type];
        try {
            const auto bytes = dat->read(entry);
            tally.bytes += qint64(bytes.size());
            const auto record = dat::decodeRecordIn(*dat, entry.id, bytes);
            ++tally.decoded;
            if (dat::encodeRecord(*record) != bytes) {
                ++tally.roundTripMismatches;
                fail(entry, type, "re-encoding gave different bytes");
            }
        } catch (const dat::DatError& error) {
            if (dat->changedOnDisk(true)) // no entry's fault: stop with the one error saying so
                return printChange(*dat, entry.id);
            ++tally.failed;
            fail(entry, type, QString::fromStdString(error.what()));
        }
    }
    const double seconds = clock.nsecsElapsed() / 1e9;

    qint64 decoded = 0, failed = 0, mismatches = 0, bytes = 0;
    for (const auto& [type, tally] : tallies) {
        decoded += tally.decoded;
        failed += tally.failed;
        mismatches += tally.roundTripMismatches;
        bytes += tally.bytes;
    }
    const bool ok = failed == 0 && mismatches == 0;

    if (parser.isSet("json")) {
        QJsonObject types;
        for (const auto& [type, tally] : tallies)
            types[QString::fromUtf8(type.data())] =
                QJsonObject{{"decoded", tally.decoded},
                            {"failed", tally.failed},
                            {"roundTripMismatches", tally.roundTripMismatches},
                            {"bytes", tally.bytes}};
        printOut(QJsonDocument(QJsonObject{{"ok", ok},
                                           {"decoded", decoded},
                                           {"failed", failed},
                                           {"roundTripMismatches", mismatches},
                                           {"skipped", skipped},
                                           {"bytes", bytes},
                                           {"seconds", seconds},
                                           {"types", types},
                                           {"skippedTypes", skippedJson(skippedTypes)},
                                           {"failures", failures}})
                     .toJson());
    } else {
        QString text = QStringLiteral("%1 %2 %3 %4\n")
                           .arg("type", -22)
                           .arg("decoded", 9)
                           .arg("failed", 8)
                           .arg("re-encode differs", 18);
        for (const auto& [type, tally] : tallies)
            text += QStringLiteral("%1 %2 %3 %4\n")
                        .arg(QString::fromUtf8(type.data()), -22)
                        .arg(tally.decoded, 9)
                        .arg(tally.failed, 8)
                        .arg(tally.roundTripMismatches, 18);
        for (const QJsonValue& failure : failures)
            text += failure["id"].toString() + ": " + failure["error"].toString() + "\n";
        for (const auto& [type, count] : skippedTypes)
            text += QStringLiteral("skipped %1 %2: %3\n")
                        .arg(count)
                        .arg(QString::fromUtf8(type.data()),
                             QString::fromStdString(dat::whyOpaque(type)));
        text += QStringLiteral("%1: %2 decoded, %3 failed, %4 re-encoded differently, %5 of "
                               "other types skipped; %6 MB in %7 s\n")
                    .arg(ok ? "OK" : "FAILED")
                    .arg(decoded)
                    .arg(failed)
                    .arg(mismatches)
                    .arg(skipped)
                    .arg(bytes / 1e6, 0, 'f', 1)
                    .arg(seconds, 0, 'f', 2);
        printOut(text);
    }
    return ok ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
