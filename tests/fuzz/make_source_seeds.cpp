// Writes the fuzz_sources seed corpus: every record of the demo sources (resources/demo and
// resources/demo-cell), one JSON object per file, so the fuzzer starts from every record type and
// every generator. Records without an id (terrain specs) are named by their generator.
// Usage: make_source_seeds SOURCES_DIR... OUT_DIR

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: make_source_seeds SOURCES_DIR... OUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[argc - 1]));
    if (!out.mkpath(".")) {
        std::fprintf(stderr, "cannot create %s\n", argv[argc - 1]);
        return 2;
    }
    int written = 0;
    for (int folder = 1; folder < argc - 1; ++folder) {
        const QDir sources(QString::fromLocal8Bit(argv[folder]));
        for (const QString& name : sources.entryList({"*.json"}, QDir::Files, QDir::Name)) {
            if (name == "dat.json")
                continue;
            QFile file(sources.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                return 2;
            for (const QJsonValue& record :
                 QJsonDocument::fromJson(file.readAll())["records"].toArray()) {
                const QByteArray text =
                    QJsonDocument(record.toObject()).toJson(QJsonDocument::Compact);
                const QString seedName =
                    (record["id"].isString() ? record["id"].toString()
                                             : record["generate"].toString()) +
                    "_" + QCryptographicHash::hash(text, QCryptographicHash::Sha1).toHex().left(8);
                QFile seed(out.filePath(seedName));
                if (!seed.open(QIODevice::WriteOnly) || seed.write(text) != text.size())
                    return 2;
                ++written;
            }
        }
    }
    std::printf("%d seeds\n", written);
    return 0;
}
