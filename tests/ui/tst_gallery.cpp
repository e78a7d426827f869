// The studio's Gallery under Xvfb (issue 24): the grid fills with thumbnails drawn off screen,
// the Browser's filter narrows it, the kind chooser switches to GfxObjs and textures, and a
// double-click selects the asset in the Browser.

#include "datreader/container/dat_kind.h"
#include "support/demo_ids.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/thumbnail_service.h"
#include "ui/studio/studio.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/gallery_dock.h"
#include "ui/widgets/gallery_model.h"
#include "ui/widgets/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPixmap>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::ui;
using namespace portalkit::testing::demo_ids;

namespace {

// Entries of one type in a DAT.
int entriesOf(const dat::DatFile& dat, std::string_view type) {
    int count = 0;
    for (const auto& entry : dat.entries())
        count += dat::typeName(dat.kind(), entry.id) == type;
    return count;
}

bool allReady(const GalleryModel& model) {
    for (int row = 0; row < model.rowCount(); ++row)
        if (!model.index(row).data(GalleryModel::ReadyRole).toBool())
            return false;
    return true;
}

// The rows' thumbnails as images.
std::vector<QImage> thumbnails(const GalleryModel& model) {
    std::vector<QImage> out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.push_back(model.index(row).data(Qt::DecorationRole).value<QPixmap>().toImage());
    return out;
}

} // namespace

class TestGallery : public QObject {
    Q_OBJECT
    QTemporaryDir m_cache;

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void gridFillsFiltersAndOpensInTheBrowser() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        GalleryDock* gallery = studio.gallery();
        QVERIFY(gallery);
        gallery->service()->setCacheRoot(m_cache.path());
        window.resize(1400, 1000);
        window.show();
        gallery->show();
        gallery->raise();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        gallery->listView()->setMinimumHeight(600); // every Setup in view, so every one is asked

        GalleryModel* model = gallery->model();
        // Counted in the DAT rather than written down: the demo gains assets now and then.
        const int setups = entriesOf(*window.portalDat(), "Setup");
        const int gfxObjs = entriesOf(*window.portalDat(), "GfxObj");
        QVERIFY(setups > 2 && gfxObjs > 2);
        QCOMPARE(model->rowCount(), setups);
        QTRY_VERIFY_WITH_TIMEOUT(allReady(*model), 60000);
        const auto images = thumbnails(*model);
        std::set<QByteArray> distinct;
        for (const QImage& image : images) {
            QCOMPARE(image.size(), QSize(128, 128));
            const QImage rgba = image.convertToFormat(QImage::Format_RGBA8888);
            distinct.insert(
                QByteArray(reinterpret_cast<const char*>(rgba.constBits()), rgba.sizeInBytes()));
        }
        QCOMPARE(distinct.size(), images.size()); // each Setup drawn, none a placeholder
        QVERIFY(gallery->service()->stats().drawn + gallery->service()->stats().cacheHits >=
                setups);

        // The Browser's filter: an id prefix keeps the Setups under it.
        QTest::keyClicks(gallery->filterEdit(), "0200000");
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->idAt(0), kHuman);
        QCOMPARE(model->idAt(1), kWisp);
        QVERIFY(gallery->countLabel()->text().contains('2'));

        // Double-click the wisp: the Browser selects it (which shows it).
        QListView* list = gallery->listView();
        const QRect rect = list->visualRect(model->index(1));
        QVERIFY(rect.isValid());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_COMPARE(window.browserDock()->currentId(), kWisp);

        // A type name keeps the whole kind; another kind shows its own assets.
        gallery->filterEdit()->clear();
        QCOMPARE(model->rowCount(), setups);
        gallery->kindBox()->setCurrentIndex(gallery->kindBox()->findText("GfxObj"));
        QCOMPARE(model->rowCount(), gfxObjs);
        QCOMPARE(model->idAt(0) >> 24, 0x01u);
        gallery->kindBox()->setCurrentIndex(gallery->kindBox()->findText("Texture"));
        const int allTextures = model->rowCount();
        QVERIFY(allTextures > 30);
        QTest::keyClicks(gallery->filterEdit(), "surfacetexture");
        const int textures = model->rowCount();
        QVERIFY(textures > 0 && textures < allTextures);
        for (int row = 0; row < textures; ++row)
            QCOMPARE(model->idAt(row) >> 24, 0x05u);
        QTRY_VERIFY_WITH_TIMEOUT(model->index(0).data(GalleryModel::ReadyRole).toBool(), 30000);
    }

    void aSecondStudioReadsTheCache() {
        // The first test filled m_cache: the same DAT, the same size: nothing drawn again.
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        GalleryDock* gallery = studio.gallery();
        gallery->service()->setCacheRoot(m_cache.path());
        gallery->service()->resetStats();
        window.resize(1400, 1000);
        window.show();
        gallery->show();
        gallery->raise();
        gallery->listView()->setMinimumHeight(600);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(allReady(*gallery->model()), 60000);
        QCOMPARE(gallery->service()->stats().drawn, 0);
        QCOMPARE(gallery->service()->stats().cacheHits, entriesOf(*window.portalDat(), "Setup"));
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestGallery test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gallery.moc"
