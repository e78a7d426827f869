#include "ui/edit/import_files.h"

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/record.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <set>

// The importers are written alongside the studio's editing; without them a record JSON is read
// here and every other file is taken as raw bytes.
#if __has_include("modding/json_import.h")
#include "modding/json_import.h"
#define PORTALKIT_HAVE_JSON_IMPORT 1
#endif
#if __has_include("modding/texture_import.h")
#include "modding/texture_import.h"
#define PORTALKIT_HAVE_TEXTURE_IMPORT 1
#endif
#if __has_include("modding/wave_import.h")
#include "modding/wave_import.h"
#define PORTALKIT_HAVE_WAVE_IMPORT 1
#endif
#if __has_include("modding/gltf_import.h")
#include "modding/gltf_import.h"
#define PORTALKIT_HAVE_GLTF_IMPORT 1
#endif

namespace portalkit::ui {
namespace {

// Largest file read whole: the importers' own limits are lower.
constexpr qint64 kMaxImportBytes = 256 * 1024 * 1024;

QString suffixOf(const QString& file) {
    return QFileInfo(file).suffix().toLower();
}

QByteArray readWhole(const QString& file) {
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw dat::DatError("file", file.toStdString() + ": " + in.errorString().toStdString(), 0);
    if (in.size() > kMaxImportBytes)
        throw dat::DatError("file", file.toStdString() + " is larger than 256 MiB", 0);
    return in.readAll();
}

[[maybe_unused]] std::vector<std::uint8_t> bytesOf(const QByteArray& data) {
    return {data.begin(), data.end()};
}

// A record JSON without the importer: its "id" says where it goes.
[[maybe_unused]] modding::ImportedEntry recordJson(const QString& file, const dat::DatFile& dat) {
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(readWhole(file), &parse);
    if (!doc.isObject())
        throw dat::DatError("file",
                            file.toStdString() + ": not a JSON object (" +
                                parse.errorString().toStdString() + ")",
                            std::uint64_t(parse.offset));
    bool ok = false;
    const std::uint32_t id = doc.object().value("id").toString().toUInt(&ok, 0);
    if (!ok)
        throw dat::DatError("id", file.toStdString() + " has no \"id\" naming the record", 0);
    const dat::JsonNode node(doc.object(), "record", id);
    return {id, dat::encodeRecord(dat::recordFromJson(dat.kind(), id, node)),
            QFileInfo(file).fileName()};
}

[[maybe_unused]] bool isImage(const QString& suffix) {
    return suffix == "png" || suffix == "jpg" || suffix == "jpeg" || suffix == "bmp" ||
           suffix == "tga";
}

} // namespace

bool importNeedsId(const QString& file) {
    return suffixOf(file) != QLatin1String("json");
}

QString importFilter() {
    return QObject::tr("Importable files (*.json *.png *.jpg *.jpeg *.bmp *.tga *.wav *.mp3 "
                       "*.gltf *.glb *.bin);;All files (*)");
}

std::vector<modding::ImportedEntry> importFile(const QString& file, const dat::DatFile& dat,
                                               std::uint32_t id) {
    const QString suffix = suffixOf(file);
    if (suffix == QLatin1String("json")) {
#ifdef PORTALKIT_HAVE_JSON_IMPORT
        return {modding::importRecordJson(dat.kind(), readWhole(file), file)};
#else
        return {recordJson(file, dat)};
#endif
    }
#ifdef PORTALKIT_HAVE_TEXTURE_IMPORT
    if (isImage(suffix)) {
        modding::TextureImport options;
        options.kind = dat.kind();
        options.id = id;
        return modding::importTexture(modding::readTextureFile(file), options, file);
    }
#endif
#ifdef PORTALKIT_HAVE_WAVE_IMPORT
    if (suffix == QLatin1String("wav") || suffix == QLatin1String("mp3"))
        return {modding::importWave(bytesOf(readWhole(file)), id, file)};
#endif
#ifdef PORTALKIT_HAVE_GLTF_IMPORT
    if (suffix == QLatin1String("gltf") || suffix == QLatin1String("glb")) {
        modding::GltfImportOptions options;
        for (const dat::EntryInfo& entry : dat.entries())
            options.usedIds.insert(entry.id);
        return modding::importGltf(file, id, options);
    }
#endif
    return {{id, bytesOf(readWhole(file)), QFileInfo(file).fileName()}};
}

} // namespace portalkit::ui
