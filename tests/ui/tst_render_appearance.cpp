// An ObjDesc drawn (docs/appearance.md), under Xvfb: the bundled dressed_human.json scenario's
// CreateObject dresses the demo human in the tunic, and its render differs from the same
// CreateObject without ModelData on the torso, not elsewhere. Behavioural checks only.

#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
#include "ui/render/offscreen_renderer.h"

#include <QApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRect>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

std::shared_ptr<Assets> demoAssets() {
    auto dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    return std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(dat)));
}

QByteArray scenarioJson(bool dressed) {
    QFile file(PORTALKIT_SCENARIOS "/dressed_human.json");
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    if (!dressed) {
        QJsonArray messages = root["messages"].toArray();
        QJsonObject entry = messages[0].toObject();
        QJsonObject message = entry["message"].toObject();
        message.remove("model");
        entry["message"] = message;
        messages[0] = entry;
        root["messages"] = messages;
    }
    return QJsonDocument(root).toJson();
}

FrameSnapshot play(const std::shared_ptr<Assets>& assets, bool dressed) {
    const Scenario scenario = loadScenario(scenarioJson(dressed), "dressed_human.json");
    PreviewScene scene(assets, scenario.seed);
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(0.2);
    return scene.snapshot();
}

} // namespace

class TestRenderAppearance : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY2(render::renderEnvironmentProblem().isEmpty(), "no GL here"); }

    void snapshotCarriesTheLook() {
        const auto assets = demoAssets();
        const FrameSnapshot dressed = play(assets, true);
        const FrameSnapshot bare = play(assets, false);
        QCOMPARE(dressed.parts.size(), bare.parts.size());
        int looks = 0;
        for (const PartInstance& part : dressed.parts)
            if (part.look) {
                ++looks;
                QCOMPARE(part.part, 1); // the torso
                QCOMPARE(part.look->surfaces.front().texture, 0x05000C41u);
            }
        QCOMPARE(looks, 1);
        for (const PartInstance& part : bare.parts)
            QVERIFY(!part.look);
    }

    void dressedRenderDiffersOnTheTorso() {
        const auto assets = demoAssets();
        render::OffscreenRenderer renderer(QSize(320, 320));
        QVERIFY2(renderer.isValid(), qPrintable(renderer.errorString()));
        renderer.setAssets(assets);
        const FrameSnapshot bareSnap = play(assets, false);
        renderer.setCamera(renderer.cameraFor(bareSnap)); // the same view for both
        const QImage bare = renderer.render(bareSnap);
        const QImage dressed = renderer.render(play(assets, true));
        QVERIFY(!bare.isNull() && !dressed.isNull());
        QCOMPARE(dressed.size(), bare.size());

        QRect changed;
        int differing = 0;
        for (int y = 0; y < bare.height(); ++y)
            for (int x = 0; x < bare.width(); ++x) {
                const QRgb a = bare.pixel(x, y), b = dressed.pixel(x, y);
                if (std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
                        std::abs(qBlue(a) - qBlue(b)) >
                    24) {
                    ++differing;
                    changed |= QRect(x, y, 1, 1);
                }
            }
        QVERIFY2(differing > 200, qPrintable(QString::number(differing)));
        // The torso sits in the middle of the figure: neither the feet nor the head change.
        const int h = bare.height();
        QVERIFY2(changed.top() > h / 8 && changed.bottom() < h * 7 / 8,
                 qPrintable(QStringLiteral("changed rows %1..%2 of %3")
                                .arg(changed.top())
                                .arg(changed.bottom())
                                .arg(h)));
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestRenderAppearance test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_render_appearance.moc"
