// Writes the fuzz_manifest seed corpus: the manifests given on the command line (the bundled
// retail one), and one small manifest per pin kind cut from them.
// Usage: make_manifest_seeds OUT_DIR MANIFEST...

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: make_manifest_seeds OUT_DIR MANIFEST...\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    if (!out.mkpath("."))
        return 2;
    auto write = [&](const QString& name, const QJsonObject& object) {
        QFile seed(out.filePath(name));
        return seed.open(QIODevice::WriteOnly) &&
               seed.write(QJsonDocument(object).toJson(QJsonDocument::Compact)) > 0;
    };
    for (int i = 2; i < argc; ++i) {
        QFile file(QString::fromLocal8Bit(argv[i]));
        if (!file.open(QIODevice::ReadOnly))
            return 2;
        const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
        const QString base = QFileInfo(file.fileName()).completeBaseName();
        if (!write(base, manifest))
            return 2;
        for (const char* kind :
             {"entries", "setups", "tables", "motionClosures", "blocking", "projectiles"}) {
            QJsonObject part{{"format", manifest["format"]}, {"version", manifest["version"]}};
            part[kind] = manifest[kind];
            if (!write(base + "_" + kind, part))
                return 2;
        }
    }
    return 0;
}
