#pragma once
// A ParticleEmitterInfo's parameters, read-only, beside the viewport while it plays alone
// (docs/studio.md#assets-alone): how it emits (type, rate, counts, how long), what each particle
// is (GfxObj, hw GfxObj), how it moves (offset, and A, B, C named for what the particle type makes
// of them) and how it fades (scale and transparency). AssetViewer owns it, in a dock.

#include <QString>
#include <QWidget>
#include <cstdint>
#include <map>

class QFormLayout;
class QLabel;

namespace portalkit::dat {
struct ParticleEmitterInfo;
}

namespace portalkit::ui {

class EmitterPanel : public QWidget {
    Q_OBJECT
  public:
    explicit EmitterPanel(QWidget* parent = nullptr);

    // Fills the form from `info`.
    void setEmitter(const dat::ParticleEmitterInfo& info);
    // Empties the form and says why (an emitter that cannot be loaded).
    void setError(std::uint32_t id, const QString& error);

    std::uint32_t emitterId() const { return m_id; }
    // The text shown for a row ("emitterType", "particleType", "gfxObj", "hwGfxObj", "birthrate",
    // "particles", "totalSeconds", "lifespan", "offset", "a", "b", "c", "scale", "transparency",
    // "parentLocal"), and its row label; empty for a row not shown.
    QString value(const QString& key) const;
    QString label(const QString& key) const;
    QLabel* titleLabel() const { return m_title; }

    // What a particle type makes of A, B and C ("velocity", "acceleration", ...); empty when the
    // type does not use that vector. `which` is 0 for A, 1 for B, 2 for C.
    static QString vectorRole(std::int32_t particleType, int which);

  private:
    void addRow(const QString& key, const QString& label, const QString& value);
    void clearRows();

    QLabel* m_title;
    QFormLayout* m_form;
    std::map<QString, std::pair<QLabel*, QLabel*>> m_rows; // key -> (label, value)
    std::uint32_t m_id = 0;
};

} // namespace portalkit::ui
