// Unsaved edits seen everywhere in the studio before Save (docs/studio.md#editing-in-the-studio),
// under Xvfb: an edited Palette shows its new colours in the Asset tab and in the session's
// records (what the viewport draws from), and its old ones after undo; a texture imported under
// a new id is listed in the Browser (marked new) and drawn in the Asset tab, and gone on undo; a
// removed entry is struck out in the Browser and cannot be read; an edited one is marked; a glTF
// model imported under a new id is drawn alone in the 3D view, and gone on undo.
// PORTALKIT_SCREENSHOTS=<dir> keeps a grab of the imported texture for a person to look at.

#include "datreader/container/dat_file.h"
#include "datreader/records/common.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/palette.h"
#include "preview/core/assets.h"
#include "support/demo_dats.h"
#include "ui/edit/edit_actions.h"
#include "ui/edit/edit_session.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/widgets/asset_pane.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/dat_browser_model.h"
#include "ui/widgets/image_view.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/swatch_view.h"
#include "ui/widgets/texture_preview.h"

#include <QDir>
#include <QFile>
#include <QFont>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <algorithm>

using namespace portalkit;
using namespace portalkit::ui;
using portalkit::testing::demoRecord;

namespace {

// Demo records (resources/demo/clothing.json).
constexpr std::uint32_t kTunicPalette = 0x04000C42;
constexpr std::uint32_t kNewLevel = 0x06000F71;  // no demo RenderSurface has this id
constexpr std::uint32_t kNewGfxObj = 0x01000F71; // nor GfxObj
constexpr QRgb kRed = 0xFFFF0000;
constexpr QRgb kBlue = 0xFF0000FF;

using Pending = DatBrowserModel::Pending;

struct Shown {
    explicit Shown(const QString& path) : studio(&window) {
        if (!window.openDat(path))
            QTest::qFail("cannot open the DAT", __FILE__, __LINE__);
        window.resize(1400, 900);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            QTest::qFail("the window was not shown", __FILE__, __LINE__);
    }
    EditSession& session() { return *studio.editActions()->session(); }
    const dat::DatFile& dat() { return *window.dats().front(); }
    AssetPane& pane() { return *studio.assetPane(); }
    DatBrowserModel& browser() { return *window.browserDock()->model(); }
    bool assetTabShown() { return studio.centreTabs()->currentWidget() == studio.assetPane(); }
    // The Browser's mark of `id`: nothing when unmarked; -1 when it has no row.
    int mark(std::uint32_t id) {
        const QModelIndex row = browser().indexOf(&dat(), id);
        if (!row.isValid())
            return -1;
        const QVariant value = row.data(DatBrowserModel::PendingRole);
        return value.isValid() ? value.toInt() : -2;
    }
    QFont font(std::uint32_t id) {
        return browser().indexOf(&dat(), id).data(Qt::FontRole).value<QFont>();
    }
    MainWindow window;
    Studio studio;
};

// A 16 × 16 picture, red on the left half and blue on the right: whole 4 × 4 blocks of colours
// DXT1 holds exactly, so the level drawn must show them as they are.
QImage halves() {
    QImage image(16, 16, QImage::Format_ARGB32);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            image.setPixel(x, y, x < 8 ? kRed : kBlue);
    return image;
}

// One triangle as a .gltf whose buffer is a data URI: three positions (floats) and three u16
// indices, no material.
QByteArray triangleGltf() {
    QByteArray buffer;
    for (const float value : {0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f})
        buffer.append(reinterpret_cast<const char*>(&value), sizeof value);
    for (const std::uint16_t index : {std::uint16_t(0), std::uint16_t(1), std::uint16_t(2)})
        buffer.append(reinterpret_cast<const char*>(&index), sizeof index);
    const QByteArray uri = "data:application/octet-stream;base64," + buffer.toBase64();
    return R"({"asset": {"version": "2.0"},
      "buffers": [{"byteLength": 42, "uri": ")" +
           uri + R"("}],
      "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36},
                      {"buffer": 0, "byteOffset": 36, "byteLength": 6}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, 0], "max": [1, 1, 0]},
                    {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
      "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})";
}

} // namespace

class TestEditPreview : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

    // triangleGltf() written to the test's folder; empty when it cannot be written.
    QString triangleFile() {
        const QString gltf = m_dir.filePath("triangle.gltf");
        QFile file(gltf);
        if (!file.open(QIODevice::WriteOnly) || file.write(triangleGltf()) < 0)
            return {};
        return gltf;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings("PortalKit", "Studio").remove("audio/muted");
    }

    void init() {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath("client_portal.dat");
        QFile::remove(m_path);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, m_path));
        QFile::setPermissions(m_path, QFile::ReadOwner | QFile::WriteOwner);
    }

    // The Asset tab and the session's records read the edit; undo brings the file's back.
    void editedPaletteShowsBeforeSave() {
        Shown shown(m_path);
        const auto original = demoRecord<dat::Palette>(shown.dat(), kTunicPalette);
        QVERIFY(original.colors.size() > 2);
        QVERIFY(shown.window.selectEntry(kTunicPalette));
        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.pane().swatches().size(), 1);
        QCOMPARE(shown.pane().swatches().front()->colors(), original.colors);
        // Read once before the edit, so a stale cache would show.
        const auto* before = shown.studio.session()->assets().get<dat::Palette>(kTunicPalette);
        QVERIFY(before);
        QCOMPARE(before->colors, original.colors);

        dat::Palette edited = original;
        edited.colors[0] = 0xFF123456;
        edited.colors[1] = 0xFF00FF00;
        shown.session().replaceEntry(shown.dat(), kTunicPalette, edited.encode());

        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.pane().swatches().size(), 1);
        QCOMPARE(shown.pane().swatches().front()->colors(), edited.colors);
        const auto* now = shown.studio.session()->assets().get<dat::Palette>(kTunicPalette);
        QVERIFY(now);
        QCOMPARE(now->colors, edited.colors);
        QCOMPARE(shown.dat().read(kTunicPalette), original.encode()); // the file is untouched
        QCOMPARE(shown.mark(kTunicPalette), int(Pending::Modified));
        QVERIFY(shown.font(kTunicPalette).italic());
        QVERIFY(shown.browser()
                    .indexOf(&shown.dat(), kTunicPalette)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("*")));

        shown.session().undoStack()->undo();
        QCOMPARE(shown.pane().swatches().front()->colors(), original.colors);
        QCOMPARE(shown.studio.session()->assets().get<dat::Palette>(kTunicPalette)->colors,
                 original.colors);
        QCOMPARE(shown.mark(kTunicPalette), -2);
        QVERIFY(!shown.font(kTunicPalette).italic());

        shown.session().undoStack()->redo();
        QCOMPARE(shown.pane().swatches().front()->colors(), edited.colors);
    }

    // Import of a PNG under a new id: listed and drawn before Save, gone on undo.
    void importedTextureShowsBeforeSave() {
        Shown shown(m_path);
        QVERIFY(!shown.dat().find(kNewLevel));
        QCOMPARE(shown.mark(kNewLevel), -1);
        const QString png = m_dir.filePath("halves.png");
        QVERIFY(halves().save(png));

        QVERIFY2(shown.studio.editActions()->importInto(png, kNewLevel),
                 qPrintable(shown.studio.editActions()->lastError()));
        QCOMPARE(shown.mark(kNewLevel), int(Pending::Added));
        QVERIFY(shown.font(kNewLevel).italic());
        QVERIFY(shown.browser().holds(shown.dat(), kNewLevel));
        // The import selects what it added: the Asset tab draws it, texel for texel.
        QCOMPARE(shown.window.currentId(), kNewLevel);
        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.pane().view(), AssetPane::View::Image);
        TexturePreview& texture = *shown.pane().texturePreview();
        QVERIFY2(texture.errorText().isEmpty(), qPrintable(texture.errorText()));
        const QImage drawn = texture.imageView()->image().convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(drawn.size(), QSize(16, 16));
        QCOMPARE(drawn.pixel(2, 5), kRed);
        QCOMPARE(drawn.pixel(13, 9), kBlue);
        QVERIFY(shown.studio.session()->assets().holds(kNewLevel));
        if (const QString folder = qEnvironmentVariable("PORTALKIT_SCREENSHOTS"); !folder.isEmpty())
            shown.window.grab().save(QDir(folder).filePath("edit_preview_import.png"));

        shown.session().undoStack()->undo();
        QCOMPARE(shown.mark(kNewLevel), -1);
        QVERIFY(!shown.browser().holds(shown.dat(), kNewLevel));
        QVERIFY(!shown.studio.session()->assets().holds(kNewLevel));
        QVERIFY(!shown.pane().errorText().isEmpty()); // the entry shown is no longer there
        QVERIFY2(shown.window.bytesView()->toPlainText().contains(QStringLiteral("0x06000F71")),
                 qPrintable(shown.window.bytesView()->toPlainText())); // an error, not its bytes
        QVERIFY(!shown.window.selectEntry(kNewLevel));
    }

    // A glTF model imported under a new GfxObj id: drawn alone in the 3D view before Save from
    // the session's records (its Surfaces too, new ids as well); undo takes it away.
    void importedModelShowsBeforeSave() {
        Shown shown(m_path);
        QVERIFY(!shown.dat().find(kNewGfxObj));
        const QString gltf = triangleFile();
        QVERIFY(!gltf.isEmpty());

        QVERIFY2(shown.studio.editActions()->importInto(gltf, kNewGfxObj),
                 qPrintable(shown.studio.editActions()->lastError()));
        QCOMPARE(shown.mark(kNewGfxObj), int(Pending::Added));
        QCOMPARE(shown.window.currentId(), kNewGfxObj);
        QVERIFY(!shown.assetTabShown());
        const auto& assets = shown.studio.session()->assets();
        const auto* gfx = assets.get<dat::GfxObj>(kNewGfxObj);
        QVERIFY2(gfx, qPrintable(assets.whyMissing<dat::GfxObj>(kNewGfxObj)));
        QCOMPARE(gfx->polygons.size(), std::size_t(1));
        for (const std::uint32_t surface : gfx->surfaces)
            QVERIFY2(assets.holds(surface), qPrintable(dat::didJson(surface)));
        const QString caption = shown.studio.viewport()->captionLabel()->text();
        QVERIFY2(caption.contains(dat::didJson(kNewGfxObj)) && !caption.contains("cannot"),
                 qPrintable(caption));

        shown.session().undoStack()->undo();
        QCOMPARE(shown.mark(kNewGfxObj), -1);
        QVERIFY(!shown.studio.session()->assets().get<dat::GfxObj>(kNewGfxObj));
        QVERIFY(shown.studio.viewport()->captionLabel()->text().contains("cannot"));
    }

    // Two models imported before a Save get Surfaces of their own: the second import takes
    // the first one's pending ids as used, not only the file's.
    void twoModelsBeforeSaveDoNotShareSurfaces() {
        Shown shown(m_path);
        const QString gltf = triangleFile();
        QVERIFY(!gltf.isEmpty());
        QVERIFY2(shown.studio.editActions()->importInto(gltf, kNewGfxObj),
                 qPrintable(shown.studio.editActions()->lastError()));
        QVERIFY2(shown.studio.editActions()->importInto(gltf, kNewGfxObj + 1),
                 qPrintable(shown.studio.editActions()->lastError()));
        const auto& assets = shown.studio.session()->assets();
        const auto* first = assets.get<dat::GfxObj>(kNewGfxObj);
        const auto* second = assets.get<dat::GfxObj>(kNewGfxObj + 1);
        QVERIFY(first && second);
        QVERIFY(!first->surfaces.empty() && !second->surfaces.empty());
        for (const std::uint32_t surface : second->surfaces)
            QVERIFY2(std::find(first->surfaces.begin(), first->surfaces.end(), surface) ==
                         first->surfaces.end(),
                     qPrintable(dat::didJson(surface)));
    }

    // A removal: struck out in the Browser, unreadable in the Asset tab; undo restores both.
    void removalIsStruckOut() {
        Shown shown(m_path);
        QVERIFY(shown.window.selectEntry(kTunicPalette));
        QVERIFY(shown.session().removeEntry(shown.dat(), kTunicPalette));
        QCOMPARE(shown.mark(kTunicPalette), int(Pending::Removed));
        QVERIFY(shown.font(kTunicPalette).strikeOut());
        QVERIFY(!shown.browser().holds(shown.dat(), kTunicPalette));
        QVERIFY(shown.pane().errorText().contains(QStringLiteral("removed")));
        QVERIFY(!shown.studio.session()->assets().get<dat::Palette>(kTunicPalette));

        shown.session().undoStack()->undo();
        QCOMPARE(shown.mark(kTunicPalette), -2);
        QVERIFY(!shown.font(kTunicPalette).strikeOut());
        QVERIFY2(shown.pane().errorText().isEmpty(), qPrintable(shown.pane().errorText()));
        QVERIFY(shown.studio.session()->assets().get<dat::Palette>(kTunicPalette));
    }
};

QTEST_MAIN(TestEditPreview)
#include "tst_edit_preview.moc"
