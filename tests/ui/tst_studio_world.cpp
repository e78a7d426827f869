// The studio shows the world (docs/render.md#the-world, docs/user-guide.md#the-world): choosing a
// LandBlock or LandBlockInfo in the browser builds that block and its neighbours off the GUI
// thread and draws them in the viewport instead of the Setup shown before; choosing a Setup
// again puts the Setup back alone.

#include "support/demo_ids.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/studio/world_loader.h"
#include "ui/widgets/main_window.h"

#include <QApplication>
#include <QImage>
#include <QObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

class TestStudioWorld : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void selectingALandblockShowsTheWorld() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(window.openDat(PORTALKIT_DEMO_CELL_DAT));
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);

        QSignalSpy shown(&studio, &Studio::worldShown);
        QVERIFY(window.selectEntry(0xA9B4FFFE)); // the town's LandBlockInfo
        QVERIFY(shown.wait(60000));
        QCOMPARE(shown.first().first().value<std::uint32_t>(), 0xA9B4FFFFu);
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
        QVERIFY(studio.viewport()->scene().world().partCount() > 0);
        QCOMPARE(studio.viewport()->scene().drawnParts(), std::size_t(0)); // the Setup is gone
        QCOMPARE(studio.session()->mode(), StudioSession::Mode::Empty);

        // Ground fills a good part of the view now.
        const QImage image = studio.viewport()->capture().convertToFormat(QImage::Format_RGB32);
        QVERIFY(!image.isNull());
        const QRgb bg = render::backgroundColor().rgb();
        int drawn = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                drawn += image.pixel(x, y) != bg ? 1 : 0;
        QVERIFY(drawn > (image.width() / 4) * (image.height() / 4) / 6);

        QVERIFY(window.selectEntry(0x01D9FFFF)); // the sea block: a LandBlock, on its own
        QVERIFY(shown.wait(60000));
        QVERIFY(studio.viewport()->scene().world().blockCount() >= 1);

        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(0));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestStudioWorld test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_studio_world.moc"
