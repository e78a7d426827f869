// The studio's viewport on assets other than Setups (docs/studio.md#assets-alone): a GfxObj alone
// with its physics polygons as a toggled overlay, a ParticleEmitterInfo played alone with the
// particle plot following it and its parameters in a dock beside the viewport, and an Animation
// on a Setup whose part count matches. Under Xvfb.

#include "datreader/records/common.h"
#include "datreader/records/particle_emitter_info.h"
#include "preview/scene/owner.h"
#include "support/demo_dats.h"
#include "support/demo_ids.h"
#include "ui/render/scene_view.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/particle_plot.h"
#include "ui/session/studio_session.h"
#include "ui/studio/asset_viewer.h"
#include "ui/studio/emitter_panel.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QColor>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QObject>
#include <QStandardPaths>
#include <QTest>
#include <cmath>
#include <set>
#include <vector>

using namespace portalkit;
using namespace portalkit::ui;
using namespace portalkit::testing::demo_ids;

namespace {

constexpr std::uint32_t kRoof = 0x01000D01;           // ten physics polygons
constexpr std::uint32_t kEmitter = 0x32000A03;        // births per second, ParabolicLVLALR
constexpr std::uint32_t kExplodeEmitter = 0x32000A05; // births per second, Explode
constexpr std::uint32_t kWalker = 0x32000A02;         // births per metre, GlobalVelocity

QString number(double value) {
    return QString::number(value, 'g', 6);
}

qsizetype differingPixels(const QImage& a, const QImage& b) {
    qsizetype count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            if (std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
                    std::abs(p.blue() - q.blue()) >
                24)
                ++count;
        }
    return count;
}

QString caption(const Studio& studio) {
    return studio.viewport()->captionLabel()->text();
}

} // namespace

class TestStudioAssetsAlone : public QObject {
    Q_OBJECT

    MainWindow* m_window = nullptr;
    Studio* m_studio = nullptr;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_window = new MainWindow;
        m_studio = new Studio(m_window);
        QVERIFY(m_window->openDat(PORTALKIT_DEMO_DAT));
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }
    void cleanupTestCase() { delete m_window; }

    void gfxObjAloneWithItsPhysicsOverlay() {
        QAction* physics =
            m_studio->viewport()->overlayActions().at(int(render::Overlay::PhysicsPolygons));
        physics->setChecked(false);
        QVERIFY(m_window->selectEntry(kHuman));
        const QImage human = m_studio->viewport()->capture();
        QVERIFY(m_window->selectEntry(kRoof));
        QCOMPARE(m_studio->assetViewer()->shownGfxObj(), kRoof);
        QCOMPARE(m_studio->session()->mode(), StudioSession::Mode::Empty);
        QVERIFY2(caption(*m_studio).contains("GfxObj 0x01000D01 alone"),
                 qPrintable(caption(*m_studio)));
        QVERIFY(caption(*m_studio).contains("10 physics polygons"));
        const QImage plain = m_studio->viewport()->capture();
        QVERIFY(!plain.isNull());
        QVERIFY(differingPixels(human, plain) > 500); // the human is gone, the roof is drawn
        physics->setChecked(true);
        const QImage lines = m_studio->viewport()->capture();
        QVERIFY2(differingPixels(plain, lines) > 30,
                 QByteArray::number(differingPixels(plain, lines)));
        physics->setChecked(false);
        QVERIFY(differingPixels(plain, m_studio->viewport()->capture()) < 10);
    }

    void emitterAloneFillsThePlot() {
        QVERIFY(m_window->selectEntry(kEmitter));
        StudioSession& session = *m_studio->session();
        QCOMPARE(session.mode(), StudioSession::Mode::Emitter);
        QCOMPARE(session.emitterId(), kEmitter);
        QVERIFY(session.isPlaying());
        session.pause();
        session.seek(0);
        QVERIFY(session.snapshot().particles.empty());
        QVERIFY(session.snapshot().parts.empty());
        const QImage empty = m_studio->viewport()->capture();
        session.advanceFrames(40); // 1.6 s
        QVERIFY(!session.snapshot().particles.empty());
        QVERIFY(m_studio->particlePlot()->peakParticles() > 0);
        QCOMPARE(m_studio->particlePlot()->peakEmitters(), qint64(1));
        const QImage later = m_studio->viewport()->capture();
        QVERIFY2(differingPixels(empty, later) > 10,
                 QByteArray::number(differingPixels(empty, later)));
        QVERIFY(caption(*m_studio).contains("ParticleEmitterInfo 0x32000A03 alone"));
    }

    // The emitter's parameters, read from the record, beside the viewport while it plays; put
    // away when a Setup is shown, back (with the other emitter's values) for the next one.
    void emitterParametersBesideTheViewport() {
        QVERIFY(m_window->selectEntry(kEmitter));
        EmitterPanel* panel = m_studio->assetViewer()->emitterPanel();
        QVERIFY(panel);
        QDockWidget* dock = m_studio->assetViewer()->emitterDock();
        QVERIFY(dock->isVisible());
        QVERIFY(!dock->visibleRegion().isEmpty()); // raised over the docks it shares a column with
        const auto info =
            testing::demoRecord<dat::ParticleEmitterInfo>(testing::demoPortalDat(), kEmitter);
        QCOMPARE(panel->emitterId(), kEmitter);
        QVERIFY(panel->titleLabel()->text().contains(dat::didJson(kEmitter)));
        QVERIFY(panel->value("emitterType").contains("BirthratePerSec"));
        QVERIFY(panel->value("particleType").contains("ParabolicLVLALR"));
        QVERIFY(panel->value("gfxObj").contains(dat::didJson(info.gfxObjId)));
        QVERIFY(panel->value("hwGfxObj").contains(dat::didJson(info.hwGfxObjId)));
        const QString birth = panel->value("birthrate");
        QVERIFY2(birth.contains(number(info.birthrate)) && birth.endsWith(" s"), qPrintable(birth));
        const QString particles = panel->value("particles");
        QVERIFY(particles.contains(QString::number(info.maxParticles)));
        QVERIFY(panel->value("lifespan").contains(number(info.lifespan)));
        QVERIFY(panel->value("lifespan").contains(number(info.lifespanRand)));
        for (const auto& [key, v] : {std::pair{"a", info.a}, {"b", info.b}, {"c", info.c}})
            for (float component : {v.x, v.y, v.z})
                QVERIFY2(panel->value(key).contains(number(component)),
                         qPrintable(panel->value(key)));
        QVERIFY(panel->value("scale").contains(number(info.startScale)));
        QVERIFY(panel->value("scale").contains(number(info.finalScale)));
        QVERIFY(panel->value("transparency").contains(number(info.finalTrans)));
        // The vectors are named for what this particle type does with them: LR turns about C.
        QVERIFY(panel->label("a").contains("velocity"));
        QVERIFY(panel->label("b").contains("acceleration"));
        QVERIFY(panel->label("c").contains("angular"));

        QVERIFY(m_window->selectEntry(kHuman));
        QVERIFY(!dock->isVisible());
        QVERIFY(m_window->selectEntry(kExplodeEmitter));
        QVERIFY(dock->isVisible());
        QCOMPARE(panel->emitterId(), kExplodeEmitter);
        QVERIFY(panel->value("particleType").contains("Explode"));
        QVERIFY(panel->label("c").contains("direction"));
        const auto explode = testing::demoRecord<dat::ParticleEmitterInfo>(testing::demoPortalDat(),
                                                                           kExplodeEmitter);
        QVERIFY(panel->value("birthrate").contains(number(explode.birthrate)));
        // A per-metre emitter's birth gap is a distance; a Still-like type's unused vectors say so.
        QVERIFY(m_window->selectEntry(kWalker));
        QVERIFY2(panel->value("birthrate").endsWith("m moved"),
                 qPrintable(panel->value("birthrate")));
        QVERIFY(panel->label("b").contains("unused"));
        QVERIFY(m_window->selectEntry(kRoof)); // a GfxObj alone: no emitter parameters
        QVERIFY(!dock->isVisible());
    }

    void animationPlaysOnAMatchingSetup() {
        // The wisp has one part: the recall animation's seven go on the human instead.
        QVERIFY(m_window->selectEntry(kWisp));
        QVERIFY(m_window->selectEntry(kRecallAnimation));
        StudioSession& session = *m_studio->session();
        QCOMPARE(session.mode(), StudioSession::Mode::Setup);
        QCOMPARE(session.setupId(), kHuman);
        QCOMPARE(session.animationId(), kRecallAnimation);
        QVERIFY2(caption(*m_studio).contains("first Setup with its part count"),
                 qPrintable(caption(*m_studio)));
        session.pause();
        std::set<std::vector<float>> poses;
        for (int i = 0; i < 40; ++i) {
            session.advanceFrames(2);
            std::vector<float> pose;
            for (const auto& part : session.snapshot().parts)
                pose.insert(pose.end(),
                            {part.world.origin.x, part.world.origin.z, part.world.orientation.x});
            poses.insert(pose);
        }
        QVERIFY2(
            poses.size() > 5,
            qPrintable(
                QStringLiteral("%1 poses, %2 parts, anim %3, t %4")
                    .arg(poses.size())
                    .arg(session.snapshot().parts.size())
                    .arg(session.scene().owner(session.targetOwner())->sequencer.currentAnimation(),
                         0, 16)
                    .arg(session.time())));
        // Shown after the human itself, it plays on the human, said so.
        QVERIFY(m_window->selectEntry(kHuman));
        QVERIFY(m_window->selectEntry(kRecallAnimation));
        QCOMPARE(m_studio->session()->setupId(), kHuman);
        QVERIFY(caption(*m_studio).contains("the Setup shown last"));
        // A Setup chosen afterwards plays its own sequence again.
        QVERIFY(m_window->selectEntry(kWisp));
        QCOMPARE(m_studio->session()->animationId(), 0u);
    }
};

QTEST_MAIN(TestStudioAssetsAlone)
#include "tst_studio_assets_alone.moc"
