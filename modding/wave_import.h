#pragma once

// A sound file → a Wave record (docs/modding.md#importing-sounds): a RIFF/WAVE file of PCM
// samples, the inverse of Wave::fileBytes (what `portalkit export` writes), or an MP3 file,
// whose frames a Wave stores as they are behind an MPEG Layer-3 WAVEFORMATEX.

#include "datreader/records/wave.h"
#include "modding/imported_entry.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <span>

namespace portalkit::modding {

// Largest sound file read: ten times the longest retail Wave.
inline constexpr qint64 kMaxSoundFileBytes = 64 * 1024 * 1024;

// The Wave `bytes` hold, with `id` as its id. A RIFF file must be WAVE with a "fmt " chunk of at
// least 16 bytes and a "data" chunk; its format must be PCM (8 or 16 bits, 1 or 2 channels, the
// block and byte rates consistent) or MPEG Layer-3. The fmt chunk becomes the stored
// WAVEFORMATEX (a 16-byte PCMWAVEFORMAT gets cbSize 0, the 18 bytes retail stores), the data
// chunk the data. A file starting with an ID3 tag or an MPEG audio frame is taken as MP3.
// Throws DatError naming the file offset and field (RIFF chunks, the MP3 frame header).
dat::Wave waveFromFile(std::span<const std::uint8_t> bytes, std::uint32_t id);

// The entry for `file`'s sound at `id`; errors name the file (and its offset, as above).
ImportedEntry importWave(std::span<const std::uint8_t> bytes, std::uint32_t id,
                         const QString& source);

} // namespace portalkit::modding
