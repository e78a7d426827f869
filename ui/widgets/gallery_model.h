#pragma once

// The Gallery's items (docs/studio.md#gallery): the ids of one kind (Setup, GfxObj, texture) of
// the portal DAT that the Browser's filter keeps (EntryFilter through TypeOutline, so "0200",
// "0x0100" and type names mean what they mean there), ascending. A row's decoration is its
// thumbnail once the ThumbnailService has made it; until then a placeholder, and asking for it
// is what requests it: a list view asks only for the rows it paints, so only what is visible is
// made. Thumbnails are kept in memory up to a budget and asked for again (from the disk cache)
// when they were dropped.

#include "datreader/container/dat_file.h"
#include "ui/render/thumbnail_cache.h"

#include <QAbstractListModel>
#include <QCache>
#include <QHash>
#include <QPixmap>
#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::render {
class ThumbnailService;
}

namespace portalkit::ui {

class TypeOutline;

class GalleryModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role { IdRole = Qt::UserRole + 1, ReadyRole };

    // `service` makes the thumbnails; it must outlive the model.
    explicit GalleryModel(render::ThumbnailService* service, QObject* parent = nullptr);
    ~GalleryModel() override;

    // The DAT shown (null: none); the service is pointed at it too.
    void setDat(std::shared_ptr<const dat::DatFile> dat);
    const std::shared_ptr<const dat::DatFile>& dat() const { return m_dat; }
    void setKind(render::ThumbnailKind kind);
    render::ThumbnailKind kind() const { return m_kind; }
    // The Browser's filter text (EntryFilter).
    void setFilter(const QString& text);
    const QString& filter() const { return m_filter; }

    std::uint32_t idAt(int row) const { return m_ids.at(std::size_t(row)); }
    // The row of `id`; -1 when it is not shown.
    int rowOf(std::uint32_t id) const;
    // Rows whose thumbnail arrived (made or failed) since the DAT, kind or filter last changed.
    int readyCount() const { return m_readyCount; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  signals:
    // A thumbnail arrived (made or failed) for a shown row.
    void thumbnailReady(std::uint32_t id);

  private:
    void rebuild();
    void thumbnailArrived(std::uint32_t id, const QImage& image, const QString& error);

    render::ThumbnailService* m_service;
    std::shared_ptr<const dat::DatFile> m_dat;
    std::unique_ptr<TypeOutline> m_outline;
    render::ThumbnailKind m_kind = render::ThumbnailKind::Setup;
    QString m_filter;
    std::vector<std::uint32_t> m_ids;                    // shown, ascending
    mutable QCache<std::uint32_t, QPixmap> m_thumbnails; // cost: KiB
    QHash<std::uint32_t, QString> m_errors;              // ids whose thumbnail could not be made
    int m_readyCount = 0;
    QPixmap m_placeholder;
};

} // namespace portalkit::ui
