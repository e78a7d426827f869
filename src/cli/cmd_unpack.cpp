#include "command.h"
#include "datreader/container/entry_reader.h"
#include "datreader/io/dat_error.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {
namespace {

template <std::size_t N> QString hex(const std::array<std::uint8_t, N>& bytes) {
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(N)).toHex());
}

} // namespace

int runUnpack(const QStringList& arguments) {
    DatCommand command(
        "Writes every entry of a DAT (inflated) to FOLDER as 0xXXXXXXXX.bin, plus dat.json with "
        "the header fields and each entry's flags, date and iteration for 'portalkit pack'.",
        {TypeFilter::option()});
    command.parser.addPositionalArgument("FOLDER", "Where to write (created if missing).");
    if (auto exit = command.open(arguments, 2))
        return *exit;
    auto& [parser, dat] = command;
    const auto filter = TypeFilter::fromParser(parser, dat->kind());
    if (!filter)
        return kUsageOrIo;
    const QDir folder(parser.positionalArguments().at(1));
    if (!QDir().mkpath(folder.path())) {
        printError("cannot create folder " + folder.path());
        return kUsageOrIo;
    }

    const dat::DatHeader& h = dat->header();
    // Read in file order through one EntryReader, the fast path for every entry
    // (docs/formats.md#reading); dat.json lists them in id order all the same.
    dat::EntryReader reader(*dat);
    std::vector<dat::EntryInfo> sorted;
    std::vector<std::uint8_t> scratch;
    std::vector<std::span<const std::uint8_t>> pieces;
    for (const auto& entry : dat::inFileOrder(dat->entries(), sorted)) {
        if (!filter->accepts(dat::typeName(dat->kind(), entry.id)))
            continue;
        try {
            // Views of the reader's window, a block each, where it can be: written as they lie.
            reader.pieces(entry, pieces, scratch);
        } catch (const dat::DatError& error) {
            printError(QString::fromStdString(error.what()));
            return kUsageOrIo;
        }
        if (!writeFileAtomically(folder.filePath(didText(entry.id) + ".bin"), pieces))
            return kUsageOrIo;
    }
    QJsonArray entries;
    for (const auto& entry : dat->entries()) {
        if (!filter->accepts(dat::typeName(dat->kind(), entry.id)))
            continue;
        entries.append(QJsonObject{{"id", didText(entry.id)},
                                   {"flags", qint64(entry.flags & ~1u)},
                                   {"date", qint64(entry.date)},
                                   {"iteration", qint64(entry.iteration)},
                                   {"compressed", entry.compressed()}});
    }
    const QJsonObject manifest{
        {"kind", QString::fromUtf8(dat::kindName(dat->kind()).data())},
        {"blockSize", qint64(h.blockSize)},
        {"header", QJsonObject{{"versionString", hex(h.versionString)},
                               {"transactionRecord", hex(h.transactionRecord)},
                               {"masterMapId", didText(h.masterMapId)},
                               {"enginePackVersion", qint64(h.enginePackVersion)},
                               {"gamePackVersion", qint64(h.gamePackVersion)},
                               {"versionGuid", hex(h.versionGuid)},
                               {"minorVersion", qint64(h.minorVersion)}}},
        {"entries", entries}};
    if (!writeFileAtomically(folder.filePath("dat.json"), QJsonDocument(manifest).toJson()))
        return kUsageOrIo;
    return kSuccess;
}

} // namespace portalkit::cli
