// Writes the fuzz_objdesc seed corpus: ObjDescs over the demo human and its tunic (the records of
// resources/demo/clothing.json), one per shape the readers and compose treat apart.
// Usage: make_objdesc_seeds OUT_DIR

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

namespace {

QJsonObject sub(const char* palette, int offset, int count) {
    return {{"palette", palette}, {"offset", offset}, {"numColors", count}};
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_objdesc_seeds OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    if (!out.mkpath("."))
        return 2;
    const QJsonObject tunicTexture{
        {"part", 1}, {"oldTexture", "0x05000A06"}, {"newTexture", "0x05000C41"}};
    const QJsonObject dressedTorso{{"part", 1}, {"gfxObj", "0x01000C41"}};
    const std::pair<const char*, QJsonObject> seeds[] = {
        {"empty", QJsonObject{}},
        // The tunic as its ClothingTable's template 2 puts it on: torso, cloth, two ranges.
        {"tunic",
         {{"basePalette", "0x04000C42"},
          {"subPalettes", QJsonArray{sub("0x04000C44", 0, 128), sub("0x04000C41", 128, 128)}},
          {"textureChanges", QJsonArray{tunicTexture}},
          {"partChanges", QJsonArray{dressedTorso}}}},
        // A whole palette, then a partial one the client refuses after it.
        {"whole_then_partial",
         {{"basePalette", "0x04000C42"},
          {"subPalettes", QJsonArray{sub("0x04000C46", 0, 2048), sub("0x04000C44", 8, 16)}},
          {"partChanges", QJsonArray{dressedTorso}}}},
        // Ranges over a 256-colour palette, past its end, overlapping and repeated.
        {"ranges",
         {{"basePalette", "0x04000C42"},
          {"subPalettes", QJsonArray{sub("0x04000C43", 200, 400), sub("0x04000C43", 200, 400),
                                     sub("0x04000C45", 0, 8), sub("0x04000C44", 2040, 8)}},
          {"partChanges", QJsonArray{dressedTorso}}}},
        // Records the demo lacks, a part past the Setup's, a swap of a texture no part has.
        {"missing",
         {{"basePalette", "0x0400FFFF"},
          {"subPalettes", QJsonArray{sub("0x0400FFFE", 0, 64)}},
          {"textureChanges",
           QJsonArray{QJsonObject{
                          {"part", 40}, {"oldTexture", "0x05000A06"}, {"newTexture", "0x0500FFFF"}},
                      QJsonObject{{"part", 0},
                                  {"oldTexture", "0x0500FFFF"},
                                  {"newTexture", "0x05000C41"}}}},
          {"partChanges", QJsonArray{QJsonObject{{"part", 2}, {"gfxObj", "0x0100FFFF"}},
                                     QJsonObject{{"part", 200}, {"gfxObj", "0x01000C41"}}}}}},
        // The cloth on a part that keeps its own GfxObj (only the texture swap shows).
        {"texture_only", {{"textureChanges", QJsonArray{tunicTexture}}}},
    };
    for (const auto& [name, object] : seeds) {
        QFile seed(out.filePath(QString::fromLatin1(name)));
        if (!seed.open(QIODevice::WriteOnly) ||
            seed.write(QJsonDocument(object).toJson(QJsonDocument::Compact)) <= 0)
            return 2;
    }
    return 0;
}
