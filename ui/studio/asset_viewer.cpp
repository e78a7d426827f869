#include "ui/studio/asset_viewer.h"

#include "datreader/records/common.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/particle_emitter_info.h"
#include "preview/scene/asset_alone.h"
#include "ui/render/scene_view.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/studio_session.h"
#include "ui/studio/emitter_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <algorithm>

namespace portalkit::ui {

AssetViewer::AssetViewer(render::ViewportWidget* viewport, QObject* parent)
    : QObject(parent), m_viewport(viewport) {}

bool AssetViewer::handles(const QString& type) {
    return type == QLatin1String("GfxObj") || type == QLatin1String("ParticleEmitterInfo") ||
           type == QLatin1String("Animation");
}

bool AssetViewer::show(StudioSession* session, const QString& type, std::uint32_t id,
                       std::uint32_t lastSetup) {
    if (!handles(type))
        return false;
    m_gfxObj = 0;
    hideEmitterPanel(); // showEmitter shows it again
    if (!session) {
        m_viewport->setCaption(tr("No portal DAT is open"));
        return true;
    }
    if (type == QLatin1String("GfxObj"))
        showGfxObj(*session, id);
    else if (type == QLatin1String("ParticleEmitterInfo"))
        showEmitter(*session, id);
    else
        showAnimation(*session, id, lastSetup);
    return true;
}

// A GfxObj has no clock: the session is cleared and the viewport draws one part at the origin.
bool AssetViewer::showGfxObj(StudioSession& session, std::uint32_t id) {
    session.clear();
    const auto* gfx = session.assets().get<dat::GfxObj>(id);
    if (!gfx) {
        m_viewport->setCaption(
            tr("GfxObj %1 cannot be loaded: %2")
                .arg(dat::didJson(id), session.assets().whyMissing<dat::GfxObj>(id)));
        return false;
    }
    preview::FrameSnapshot snapshot;
    snapshot.parts.push_back(preview::PartInstance{0, 0, id});
    m_viewport->showSnapshot(snapshot);
    m_viewport->frameSelection();
    m_gfxObj = id;
    m_viewport->setCaption(
        gfx->physicsPolygons.empty()
            ? tr("GfxObj %1 alone: %2 polygons, no physics polygons")
                  .arg(dat::didJson(id))
                  .arg(gfx->polygons.size())
            : tr("GfxObj %1 alone: %2 polygons, %3 physics polygons (View → Viewport → Physics "
                 "polygons)")
                  .arg(dat::didJson(id))
                  .arg(gfx->polygons.size())
                  .arg(gfx->physicsPolygons.size()));
    return true;
}

// Played and looped, the camera on where its particles go in the first seconds.
bool AssetViewer::showEmitter(StudioSession& session, std::uint32_t id) {
    if (!session.showEmitter(id)) {
        m_viewport->setCaption(session.lastError());
        if (EmitterPanel* panel = ensureEmitterPanel()) {
            panel->setError(id, session.lastError());
            followEmitter(session);
        }
        return false;
    }
    const auto reach = preview::emitterReach(session.assetsPtr(), id, 3.0, session.frameStep());
    const render::BoundingSphere framed =
        reach ? render::BoundingSphere{{reach->center.x, reach->center.y, reach->center.z},
                                       std::max(reach->radius, 0.25f)}
              : render::BoundingSphere{{0, 0, 0.5f}, 1.0f};
    render::OrbitCamera camera = render::OrbitCamera::framing(framed);
    m_viewport->showSnapshot(session.snapshot());
    m_viewport->setCamera(camera);
    const auto* info = session.assets().get<dat::ParticleEmitterInfo>(id);
    const bool walks = info && info->emitterType == preview::kBirthratePerMeter;
    m_viewport->setCaption(
        walks ? tr("ParticleEmitterInfo %1 alone; it births per metre, so it walks along +Y")
                    .arg(dat::didJson(id))
              : tr("ParticleEmitterInfo %1 alone at the origin").arg(dat::didJson(id)));
    if (info && ensureEmitterPanel()) {
        m_emitterPanel->setEmitter(*info);
        followEmitter(session);
    }
    session.setLoop(true);
    session.play();
    return true;
}

EmitterPanel* AssetViewer::ensureEmitterPanel() {
    if (m_emitterDock)
        return m_emitterPanel;
    auto* window = qobject_cast<QMainWindow*>(m_viewport->window());
    if (!window)
        return nullptr;
    m_emitterDock = new QDockWidget(tr("Emitter"), window);
    m_emitterDock->setObjectName(QStringLiteral("emitterParameters")); // for saveState
    m_emitterPanel = new EmitterPanel(m_emitterDock);
    m_emitterDock->setWidget(m_emitterPanel);
    window->addDockWidget(Qt::RightDockWidgetArea, m_emitterDock);
    // Over the Effects launcher, which has nothing to launch on an emitter alone.
    if (auto* effects = window->findChild<QDockWidget*>(QStringLiteral("effects")))
        window->tabifyDockWidget(effects, m_emitterDock);
    m_emitterDock->hide();
    return m_emitterPanel;
}

void AssetViewer::followEmitter(StudioSession& session) {
    hideEmitterPanel();
    m_emitterDock->show();
    m_emitterDock->raise();
    // The session is told to show a Setup, a scenario or another emitter by the studio, not by
    // this viewer: its snapshot changing to anything else is what puts the panel away. (An
    // emitter that failed left the session empty; what it shows next puts the error away.)
    const StudioSession::Mode mode = session.mode();
    const std::uint32_t id = session.emitterId();
    StudioSession* followed = &session;
    m_following =
        connect(&session, &StudioSession::snapshotChanged, this, [this, followed, mode, id] {
            if (followed->mode() != mode || followed->emitterId() != id)
                hideEmitterPanel();
        });
    m_sessionGone = connect(&session, &QObject::destroyed, this, [this] { hideEmitterPanel(); });
}

void AssetViewer::hideEmitterPanel() {
    QObject::disconnect(m_following);
    QObject::disconnect(m_sessionGone);
    if (m_emitterDock)
        m_emitterDock->hide();
}

bool AssetViewer::showAnimation(StudioSession& session, std::uint32_t id, std::uint32_t lastSetup) {
    const std::uint32_t setup = preview::setupForAnimation(session.assets(), id, lastSetup);
    if (!setup) {
        session.clear();
        m_viewport->setCaption(
            tr("Animation %1: no Setup in the DAT has its part count").arg(dat::didJson(id)));
        return false;
    }
    if (!session.showAnimation(setup, id)) {
        m_viewport->setCaption(session.lastError());
        return false;
    }
    m_viewport->showSnapshot(session.snapshot());
    m_viewport->frameSelection();
    m_viewport->setCaption(setup == lastSetup
                               ? tr("Animation %1 on Setup %2, the Setup shown last")
                                     .arg(dat::didJson(id), dat::didJson(setup))
                               : tr("Animation %1 on Setup %2, the first Setup with its part "
                                    "count")
                                     .arg(dat::didJson(id), dat::didJson(setup)));
    session.setLoop(true);
    session.play();
    return true;
}

} // namespace portalkit::ui
