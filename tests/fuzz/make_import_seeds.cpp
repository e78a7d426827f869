// Writes the fuzz_import seed corpus: a mono and a stereo PCM .wav, an MP3 frame behind an ID3
// tag, a 4×4 PNG for each format selector, and a Palette's and a Surface's JSON, each behind
// fuzz_import's selector byte(s).
// Usage: make_import_seeds OUT_DIR

#include "datreader/io/byte_writer.h"
#include "datreader/records/wave.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImage>
#include <cstdio>

using namespace portalkit;

namespace {

QByteArray pcmWave(std::uint16_t channels, std::uint16_t bits) {
    dat::ByteWriter header;
    header.u16(1);
    header.u16(channels);
    header.u32(8000);
    header.u32(8000u * channels * bits / 8);
    header.u16(std::uint16_t(channels * bits / 8));
    header.u16(bits);
    header.u16(0);
    dat::Wave wave;
    wave.header = header.take();
    wave.data.assign(std::size_t(16) * channels * bits / 8, 0x40);
    return wave.fileBytes();
}

QByteArray png(int variant) {
    QImage image(4, 4, QImage::Format_RGBA8888);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            image.setPixelColor(x, y, QColor(x * 60, y * 60, variant * 40, 255 - x * 20));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_import_seeds OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    if (!out.mkpath("."))
        return 2;
    auto write = [&](const QString& name, const QByteArray& bytes) {
        QFile seed(out.filePath(name));
        return seed.open(QIODevice::WriteOnly) && seed.write(bytes) == bytes.size();
    };
    bool ok = write("wav_mono8", QByteArray(1, '\0') + pcmWave(1, 8)) &&
              write("wav_stereo16", QByteArray(1, '\0') + pcmWave(2, 16)) &&
              write("mp3", QByteArray(1, '\0') + QByteArray("ID3\3\0\0\0\0\0\0", 10) +
                               QByteArray("\xFF\xFB\x90\x44", 4) + QByteArray(20, '\0'));
    for (int format = 0; format < 5; ++format)
        ok = ok && write(QStringLiteral("png_%1").arg(format),
                         QByteArray(1, '\1') + char(format) + png(format));
    ok = ok &&
         write("json_palette",
               "\2{\"type\": \"Palette\", \"id\": \"0x04000A01\", \"colors\": [\"0xFF102030\"]}") &&
         write("json_surface",
               "\2{\"type\": \"Surface\", \"id\": \"0x08000A01\", \"typeFlags\": [\"Base1Solid\"], "
               "\"colorValue\": \"0xFF00FF00\"}");
    return ok ? 0 : 2;
}
