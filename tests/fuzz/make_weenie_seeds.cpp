// Writes the fuzz_weenies seed corpus: each sample weenie file (byte 0x00, the SQL reader, then
// the file) and a JSON export of a few weenies (byte 0x01, the JSON reader).
// Usage: make_weenie_seeds OUT_DIR SAMPLES_DIR

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstdio>

namespace {

bool write(const QDir& out, const QString& name, char reader, const QByteArray& bytes) {
    QFile seed(out.filePath(name));
    return seed.open(QIODevice::WriteOnly) && seed.write(QByteArray(1, reader) + bytes) > 0;
}

// The three shapes the JSON reader takes, with names and DID properties.
const char* const kJsonSeeds[][2] = {
    {"export_array", R"([{"wcid": 7277, "weenieType": 33, "className": "flamewall",
  "stringStats": [{"key": 1, "value": "Flame Bolt"}],
  "didStats": [{"key": 1, "value": 33555469}, {"key": 22, "value": 872415237}]},
 {"wcid": 300, "stringStats": [{"key": 1, "value": "Arrow"}], "didStats": []}])"},
    {"export_object", R"({"weenies": [{"wcid": 1, "weenieType": 10,
  "stringStats": [{"key": 1, "value": "Human"}, {"key": 16, "value": "A \"plain\" one"}],
  "didStats": [{"key": 1, "value": 33554433}, {"key": 2, "value": 150994945}]}]})"},
    {"export_one", R"({"wcid": 23144, "didStats": [{"key": 1, "value": 33558190}]})"},
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: make_weenie_seeds OUT_DIR SAMPLES_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    const QDir samples(QString::fromLocal8Bit(argv[2]));
    if (!out.mkpath("."))
        return 2;
    const QStringList files = samples.entryList({"*.sql"}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return 2;
    for (const QString& name : files) {
        QFile file(samples.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            return 2;
        // "07277 Flame Bolt.sql" -> "sql_07277"
        if (!write(out, "sql_" + name.section(' ', 0, 0), '\0', file.readAll()))
            return 2;
    }
    for (const auto& [name, json] : kJsonSeeds)
        if (!write(out, QString::fromLatin1(name), '\1', json))
            return 2;
    return 0;
}
