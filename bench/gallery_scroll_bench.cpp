// The Gallery's scrolling while thumbnails are still being made (issue 24, docs/benchmarks.md#
// thumbnails-bench-thumbnails-issue-24): the studio's own GalleryDock on a DAT, with an empty
// thumbnail cache, scrolled by a script at a steady speed (down, then back up) while the
// ThumbnailService draws what comes into view; the time between the grid's paints is its frame
// time. The same scroll again once everything scrolled past has been made is the baseline.
//
// A program of its own because the grid is a QWidget: `portalkit` runs on a QGuiApplication,
// which cannot host widgets, so `portalkit bench thumbnails` starts this beside it and reads the
// JSON it prints. By hand, under Xvfb:
//   xvfb-run -a build/bin/portalkit-gallery-scroll build/demo/client_portal.dat [--kind GfxObj]

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/thumbnail_service.h"
#include "ui/widgets/gallery_dock.h"
#include "ui/widgets/gallery_model.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListView>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QWindow>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace portalkit;

namespace {

constexpr double kPassSeconds = 4.0;
constexpr double kScreensPerSecond = 1.0; // a steady drag: a new screenful every second
constexpr int kTickMs = 16;               // the script moves the bar at about 60 Hz
constexpr double kTargetFps = 30;

// Timestamps of the grid's paints, and whether the service still had work at each.
class PaintClock : public QObject {
  public:
    PaintClock(const QElapsedTimer& clock, const render::ThumbnailService& service)
        : m_clock(clock), m_service(service) {}
    struct Paint {
        double ms;
        bool busy;
    };
    std::vector<Paint> paints;
    bool recording = false;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (recording && event->type() == QEvent::Paint)
            paints.push_back({double(m_clock.nsecsElapsed()) / 1e6, m_service.outstanding() > 0});
        return QObject::eventFilter(watched, event);
    }

  private:
    const QElapsedTimer& m_clock;
    const render::ThumbnailService& m_service;
};

double percentile(std::vector<double> values, double p) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, std::size_t(p * double(values.size())))];
}

// Frame times (ms between consecutive paints; `busyOnly`: where the service had work at either
// end of the frame) as JSON: count, fps from their mean, median, p95, max, how many missed 30 fps.
QJsonObject frameFigures(const std::vector<PaintClock::Paint>& paints, bool busyOnly) {
    std::vector<double> frames;
    for (std::size_t i = 1; i < paints.size(); ++i)
        if (!busyOnly || paints[i].busy || paints[i - 1].busy)
            frames.push_back(paints[i].ms - paints[i - 1].ms);
    double total = 0;
    int slow = 0;
    for (double ms : frames) {
        total += ms;
        slow += ms > 1000.0 / kTargetFps;
    }
    const double fps = frames.empty() || total <= 0 ? 0 : 1000.0 * double(frames.size()) / total;
    return QJsonObject{{"frames", int(frames.size())},
                       {"fps", fps},
                       {"frameMsMedian", percentile(frames, 0.5)},
                       {"frameMsP95", percentile(frames, 0.95)},
                       {"frameMsMax", percentile(frames, 1.0)},
                       {"framesOver33ms", slow}};
}

// One scripted scroll of kPassSeconds: the bar moves by elapsed time (not per tick), so a
// blocked GUI thread shows up as longer frames, not as a slower scroll.
QJsonObject scrollPass(QListView& list, render::ThumbnailService& service) {
    QScrollBar& bar = *list.verticalScrollBar();
    bar.setValue(0);
    QApplication::processEvents();
    service.resetStats();
    QElapsedTimer clock;
    PaintClock paints(clock, service);
    list.viewport()->installEventFilter(&paints);
    const double speed = kScreensPerSecond * list.viewport()->height(); // px per second
    const int range = std::max(1, bar.maximum());
    QEventLoop loop;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const double seconds = double(clock.nsecsElapsed()) / 1e9;
        if (seconds >= kPassSeconds)
            return loop.quit();
        // Down to the end and back, as often as the pass allows.
        const auto travelled = qint64(seconds * speed) % (2 * range);
        bar.setValue(int(travelled <= range ? travelled : 2 * range - travelled));
    });
    clock.start();
    paints.recording = true;
    tick.start(kTickMs);
    loop.exec();
    paints.recording = false;
    list.viewport()->removeEventFilter(&paints);
    const auto& stats = service.stats();
    double batchMax = 0;
    for (double ms : stats.batchMs)
        batchMax = std::max(batchMax, ms);
    QJsonObject out = frameFigures(paints.paints, false);
    out["whileMaking"] = frameFigures(paints.paints, true);
    out["drawn"] = stats.drawn;
    out["decoded"] = stats.decoded;
    out["cacheHits"] = stats.cacheHits;
    out["guiBatches"] = int(stats.batchMs.size());
    out["guiBatchMsMax"] = batchMax;
    out["outstandingAtEnd"] = service.outstanding();
    out["scrollRangePx"] = range;
    out["pxPerSecond"] = speed;
    return out;
}

// Spins the event loop until the service has nothing left (or `ms` pass).
void settle(render::ThumbnailService& service, int ms) {
    QElapsedTimer clock;
    clock.start();
    while (service.outstanding() > 0 && clock.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

int fail(const QString& text) {
    std::fprintf(stderr, "portalkit-gallery-scroll: %s\n", qPrintable(text));
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2 || args.contains("--help"))
        return fail("usage: portalkit-gallery-scroll DAT [--kind Setup|GfxObj|Texture]");
    QString kind = QStringLiteral("Setup");
    if (const qsizetype at = args.indexOf("--kind"); at > 0 && at + 1 < args.size())
        kind = args.at(at + 1);
    if (const QString why = render::renderEnvironmentProblem(); !why.isEmpty())
        return fail(why);
    std::shared_ptr<const dat::DatFile> dat;
    try {
        dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(args.at(1)));
    } catch (const dat::DatError& error) {
        return fail(args.at(1) + ": " + QString::fromUtf8(error.what()));
    }
    QTemporaryDir cache; // empty: every thumbnail is made during the first pass
    ui::GalleryDock dock;
    dock.service()->setCacheRoot(cache.path());
    const int kindIndex = dock.kindBox()->findText(kind, Qt::MatchFixedString);
    if (kindIndex < 0)
        return fail("unknown --kind " + kind);
    dock.kindBox()->setCurrentIndex(kindIndex);
    dock.setDat(dat);
    // About the studio's Gallery tab in the bottom row: wide and two rows of thumbnails high, so
    // new rows come into view (and are made) all through the scroll.
    dock.resize(900, 360);
    dock.show();
    QElapsedTimer shown;
    shown.start();
    while (!dock.windowHandle()->isExposed() && shown.elapsed() < 5000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    QListView& list = *dock.listView();
    if (list.verticalScrollBar()->maximum() <= 0)
        return fail(QStringLiteral("the %1 grid of %2 items fits the window: nothing to scroll")
                        .arg(kind)
                        .arg(dock.model()->rowCount()));
    const QJsonObject making = scrollPass(list, *dock.service());
    settle(*dock.service(), 120000);
    const QJsonObject made = scrollPass(list, *dock.service());
    const QJsonObject out{{"kind", kind},
                          {"items", dock.model()->rowCount()},
                          {"window", QStringLiteral("%1x%2").arg(list.width()).arg(list.height())},
                          {"tickMs", kTickMs},
                          {"passSeconds", kPassSeconds},
                          {"targetFps", kTargetFps},
                          {"making", making},
                          {"made", made}};
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
