#include "widgets/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QSurfaceFormat>

int main(int argc, char** argv) {
    // Qt3D's RHI backend misbehaves on llvmpipe (flipped captures, offscreen crashes); pin the
    // OpenGL renderer with a 3.3 core context before anything creates a window.
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER"))
        qputenv("QT3D_RENDERER", "opengl");
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    QSurfaceFormat::setDefaultFormat(format);

    QApplication app(argc, argv);
    QApplication::setApplicationName("PortalKit Studio");

    QCommandLineParser parser;
    parser.setApplicationDescription("Browse Asheron's Call DAT files.");
    parser.addHelpOption();
    parser.addPositionalArgument("DAT", "The DAT to open (default: the demo DAT of this build).");
    parser.addOption(
        {"audit", "Open the Audit panel and run this manifest against the DAT.", "MANIFEST"});
    parser.process(app);

    QString path = parser.positionalArguments().value(0);
    if (path.isEmpty())
        path = QDir(QApplication::applicationDirPath()).filePath("../demo/client_portal.dat");

    portalkit::ui::MainWindow window;
    window.openDat(path);
    window.show();
    if (parser.isSet("audit"))
        window.showAudit(parser.value("audit"));
    return app.exec();
}
