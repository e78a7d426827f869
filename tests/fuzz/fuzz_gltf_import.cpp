// libFuzzer target for the glTF model import (modding/gltf_import.h) over .glb bytes: the
// reader (GLB chunks, JSON, accessors, buffer views, embedded images), then the GfxObj, its
// BSPs, Surfaces and textures. Anything but a DatError is a bug, and so is an imported GfxObj
// that does not decode back to itself.

#include "datreader/io/dat_error.h"
#include "datreader/records/gfx_obj.h"
#include "modding/gltf_import.h"

#include <QByteArray>
#include <cstdint>
#include <cstdio>

using namespace portalkit;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    std::vector<modding::ImportedEntry> entries;
    try {
        // No base directory: a fuzz input never reads files.
        const modding::GltfModel model = modding::readGltf(bytes, "fuzz.glb", QString());
        modding::GltfImportOptions options;
        options.maxTextureSize = 64; // keeps the texture encoding quick
        entries = modding::importGltfModel(model, 0x0100F001, options, "fuzz.glb");
    } catch (const dat::DatError&) {
        return 0;
    }
    try {
        const dat::GfxObj gfxObj = dat::GfxObj::decode(entries.front().bytes, 0x0100F001);
        if (gfxObj.encode() != entries.front().bytes) {
            std::fprintf(stderr, "an imported GfxObj does not re-encode to its bytes\n");
            __builtin_trap();
        }
    } catch (const dat::DatError& error) {
        std::fprintf(stderr, "an imported GfxObj does not decode: %s\n", error.what());
        __builtin_trap();
    }
    return 0;
}
