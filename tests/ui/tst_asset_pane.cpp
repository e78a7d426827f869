// The studio's 2D asset previews (issue 24, docs/studio.md#asset-previews): choosing a texture,
// palette or sound in the browser shows it in the Asset tab beside the viewport, drawn from the
// records themselves (pixels, swatch colours, waveform samples checked against the decoded
// records), zoomable and playable; a corrupt record shows its error; the viewport keeps its Setup.
// PORTALKIT_SCREENSHOTS=<dir> keeps the grabs for a person to look at.

#include "datreader/container/dat_writer.h"
#include "datreader/imaging/surface_image.h"
#include "datreader/records/palette.h"
#include "datreader/records/palette_set.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/surface_texture.h"
#include "datreader/records/wave.h"
#include "support/demo_dats.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/sound_player.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/widgets/asset_pane.h"
#include "ui/widgets/image_view.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/sound_preview.h"
#include "ui/widgets/swatch_view.h"
#include "ui/widgets/texture_preview.h"
#include "ui/widgets/waveform_view.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QWheelEvent>
#include <cmath>
#include <memory>

using namespace portalkit;
using namespace portalkit::ui;
using portalkit::testing::demoPortalDat;
using portalkit::testing::demoRecord;

namespace {

// Demo records (resources/demo/clothing.json, particles.json, interiors.json, world.json,
// sounds.json).
constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kTunicCloth = 0x06000C41; // P8, 64 x 64
constexpr std::uint32_t kTunicPalette = 0x04000C42;
constexpr std::uint32_t kTunicTexture = 0x05000C41;
constexpr std::uint32_t kRedShades = 0x0F000C41;
constexpr std::uint32_t kFrostSurface = 0x08000A03; // swaps in palette 0x04000A01
constexpr std::uint32_t kFrostPalette = 0x04000A01;
constexpr std::uint32_t kFrostLevel = 0x06000A03;
constexpr std::uint32_t kCeiling = 0x08000D03;     // solid 0xFF3A3631
constexpr std::uint32_t kRockTexture = 0x05000C01; // its level also in client_highres.dat
constexpr std::uint32_t kChime = 0x0A000004;       // sine, 0.8 s
constexpr std::uint32_t kSoundTable = 0x20000001;
constexpr std::uint32_t kGfxObj = 0x01000002;

void keep(const QImage& image, const QString& name) {
    const QString folder = qEnvironmentVariable("PORTALKIT_SCREENSHOTS");
    if (!folder.isEmpty())
        image.save(QDir(folder).filePath(name + ".png"));
}

struct Shown {
    explicit Shown(const QStringList& dats = {PORTALKIT_DEMO_DAT}) : studio(&window) {
        for (const QString& path : dats)
            QVERIFY(window.openDat(path));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }
    AssetPane& pane() { return *studio.assetPane(); }
    TexturePreview& texture() { return *pane().texturePreview(); }
    SoundPreview& sound() { return *pane().soundPreview(); }
    bool assetTabShown() { return studio.centreTabs()->currentWidget() == studio.assetPane(); }
    MainWindow window;
    Studio studio;
};

// Texels whose drawn colour differs from the image's, sampled at their centres (every `step`th
// texel both ways) wherever they lie inside the view. The screen pixel holding a point is the
// one it floors to: pixel (100, 100) spans [100, 101), so a texel centre at 100.5 is in it, and
// rounding (QPointF::toPoint) would read the next texel at 1:1.
int mismatchedTexels(ImageView& view, const QImage& expected, int step = 3) {
    const QImage drawn = view.grab().toImage().convertToFormat(QImage::Format_ARGB32);
    const QImage wanted = expected.convertToFormat(QImage::Format_ARGB32);
    int mismatches = 0, compared = 0;
    for (int y = 0; y < wanted.height(); y += step)
        for (int x = 0; x < wanted.width(); x += step) {
            const QPointF centre = view.toWidget(QPointF(x + 0.5, y + 0.5));
            const QPoint at(int(std::floor(centre.x())), int(std::floor(centre.y())));
            if (!drawn.rect().contains(at))
                continue;
            ++compared;
            mismatches += drawn.pixel(at) != wanted.pixel(x, y);
        }
    return compared > 0 ? mismatches : -1;
}

// A pointer move sent to the widget itself (QTest::mouseMove goes through the window system,
// which misplaces it when the window is larger than the screen).
void hover(QWidget& widget, QPointF at) {
    QMouseEvent move(QEvent::MouseMove, at, widget.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&widget, &move);
}

void wheel(QWidget& widget, int steps) {
    const QPointF at(widget.width() / 2.0, widget.height() / 2.0);
    QWheelEvent event(at, widget.mapToGlobal(at), {}, QPoint(0, 120 * steps), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

QImage decoded(std::uint32_t level, std::uint32_t palette) {
    const auto surface = demoRecord<dat::RenderSurface>(demoPortalDat(), level);
    const auto colors = demoRecord<dat::Palette>(demoPortalDat(), palette);
    return dat::renderSurfaceImage(surface, &colors);
}

} // namespace

class TestAssetPane : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings("PortalKit", "Studio").remove("audio/muted");
    }

    // The P8 tunic cloth: drawn texel for texel through its default palette, zoomable.
    void renderSurfaceDrawsItsTexels() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kHuman));
        QVERIFY(!shown.assetTabShown());
        QVERIFY(shown.window.selectEntry(kTunicCloth));
        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.pane().view(), AssetPane::View::Image);
        TexturePreview& texture = shown.texture();
        QVERIFY2(texture.errorText().isEmpty(), qPrintable(texture.errorText()));
        const QImage wanted = decoded(kTunicCloth, kTunicPalette);
        QCOMPARE(texture.image().convertToFormat(QImage::Format_ARGB32),
                 wanted.convertToFormat(QImage::Format_ARGB32));
        // The palette used, named, with its swatch.
        QCOMPARE(texture.paletteId(), kTunicPalette);
        QVERIFY(texture.paletteLabel()->isVisible());
        QVERIFY(texture.paletteLabel()->text().contains(dat::didJson(kTunicPalette)));
        const auto palette = demoRecord<dat::Palette>(demoPortalDat(), kTunicPalette);
        QCOMPARE(texture.paletteSwatch()->colorCount(), int(palette.colors.size()));

        ImageView& view = *texture.imageView();
        QVERIFY(view.isFitted());
        const double fit = std::min(double(view.width()) / 64, double(view.height()) / 64);
        QCOMPARE(view.zoom(), fit);
        QCOMPARE(mismatchedTexels(view, wanted), 0);
        keep(view.grab().toImage(), "asset_tunic_fit");
        texture.actualSizeButton()->click();
        QCOMPARE(view.zoom(), 1.0);
        QCOMPARE(mismatchedTexels(view, wanted, 1), 0);
        wheel(view, 2); // two notches in: 1.25²
        QVERIFY(std::abs(view.zoom() - 1.5625) < 1e-9);
        QVERIFY(!view.isFitted());
        QCOMPARE(mismatchedTexels(view, wanted), 0);
        wheel(view, -40); // clamped
        QCOMPARE(view.zoom(), ImageView::kMinZoom);
        texture.fitButton()->click();
        QCOMPARE(view.zoom(), fit);
        QVERIFY2(texture.zoomLabel()->text().startsWith(QString::number(int(fit * 100))),
                 qPrintable(texture.zoomLabel()->text()));
        // The texel under the pointer is reported with its colour. (Through the window system the
        // pointer landed 7 px off when the 1400-pixel window did not fit ctest's 1280-pixel
        // screen: hover() sends the move to the view.)
        QSignalSpy hovered(&view, &ImageView::texelHovered);
        hover(view, view.toWidget(QPointF(10.5, 20.5)));
        QCOMPARE(hovered.size(), 1);
        QVERIFY(hovered.last().at(0).toBool());
        QCOMPARE(hovered.last().at(1).toInt(), 10);
        QCOMPARE(hovered.last().at(2).toInt(), 20);
        QCOMPARE(hovered.last().at(3).value<QRgb>(), wanted.pixel(10, 20));
    }

    // A Surface's palette swap replaces the level's default; a solid Surface is its colour.
    void surfacesShowTheirSwapOrColour() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kFrostSurface));
        TexturePreview& texture = shown.texture();
        QCOMPARE(texture.paletteId(), kFrostPalette);
        QVERIFY(texture.paletteLabel()->text().contains(QStringLiteral("swap")));
        QCOMPARE(texture.renderSurfaceId(), kFrostLevel);
        QCOMPARE(texture.image().convertToFormat(QImage::Format_ARGB32),
                 decoded(kFrostLevel, kFrostPalette).convertToFormat(QImage::Format_ARGB32));

        QVERIFY(shown.window.selectEntry(kCeiling));
        QCOMPARE(shown.pane().view(), AssetPane::View::Image);
        QVERIFY(!texture.levelChooser()->isVisible() && !texture.paletteLabel()->isVisible());
        QVERIFY(texture.detailsLabel()->text().contains(QStringLiteral("FF3A3631")));
        ImageView& view = *texture.imageView();
        const QImage drawn = view.grab().toImage();
        QCOMPARE(QColor(drawn.pixel(view.width() / 2, view.height() / 2)),
                 QColor(0x3A, 0x36, 0x31));
    }

    // A SurfaceTexture lists its levels, each in every open DAT holding it, the highres first.
    void surfaceTextureListsItsLevels() {
        Shown portalOnly;
        QVERIFY(portalOnly.window.selectEntry(kTunicTexture));
        const auto tunic = demoRecord<dat::SurfaceTexture>(demoPortalDat(), kTunicTexture);
        QCOMPARE(portalOnly.texture().levelCount(), int(tunic.renderSurfaceIds.size()));
        QCOMPARE(portalOnly.texture().levelChooser()->count(), portalOnly.texture().levelCount());
        QCOMPARE(portalOnly.texture().renderSurfaceId(), kTunicCloth);

        Shown both({PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_HIGHRES_DAT});
        QVERIFY(both.window.selectEntry(kRockTexture));
        TexturePreview& texture = both.texture();
        const auto rock = demoRecord<dat::SurfaceTexture>(demoPortalDat(), kRockTexture);
        QCOMPARE(rock.renderSurfaceIds.size(), std::size_t(1));
        QCOMPARE(texture.levelCount(), 2); // one level, in two DATs
        QComboBox& chooser = *texture.levelChooser();
        QVERIFY(chooser.isVisible());
        QVERIFY2(chooser.itemText(0).contains(QStringLiteral("client_highres.dat")),
                 qPrintable(chooser.itemText(0)));
        const dat::DatFile highres = dat::DatFile::open(PORTALKIT_DEMO_HIGHRES_DAT);
        const auto large = demoRecord<dat::RenderSurface>(highres, rock.renderSurfaceIds[0]);
        QCOMPARE(texture.image().size(), QSize(large.width, large.height));
        const double zoom = texture.imageView()->zoom();
        chooser.setCurrentIndex(1); // the portal's copy
        const auto small =
            demoRecord<dat::RenderSurface>(demoPortalDat(), rock.renderSurfaceIds[0]);
        QCOMPARE(texture.image().size(), QSize(small.width, small.height));
        QVERIFY(texture.imageView()->isFitted()); // a fitted view stays fitted
        QCOMPARE(texture.imageView()->zoom(), zoom * large.width / small.width);
        QCOMPARE(mismatchedTexels(*texture.imageView(), dat::renderSurfaceImage(small, nullptr)),
                 0);
    }

    // A Palette and a PaletteSet as swatches: one cell per colour, drawn in it, described.
    void palettesAreSwatches() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kTunicPalette));
        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.pane().view(), AssetPane::View::Swatches);
        QCOMPARE(shown.pane().swatches().size(), 1);
        SwatchView& swatch = *shown.pane().swatches().front();
        const auto palette = demoRecord<dat::Palette>(demoPortalDat(), kTunicPalette);
        QCOMPARE(swatch.colorCount(), int(palette.colors.size()));
        const QImage drawn = swatch.grab().toImage();
        keep(drawn, "asset_palette");
        for (int index : {0, 37, int(palette.colors.size()) - 1}) {
            const QRect cell = swatch.cellRect(index);
            QCOMPARE(swatch.indexAt(cell.center()), index);
            QCOMPARE(drawn.pixel(cell.center()), QRgb(palette.colors[std::size_t(index)]));
        }
        QCOMPARE(
            swatch.describe(37),
            QStringLiteral("#37  ARGB %1")
                .arg(QString::number(palette.colors[37], 16).rightJustified(8, '0').toUpper()));
        QSignalSpy hovered(&swatch, &SwatchView::colorHovered);
        hover(swatch, swatch.cellRect(5).center());
        QVERIFY(!hovered.isEmpty() && hovered.last().at(0).toInt() == 5);

        QVERIFY(shown.window.selectEntry(kRedShades));
        const auto set = demoRecord<dat::PaletteSet>(demoPortalDat(), kRedShades);
        QCOMPARE(shown.pane().swatches().size(), qsizetype(set.palettes.size()));
        for (qsizetype i = 0; i < shown.pane().swatches().size(); ++i) {
            const auto shade = demoRecord<dat::Palette>(demoPortalDat(), set.palettes[i]);
            QCOMPARE(shown.pane().swatches()[i]->colors(), shade.colors);
            QVERIFY(
                shown.pane().swatchCaptions()[i]->text().contains(dat::didJson(set.palettes[i])));
        }
        QVERIFY(shown.pane().errorText().isEmpty());
    }

    // A Wave: its samples drawn, played and stopped through the studio's sound player.
    void waveIsDrawnAndPlayed() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kChime));
        QCOMPARE(shown.pane().view(), AssetPane::View::Sound);
        SoundPreview& sound = shown.sound();
        const auto wave = demoRecord<dat::Wave>(demoPortalDat(), kChime);
        const WaveSamples& samples = sound.waveformView()->samples();
        QCOMPARE(samples.frames(), qsizetype(wave.data.size() / wave.format()->blockAlign));
        QVERIFY(std::abs(samples.seconds() - 0.8) < 0.01); // sounds.json: 0.8 s
        // The loudest sample as stored (16-bit LE) is the one drawn.
        float peak = 0;
        for (std::size_t i = 0; i + 1 < wave.data.size(); i += 2)
            peak = std::max(
                peak, std::abs(std::int16_t(wave.data[i] | wave.data[i + 1] << 8) / 32768.0f));
        float drawnPeak = 0;
        for (float sample : samples.channels.front())
            drawnPeak = std::max(drawnPeak, std::abs(sample));
        QCOMPARE(drawnPeak, peak);
        // Ink reaches about as far from the middle line as the peak says.
        WaveformView& view = *sound.waveformView();
        const QImage drawn = view.grab().toImage();
        keep(drawn, "asset_wave");
        const QRect lane = view.laneRect(0);
        const QRgb ink = view.palette().color(QPalette::Highlight).rgb();
        int top = lane.bottom();
        for (int y = lane.top(); y <= lane.bottom(); ++y)
            for (int x = 0; x < drawn.width() && top == lane.bottom(); ++x)
                if (drawn.pixel(x, y) == ink)
                    top = y;
        const double reach = (lane.top() + lane.height() / 2.0 - top) / (lane.height() / 2.0 - 1);
        QVERIFY2(std::abs(reach - peak) < 0.1, qPrintable(QString::number(reach)));

        SoundPlayer& player = *shown.studio.soundPlayer();
        QSignalSpy started(&player, &SoundPlayer::soundStarted);
        sound.playButton()->click();
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.front().at(0).toUInt(), kChime);
        sound.stopButton()->click();
        QCOMPARE(player.voiceCount(), 0);
        player.setMuted(true); // Mute silences the pane too, and it says so
        QVERIFY(!sound.play());
        QCOMPARE(started.size(), 1);
        QVERIFY(sound.statusLabel()->text().contains(QStringLiteral("Muted")));
        player.setMuted(false);
    }

    // A SoundTable: its sounds and entries listed, each entry drawn and played at its volume.
    void soundTableEntriesPlayOneByOne() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kSoundTable));
        SoundPreview& sound = shown.sound();
        const auto table = demoRecord<dat::SoundTable>(demoPortalDat(), kSoundTable);
        QTreeWidget& list = *sound.entryList();
        QVERIFY(list.isVisible());
        QCOMPARE(list.topLevelItemCount(), int(table.sounds.size()));
        QSignalSpy started(shown.studio.soundPlayer(), &SoundPlayer::soundStarted);
        int played = 0;
        for (int s = 0; s < list.topLevelItemCount(); ++s) {
            const auto& entries = table.sounds[std::size_t(s)].entries;
            QCOMPARE(list.topLevelItem(s)->childCount(), int(entries.size()));
            for (int e = 0; e < int(entries.size()); ++e) {
                list.setCurrentItem(list.topLevelItem(s)->child(e));
                QCOMPARE(sound.waveId(), entries[std::size_t(e)].waveId);
                const auto wave = demoRecord<dat::Wave>(demoPortalDat(), sound.waveId());
                QCOMPARE(sound.waveformView()->samples().frames(),
                         qsizetype(wave.data.size() / wave.format()->blockAlign));
                QVERIFY(sound.play());
                ++played;
                QCOMPARE(started.size(), played);
                QCOMPARE(started.last().at(0).toUInt(), entries[std::size_t(e)].waveId);
                QCOMPARE(started.last().at(1).toDouble(),
                         std::clamp(double(entries[std::size_t(e)].volume), 0.0, 1.0));
            }
        }
        QVERIFY(played > 0);
        list.setCurrentItem(list.topLevelItem(0)); // a sound's row plays nothing
        QVERIFY(!sound.playButton()->isEnabled());
    }

    // Corrupt records: each shows its DatError (DID, offset, field) in the pane, nothing crashes.
    void corruptRecordsShowTheirErrors() {
        QTemporaryDir dir;
        dat::DatWriter writer = dat::DatWriter::fromDat(demoPortalDat());
        const auto put = [&](std::uint32_t id, QByteArray bytes) {
            dat::WriterEntry entry;
            entry.id = id;
            entry.data = std::move(bytes);
            writer.put(entry);
        };
        const auto prefix = [](std::uint32_t id, qsizetype size) {
            const auto bytes = demoPortalDat().read(id);
            return QByteArray(reinterpret_cast<const char*>(bytes.data()), size);
        };
        auto cloth = demoRecord<dat::RenderSurface>(demoPortalDat(), kTunicCloth);
        cloth.width = 65; // its 64 x 64 pixels no longer fill it
        const auto encoded = cloth.encode();
        put(kTunicCloth,
            QByteArray(reinterpret_cast<const char*>(encoded.data()), qsizetype(encoded.size())));
        put(kFrostPalette, prefix(kFrostPalette, 6));
        put(kChime, prefix(kChime, 3));
        put(kSoundTable, prefix(kSoundTable, 10));
        const QString path = dir.filePath("client_portal.dat");
        writer.save(path);

        Shown shown({path});
        const auto expectError = [&](std::uint32_t id, std::uint32_t named) {
            QVERIFY(shown.window.selectEntry(id));
            QVERIFY(shown.assetTabShown());
            const QString error = shown.pane().errorText();
            QVERIFY2(error.contains(QStringLiteral("DID ") + dat::didJson(named)) &&
                         error.contains(QStringLiteral("offset")) &&
                         error.contains(QStringLiteral("field")),
                     qPrintable(error));
        };
        expectError(kTunicCloth, kTunicCloth);
        QVERIFY(shown.texture().imageView()->image().isNull());
        QVERIFY(shown.texture().errorLabel()->isVisible());
        QVERIFY(shown.texture().errorLabel()->text().contains(shown.pane().errorText()));
        keep(shown.pane().grab().toImage(), "asset_error");
        expectError(kTunicTexture, kTunicCloth);
        expectError(kFrostSurface, kFrostPalette); // its palette swap is what is broken
        expectError(kFrostPalette, kFrostPalette);
        expectError(kChime, kChime);
        QVERIFY(!shown.sound().playButton()->isEnabled());
        expectError(kSoundTable, kSoundTable);
        // What still reads is still shown.
        QVERIFY(shown.window.selectEntry(kTunicPalette));
        QVERIFY(shown.pane().errorText().isEmpty());
        QCOMPARE(shown.pane().swatches().size(), 1);
    }

    // The viewport keeps its Setup while an asset is shown, and comes back for 3D entries.
    void viewportKeepsTheLastSetup() {
        Shown shown;
        QVERIFY(shown.window.selectEntry(kHuman));
        QVERIFY(shown.window.selectEntry(kTunicCloth));
        QVERIFY(shown.assetTabShown());
        QCOMPARE(shown.studio.session()->setupId(), kHuman);
        QVERIFY(shown.studio.viewport()->captionLabel()->text().contains(dat::didJson(kHuman)));
        QVERIFY(shown.window.selectEntry(kGfxObj)); // no 2D view: the 3D view says why
        QVERIFY(!shown.assetTabShown());
        QCOMPARE(shown.pane().view(), AssetPane::View::Nothing);
        QVERIFY(shown.window.selectEntry(kChime));
        QVERIFY(shown.assetTabShown());
        QVERIFY(shown.window.selectEntry(kHuman));
        QVERIFY(!shown.assetTabShown());
        QCOMPARE(shown.studio.session()->setupId(), kHuman);
        QVERIFY(!shown.studio.viewport()->capture().isNull()); // it still draws after the switch
    }
};

QTEST_MAIN(TestAssetPane)
#include "tst_asset_pane.moc"
