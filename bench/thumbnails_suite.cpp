// The 'thumbnails' suite (docs/benchmarks.md#thumbnails-bench-thumbnails-issue-24): thumbnails
// per second at 128x128 through the Gallery's own ThumbnailService on the demo DAT: Setups and
// GfxObjs drawn (GUI thread) and finished on workers, textures decoded on workers, against the
// same thumbnails read back from the disk cache and against one plain offscreen render of an
// object already drawn, all in the same run; then the Gallery scrolled while thumbnails are made
// against the same scroll once they are (portalkit-gallery-scroll, started beside this program).
// Built only with the GUI (the render library).

#include "bench/thumbnails_suite.h"

#include "bench/bench_common.h"
#include "datreader/io/dat_error.h"
#include "ui/render/thumbnail_cache.h"
#include "ui/render/thumbnail_service.h"
#include "ui/render/thumbnailer.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::bench {
namespace {

using render::ThumbnailKind;

constexpr int kSize = 128;
constexpr int kRounds = 3;
constexpr double kTargetPerSecond = 50;
constexpr int kPlainRenders = 40;
constexpr int kRoundTimeoutMs = 300000;
constexpr double kTargetScrollFps = 30;
constexpr int kScrollTimeoutMs = 300000;

struct Round {
    double seconds = 0;
    int made = 0;
    int failed = 0;
    render::ThumbnailService::Stats stats;
};

// Asks for every id and spins the event loop until the service is idle. Each round gets fresh
// records (a new Assets) so nothing decoded earlier is reused; nothing when it timed out.
std::optional<Round> runRound(render::ThumbnailService& service,
                              const std::shared_ptr<const dat::DatFile>& dat,
                              const std::vector<std::uint32_t>& ids) {
    service.setAssets(std::make_shared<preview::Assets>(dat));
    service.resetStats();
    Round round;
    QEventLoop loop;
    const auto counted = QObject::connect(&service, &render::ThumbnailService::ready, &loop,
                                          [&](std::uint32_t, const QImage& image) {
                                              ++(image.isNull() ? round.failed : round.made);
                                          });
    QObject::connect(&service, &render::ThumbnailService::idle, &loop, &QEventLoop::quit);
    QTimer::singleShot(kRoundTimeoutMs, &loop, [&loop] { loop.exit(1); });
    QElapsedTimer clock;
    clock.start();
    for (std::uint32_t id : ids)
        service.request(id);
    const int code = loop.exec();
    round.seconds = double(clock.nsecsElapsed()) / 1e9;
    QObject::disconnect(counted);
    round.stats = service.stats();
    if (code != 0) {
        printError("a thumbnails round did not finish in time");
        return std::nullopt;
    }
    return round;
}

struct Case {
    QString name;
    int thumbnails = 0;
    double seconds = 0;
    int failed = 0;
    std::vector<double> batchMs, drawMs;
    double perSecond() const { return seconds > 0 ? thumbnails / seconds : 0; }
};

// `rounds` rounds over `ids`, each into a fresh cache directory under `dir` (cacheHits 0).
std::optional<Case> timeCase(const QString& name, render::ThumbnailService& service,
                             const std::shared_ptr<const dat::DatFile>& dat,
                             const std::vector<std::uint32_t>& ids, const QString& dir,
                             int rounds) {
    Case out{name};
    for (int r = 0; r < rounds; ++r) {
        service.setCacheRoot(QStringLiteral("%1/%2-%3").arg(dir, name).arg(r));
        const auto round = runRound(service, dat, ids);
        if (!round)
            return std::nullopt;
        out.thumbnails += round->made;
        out.failed += round->failed;
        out.seconds += round->seconds;
        out.batchMs.insert(out.batchMs.end(), round->stats.batchMs.begin(),
                           round->stats.batchMs.end());
        out.drawMs.insert(out.drawMs.end(), round->stats.drawMs.begin(), round->stats.drawMs.end());
    }
    return out;
}

// One plain render: the human drawn again and again by a ModelThumbnailer at the size the
// service draws (its meshes uploaded): the floor a drawn thumbnail cannot go under.
std::optional<double> plainRendersPerSecond(const std::shared_ptr<const dat::DatFile>& dat,
                                            std::uint32_t setup) {
    render::ModelThumbnailer models(std::make_shared<preview::Assets>(dat), kSize);
    if (models.renderFrame(ThumbnailKind::Setup, setup).isNull()) {
        printError("plain render failed: " + models.errorString());
        return std::nullopt;
    }
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < kPlainRenders; ++i)
        if (models.renderFrame(ThumbnailKind::Setup, setup).isNull())
            return std::nullopt;
    return kPlainRenders / (double(clock.nsecsElapsed()) / 1e9);
}

double maxOf(const std::vector<double>& values) {
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

QJsonObject caseJson(const Case& c) {
    return QJsonObject{{"case", c.name},
                       {"thumbnails", c.thumbnails},
                       {"failed", c.failed},
                       {"seconds", c.seconds},
                       {"perSecond", c.perSecond()},
                       {"guiBatchMsMedian", median(c.batchMs)},
                       {"guiBatchMsMax", maxOf(c.batchMs)},
                       {"drawMsMedian", median(c.drawMs)},
                       {"drawMsMax", maxOf(c.drawMs)}};
}

QString caseLine(const Case& c) {
    return QStringLiteral("%1%2%3%4%5%6\n")
        .arg(c.name, -10)
        .arg(c.thumbnails, 8)
        .arg(c.perSecond(), 12, 'f', 1)
        .arg(median(c.drawMs), 10, 'f', 1)
        .arg(median(c.batchMs), 11, 'f', 1)
        .arg(maxOf(c.batchMs), 10, 'f', 1);
}

// The scroll program: beside this one in a build tree, else where an install puts it
// (PORTALKIT_GALLERY_SCROLL_REL, relative to the installed portalkit); empty when neither exists.
QString galleryScrollProgram() {
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& path : {here.filePath("portalkit-gallery-scroll"),
                                here.filePath(QStringLiteral(PORTALKIT_GALLERY_SCROLL_REL))})
        if (QFileInfo(path).isExecutable())
            return QDir::cleanPath(path);
    return {};
}

// The scroll figures portalkit-gallery-scroll prints for `kind` and whether they meet the target,
// or {"measured": false, "why"} when the program is missing (an install without it) or fails.
QJsonObject measureScroll(const QString& datPath, const QString& kind) {
    const QString program = galleryScrollProgram();
    if (program.isEmpty())
        return {{"measured", false},
                {"pass", false},
                {"why", "portalkit-gallery-scroll is neither beside portalkit nor installed"}};
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, {datPath, "--kind", kind});
    if (!process.waitForFinished(kScrollTimeoutMs) ||
        process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        return {{"measured", false},
                {"pass", false},
                {"why", QString::fromLocal8Bit(process.readAllStandardError()).trimmed()}};
    }
    QJsonObject out = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    out["measured"] = !out.isEmpty();
    // Smoothness is the slow frames, not the mean: a thumbnail arriving repaints the grid between
    // two scroll steps and shortens the mean. 95 % of the frames while thumbnails are being made
    // must come within 1/30 s.
    const QJsonObject busy = out["making"].toObject()["whileMaking"].toObject();
    out["targetFps"] = kTargetScrollFps;
    out["pass"] =
        busy["frames"].toInt() > 0 && busy["frameMsP95"].toDouble() <= 1000.0 / kTargetScrollFps;
    return out;
}

QString scrollText(const QJsonObject& scroll) {
    if (!scroll["measured"].toBool())
        return QStringLiteral("gallery scroll: not measured (%1)\n").arg(scroll["why"].toString());
    const QJsonObject making = scroll["making"].toObject(), made = scroll["made"].toObject();
    const QJsonObject busy = making["whileMaking"].toObject();
    const auto line = [](const QString& name, const QJsonObject& f) {
        return QStringLiteral("%1%2%3%4%5%6\n")
            .arg(name, -26)
            .arg(f["frames"].toInt(), 7)
            .arg(f["fps"].toDouble(), 8, 'f', 1)
            .arg(f["frameMsMedian"].toDouble(), 9, 'f', 1)
            .arg(f["frameMsP95"].toDouble(), 8, 'f', 1)
            .arg(f["frameMsMax"].toDouble(), 8, 'f', 1);
    };
    return QStringLiteral("gallery scroll, %1 %2 items in %3, %4 px/s for %5 s:\n"
                          "pass                       frames     fps   median     p95     max\n")
               .arg(scroll["items"].toInt())
               .arg(scroll["kind"].toString(), scroll["window"].toString())
               .arg(making["pxPerSecond"].toDouble(), 0, 'f', 0)
               .arg(scroll["passSeconds"].toDouble()) +
           line("while making (all)", making) + line("while making (busy)", busy) +
           line("all made (baseline)", made) +
           QStringLiteral("made during the scroll: %1 drawn, %2 decoded, %3 GUI batches (max "
                          "%4 ms); p95 frame while making vs baseline: %5x\n")
               .arg(making["drawn"].toInt())
               .arg(making["decoded"].toInt())
               .arg(making["guiBatches"].toInt())
               .arg(making["guiBatchMsMax"].toDouble(), 0, 'f', 1)
               .arg(busy["frameMsP95"].toDouble() / std::max(1e-9, made["frameMsP95"].toDouble()),
                    0, 'f', 2);
}

} // namespace

Outcome runThumbnailsSuite(const QString& datPath, const QString& jsonPath) {
    std::shared_ptr<const dat::DatFile> dat;
    try {
        dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(datPath));
    } catch (const dat::DatError& error) {
        printError(datPath + ": " + QString::fromStdString(error.what()));
        return Outcome::Error;
    }
    std::vector<std::uint32_t> models = render::thumbnailIds(*dat, ThumbnailKind::Setup);
    const auto gfx = render::thumbnailIds(*dat, ThumbnailKind::GfxObj);
    models.insert(models.end(), gfx.begin(), gfx.end());
    const auto textures = render::thumbnailIds(*dat, ThumbnailKind::Texture);
    if (models.empty() || textures.empty()) {
        printError("the thumbnails bench needs a DAT with Setups, GfxObjs and textures");
        return Outcome::Error;
    }
    QTemporaryDir dir;
    render::ThumbnailService service;
    service.setSize(kSize);
    const auto drawn = timeCase("models", service, dat, models, dir.path(), kRounds);
    const auto decoded =
        drawn ? timeCase("textures", service, dat, textures, dir.path(), kRounds) : std::nullopt;
    std::vector<std::uint32_t> all = models;
    all.insert(all.end(), textures.begin(), textures.end());
    // The cache the last rounds wrote: read back, for the baseline.
    std::optional<Case> cached;
    if (decoded) {
        service.setCacheRoot(QStringLiteral("%1/models-%2").arg(dir.path()).arg(kRounds - 1));
        const auto fromModels = runRound(service, dat, models);
        service.setCacheRoot(QStringLiteral("%1/textures-%2").arg(dir.path()).arg(kRounds - 1));
        const auto fromTextures = fromModels ? runRound(service, dat, textures) : std::nullopt;
        if (fromTextures)
            cached = Case{"cached", fromModels->made + fromTextures->made,
                          fromModels->seconds + fromTextures->seconds,
                          fromModels->failed + fromTextures->failed};
    }
    const auto plain = cached ? plainRendersPerSecond(dat, models.front()) : std::nullopt;
    if (!plain)
        return Outcome::Error;
    const double modelRate = drawn->perSecond();
    const QJsonObject scroll = measureScroll(datPath, QStringLiteral("GfxObj"));
    const bool scrollPass = scroll["pass"].toBool();
    const bool pass = modelRate >= kTargetPerSecond && drawn->failed == 0 && scrollPass;
    QString text = QStringLiteral("\nthumbnails benchmark, %1x%1, %2, %3 rounds\n"
                                  "case       thumbs   thumbs/s   draw ms  GUI batch   max ms\n")
                       .arg(kSize)
                       .arg(coresAndCpu())
                       .arg(kRounds);
    text += caseLine(*drawn) + caseLine(*decoded) + caseLine(*cached);
    text += QStringLiteral("one plain render of a drawn Setup: %1/s\n"
                           "models vs plain render: %2x, vs cached: %3x\n"
                           "target: >= %4 drawn thumbnails/s: %5\n")
                .arg(*plain, 0, 'f', 1)
                .arg(modelRate / *plain, 0, 'f', 2)
                .arg(modelRate / std::max(1e-9, cached->perSecond()), 0, 'f', 3)
                .arg(kTargetPerSecond)
                .arg(modelRate >= kTargetPerSecond && drawn->failed == 0 ? "pass" : "FAIL");
    text += scrollText(scroll) + QStringLiteral("target: gallery scrolls at >= %1 fps while "
                                                "thumbnails are made (p95 frame): %2\n")
                                     .arg(kTargetScrollFps)
                                     .arg(scrollPass ? "pass" : "FAIL");
    printOut(text);
    const QJsonObject figures{
        {"size", kSize},
        {"rounds", kRounds},
        {"cases", QJsonArray{caseJson(*drawn), caseJson(*decoded), caseJson(*cached)}},
        {"plainRendersPerSecond", *plain},
        {"modelsVsPlainRender", modelRate / *plain},
        {"modelsVsCached", modelRate / std::max(1e-9, cached->perSecond())},
        {"targetPerSecond", kTargetPerSecond},
        {"scroll", scroll},
        {"pass", pass}};
    return writeReport(jsonPath, report("thumbnails", std::nullopt, figures)) ? Outcome::Success
                                                                              : Outcome::Error;
}

} // namespace portalkit::bench
