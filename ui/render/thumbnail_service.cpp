#include "ui/render/thumbnail_service.h"

#include "datreader/io/dat_error.h"
#include "ui/render/thumbnail_sheet.h"
#include "ui/render/thumbnailer.h"

#include <QMetaObject>
#include <algorithm>

namespace portalkit::render {

struct ThumbnailService::Found {
    enum class How { Hit, Decoded, NeedsDraw, Drawn, Failed };
    std::uint32_t id = 0;
    How how = How::Failed;
    QImage image;
    QString error;
};

ThumbnailService::ThumbnailService(QObject* parent) : QObject(parent) {
    m_pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
    for (QTimer* timer : {&m_pump, &m_draw}) {
        timer->setSingleShot(true);
        timer->setInterval(0);
    }
    connect(&m_pump, &QTimer::timeout, this, &ThumbnailService::pump);
    connect(&m_draw, &QTimer::timeout, this, &ThumbnailService::drawBatch);
}

ThumbnailService::~ThumbnailService() {
    m_pool.clear();
    m_pool.waitForDone(); // their queued answers die with this object
}

void ThumbnailService::reset() {
    ++m_generation;
    m_pending.clear();
    m_toDraw.clear();
    m_underWay.clear();
}

void ThumbnailService::setAssets(std::shared_ptr<const preview::Assets> assets) {
    reset();
    m_assets = assets && assets->dat() ? std::move(assets) : nullptr;
    m_identity = m_assets ? render::datIdentity(*m_assets->dat()) : QString();
    refreshModels();
}

void ThumbnailService::refreshModels() {
    if (m_drawing) { // asked from inside a render's event loop: after it
        m_modelsStale = true;
        return;
    }
    m_modelsStale = false;
    if (m_models && m_assets && m_models->size() == m_size)
        m_models->setAssets(m_assets); // the GL context stays; meshes and textures go
    else
        m_models.reset();
}

void ThumbnailService::setSize(int size) {
    if (size == m_size)
        return;
    reset();
    m_size = std::clamp(size, 8, 1024);
    refreshModels();
}

void ThumbnailService::setCacheRoot(const QString& root) {
    m_cache = ThumbnailCache(root);
}

void ThumbnailService::request(std::uint32_t id) {
    if (!m_assets || m_underWay.contains(id))
        return;
    std::erase(m_pending, id);
    m_pending.push_front(id);
    while (int(m_pending.size()) > std::max(1, m_maxPending))
        m_pending.pop_back();
    schedule();
}

void ThumbnailService::clearPending() {
    m_pending.clear();
}

int ThumbnailService::outstanding() const {
    return int(m_pending.size()) + int(m_underWay.size());
}

void ThumbnailService::schedule() {
    if (!m_pump.isActive())
        m_pump.start();
}

void ThumbnailService::pump() {
    // Few lookups at a time, so that what is asked for next (scrolled to) overtakes the rest.
    const int most = 2 * m_pool.maxThreadCount();
    while (m_lookingUp < most && !m_pending.empty()) {
        const std::uint32_t id = m_pending.front();
        m_pending.pop_front();
        m_underWay.insert(id);
        lookUp(id);
    }
}

void ThumbnailService::lookUp(std::uint32_t id) {
    ++m_lookingUp;
    const auto kind = thumbnailKindOf(*m_assets->dat(), id);
    const ThumbnailKey key{m_identity, id, m_size};
    m_pool.start([this, generation = m_generation, assets = m_assets, kind, key,
                  cache = m_cacheEnabled ? std::optional(m_cache) : std::nullopt] {
        Found found{key.id};
        if (auto cached = cache ? cache->load(key) : std::nullopt) {
            found.how = Found::How::Hit;
            found.image = std::move(*cached);
        } else if (kind == ThumbnailKind::Texture) {
            try {
                found.image = textureThumbnail(*assets->dat(), key.id, key.size);
                found.how = Found::How::Decoded;
                if (cache)
                    cache->store(key, found.image);
            } catch (const dat::DatError& error) {
                found.error = QString::fromStdString(error.what());
            }
        } else if (kind) {
            found.how = Found::How::NeedsDraw;
        } else {
            found.error = QStringLiteral("has no thumbnail (not a Setup, GfxObj or texture)");
        }
        QMetaObject::invokeMethod(
            this, [this, generation, found] { deliver(generation, found); }, Qt::QueuedConnection);
    });
}

void ThumbnailService::deliver(int generation, const Found& found) {
    if (found.how != Found::How::Drawn)
        --m_lookingUp;
    if (generation == m_generation) {
        if (found.how == Found::How::NeedsDraw) {
            m_toDraw.push_back(found.id);
            if (!m_draw.isActive() && !m_drawing)
                m_draw.start();
        } else {
            m_underWay.remove(found.id);
            m_stats.cacheHits += found.how == Found::How::Hit;
            m_stats.decoded += found.how == Found::How::Decoded;
            m_stats.drawn += found.how == Found::How::Drawn;
            m_stats.failed += found.how == Found::How::Failed;
            emit ready(found.id, found.image, found.error);
        }
    }
    schedule();
    if (m_pending.empty() && m_underWay.isEmpty())
        emit idle();
}

void ThumbnailService::drawBatch() {
    if (m_drawing) // render() spins the event loop while it waits for its frame
        return;
    m_drawing = true;
    QElapsedTimer batch;
    batch.start();
    const int generation = m_generation;
    while (!m_toDraw.empty() && generation == m_generation) {
        const std::uint32_t id = m_toDraw.front();
        m_toDraw.pop_front();
        if (!m_models)
            m_models = std::make_unique<ModelThumbnailer>(m_assets, m_size);
        QElapsedTimer draw;
        draw.start();
        const auto kind = thumbnailKindOf(*m_assets->dat(), id);
        const QImage frame = m_models->renderFrame(kind.value_or(ThumbnailKind::Setup), id);
        m_stats.drawMs.push_back(double(draw.nsecsElapsed()) / 1e6);
        if (generation != m_generation)
            break;
        if (frame.isNull()) {
            m_underWay.remove(id);
            ++m_stats.failed;
            emit ready(id, {}, m_models->errorString());
        } else {
            const ThumbnailKey key{m_identity, id, m_size};
            m_pool.start([this, generation, frame, key,
                          cache = m_cacheEnabled ? std::optional(m_cache) : std::nullopt] {
                Found found{key.id, Found::How::Drawn, finishThumbnail(frame, key.size)};
                if (cache)
                    cache->store(key, found.image);
                QMetaObject::invokeMethod(
                    this, [this, generation, found] { deliver(generation, found); },
                    Qt::QueuedConnection);
            });
        }
        if (batch.elapsed() >= m_budgetMs)
            break;
    }
    m_stats.batchMs.push_back(double(batch.nsecsElapsed()) / 1e6);
    m_drawing = false;
    if (m_modelsStale)
        refreshModels();
    if (!m_toDraw.empty())
        m_draw.start(); // the rest after the event loop has had its turn
    else if (m_pending.empty() && m_underWay.isEmpty())
        emit idle();
}

} // namespace portalkit::render
