// libFuzzer target for the audit manifest parser: any JSON text. A manifest that parses must
// print and parse back to the same manifest; anything else must be a DatError, never a crash.

#include "audit/manifest.h"
#include "datreader/io/dat_error.h"

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
    QJsonObject printed;
    try {
        printed = audit::Manifest::fromJson(document.object()).toJson();
    } catch (const dat::DatError&) {
        return 0;
    }
    try {
        if (audit::Manifest::fromJson(printed).toJson() != printed) {
            std::fprintf(stderr, "a manifest does not survive its own JSON form\n");
            __builtin_trap();
        }
    } catch (const dat::DatError& error) {
        std::fprintf(stderr, "a printed manifest does not parse: %s\n", error.what());
        __builtin_trap();
    }
    return 0;
}
