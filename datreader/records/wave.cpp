#include "datreader/records/wave.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {
namespace {

constexpr std::size_t kFixedFormatBytes = 16;
constexpr std::uint64_t kHeaderSizeOffset = 4; // after the id

std::int32_t readSize(ByteCursor& in, const char* field) {
    const std::int32_t size = in.i32(field);
    if (size < 0)
        in.failAt(in.position() - 4, field, "negative size " + std::to_string(size));
    return size;
}

// A RIFF chunk: tag, size, payload, and the pad byte RIFF requires after an odd payload.
void writeChunk(ByteWriter& out, const char (&tag)[5], std::span<const std::uint8_t> payload) {
    out.bytes({reinterpret_cast<const std::uint8_t*>(tag), 4});
    out.u32(std::uint32_t(payload.size()));
    out.bytes(payload);
    if (payload.size() % 2 != 0)
        out.u8(0);
}

QByteArray base64(const std::vector<std::uint8_t>& bytes) {
    return QByteArray::fromRawData(reinterpret_cast<const char*>(bytes.data()),
                                   qsizetype(bytes.size()))
        .toBase64();
}

} // namespace

std::optional<Wave::Format> Wave::format() const {
    if (header.size() < kFixedFormatBytes)
        return std::nullopt;
    ByteCursor in(header);
    Format format;
    format.formatTag = in.u16("wave.formatTag");
    format.channels = in.u16("wave.channels");
    format.samplesPerSec = in.u32("wave.samplesPerSec");
    format.avgBytesPerSec = in.u32("wave.avgBytesPerSec");
    format.blockAlign = in.u16("wave.blockAlign");
    format.bitsPerSample = in.u16("wave.bitsPerSample");
    return format;
}

bool Wave::isMp3() const {
    if (header.size() < 2)
        return false;
    return std::uint16_t(header[0] | header[1] << 8) == kFormatMpegLayer3;
}

QByteArray Wave::fileBytes() const {
    if (isMp3())
        return QByteArray(reinterpret_cast<const char*>(data.data()), qsizetype(data.size()));
    if (header.size() < kFixedFormatBytes)
        throw DatError("wave.headerSize",
                       "header of " + std::to_string(header.size()) +
                           " bytes is shorter than the 16 fixed WAVEFORMATEX bytes",
                       kHeaderSizeOffset, OffsetKind::Entry, id);
    ByteWriter out;
    out.bytes({reinterpret_cast<const std::uint8_t*>("RIFF"), 4});
    const std::size_t riffSizeAt = out.size();
    out.u32(0); // patched once the chunks are written
    out.bytes({reinterpret_cast<const std::uint8_t*>("WAVE"), 4});
    writeChunk(out, "fmt ", header);
    writeChunk(out, "data", data);
    out.patchU32(riffSizeAt, std::uint32_t(out.size() - 8));
    return QByteArray(reinterpret_cast<const char*>(out.data().data()), qsizetype(out.size()));
}

QString Wave::fileExtension() const {
    return isMp3() ? QStringLiteral("mp3") : QStringLiteral("wav");
}

Wave Wave::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<Wave>(bytes, did, "wave", [](ByteCursor& in, Wave& wave) {
        const std::int32_t headerSize = readSize(in, "wave.headerSize");
        const std::int32_t dataSize = readSize(in, "wave.dataSize");
        // bytes() checks the sizes against what is left before anything is copied.
        const auto headerBytes = in.bytes(std::size_t(headerSize), "wave.header");
        wave.header.assign(headerBytes.begin(), headerBytes.end());
        const auto dataBytes = in.bytes(std::size_t(dataSize), "wave.data");
        wave.data.assign(dataBytes.begin(), dataBytes.end());
    });
}

std::vector<std::uint8_t> Wave::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.i32(std::int32_t(header.size()));
        out.i32(std::int32_t(data.size()));
        out.bytes(header);
        out.bytes(data);
    });
}

QJsonObject Wave::toJson() const {
    QJsonObject object{{"headerSize", qint64(header.size())},
                       {"dataSize", qint64(data.size())},
                       {"fileExtension", fileExtension()}};
    if (const auto fmt = format()) {
        object["formatTag"] = fmt->formatTag;
        object["channels"] = fmt->channels;
        object["samplesPerSec"] = qint64(fmt->samplesPerSec);
        object["avgBytesPerSec"] = qint64(fmt->avgBytesPerSec);
        object["blockAlign"] = fmt->blockAlign;
        object["bitsPerSample"] = fmt->bitsPerSample;
    }
    if (header.size() >= kFixedFormatBytes + 2)
        object["cbSize"] = header[16] | header[17] << 8;
    object["header"] = QString::fromLatin1(base64(header));
    object["data"] = QString::fromLatin1(base64(data));
    return recordFrameJson(*this, object);
}

Wave Wave::fromJson(const JsonNode& node, std::uint32_t did) {
    Wave wave = recordFrameFromJson<Wave>(node, did, [&](Wave& w) {
        const QByteArray header = node["header"].base64Bytes();
        const QByteArray data = node["data"].base64Bytes();
        w.header.assign(header.begin(), header.end());
        w.data.assign(data.begin(), data.end());
    });
    // Everything else toJson writes is derived from the bytes; a source may repeat it, but
    // an edit there would change nothing, so a disagreement is reported.
    const QJsonObject derived = wave.toJson();
    for (const char* key :
         {"headerSize", "dataSize", "fileExtension", "formatTag", "channels", "samplesPerSec",
          "avgBytesPerSec", "blockAlign", "bitsPerSample", "cbSize"}) {
        const JsonNode given = node[key];
        if (given.isMissing())
            continue;
        const QJsonValue actual = derived[QLatin1StringView(key)];
        if (actual.isUndefined())
            given.fail("given, but the " + std::to_string(wave.header.size()) +
                       "-byte header does not hold it");
        const QString actualText =
            actual.isString() ? actual.toString() : QString::number(actual.toInteger());
        if (actual.isString() ? given.string() != actualText : given.u32() != actual.toInteger())
            given.fail("disagrees with the header and data bytes, which give " +
                       actualText.toStdString());
    }
    return wave;
}

} // namespace portalkit::dat
