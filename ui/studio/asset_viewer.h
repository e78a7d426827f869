#pragma once
// Assets other than Setups shown alone in the studio's viewport (docs/studio.md#assets-alone):
// a GfxObj as it is, with its physics polygons and BSP under the Physics polygons overlay; a
// ParticleEmitterInfo played alone at the origin, its particles counted in the Particles dock and
// its parameters in an Emitter dock beside the viewport (shown while that emitter plays); an
// Animation looping on a Setup with its part count. Headless rules in
// preview/scene/asset_alone.h.

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <cstdint>
#include <functional>

class QDockWidget;

namespace portalkit::render {
class ViewportWidget;
}

namespace portalkit::ui {

class EmitterPanel;
class StudioSession;

class AssetViewer : public QObject {
    Q_OBJECT
  public:
    AssetViewer(render::ViewportWidget* viewport, QObject* parent = nullptr);

    // Whether show() takes entries of this type.
    static bool handles(const QString& type);

    // Shows `id` of type `type` ("GfxObj", "ParticleEmitterInfo", "Animation") from the
    // session's portal DAT and returns true; false for any other type. `lastSetup` is the Setup
    // shown last, which an Animation plays on when its part count fits.
    bool show(StudioSession* session, const QString& type, std::uint32_t id,
              std::uint32_t lastSetup);
    // The GfxObj drawn alone, 0 when none is.
    std::uint32_t shownGfxObj() const { return m_gfxObj; }
    // Forgets the GfxObj (the session shows something else).
    void reset() { m_gfxObj = 0; }

    // The emitter's parameters and their dock (made with the first emitter shown; null before).
    EmitterPanel* emitterPanel() const { return m_emitterDock ? m_emitterPanel : nullptr; }
    QDockWidget* emitterDock() const { return m_emitterDock; }

  private:
    bool showGfxObj(StudioSession& session, std::uint32_t id);
    bool showEmitter(StudioSession& session, std::uint32_t id);
    bool showAnimation(StudioSession& session, std::uint32_t id, std::uint32_t lastSetup);
    // The dock on the viewport's main window, beside the viewport; null without a main window.
    EmitterPanel* ensureEmitterPanel();
    // Shows the dock with `session`'s emitter and hides it once the session shows anything else.
    void followEmitter(StudioSession& session);
    void hideEmitterPanel();

    render::ViewportWidget* m_viewport;
    std::uint32_t m_gfxObj = 0;
    QPointer<QDockWidget> m_emitterDock;
    EmitterPanel* m_emitterPanel = nullptr;
    QMetaObject::Connection m_following, m_sessionGone;
};

} // namespace portalkit::ui
