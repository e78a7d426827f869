#include "datreader/container/dat_file.h"
#include "datreader/records/common.h"
#include "src/version_text.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/world_data.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QSurfaceFormat>

namespace {

// A 3.3 core context with depth and stencil, before anything creates a window.
void setDefaultSurfaceFormat() {
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    QSurfaceFormat::setDefaultFormat(format);
}

// Something to look at straight away: the entry asked for, else the first Setup of the portal
// DAT.
void selectFirstEntry(portalkit::ui::MainWindow& window, const QCommandLineParser& parser) {
    if (parser.isSet("select")) {
        const auto id = portalkit::dat::parseDid(parser.value("select"));
        if (id && window.selectEntry(*id))
            return;
        qWarning("--select %s: no open DAT holds that entry", qPrintable(parser.value("select")));
    }
    if (const auto portal = window.portalDat())
        for (const auto& entry : portal->entries())
            if (entry.id >> 24 == 0x02) {
                window.selectEntry(entry.id);
                return;
            }
}

} // namespace

int main(int argc, char** argv) {
    // Qt3D's RHI backend misbehaves on llvmpipe (flipped captures, offscreen crashes); pin the
    // OpenGL renderer with a 3.3 core context before anything creates a window.
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER"))
        qputenv("QT3D_RENDERER", "opengl");
    // Qt 6.4's default GStreamer backend plays nothing without plugin packages Debian leaves
    // out; its FFmpeg backend decodes PCM and MP3 Waves with libraries Qt Multimedia brings.
    if (!qEnvironmentVariableIsSet("QT_MEDIA_BACKEND"))
        qputenv("QT_MEDIA_BACKEND", "ffmpeg");
    setDefaultSurfaceFormat();

    QApplication app(argc, argv);
    QApplication::setApplicationName("PortalKit Studio");
    QApplication::setApplicationVersion(portalkit::versionText());
    // Ties the windows to the installed desktop entry (its icon, on Wayland too).
    QGuiApplication::setDesktopFileName("invalid.portalkit.Studio");

    QCommandLineParser parser;
    parser.setApplicationDescription("Browse Asheron's Call DAT files and play their effects.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        "DAT...", "The DATs to open, one of each kind (default: the demo portal DAT, built or "
                  "installed, and the demo cell DAT beside it when there is one).");
    parser.addOption(
        {"audit", "Open the Audit panel and run this manifest against the DAT.", "MANIFEST"});
    parser.addOption({"select",
                      "Show this entry first instead of the first Setup, e.g. a landblock's "
                      "LandBlockInfo 0xA9B4FFFE to see that part of the world.",
                      "ID"});
    parser.addOption({"scenario",
                      "Run this flight scenario (a file, or a bundled one by name such as "
                      "house_arrow.json); one that names a place is played there.",
                      "FILE"});
    parser.addOption({"world-data",
                      "Name the DATs' ids from the server's world data: a weenie index (portalkit "
                      "weenies import), a folder of ACE SQL weenie files, a JSON weenie export or "
                      "a mysql:// URL (default: the one opened last).",
                      "PATH"});
    parser.process(app);

    QStringList paths = parser.positionalArguments();
    if (paths.isEmpty())
        paths = portalkit::ui::defaultDats(QApplication::applicationDirPath());

    portalkit::ui::MainWindow window;
    portalkit::ui::Studio studio(&window);
    for (const QString& path : paths)
        window.openDat(path);
    selectFirstEntry(window, parser);
    window.restoreLayout(); // every dock exists now, the studio's too
    window.show();
    const QString worldData = parser.isSet("world-data")
                                  ? parser.value("world-data")
                                  : portalkit::ui::WorldData::rememberedSource();
    if (!worldData.isEmpty())
        window.openWorldData(worldData); // loads in the background
    if (parser.isSet("audit"))
        window.showAudit(parser.value("audit"));
    if (parser.isSet("scenario") && !studio.launcher()->runScenarioFile(parser.value("scenario")))
        qWarning("--scenario %s: %s", qPrintable(parser.value("scenario")),
                 qPrintable(studio.session()->lastError()));
    return app.exec();
}
