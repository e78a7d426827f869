// libFuzzer target for the user's ObjDesc JSON (render/export --objdesc, the studio's Appearance
// dock): any JSON text. An ObjDesc that reads must print and read back to the same ObjDesc, and
// is then put on the demo human (built in memory from its declarative sources) the way the
// renderer and the glTF export put it on: composed, and every changed surface's image drawn. Ids
// of any kind, ranges and list lengths come from the input, so compose and the recolouring see
// missing records, records of the wrong type and palettes shorter than the ranges laid over them.

#include "datreader/authoring/dat_sources.h"
#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "preview/appearance/compose.h"
#include "preview/appearance/obj_desc.h"
#include "preview/core/assets.h"

#include <QJsonDocument>
#include <cstdint>
#include <cstdio>
#include <memory>

using namespace portalkit;
using namespace portalkit::preview;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

constexpr std::uint32_t kDemoHuman = 0x02000001;

const Assets& demoAssets() {
    static const auto assets = [] {
        const auto sources = authoring::buildSources(QStringLiteral(PORTALKIT_DEMO_SOURCES));
        return std::make_shared<Assets>(std::make_shared<const dat::DatFile>(
            dat::DatFile::fromBytes(authoring::writerFor(sources).build())));
    }();
    return *assets;
}

// Reading must give the same ObjDesc from its own printed form.
void checkRoundTrip(const appearance::ObjDesc& desc) {
    try {
        const auto again = appearance::fromJson(dat::JsonNode(appearance::toJson(desc), "objDesc"));
        if (!(again == desc)) {
            std::fprintf(stderr, "an ObjDesc does not survive its own JSON form\n");
            __builtin_trap();
        }
    } catch (const dat::DatError& error) {
        std::fprintf(stderr, "a printed ObjDesc does not read: %s\n", error.what());
        __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (!document.isObject())
        return 0;
    appearance::ObjDesc desc;
    try {
        desc = appearance::fromJson(dat::JsonNode(document.object(), "objDesc"));
    } catch (const dat::DatError&) {
        return 0;
    }
    checkRoundTrip(desc);
    const Assets& assets = demoAssets();
    const appearance::Appearance look = appearance::compose(assets, kDemoHuman, desc);
    // Fresh images, not the cache: each input's own recolouring runs.
    for (const auto& part : look.parts)
        for (const appearance::SurfaceSwap& swap : part->surfaces)
            if (swap.changed())
                (void)appearance::surfaceImage(assets, swap);
    return 0;
}
