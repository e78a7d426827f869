#pragma once
// Assets other than Setups shown alone in the studio's viewport (docs/studio.md#assets-alone):
// a GfxObj as it is, with its physics polygons under the Physics polygons overlay; a
// ParticleEmitterInfo played alone at the origin, its particles counted in the Particles dock;
// an Animation looping on a Setup with its part count. Headless rules in
// preview/scene/asset_alone.h.

#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>

namespace portalkit::render {
class ViewportWidget;
}

namespace portalkit::ui {

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

  private:
    bool showGfxObj(StudioSession& session, std::uint32_t id);
    bool showEmitter(StudioSession& session, std::uint32_t id);
    bool showAnimation(StudioSession& session, std::uint32_t id, std::uint32_t lastSetup);

    render::ViewportWidget* m_viewport;
    std::uint32_t m_gfxObj = 0;
};

} // namespace portalkit::ui
