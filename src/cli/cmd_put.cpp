// `portalkit put` and `portalkit rm`: one entry's bytes in, entries out, through the patcher
// (docs/cli.md#put, docs/cli.md#rm).

#include "command.h"
#include "datreader/records/record.h"
#include "input_file.h"
#include "modding/json_import.h"
#include "patch_command.h"

namespace portalkit::cli {
namespace {

// Larger than any retail entry (the biggest are 2048² textures, 16 MiB uncompressed).
constexpr qint64 kMaxEntryBytes = 64 * 1024 * 1024;

// The bytes to put: a record's JSON (FILE ending in .json) encoded, else the file as it is,
// which must decode as the id's type when PortalKit has a decoder for it: a put must not leave
// an entry the client cannot read.
std::vector<std::uint8_t> entryBytes(dat::DatKind kind, std::uint32_t id, const QString& file) {
    if (file.endsWith(".json", Qt::CaseInsensitive)) {
        const auto text = readInputFile(file, modding::kMaxRecordJsonBytes, "FILE");
        return modding::importRecordJson(
                   kind, QByteArray(reinterpret_cast<const char*>(text.data()), text.size()), file,
                   id)
            .bytes;
    }
    std::vector<std::uint8_t> bytes = readInputFile(file, kMaxEntryBytes, "FILE");
    if (dat::typeName(kind, id).empty())
        throw dat::DatError("ID",
                            dat::formatDid(id) + " is no known type in a " +
                                std::string(dat::kindName(kind)) + " DAT",
                            0, dat::OffsetKind::Source, id);
    try {
        dat::decodeRecord(kind, id, bytes);
    } catch (dat::DatError& error) {
        error.withContext("checking " + file.toStdString() + " as the entry's record");
        throw;
    }
    return bytes;
}

} // namespace

int runPut(const QStringList& arguments) {
    PatchCommand command("Adds or replaces one entry: FILE's bytes, or the record's JSON (as "
                         "show --json prints it) when FILE ends in .json.",
                         {});
    command.parser.addPositionalArgument("ID", "The entry's id (0x06001234).");
    command.parser.addPositionalArgument("FILE", "The entry's bytes, or a record's .json.");
    if (auto exit = command.open(arguments, 3))
        return *exit;
    const QStringList positional = command.parser.positionalArguments();
    if (auto exit = command.apply([&](dat::DatPatcher& patcher) {
            const std::uint32_t id = idArgument(positional[1], "ID");
            patcher.put(id, entryBytes(patcher.kind(), id, positional[2]));
        }))
        return *exit;
    return command.finish();
}

int runRm(const QStringList& arguments) {
    PatchCommand command("Removes entries; their blocks go back to the free list.", {});
    command.parser.addPositionalArgument("ID", "An entry's id; give as many as needed.", "ID...");
    if (auto exit = command.open(arguments, -1))
        return *exit;
    const QStringList ids = command.parser.positionalArguments().mid(1);
    if (ids.isEmpty()) {
        printError("expected the DAT and at least one ID (see --help)");
        return kUsageOrIo;
    }
    if (auto exit = command.apply([&](dat::DatPatcher& patcher) {
            for (const QString& text : ids) {
                const std::uint32_t id = idArgument(text, "ID");
                if (!patcher.remove(id))
                    throw dat::DatError("ID", dat::formatDid(id) + " is not in the DAT", 0,
                                        dat::OffsetKind::Source, id);
            }
        }))
        return *exit;
    return command.finish();
}

} // namespace portalkit::cli
