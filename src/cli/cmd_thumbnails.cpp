// portalkit thumbnails: one PNG per Setup, GfxObj or texture of a DAT and a contact sheet of
// them all (docs/cli.md#thumbnails), drawn as the studio's Gallery draws them. Built only with
// the GUI (PORTALKIT_HAS_RENDER): models are drawn by the offscreen renderer.

#include "command.h"
#include "datreader/io/dat_error.h"
#include "effect_options.h"
#include "ui/render/thumbnail_cache.h"
#include "ui/render/thumbnail_sheet.h"
#include "ui/render/thumbnailer.h"

#include <QBuffer>
#include <QDir>
#include <memory>
#include <utility>
#include <vector>

namespace portalkit::cli {

namespace {

constexpr int kMaxSize = 1024;

struct ThumbnailJob {
    render::ThumbnailKind kind = render::ThumbnailKind::Setup;
    QString dir;
    int size = 128;
    int columns = 0;
    int timeoutMs = 20000;
};

bool readJob(const QCommandLineParser& parser, ThumbnailJob& job) {
    const auto kind = render::thumbnailKindFromName(parser.value("type"));
    if (!kind) {
        printError("--type takes Setup, GfxObj or Texture");
        return false;
    }
    job.kind = *kind;
    job.dir = parser.value("output");
    if (job.dir.isEmpty()) {
        printError("-o DIR is required");
        return false;
    }
    bool okSize = false, okColumns = false, okTimeout = false;
    job.size = parser.value("size").toInt(&okSize);
    job.columns = parser.value("columns").toInt(&okColumns);
    job.timeoutMs = parser.value("timeout").toInt(&okTimeout);
    if (!okSize || job.size < 8 || job.size > kMaxSize) {
        printError(QStringLiteral("--size takes pixels from 8 to %1").arg(kMaxSize));
        return false;
    }
    if (!okColumns || job.columns < 0 || job.columns > 256) {
        printError("--columns takes 0 (about square) to 256");
        return false;
    }
    if (!okTimeout || job.timeoutMs < 100) {
        printError("--timeout takes milliseconds, at least 100");
        return false;
    }
    return true;
}

bool writePng(const QImage& image, const QString& path) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        printError("cannot encode " + path);
        return false;
    }
    return writeFileAtomically(path, png);
}

// Every thumbnail of the job's kind, in id order; a null image where one could not be made
// (the reason printed). False when the renderer cannot start.
bool makeAll(const ThumbnailJob& job, const std::shared_ptr<preview::Assets>& assets,
             std::vector<std::pair<std::uint32_t, QImage>>& out, int& failed) {
    const dat::DatFile& dat = *assets->dat();
    std::unique_ptr<render::ModelThumbnailer> models;
    if (job.kind != render::ThumbnailKind::Texture) {
        models = std::make_unique<render::ModelThumbnailer>(assets, job.size);
        if (!models->isValid()) {
            printError(models->errorString());
            return false;
        }
        models->setTimeoutMs(job.timeoutMs);
    }
    for (std::uint32_t id : render::thumbnailIds(dat, job.kind)) {
        QImage image;
        QString error;
        try {
            if (models) {
                image = models->render(job.kind, id);
                error = models->errorString();
            } else {
                image = render::textureThumbnail(dat, id, job.size);
            }
        } catch (const dat::DatError& e) {
            error = QString::fromStdString(e.what());
        }
        if (image.isNull()) {
            printError(QStringLiteral("%1: no thumbnail: %2").arg(didText(id), error));
            ++failed;
        }
        out.emplace_back(id, image);
    }
    return true;
}

} // namespace

int runThumbnails(const QStringList& arguments) {
    DatCommand command(
        "Writes a thumbnail PNG of every Setup, GfxObj or texture (RenderSurface, SurfaceTexture, "
        "Surface) of a DAT into DIR, named by id (0x02000001.png), and contact_sheet.png, a grid "
        "of them all labelled with their ids. Models are drawn off screen with the studio's "
        "renderer, framed from the front and a little above, as the studio's Gallery shows them; "
        "textures are their first mip with the default palette, scaled to fit. Needs an X display "
        "(xvfb-run). Exit 1 when some thumbnail could not be made (the others are written).",
        {
            {"type", "What to draw: Setup, GfxObj or Texture.", "KIND", "Setup"},
            {{"o", "output"}, "The directory to write into (made when missing).", "DIR"},
            {"size", "Width and height of each thumbnail in pixels.", "N", "128"},
            {"columns", "Thumbnails across the contact sheet (0: about square).", "N", "0"},
            {"timeout", "Give up on a frame after this many milliseconds.", "MS", "20000"},
        },
        "DAT", "The portal DAT (the demo DAT or client_portal.dat).");
    if (auto exit = command.parse(arguments))
        return *exit;
    ThumbnailJob job;
    if (!readJob(command.parser, job))
        return kUsageOrIo;
    const auto assets = openAssets(command.parser.positionalArguments().at(0));
    if (!assets)
        return kUsageOrIo;
    if (!QDir().mkpath(job.dir)) {
        printError("cannot make the directory " + job.dir);
        return kUsageOrIo;
    }
    std::vector<std::pair<std::uint32_t, QImage>> thumbnails;
    int failed = 0;
    if (!makeAll(job, assets, thumbnails, failed))
        return kUsageOrIo;
    const QDir dir(job.dir);
    for (const auto& [id, image] : thumbnails)
        if (!image.isNull() && !writePng(image, dir.filePath(didText(id) + ".png")))
            return kUsageOrIo;
    if (!writePng(render::contactSheet(thumbnails, job.size, job.columns),
                  dir.filePath("contact_sheet.png")))
        return kUsageOrIo;
    printOut(QStringLiteral("%1 %2 thumbnail(s) and contact_sheet.png written to %3\n")
                 .arg(int(thumbnails.size()) - failed)
                 .arg(render::thumbnailKindName(job.kind), QDir::toNativeSeparators(job.dir)));
    return failed ? kCheckFailed : kSuccess;
}

} // namespace portalkit::cli
