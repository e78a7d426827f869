#pragma once

// The gallery's and `portalkit thumbnails`' vocabulary (docs/studio.md#gallery): what kind of
// asset a thumbnail shows, which ids of a DAT are of that kind, what identifies a DAT, and the
// disk cache of thumbnail PNGs keyed by that identity, the id and the size. Headless: no Qt3D,
// safe to call from any thread.

#include "datreader/container/dat_file.h"

#include <QImage>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::render {

enum class ThumbnailKind { Setup, GfxObj, Texture };

// "Setup", "GfxObj", "Texture".
QString thumbnailKindName(ThumbnailKind kind);
// The name above, case-insensitive; nothing when unknown.
std::optional<ThumbnailKind> thumbnailKindFromName(const QString& name);
// The kind an entry of `dat` has a thumbnail as (a texture is a RenderSurface, SurfaceTexture or
// Surface); nothing for the other types.
std::optional<ThumbnailKind> thumbnailKindOf(const dat::DatFile& dat, std::uint32_t id);
// The DAT's type names a kind covers ("Setup"; "RenderSurface", "SurfaceTexture", "Surface").
QStringList thumbnailTypeNames(ThumbnailKind kind);
// Every id of `dat` of that kind, ascending.
std::vector<std::uint32_t> thumbnailIds(const dat::DatFile& dat, ThumbnailKind kind);

// What a DAT is, for the cache: 32 hex digits of a SHA-1 of its header, its size and its whole
// directory (id, offset, size, date, iteration of every entry). A rewritten entry moves or
// changes size or date, so an edited DAT gets new thumbnails; a copy of a DAT keeps its own.
QString datIdentity(const dat::DatFile& dat);

struct ThumbnailKey {
    QString dat; // datIdentity()
    std::uint32_t id = 0;
    int size = 128; // width and height in pixels
};

// PNGs under root/v<version>/<identity>/<size>/<id>.png. Writes are atomic (QSaveFile), so two
// processes sharing the directory see whole files or none. A file that does not decode as a
// PNG of the key's size is removed and reported as a miss, so it is made again.
class ThumbnailCache {
  public:
    // The layout's version: bump it when thumbnails are drawn differently.
    static constexpr int kVersion = 1;

    // root empty: defaultRoot().
    explicit ThumbnailCache(QString root = {});
    // QStandardPaths::CacheLocation + "/thumbnails".
    static QString defaultRoot();
    const QString& root() const { return m_root; }

    QString pathFor(const ThumbnailKey& key) const;
    // The cached image (ARGB32 premultiplied, key.size square), or nothing on a miss.
    std::optional<QImage> load(const ThumbnailKey& key) const;
    // False when the file cannot be written (the cache is then only slower).
    bool store(const ThumbnailKey& key, const QImage& image) const;

  private:
    QString m_root;
};

} // namespace portalkit::render
