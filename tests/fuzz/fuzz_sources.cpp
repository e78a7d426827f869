// libFuzzer target for the JSON side of records: one source record (the form `portalkit show
// --json` prints, or a generator spec, terrain included) as JSON text. Whatever builds must decode,
// and re-encode to the same bytes; malformed sources must fail with a DatError, never crash or run
// away.

#include "datreader/authoring/dat_sources.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <cstdint>
#include <cstdio>

using namespace portalkit;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (!document.isObject())
        return 0;
    // Terrain specs make cell records, and find their Region from the demo cell sources.
    const dat::DatKind kind =
        document["generate"].toString() == "terrain" ? dat::DatKind::Cell : dat::DatKind::Portal;
    QByteArray built;
    std::uint32_t did = 0;
    try {
        built = authoring::buildRecord(kind, document.object(), &did,
                                       QStringLiteral(PORTALKIT_DEMO_CELL_SOURCES));
    } catch (const dat::DatError&) {
        return 0;
    }
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(built.data()),
                                              std::size_t(built.size()));
    try {
        const auto record = dat::decodeRecord(kind, did, bytes);
        if (!record || dat::encodeRecord(*record) != std::vector(bytes.begin(), bytes.end())) {
            std::fprintf(stderr, "%s: a built record does not re-encode to its bytes\n",
                         dat::formatDid(did).c_str());
            __builtin_trap();
        }
    } catch (const dat::DatError& error) {
        std::fprintf(stderr, "a built record does not decode: %s\n", error.what());
        __builtin_trap();
    }
    return 0;
}
