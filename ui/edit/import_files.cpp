#include "ui/edit/import_files.h"

#include "datreader/io/dat_error.h"
#include "modding/gltf_import.h"
#include "modding/json_import.h"
#include "modding/texture_import.h"
#include "modding/wave_import.h"

#include <QFile>
#include <QFileInfo>
#include <QObject>

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

std::vector<std::uint8_t> bytesOf(const QByteArray& data) {
    return {data.begin(), data.end()};
}

bool isImage(const QString& suffix) {
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
                                               std::uint32_t id,
                                               std::span<const std::uint32_t> pendingIds) {
    const QString suffix = suffixOf(file);
    if (suffix == QLatin1String("json"))
        return {modding::importRecordJson(dat.kind(), readWhole(file), file)};
    if (isImage(suffix)) {
        modding::TextureImport options;
        options.kind = dat.kind();
        options.id = id;
        return modding::importTexture(modding::readTextureFile(file), options, file);
    }
    if (suffix == QLatin1String("wav") || suffix == QLatin1String("mp3"))
        return {modding::importWave(bytesOf(readWhole(file)), id, file)};
    if (suffix == QLatin1String("gltf") || suffix == QLatin1String("glb")) {
        // The ids the model's Surfaces and textures may not take: the file's, and those an
        // earlier import in this session added but has not saved (two models imported before
        // a Save would otherwise be given the same Surface ids).
        modding::GltfImportOptions options;
        for (const dat::EntryInfo& entry : dat.entries())
            options.usedIds.insert(entry.id);
        options.usedIds.insert(pendingIds.begin(), pendingIds.end());
        return modding::importGltf(file, id, options);
    }
    return {{id, bytesOf(readWhole(file)), QFileInfo(file).fileName()}};
}

} // namespace portalkit::ui
