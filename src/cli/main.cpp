#include "command.h"
#include "src/version_text.h"

#include <QCoreApplication>
#include <array>
#include <cstring>
#include <memory>
#ifdef PORTALKIT_HAS_RENDER
#include "ui/render/offscreen_renderer.h"

#include <QGuiApplication>
#endif

using namespace portalkit::cli;

using portalkit::versionText;

namespace {

constexpr std::array kCommands{
    Command{"info", "header fields, entry counts by type, iteration", runInfo},
    Command{"ls", "list entries in ascending id order", runLs},
    Command{"cat", "write one entry's bytes (inflated) to stdout or a file", runCat},
    Command{"verify", "full structural check; exit 1 on problems", runVerify},
    Command{"show", "decode one entry and print it (tree or JSON)", runShow},
    Command{"which", "name the DATs holding an id and its type in each (default: demo DATs)",
            runWhich},
    Command{"decode-all", "decode and re-encode every known entry; exit 1 on failures",
            runDecodeAll},
    Command{"scan-blocking", "raw scan for CreateBlockingParticle hooks", runScanBlocking},
    Command{"export", "write an image as PNG, a sound as .wav/.mp3, or raw bytes", runExport},
    Command{"diff", "entries added, removed and changed between two DATs; exit 1 if any", runDiff},
    Command{"audit", "check a DAT against a manifest of pins (--snapshot, --hash-all)", runAudit},
    Command{"map", "draw a cell DAT's world map as PNG; --json lists its landblocks", runMap},
    Command{"weenies", "import the server's weenies (ACE SQL, JSON, MySQL) and find them by name",
            runWeenies},
    Command{"simulate", "run an effect headless on one object and trace what happens", runSimulate},
#ifdef PORTALKIT_HAS_RENDER
    Command{"render", "draw frames of an effect off screen to PNG (needs an X display)", runRender},
    Command{"thumbnails", "thumbnail PNGs of Setups, GfxObjs or textures and a contact sheet",
            runThumbnails},
#endif
    Command{"wire",
            "decode one game message (F745, F747, F748, F74B, F74E, F754, F755) from hex or a file",
            runWire},
    Command{"pack", "build a DAT from a folder of 0xXXXXXXXX.bin files", runPack},
    Command{"build", "build a DAT from declarative JSON sources (records and generators)",
            runBuild},
    Command{"unpack", "write every entry of a DAT to a folder", runUnpack},
    Command{"import", "import a PNG, WAV/MP3, record JSON or glTF model into a DAT (patch)",
            runImport},
    Command{"put", "add or replace one entry from a file or a record's JSON (patch)", runPut},
    Command{"rm", "remove entries from a DAT (patch)", runRm},
    Command{"repair", "finish or drop an interrupted in-place patch of a DAT", runRepair},
    Command{"bench", "measure the reader, audit, particles and renderer (suites)", runBench},
};

int usage(bool error) {
    QString text = "usage: portalkit <command> [options]\n\ncommands:\n";
    for (const Command& command : kCommands)
        text += QStringLiteral("  %1  %2\n")
                    .arg(QString::fromLatin1(command.name), -14)
                    .arg(QString::fromLatin1(command.summary));
    text += "\n'portalkit <command> --help' describes a command.\n"
            "Exit codes: 0 success, 1 check failed, 2 usage or I/O error.\n";
    if (error) {
        std::fputs(text.toLocal8Bit().constData(), stderr);
        return kUsageOrIo;
    }
    printOut(text);
    return kSuccess;
}

// `render`, `thumbnails` and `bench render|thumbnails` need a QGuiApplication (and an X
// display); everything else runs on QCoreApplication, with no display.
[[maybe_unused]] bool needsGui(int argc, char** argv) {
#ifdef PORTALKIT_HAS_RENDER
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h"))
            return false;
    return argc > 1 && (!std::strcmp(argv[1], "render") || !std::strcmp(argv[1], "thumbnails") ||
                        (argc > 2 && !std::strcmp(argv[1], "bench") &&
                         (!std::strcmp(argv[2], "render") || !std::strcmp(argv[2], "thumbnails"))));
#else
    (void)argc;
    (void)argv;
    return false;
#endif
}

} // namespace

int main(int argc, char** argv) {
    std::unique_ptr<QCoreApplication> application;
#ifdef PORTALKIT_HAS_RENDER
    if (needsGui(argc, argv)) {
        // Without a display QGuiApplication's xcb plugin would abort: fail fast and clearly.
        const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
        if (qEnvironmentVariableIsEmpty("DISPLAY") &&
            (platform.isEmpty() || platform == "xcb" || platform == "offscreen")) {
            std::fputs("portalkit: rendering needs an X display (run under xvfb-run -a)\n", stderr);
            return kUsageOrIo;
        }
        portalkit::render::prepareRenderEnvironment();
        application = std::make_unique<QGuiApplication>(argc, argv);
    }
#endif
    if (!application)
        application = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName("portalkit");
    QCoreApplication::setApplicationVersion(versionText());

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2)
        return usage(true);
    const QString name = arguments.at(1);
    if (name == "--help" || name == "-h" || name == "help")
        return usage(false);
    if (name == "--version") {
        printOut(QStringLiteral("portalkit %1\n").arg(versionText()));
        return kSuccess;
    }
    for (const Command& command : kCommands) {
        if (name == QLatin1String(command.name)) {
            arguments.removeFirst();
            arguments[0] = "portalkit " + name;
            return command.run(arguments);
        }
    }
    printError("unknown command '" + name + "' (see portalkit --help)");
    return kUsageOrIo;
}
