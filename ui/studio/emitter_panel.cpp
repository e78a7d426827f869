#include "ui/studio/emitter_panel.h"

#include "datreader/records/common.h"
#include "datreader/records/particle_emitter_info.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace portalkit::ui {
namespace {

QString number(double value) {
    return QString::number(value, 'g', 6);
}

QString vector(const dat::Vec3& v) {
    return QStringLiteral("(%1, %2, %3)").arg(number(v.x), number(v.y), number(v.z));
}

// A value drawn between two bounds: "min … max", or the one value when they agree.
QString range(double low, double high) {
    return low == high ? number(low) : QStringLiteral("%1 … %2").arg(number(low), number(high));
}

// A start → final ramp with its random spread.
QString ramp(double start, double final, double spread) {
    return QStringLiteral("%1 → %2, ± %3").arg(number(start), number(final), number(spread));
}

QString typeText(std::string_view name, std::int32_t value) {
    return QStringLiteral("%1 (%2)")
        .arg(QString::fromUtf8(name.data(), qsizetype(name.size())))
        .arg(value);
}

} // namespace

EmitterPanel::EmitterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(m_form);
    layout->addStretch(1);
    m_title->setText(tr("Choose a ParticleEmitterInfo in the browser"));
}

// The particle types' motion (docs/retail-behaviour.md#particle-motion): which of A, B and C each
// one reads, and as what. A user reading raw vectors cannot tell a velocity from a swirl radius.
QString EmitterPanel::vectorRole(std::int32_t particleType, int which) {
    const bool rotates = particleType == 4 || particleType == 9 || particleType == 11;
    switch (particleType) {
    case 2:  // LocalVelocity
    case 12: // GlobalVelocity
        return which == 0 ? tr("velocity") : QString();
    case 3:  // ParabolicLVGA
    case 4:  // ParabolicLVGAGR
    case 8:  // ParabolicLVLA
    case 9:  // ParabolicLVLALR
    case 10: // ParabolicGVGA
    case 11: // ParabolicGVGAGR
        return which == 0   ? tr("velocity")
               : which == 1 ? tr("acceleration")
               : rotates    ? tr("angular velocity")
                            : QString();
    case 5: // Swarm
        return which == 0 ? tr("velocity") : which == 1 ? tr("swirl rate") : tr("swirl radius");
    case 6: // Explode
        return which == 0   ? tr("x: speed along C, z: upward drift")
               : which == 1 ? tr("acceleration")
                            : tr("direction (randomised)");
    case 7: // Implode
        return which == 0   ? tr("x: angular frequency")
               : which == 1 ? tr("acceleration (× t²)")
                            : tr("amplitude");
    default: // Still and unknown types do not move
        return {};
    }
}

void EmitterPanel::clearRows() {
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_rows.clear();
}

void EmitterPanel::addRow(const QString& key, const QString& label, const QString& value) {
    auto* name = new QLabel(label, this);
    auto* shown = new QLabel(value, this);
    shown->setTextInteractionFlags(Qt::TextSelectableByMouse);
    shown->setWordWrap(true);
    m_form->addRow(name, shown);
    m_rows[key] = {name, shown};
}

void EmitterPanel::setEmitter(const dat::ParticleEmitterInfo& e) {
    clearRows();
    m_id = e.id;
    m_title->setText(tr("ParticleEmitterInfo %1").arg(dat::didJson(e.id)));
    addRow("emitterType", tr("Emitter"),
           typeText(dat::ParticleEmitterInfo::emitterTypeName(e.emitterType), e.emitterType));
    addRow("particleType", tr("Particle"),
           typeText(dat::ParticleEmitterInfo::particleTypeName(e.particleType), e.particleType));
    addRow("gfxObj", tr("GfxObj"), dat::didJson(e.gfxObjId));
    addRow("hwGfxObj", tr("hw GfxObj"), dat::didJson(e.hwGfxObjId));
    // Birthrate is a gap, not a rate: seconds between births, or metres walked for PerMeter.
    const bool perMeter = e.emitterType == 2;
    addRow("birthrate", tr("Birth every"),
           perMeter ? tr("%1 m moved").arg(number(e.birthrate))
                    : tr("%1 s").arg(number(e.birthrate)));
    addRow("particles", tr("Particles"),
           tr("max %1, initial %2, total %3")
               .arg(e.maxParticles)
               .arg(e.initialParticles)
               .arg(e.totalParticles == 0 ? tr("unlimited") : QString::number(e.totalParticles)));
    addRow("totalSeconds", tr("Emits for"),
           e.totalSeconds == 0 ? tr("ever") : tr("%1 s").arg(number(e.totalSeconds)));
    addRow("lifespan", tr("Lifespan"),
           tr("%1 s ± %2 s").arg(number(e.lifespan), number(e.lifespanRand)));
    addRow("offset", tr("Offset"),
           tr("%1 along %2").arg(range(e.minOffset, e.maxOffset), vector(e.offsetDir)));
    const std::pair<const dat::Vec3*, std::pair<float, float>> vectors[] = {
        {&e.a, {e.minA, e.maxA}}, {&e.b, {e.minB, e.maxB}}, {&e.c, {e.minC, e.maxC}}};
    const char* keys[] = {"a", "b", "c"};
    for (int i = 0; i < 3; ++i) {
        const QString role = vectorRole(e.particleType, i);
        const QString name = QString(QChar('A' + i));
        addRow(keys[i],
               role.isEmpty() ? tr("%1 (unused)").arg(name) : tr("%1 (%2)").arg(name, role),
               tr("%1 × %2").arg(vector(*vectors[i].first),
                                 range(vectors[i].second.first, vectors[i].second.second)));
    }
    addRow("scale", tr("Scale"), ramp(e.startScale, e.finalScale, e.scaleRand));
    addRow("transparency", tr("Transparency"), ramp(e.startTrans, e.finalTrans, e.transRand));
    addRow("parentLocal", tr("Parent-local"), e.isParentLocal ? tr("yes") : tr("no"));
}

void EmitterPanel::setError(std::uint32_t id, const QString& error) {
    clearRows();
    m_id = id;
    m_title->setText(error);
}

QString EmitterPanel::value(const QString& key) const {
    const auto row = m_rows.find(key);
    return row == m_rows.end() ? QString() : row->second.second->text();
}

QString EmitterPanel::label(const QString& key) const {
    const auto row = m_rows.find(key);
    return row == m_rows.end() ? QString() : row->second.first->text();
}

} // namespace portalkit::ui
