// libFuzzer target for the file importers (docs/modding.md): the first byte picks one, the rest
// is the file. 0: a sound (RIFF/WAVE or MP3) → Wave; 1: an image decoded by QImage::fromData →
// RenderSurfaces at every level and their SurfaceTexture, in the format the second byte picks;
// 2: a record's JSON → record bytes. Whatever the bytes, no crash, hang or unbounded
// allocation; what imports must read back: a PCM Wave exported as .wav imports to the same
// Wave, every RenderSurface decodes to an image of its size (A8R8G8B8 to the very pixels), and
// a record's bytes decode and encode to themselves.

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "modding/json_import.h"
#include "modding/texture_import.h"
#include "modding/wave_import.h"

#include <QByteArray>
#include <QImage>
#include <QImageReader>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace portalkit;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

constexpr std::uint32_t kWaveId = 0x0A007000;
constexpr std::uint32_t kSurfaceId = 0x06007000;
// Large enough for every code path (levels, DXT blocks), small enough to fuzz quickly.
constexpr int kLargestSide = 64;

[[noreturn]] void failed(const char* what) {
    std::fprintf(stderr, "%s\n", what);
    std::abort();
}

void importSound(std::span<const std::uint8_t> bytes) {
    dat::Wave wave;
    try {
        wave = modding::waveFromFile(bytes, kWaveId);
    } catch (const dat::DatError&) {
        return;
    }
    if (dat::Wave::decode(wave.encode(), kWaveId).encode() != wave.encode())
        failed("the imported Wave does not read back");
    if (wave.isMp3())
        return; // a .mp3 export is the frames alone, which may end in what looks like a tag
    const QByteArray file = wave.fileBytes();
    const dat::Wave again = modding::waveFromFile(
        {reinterpret_cast<const std::uint8_t*>(file.data()), std::size_t(file.size())}, kWaveId);
    if (again.encode() != wave.encode())
        failed("the exported .wav imports to another Wave");
}

void importImage(std::uint8_t selector, std::span<const std::uint8_t> bytes) {
    static constexpr dat::PixelFormat kFormats[] = {dat::PixelFormat::Dxt1, dat::PixelFormat::Dxt5,
                                                    dat::PixelFormat::A8R8G8B8,
                                                    dat::PixelFormat::R8G8B8, dat::PixelFormat::P8};
    const QImage image = QImage::fromData(bytes.data(), int(bytes.size()));
    if (image.isNull() || image.width() > kLargestSide || image.height() > kLargestSide)
        return;
    dat::Palette palette;
    palette.id = 0x04007000;
    palette.colors = {0xFF000000, 0xFFFFFFFF, 0x80FF0000, 0x00000000};
    modding::TextureImport options;
    options.id = kSurfaceId;
    options.format = kFormats[selector % 5];
    options.palette = options.format == dat::PixelFormat::P8 ? &palette : nullptr;
    options.levels = 0;
    options.textureId = 0x05007000;
    options.resize = (selector & 0x80) != 0;
    std::vector<modding::ImportedEntry> entries;
    try {
        entries = modding::importTexture(image, options, "fuzz");
    } catch (const dat::DatError&) {
        return;
    }
    for (std::size_t i = 0; i + 1 < entries.size(); ++i) {
        const auto surface = dat::RenderSurface::decode(entries[i].bytes, entries[i].id);
        const QImage decoded = dat::renderSurfaceImage(surface, options.palette);
        if (decoded.size() != QSize(surface.width, surface.height))
            failed("a level decodes to another size");
        if (i == 0 && options.format == dat::PixelFormat::A8R8G8B8 && !options.resize &&
            decoded != image.convertToFormat(QImage::Format_RGBA8888))
            failed("an A8R8G8B8 import decodes to other pixels");
    }
}

void importJson(std::span<const std::uint8_t> bytes) {
    modding::ImportedEntry entry;
    try {
        entry = modding::importRecordJson(
            dat::DatKind::Portal,
            QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())),
            "fuzz");
    } catch (const dat::DatError&) {
        return;
    }
    const auto record = dat::decodeRecord(dat::DatKind::Portal, entry.id, entry.bytes);
    if (!record || dat::encodeRecord(*record) != entry.bytes)
        failed("an imported record does not read back to its bytes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // QImage's own bound on what one image may allocate, in MiB.
    static const bool bounded = [] {
        QImageReader::setAllocationLimit(16);
        return true;
    }();
    (void)bounded;
    if (size < 2)
        return 0;
    const std::span<const std::uint8_t> rest(data + 1, size - 1);
    switch (data[0] % 3) {
    case 0:
        importSound(rest);
        break;
    case 1:
        importImage(data[1], rest.subspan(1));
        break;
    default:
        importJson(rest);
        break;
    }
    return 0;
}
