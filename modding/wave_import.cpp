#include "modding/wave_import.h"

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"

#include <array>
#include <cstring>
#include <string>

namespace portalkit::modding {
namespace {

using dat::ByteCursor;
using dat::OffsetKind;

constexpr std::uint16_t kFormatPcm = 0x0001;
constexpr std::size_t kPcmFormatBytes = 16;

bool startsWith(std::span<const std::uint8_t> bytes, std::size_t at, const char* tag) {
    const std::size_t length = std::strlen(tag);
    return bytes.size() >= at + length && std::memcmp(bytes.data() + at, tag, length) == 0;
}

// The checks a PCM format must pass for a player to make sense of it.
void checkPcm(const dat::Wave& wave, ByteCursor& in, std::size_t fmtAt) {
    const dat::Wave::Format format = *wave.format();
    const auto failAt = [&](std::size_t field, const char* name, const std::string& message) {
        in.failAt(fmtAt + field, name, message);
    };
    if (format.channels != 1 && format.channels != 2)
        failAt(2, "fmt.channels", std::to_string(format.channels) + " channels, not 1 or 2");
    if (format.samplesPerSec < 1000 || format.samplesPerSec > 192000)
        failAt(4, "fmt.samplesPerSec", std::to_string(format.samplesPerSec) + " Hz");
    if (format.bitsPerSample != 8 && format.bitsPerSample != 16)
        failAt(14, "fmt.bitsPerSample", std::to_string(format.bitsPerSample) + ", not 8 or 16");
    const unsigned blockAlign = format.channels * format.bitsPerSample / 8u;
    if (format.blockAlign != blockAlign)
        failAt(12, "fmt.blockAlign",
               std::to_string(format.blockAlign) + ", but the channels and bits make " +
                   std::to_string(blockAlign));
    if (format.avgBytesPerSec != format.samplesPerSec * blockAlign)
        failAt(8, "fmt.avgBytesPerSec",
               std::to_string(format.avgBytesPerSec) + ", but the rate and block make " +
                   std::to_string(format.samplesPerSec * blockAlign));
}

dat::Wave waveFromRiff(std::span<const std::uint8_t> bytes, std::uint32_t id) {
    ByteCursor in(bytes, 0, OffsetKind::File);
    in.skip(4, "riff.tag");
    const std::uint32_t riffSize = in.u32("riff.size");
    if (std::uint64_t(riffSize) + 8 > bytes.size())
        in.failAt(4, "riff.size",
                  std::to_string(riffSize) + " bytes after the tag, but the file has " +
                      std::to_string(bytes.size() - 8));
    if (!startsWith(bytes, 8, "WAVE"))
        in.failAt(8, "riff.form", "not a WAVE file");
    in.skip(4, "riff.form");
    ByteCursor chunks(bytes.first(std::size_t(riffSize) + 8), 0, OffsetKind::File);
    chunks.seek(12, "riff.chunks");
    dat::Wave wave;
    wave.id = id;
    std::size_t fmtAt = 0;
    bool haveData = false;
    while (chunks.remaining() >= 8 && !(fmtAt && haveData)) {
        const std::size_t at = chunks.position();
        const auto tag = chunks.bytes(4, "chunk.tag");
        const std::uint32_t size = chunks.u32("chunk.size");
        // bytes() checks the size against what is left before anything is copied.
        const auto payload =
            chunks.bytes(size, std::memcmp(tag.data(), "fmt ", 4) == 0   ? "fmt"
                               : std::memcmp(tag.data(), "data", 4) == 0 ? "data"
                                                                         : "chunk.size");
        if (std::memcmp(tag.data(), "fmt ", 4) == 0 && !fmtAt) {
            if (size < kPcmFormatBytes)
                chunks.failAt(at + 4, "fmt.size",
                              std::to_string(size) + " bytes, shorter than a WAVEFORMAT's 16");
            wave.header.assign(payload.begin(), payload.end());
            fmtAt = at + 8;
        } else if (std::memcmp(tag.data(), "data", 4) == 0 && !haveData) {
            wave.data.assign(payload.begin(), payload.end());
            haveData = true;
        }
        if (size % 2 != 0 && chunks.remaining() > 0)
            chunks.skip(1, "chunk.pad");
    }
    if (!fmtAt)
        chunks.failAt(12, "fmt", "no \"fmt \" chunk");
    if (!haveData)
        chunks.failAt(12, "data", "no \"data\" chunk");
    // retail stores a WAVEFORMATEX: a 16-byte PCMWAVEFORMAT gains its cbSize of 0.
    if (wave.header.size() == kPcmFormatBytes)
        wave.header.insert(wave.header.end(), {0, 0});
    const std::uint16_t tag = wave.format()->formatTag;
    if (tag == kFormatPcm) {
        checkPcm(wave, chunks, fmtAt);
        if (wave.data.size() % wave.format()->blockAlign != 0)
            chunks.failAt(fmtAt + 12, "data",
                          std::to_string(wave.data.size()) + " bytes is not whole blocks of " +
                              std::to_string(wave.format()->blockAlign));
    } else if (tag != dat::Wave::kFormatMpegLayer3) {
        chunks.failAt(fmtAt, "fmt.formatTag",
                      "format " + std::to_string(tag) + ": a Wave holds PCM (1) or MP3 (85)");
    }
    return wave;
}

struct Mp3Frame {
    unsigned channels, sampleRate, bitrate; // bitrate in kbit/s
    bool mpeg1;
};

// The first frame header's fields: layer III only, no free-format bitrate.
Mp3Frame readMp3Frame(ByteCursor& in) {
    const std::size_t at = in.position();
    const std::uint8_t b0 = in.u8("mp3.sync"), b1 = in.u8("mp3.version"), b2 = in.u8("mp3.bitrate"),
                       b3 = in.u8("mp3.mode");
    if (b0 != 0xFF || (b1 & 0xE0) != 0xE0)
        in.failAt(at, "mp3.sync", "no MPEG audio frame here");
    const unsigned version = (b1 >> 3) & 3, layer = (b1 >> 1) & 3;
    if (version == 1)
        in.failAt(at + 1, "mp3.version", "reserved MPEG version");
    if (layer != 1)
        in.failAt(at + 1, "mp3.layer", "MPEG layer " + std::to_string(4 - layer) + ", not III");
    static constexpr std::array<unsigned, 16> kMpeg1{0,   32,  40,  48,  56,  64,  80,  96,
                                                     112, 128, 160, 192, 224, 256, 320, 0};
    static constexpr std::array<unsigned, 16> kMpeg2{0,  8,  16, 24,  32,  40,  48,  56,
                                                     64, 80, 96, 112, 128, 144, 160, 0};
    static constexpr std::array<unsigned, 3> kRates{44100, 48000, 32000};
    const bool mpeg1 = version == 3;
    const unsigned bitrate = (mpeg1 ? kMpeg1 : kMpeg2)[b2 >> 4];
    if (bitrate == 0)
        in.failAt(at + 2, "mp3.bitrate",
                  "free or invalid bitrate index " + std::to_string(b2 >> 4));
    if (((b2 >> 2) & 3) == 3)
        in.failAt(at + 2, "mp3.sampleRate", "reserved sample rate index");
    const unsigned rate = kRates[(b2 >> 2) & 3] >> (mpeg1 ? 0 : version == 2 ? 1 : 2);
    return {(b3 >> 6) == 3 ? 1u : 2u, rate, bitrate, mpeg1};
}

// An MPEGLAYER3WAVEFORMAT (30 bytes) for the stream; the extra fields take the values Windows'
// MP3 codec writes (wID 1, no padding flags, one frame per block, codec delay 1393).
std::vector<std::uint8_t> mp3Header(const Mp3Frame& frame) {
    dat::ByteWriter out;
    out.u16(dat::Wave::kFormatMpegLayer3);
    out.u16(std::uint16_t(frame.channels));
    out.u32(frame.sampleRate);
    out.u32(frame.bitrate * 1000 / 8);
    out.u16(1);  // blockAlign
    out.u16(0);  // bitsPerSample
    out.u16(12); // cbSize
    out.u16(1);  // wID: MPEGLAYER3_ID_MPEG
    out.u32(2);  // fdwFlags: padding off
    out.u16(std::uint16_t((frame.mpeg1 ? 144 : 72) * frame.bitrate * 1000 / frame.sampleRate));
    out.u16(1);    // nFramesPerBlock
    out.u16(1393); // nCodecDelay
    return out.take();
}

dat::Wave waveFromMp3(std::span<const std::uint8_t> bytes, std::uint32_t id) {
    ByteCursor in(bytes, 0, OffsetKind::File);
    std::size_t start = 0;
    if (startsWith(bytes, 0, "ID3")) {
        // An ID3v2 tag: 10 bytes, then a 28-bit "syncsafe" size (7 bits a byte), a footer flagged.
        in.skip(5, "id3.header");
        const std::uint8_t flags = in.u8("id3.flags");
        std::uint32_t size = 0;
        for (int i = 0; i < 4; ++i)
            size = size << 7 | (in.u8("id3.size") & 0x7F);
        start = 10 + std::size_t(size) + ((flags & 0x10) ? 10 : 0);
    }
    if (start > bytes.size())
        in.failAt(6, "id3.size",
                  "a tag of " + std::to_string(start) + " bytes in a file of " +
                      std::to_string(bytes.size()));
    in.seek(start, "id3.size");
    dat::Wave wave;
    wave.id = id;
    wave.header = mp3Header(readMp3Frame(in));
    std::size_t end = bytes.size();
    if (end >= start + 128 && startsWith(bytes, end - 128, "TAG"))
        end -= 128; // an ID3v1 tag: not audio
    wave.data.assign(bytes.begin() + std::ptrdiff_t(start), bytes.begin() + std::ptrdiff_t(end));
    return wave;
}

} // namespace

dat::Wave waveFromFile(std::span<const std::uint8_t> bytes, std::uint32_t id) {
    if (bytes.size() > std::size_t(kMaxSoundFileBytes))
        throw dat::DatError("file",
                            std::to_string(bytes.size()) + " bytes is more than " +
                                std::to_string(kMaxSoundFileBytes) + " a sound may be",
                            0, OffsetKind::File);
    if (startsWith(bytes, 0, "RIFF"))
        return waveFromRiff(bytes, id);
    if (startsWith(bytes, 0, "ID3") ||
        (bytes.size() >= 2 && bytes[0] == 0xFF && (bytes[1] & 0xE0) == 0xE0))
        return waveFromMp3(bytes, id);
    throw dat::DatError("riff.tag", "neither a RIFF/WAVE file nor MP3", 0, OffsetKind::File);
}

ImportedEntry importWave(std::span<const std::uint8_t> bytes, std::uint32_t id,
                         const QString& source) {
    try {
        const dat::Wave wave = waveFromFile(bytes, id);
        const dat::Wave::Format format = *wave.format();
        return {id, wave.encode(),
                QStringLiteral("Wave %1, %2 Hz, %3 channel(s), %4 bytes of data")
                    .arg(wave.isMp3() ? QStringLiteral("MP3")
                                      : QStringLiteral("PCM %1-bit").arg(format.bitsPerSample))
                    .arg(format.samplesPerSec)
                    .arg(format.channels)
                    .arg(wave.data.size())};
    } catch (dat::DatError& error) {
        error.withContext("reading " + source.toStdString());
        throw;
    }
}

} // namespace portalkit::modding
