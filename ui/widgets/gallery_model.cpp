#include "ui/widgets/gallery_model.h"

#include "preview/core/assets.h"
#include "ui/render/thumbnail_service.h"
#include "ui/widgets/dat_outline.h"

#include <QPainter>
#include <algorithm>

namespace portalkit::ui {

namespace {
// About 1,500 thumbnails of 128 × 128 in memory; the rest come back from the disk cache.
constexpr int kMemoryBudgetKiB = 96 * 1024;

QPixmap placeholder(int size) {
    QPixmap pixmap(size, size);
    pixmap.fill(QColor(0x3a, 0x3a, 0x3a));
    QPainter painter(&pixmap);
    painter.setPen(QColor(0x70, 0x70, 0x70));
    painter.drawRect(0, 0, size - 1, size - 1);
    return pixmap;
}
} // namespace

GalleryModel::GalleryModel(render::ThumbnailService* service, QObject* parent)
    : QAbstractListModel(parent), m_service(service), m_thumbnails(kMemoryBudgetKiB),
      m_placeholder(placeholder(service->size())) {
    connect(m_service, &render::ThumbnailService::ready, this, &GalleryModel::thumbnailArrived);
}

GalleryModel::~GalleryModel() = default;

void GalleryModel::setDat(std::shared_ptr<const dat::DatFile> dat) {
    m_dat = std::move(dat);
    m_outline = m_dat ? std::make_unique<TypeOutline>(*m_dat) : nullptr;
    m_service->setAssets(m_dat ? std::make_shared<preview::Assets>(m_dat) : nullptr);
    m_thumbnails.clear();
    m_errors.clear();
    rebuild();
}

void GalleryModel::setKind(render::ThumbnailKind kind) {
    if (kind == m_kind)
        return;
    m_kind = kind;
    rebuild();
}

void GalleryModel::setFilter(const QString& text) {
    if (text == m_filter)
        return;
    m_filter = text;
    rebuild();
}

void GalleryModel::rebuild() {
    beginResetModel();
    m_ids.clear();
    m_readyCount = 0;
    m_service->clearPending(); // what was asked for may no longer be shown
    if (m_outline) {
        m_outline->setFilter(EntryFilter(m_filter));
        const QStringList types = render::thumbnailTypeNames(m_kind);
        const OutlineNode root{};
        for (int g = 0; g < m_outline->groupCount(root); ++g) {
            const OutlineNode group = m_outline->group(root, g);
            if (!types.contains(m_outline->name(group)))
                continue;
            for (int e = 0; e < m_outline->entryCount(group); ++e)
                m_ids.push_back(m_outline->entry(group, e));
        }
        std::sort(m_ids.begin(), m_ids.end()); // textures come from three groups
    }
    endResetModel();
}

int GalleryModel::rowOf(std::uint32_t id) const {
    const auto it = std::lower_bound(m_ids.begin(), m_ids.end(), id);
    return it != m_ids.end() && *it == id ? int(it - m_ids.begin()) : -1;
}

int GalleryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_ids.size());
}

QVariant GalleryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_ids.size()))
        return {};
    const std::uint32_t id = m_ids[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("0x%1").arg(id, 8, 16, QChar('0')).toUpper().replace("0X", "0x");
    case Qt::DecorationRole:
        if (const QPixmap* pixmap = m_thumbnails.object(id))
            return *pixmap;
        if (!m_errors.contains(id))
            m_service->request(id); // painted, so wanted: made off the GUI thread
        return m_placeholder;
    case Qt::ToolTipRole: {
        const QString type = m_dat ? typeNameOf(*m_dat, id) : QString();
        const QString error = m_errors.value(id);
        return error.isEmpty()
                   ? QStringLiteral("%1 %2").arg(type, data(index).toString())
                   : QStringLiteral("%1 %2: %3").arg(type, data(index).toString(), error);
    }
    case IdRole:
        return QVariant::fromValue(id);
    case ReadyRole:
        return m_thumbnails.contains(id) || m_errors.contains(id);
    default:
        return {};
    }
}

void GalleryModel::thumbnailArrived(std::uint32_t id, const QImage& image, const QString& error) {
    const int row = rowOf(id);
    if (image.isNull())
        m_errors.insert(id, error.isEmpty() ? tr("no thumbnail") : error);
    else
        m_thumbnails.insert(id, new QPixmap(QPixmap::fromImage(image)),
                            std::max<qsizetype>(1, image.sizeInBytes() / 1024));
    if (row < 0)
        return;
    ++m_readyCount;
    const QModelIndex at = index(row);
    emit dataChanged(at, at, {Qt::DecorationRole, Qt::ToolTipRole, ReadyRole});
    emit thumbnailReady(id);
}

} // namespace portalkit::ui
