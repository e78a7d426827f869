#pragma once

// Wave (docs/formats.md): a WAVEFORMATEX header and the sample data (PCM or MP3 frames).

#include "datreader/records/record_codec.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace portalkit::dat {

struct Wave {
    static constexpr std::string_view kTypeName = "Wave";
    static constexpr std::uint16_t kFormatMpegLayer3 = 0x0055;

    // The fixed 16-byte part of WAVEFORMATEX, as read from the header.
    struct Format {
        std::uint16_t formatTag = 0;
        std::uint16_t channels = 0;
        std::uint32_t samplesPerSec = 0;
        std::uint32_t avgBytesPerSec = 0;
        std::uint16_t blockAlign = 0;
        std::uint16_t bitsPerSample = 0;
        bool operator==(const Format&) const = default;
    };

    std::uint32_t id = 0;
    std::vector<std::uint8_t> header; // WAVEFORMATEX as stored: usually 18 bytes, some longer
    std::vector<std::uint8_t> data;   // PCM samples or MP3 frames

    // Empty when the header is shorter than the 16 fixed bytes.
    std::optional<Format> format() const;
    // Format tag 0x0055: the data is a stream of MP3 frames.
    bool isMp3() const;

    // A complete file a player can open: the raw MP3 frames for MP3; otherwise RIFF/WAVE with a
    // "fmt " chunk holding the whole stored header (cbSize and any extra bytes included, which
    // non-PCM formats need and PCM readers accept) and a "data" chunk of exactly the stored data.
    // Throws DatError naming wave.headerSize when the header is too short for a "fmt " chunk.
    QByteArray fileBytes() const;
    QString fileExtension() const; // "mp3" or "wav"

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // toJson: "header" and "data" carry the bytes as base64; the sizes and format fields beside
    // them are derived from those bytes, for people reading the JSON. fromJson requires "header"
    // and "data". The derived keys may be left out; when given they must agree with the bytes, so
    // editing one of them is reported instead of silently lost.
    PORTALKIT_RECORD_CODEC(Wave);
};

} // namespace portalkit::dat
