#include "ui/render/thumbnail_cache.h"

#include "datreader/container/dat_kind.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

namespace portalkit::render {

QString thumbnailKindName(ThumbnailKind kind) {
    switch (kind) {
    case ThumbnailKind::Setup:
        return QStringLiteral("Setup");
    case ThumbnailKind::GfxObj:
        return QStringLiteral("GfxObj");
    case ThumbnailKind::Texture:
        break;
    }
    return QStringLiteral("Texture");
}

std::optional<ThumbnailKind> thumbnailKindFromName(const QString& name) {
    for (ThumbnailKind kind : {ThumbnailKind::Setup, ThumbnailKind::GfxObj, ThumbnailKind::Texture})
        if (name.compare(thumbnailKindName(kind), Qt::CaseInsensitive) == 0)
            return kind;
    return std::nullopt;
}

QStringList thumbnailTypeNames(ThumbnailKind kind) {
    switch (kind) {
    case ThumbnailKind::Setup:
        return {QStringLiteral("Setup")};
    case ThumbnailKind::GfxObj:
        return {QStringLiteral("GfxObj")};
    case ThumbnailKind::Texture:
        break;
    }
    return {QStringLiteral("RenderSurface"), QStringLiteral("SurfaceTexture"),
            QStringLiteral("Surface")};
}

std::optional<ThumbnailKind> thumbnailKindOf(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    const QString name = QString::fromUtf8(type.data(), qsizetype(type.size()));
    for (ThumbnailKind kind : {ThumbnailKind::Setup, ThumbnailKind::GfxObj, ThumbnailKind::Texture})
        if (thumbnailTypeNames(kind).contains(name))
            return kind;
    return std::nullopt;
}

std::vector<std::uint32_t> thumbnailIds(const dat::DatFile& dat, ThumbnailKind kind) {
    std::vector<std::uint32_t> ids;
    for (const dat::EntryInfo& entry : dat.entries()) // ascending already
        if (thumbnailKindOf(dat, entry.id) == kind)
            ids.push_back(entry.id);
    return ids;
}

QString datIdentity(const dat::DatFile& dat) {
    QCryptographicHash hash(QCryptographicHash::Sha1);
    const auto bytes = dat.bytes();
    const std::size_t header = std::min<std::size_t>(bytes.size(), dat::DatHeader::kDefinedSize);
    hash.addData(QByteArrayView(reinterpret_cast<const char*>(bytes.data()), qsizetype(header)));
    const quint64 size = dat.fileSize();
    hash.addData(QByteArrayView(reinterpret_cast<const char*>(&size), sizeof size));
    const auto entries = dat.entries();
    hash.addData(QByteArrayView(reinterpret_cast<const char*>(entries.data()),
                                qsizetype(entries.size_bytes())));
    return QString::fromLatin1(hash.result().toHex().left(32));
}

ThumbnailCache::ThumbnailCache(QString root)
    : m_root(root.isEmpty() ? defaultRoot() : std::move(root)) {}

QString ThumbnailCache::defaultRoot() {
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
           QStringLiteral("/thumbnails");
}

QString ThumbnailCache::pathFor(const ThumbnailKey& key) const {
    return QStringLiteral("%1/v%2/%3/%4/%5.png")
        .arg(m_root)
        .arg(kVersion)
        .arg(key.dat)
        .arg(key.size)
        .arg(key.id, 8, 16, QChar('0'));
}

std::optional<QImage> ThumbnailCache::load(const ThumbnailKey& key) const {
    const QString path = pathFor(key);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QImageReader reader(&file, "png");
    QImage image = reader.read();
    file.close();
    if (image.isNull() || image.size() != QSize(key.size, key.size)) {
        QFile::remove(path); // truncated, foreign or stale: made again
        return std::nullopt;
    }
    return image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
}

bool ThumbnailCache::store(const ThumbnailKey& key, const QImage& image) const {
    if (image.isNull())
        return false;
    const QString path = pathFor(key);
    if (!QDir().mkpath(QFileInfo(path).path()))
        return false;
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return false;
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(png) == png.size() && file.commit();
}

} // namespace portalkit::render
