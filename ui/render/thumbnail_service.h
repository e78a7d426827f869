#pragma once

// Thumbnails made in the background for the studio's Gallery (docs/studio.md#gallery) and timed
// by `portalkit bench thumbnails`. A request is answered from the disk cache, or made: a texture
// is decoded and scaled on a worker thread; a Setup or GfxObj is drawn on the GUI thread (Qt3D's
// offscreen rendering needs it) in short batches from the event loop, each batch yielding after
// batchBudgetMs() so input and painting keep flowing, and its frame is reduced, encoded and
// cached on a worker. The latest request is served first (what was scrolled to last is what is
// on screen), and requests beyond maxPending() are dropped oldest first.

#include "preview/core/assets.h"
#include "ui/render/thumbnail_cache.h"

#include <QElapsedTimer>
#include <QHash>
#include <QImage>
#include <QObject>
#include <QSet>
#include <QThreadPool>
#include <QTimer>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace portalkit::render {

class ModelThumbnailer;

class ThumbnailService : public QObject {
    Q_OBJECT
  public:
    explicit ThumbnailService(QObject* parent = nullptr);
    ~ThumbnailService() override;

    // Thumbnails of `assets`' DAT from now on; what was pending is dropped and answers still
    // under way for the previous DAT are not delivered. Null: none.
    void setAssets(std::shared_ptr<const preview::Assets> assets);
    const std::shared_ptr<const preview::Assets>& assets() const { return m_assets; }
    // The DAT's identity (datIdentity), empty without one.
    const QString& datIdentity() const { return m_identity; }
    // Width and height of the thumbnails (default 128); drops what is pending.
    void setSize(int size);
    int size() const { return m_size; }
    // Where the cache lives (default ThumbnailCache::defaultRoot()); caching off: every request
    // is made afresh and nothing is written.
    void setCacheRoot(const QString& root);
    void setCacheEnabled(bool enabled) { m_cacheEnabled = enabled; }
    const ThumbnailCache& cache() const { return m_cache; }
    // How long one batch of renders may hold the GUI thread (default 12 ms; a batch draws at
    // least one thumbnail).
    void setBatchBudgetMs(int ms) { m_budgetMs = ms; }
    int batchBudgetMs() const { return m_budgetMs; }
    void setMaxPending(int count) { m_maxPending = count; }
    int maxPending() const { return m_maxPending; }

    // Asks for the thumbnail of `id`; ready() answers later. A request already waiting moves to
    // the front; one under way is not repeated.
    void request(std::uint32_t id);
    // Forgets every request not yet under way.
    void clearPending();
    // Requests waiting or under way.
    int outstanding() const;

    struct Stats {
        int cacheHits = 0, drawn = 0, decoded = 0, failed = 0;
        std::vector<double> batchMs; // how long each batch of renders held the GUI thread
        std::vector<double> drawMs;  // each model's frame on the GUI thread
    };
    const Stats& stats() const { return m_stats; }
    void resetStats() { m_stats = {}; }

  signals:
    // The thumbnail (size() square, ARGB32 premultiplied), or a null image and why not.
    void ready(std::uint32_t id, const QImage& image, const QString& error);
    // Nothing is waiting or under way any more.
    void idle();

  private:
    struct Found; // a worker's answer
    void schedule();
    void pump();
    void lookUp(std::uint32_t id);
    void drawBatch();
    void deliver(int generation, const Found& found);
    void reset();
    void refreshModels();

    std::shared_ptr<const preview::Assets> m_assets;
    QString m_identity;
    int m_size = 128;
    ThumbnailCache m_cache;
    bool m_cacheEnabled = true;
    int m_budgetMs = 12;
    int m_maxPending = 400;
    int m_generation = 0;
    std::deque<std::uint32_t> m_pending; // front first
    std::deque<std::uint32_t> m_toDraw;  // models missed by the cache, front first
    QSet<std::uint32_t> m_underWay;      // looked up, drawn or finished on a worker
    int m_lookingUp = 0;                 // lookups on workers now
    std::unique_ptr<ModelThumbnailer> m_models;
    QThreadPool m_pool;
    QTimer m_pump;
    QTimer m_draw;
    bool m_drawing = false;
    bool m_modelsStale = false; // the DAT or size changed while a batch was drawing
    Stats m_stats;
};

} // namespace portalkit::render
