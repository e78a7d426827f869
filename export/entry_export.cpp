#include "export/entry_export.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record_in_dat.h"

#include <QColor>
#include <QJsonDocument>
#include <QSaveFile>

namespace portalkit::exports {
namespace {

// A solid-colour Surface exports as a swatch of this size.
constexpr int kSwatchSize = 16;

template <typename T> T decodeEntry(const dat::DatFile& dat, std::uint32_t id) {
    if (!dat.find(id))
        throw dat::DatError("id", "refers to " + dat::formatDid(id) + ", which is not in this DAT",
                            0, dat::OffsetKind::File, id);
    return T::decode(dat.read(id), id);
}

QImage renderSurfaceImage(const dat::DatFile& dat, std::uint32_t id, std::uint32_t paletteId) {
    const auto surface = decodeEntry<dat::RenderSurface>(dat, id);
    std::optional<dat::Palette> palette;
    if (surface.hasDefaultPalette())
        palette = decodeEntry<dat::Palette>(dat, paletteId ? paletteId : surface.defaultPaletteId);
    return dat::renderSurfaceImage(surface, palette ? &*palette : nullptr);
}

// A SurfaceTexture lists its mips highest quality first; the best ones may live only in
// client_highres.dat, so the first one this DAT holds is used.
QImage textureImage(const dat::DatFile& dat, std::uint32_t id, std::uint32_t paletteId) {
    const auto texture = decodeEntry<dat::SurfaceTexture>(dat, id);
    for (std::uint32_t mip : texture.renderSurfaceIds)
        if (dat.find(mip))
            return renderSurfaceImage(dat, mip, paletteId);
    throw dat::DatError("surfaceTexture.renderSurfaceIds",
                        "none of its RenderSurfaces is in this DAT", 0, dat::OffsetKind::Entry, id);
}

void writeAtomically(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        throw ExportError(("cannot write " + path + ": " + file.errorString()).toStdString());
}

} // namespace

EntryFormat entryFormat(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    if (type == dat::GfxObj::kTypeName || type == dat::Setup::kTypeName)
        return EntryFormat::Model;
    if (type == dat::RenderSurface::kTypeName || type == dat::SurfaceTexture::kTypeName ||
        type == dat::Surface::kTypeName)
        return EntryFormat::Image;
    if (type == dat::Wave::kTypeName)
        return EntryFormat::Sound;
    return dat::hasDecoder(type) ? EntryFormat::Json : EntryFormat::None;
}

QString defaultSuffix(const preview::Assets& assets, std::uint32_t id) {
    switch (entryFormat(*assets.dat(), id)) {
    case EntryFormat::Model:
        return QStringLiteral("glb");
    case EntryFormat::Image:
        return QStringLiteral("png");
    case EntryFormat::Sound: {
        const dat::Wave* wave = assets.get<dat::Wave>(id);
        return wave ? wave->fileExtension() : QStringLiteral("wav");
    }
    case EntryFormat::Json:
        return QStringLiteral("json");
    case EntryFormat::None:
        break;
    }
    return {};
}

QImage entryImage(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    if (type == dat::RenderSurface::kTypeName)
        return renderSurfaceImage(dat, id, 0);
    if (type == dat::SurfaceTexture::kTypeName)
        return textureImage(dat, id, 0);
    const auto surface = decodeEntry<dat::Surface>(dat, id);
    if (surface.hasTexture())
        return textureImage(dat, surface.origTextureId, surface.origPaletteId);
    QImage swatch(kSwatchSize, kSwatchSize, QImage::Format_ARGB32);
    swatch.fill(QColor::fromRgba(surface.colorValue));
    return swatch;
}

QByteArray stringTableText(const dat::StringTable& table) {
    QString text = QStringLiteral("# StringTable %1, language %2, %3 strings\n")
                       .arg(QString::fromStdString(dat::formatDid(table.id)))
                       .arg(table.language)
                       .arg(table.strings.size());
    for (const dat::StringTableData& data : table.strings)
        for (const dat::WideString& variant : data.strings) {
            QString line = dat::plainText(variant);
            line.replace('\\', QLatin1String("\\\\"))
                .replace('\t', QLatin1String("\\t"))
                .replace('\r', QLatin1String("\\r"))
                .replace('\n', QLatin1String("\\n"));
            text += QString::fromStdString(dat::formatDid(data.key)) + '\t' + line + '\n';
        }
    return text.toUtf8();
}

QStringList exportEntryToFile(const preview::Assets& assets, std::uint32_t id, const QString& path,
                              const ModelExportOptions& options) {
    const dat::DatFile& dat = *assets.dat();
    switch (entryFormat(dat, id)) {
    case EntryFormat::Model:
        return exportModelToFile(assets, id, path, options);
    case EntryFormat::Image: {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || !entryImage(dat, id).save(&file, "PNG") ||
            !file.commit())
            throw ExportError(("cannot write " + path + ": " + file.errorString()).toStdString());
        return {};
    }
    case EntryFormat::Sound:
        writeAtomically(path, decodeEntry<dat::Wave>(dat, id).fileBytes());
        return {};
    case EntryFormat::Json: {
        if (dat::typeName(dat.kind(), id) == dat::StringTable::kTypeName &&
            path.endsWith(QLatin1String(".txt"), Qt::CaseInsensitive)) {
            writeAtomically(path, stringTableText(decodeEntry<dat::StringTable>(dat, id)));
            return {};
        }
        const auto record = dat::decodeRecordIn(dat, id, dat.read(id));
        if (!record)
            break;
        writeAtomically(path, QJsonDocument(dat::recordToJson(*record)).toJson());
        return {};
    }
    case EntryFormat::None:
        break;
    }
    throw ExportError(dat::formatDid(id) + " is a " + std::string(dat::typeName(dat.kind(), id)) +
                      ", which has no export");
}

} // namespace portalkit::exports
