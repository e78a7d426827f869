// What a new user meets first in the studio (issue 21): the window's size and its memory, the
// timeline's readout after a recall, launcher fields that show their whole text, a framing that
// keeps the recall's raised arms in view, a caption saying what the viewport shows, and a status
// bar that never draws two messages over each other. Each is checked on the widgets and on a
// grab of what they draw; PORTALKIT_SCREENSHOTS=<dir> keeps those grabs for a person to look at.

#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/common.h"
#include "support/dat_fixtures.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/studio_session.h"
#include "ui/session/timeline_bar.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"

#include <QColor>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QObject>
#include <QPoint>
#include <QRect>
#include <QRgb>
#include <QScreen>
#include <QSettings>
#include <QSize>
#include <QStandardPaths>
#include <QStatusBar>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

constexpr std::uint32_t kHuman = 0x02000001;

// Keeps a grab when PORTALKIT_SCREENSHOTS names a folder.
void keep(const QImage& image, const QString& name) {
    const QString folder = qEnvironmentVariable("PORTALKIT_SCREENSHOTS");
    if (!folder.isEmpty())
        image.save(QDir(folder).filePath(name + ".png"));
}

// Whether a pixel is text (dark on the light widget background).
bool ink(QRgb pixel) {
    return qGray(pixel) < 110;
}

// The bands of rows holding ink: one per line of text.
int textLines(const QImage& image) {
    int lines = 0;
    bool inLine = false;
    for (int y = 0; y < image.height(); ++y) {
        bool any = false;
        for (int x = 0; x < image.width() && !any; ++x)
            any = ink(image.pixel(x, y));
        lines += any && !inLine;
        inLine = any;
    }
    return lines;
}

// The bounding box of the human's skin-coloured pixels in a capture (particles are not
// skin-coloured, the background is a dark blue-grey).
QRect figureBox(const QImage& image) {
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.red() > 70 && c.red() > c.blue() + 30 && c.red() >= c.green())
                box = box.united(QRect(x, y, 1, 1));
        }
    return box;
}

} // namespace

class TestStudioPapercuts : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

    // A studio on a DAT (the demo's) showing the human, shown at `size` or, by default, with
    // its layout restored from the temporary settings.
    struct Shown {
        MainWindow window;
        Studio studio{&window};
        explicit Shown(const QString& path = PORTALKIT_DEMO_DAT, QSize size = {}) {
            window.openDat(path);
            window.selectEntry(kHuman);
            if (size.isValid())
                window.resize(size);
            else
                window.restoreLayout();
            window.show();
        }
    };

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_settings.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
    }
    void init() { QSettings("PortalKit", "Studio").clear(); }

    // No saved layout: most of the screen, centred. Then what the user leaves is what opens.
    void windowOpensAtAShareOfTheScreenAndRemembersItsLayout() {
        QSize chosen;
        {
            Shown shown;
            QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
            const QRect available = shown.window.screen()->availableGeometry();
            const QSize expected(int(available.width() * MainWindow::kScreenShare),
                                 int(available.height() * MainWindow::kScreenShare));
            QVERIFY2(std::abs(shown.window.width() - expected.width()) <= 2 &&
                         std::abs(shown.window.height() - expected.height()) <= 2,
                     qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                    .arg(shown.window.width())
                                    .arg(shown.window.height())
                                    .arg(available.width())
                                    .arg(available.height())));
            const QImage image = shown.window.grab().toImage();
            keep(image, "window_default");
            QCOMPARE(image.size(), shown.window.size() * image.devicePixelRatio());
            // The viewport gets the larger part of it, not a cramped middle.
            QVERIFY(shown.studio.viewport()->width() > shown.window.width() / 3);

            chosen = QSize(expected.width() - 100, expected.height() - 60);
            shown.window.resize(chosen);
            QTRY_COMPARE(shown.window.size(), chosen);
            shown.window.auditDock()->show();
            shown.window.close();
        }
        Shown again;
        QVERIFY(QTest::qWaitForWindowExposed(&again.window));
        QCOMPARE(again.window.size(), chosen);
        QVERIFY(again.window.auditDock()->isVisible());
    }

    // After a recall the timeline spans the recall (about 15 s), not the old 5 s, and the
    // readout fits its label; past the end it says so rather than "16.000 / 15.080 s".
    void timelineFollowsTheRecall() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
        StudioSession& session = *shown.studio.session();
        QCOMPARE(session.length(), StudioSession::kDefaultLength);
        QVERIFY(session.performMotion(StudioSession::kRecall));
        QVERIFY2(session.length() > 14 && session.length() < 17,
                 qPrintable(QString::number(session.length())));
        QCOMPARE(session.length(), session.effectLength());
        QVERIFY(!session.effectCapped());

        session.seek(12);
        QLabel* readout = shown.studio.timeline()->timeLabel();
        const QString text = readout->text();
        QVERIFY2(text.startsWith(QStringLiteral("12.000 / %1 s").arg(session.length(), 0, 'f', 3)),
                 qPrintable(text));
        QVERIFY(readout->width() >= readout->fontMetrics().horizontalAdvance(text));
        QCOMPARE(shown.studio.timeline()->slider()->maximum(),
                 int(std::lround(session.length() * TimelineBar::kSliderUnitsPerSecond)));
        const QImage bar = shown.studio.timeline()->grab().toImage();
        keep(bar, "timeline_recall");
        QVERIFY(textLines(readout->grab().toImage()) == 1);

        session.seek(session.length() + 1);
        QVERIFY2(readout->text().contains("past the end"), qPrintable(readout->text()));
        QVERIFY(!readout->text().contains(QStringLiteral("/ %1").arg(session.length(), 0, 'f', 3)));
    }

    // The combo shows its longest type name, the motion and script fields a whole id, and the
    // thresholds keep every line above the next row.
    void launcherFieldsAreNotClipped() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
        EffectLauncher* launcher = shown.studio.launcher();
        keep(launcher->grab().toImage(), "launcher");

        QComboBox* combo = launcher->typeCombo();
        QVERIFY(combo->count() > 0);
        for (int i = 0; i < combo->count(); ++i)
            QVERIFY2(combo->width() >=
                         combo->fontMetrics().horizontalAdvance(combo->itemText(i)) + 20,
                     qPrintable(combo->itemText(i)));
        for (QLineEdit* edit : {launcher->motionEdit(), launcher->scriptEdit()}) {
            const int idWidth = edit->fontMetrics().horizontalAdvance(QStringLiteral("0x10000153"));
            QVERIFY2(edit->width() >= idWidth + 8, qPrintable(QString::number(edit->width())));
        }
        QCOMPARE(launcher->motionEdit()->text(), QStringLiteral("0x10000153"));
        // Nothing squeezed below what the layout asks for.
        QVERIFY(launcher->height() >= launcher->minimumSizeHint().height());

        QLabel* thresholds = launcher->thresholdLabel();
        QVERIFY(thresholds->height() >= thresholds->sizeHint().height());
        const int bottom = thresholds->mapTo(launcher, QPoint(0, thresholds->height())).y();
        const int nextTop = launcher->motionEdit()->mapTo(launcher, QPoint(0, 0)).y();
        QVERIFY2(bottom <= nextTop, qPrintable(QStringLiteral("%1 > %2").arg(bottom).arg(nextTop)));
        // Drawn: one band of text per threshold line, the last naming what plays.
        const int lines = int(thresholds->text().count(QStringLiteral("<br>"))) + 1;
        QVERIFY(lines >= 2);
        const QImage drawn = thresholds->grab().toImage();
        keep(drawn, "thresholds");
        QCOMPARE(textLines(drawn), lines);
    }

    // Through the recall the figure (raised arms included) stays inside the view with a margin.
    void framingKeepsTheRecallInView() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
        StudioSession& session = *shown.studio.session();
        QVERIFY(session.performMotion(StudioSession::kRecall));
        render::ViewportWidget* viewport = shown.studio.viewport();
        int highest = INT_MAX;
        for (double t = 1; t < session.length(); t += 1.5) {
            session.seek(t);
            const QImage image = viewport->capture();
            QVERIFY(!image.isNull());
            const QRect box = figureBox(image);
            QVERIFY2(!box.isEmpty(), qPrintable(QString::number(t)));
            keep(image, QStringLiteral("recall_%1").arg(int(t * 10)));
            const int margin = image.height() / 50;
            QVERIFY2(box.top() > margin && box.bottom() < image.height() - margin &&
                         box.left() > margin && box.right() < image.width() - margin,
                     qPrintable(QStringLiteral("t=%1: figure at %2,%3 %4x%5 in %6x%7")
                                    .arg(t)
                                    .arg(box.x())
                                    .arg(box.y())
                                    .arg(box.width())
                                    .arg(box.height())
                                    .arg(image.width())
                                    .arg(image.height())));
            highest = std::min(highest, box.top());
        }
        QVERIFY(highest < INT_MAX);
    }

    // An entry with no preview of its own (a CharGen) chosen in the browser: the caption says
    // the view still shows the Setup. (A GfxObj used to be that entry; it now shows alone.)
    void captionSaysWhatIsShown() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
        QLabel* caption = shown.studio.viewport()->captionLabel();
        QVERIFY(caption->isVisible());
        QCOMPARE(caption->text(), QStringLiteral("Setup %1").arg(dat::didJson(kHuman)));
        const dat::DatFile& portal = *shown.window.portalDat();
        std::uint32_t other = 0;
        for (const auto& entry : portal.entries())
            if (dat::typeName(portal.kind(), entry.id) == "CharGen") {
                other = entry.id;
                break;
            }
        QVERIFY(other);
        QVERIFY(shown.window.selectEntry(other));
        QCOMPARE(shown.studio.session()->setupId(), kHuman);
        const QString text = caption->text();
        QVERIFY2(text.contains(QStringLiteral("CharGen %1").arg(dat::didJson(other))) &&
                     text.contains(QStringLiteral("Setup %1").arg(dat::didJson(kHuman))),
                 qPrintable(text));
        // All of it drawn: as many lines as it needs, none cut off.
        QTRY_VERIFY(caption->height() >= caption->heightForWidth(caption->width()));
        const QImage drawn = caption->grab().toImage();
        keep(drawn, "caption_gfxobj");
        const int needed =
            caption->fontMetrics().horizontalAdvance(text) > caption->contentsRect().width() ? 2
                                                                                             : 1;
        QVERIFY(textLines(drawn) >= needed);
        // Back on a Setup, the caption is that Setup again.
        QVERIFY(shown.window.selectEntry(kHuman));
        QCOMPARE(caption->text(), QStringLiteral("Setup %1").arg(dat::didJson(kHuman)));
    }

    // A Setup that fails to decode while the DAT opens (before the window shows, as
    // portalkit-studio does): its message and the DAT summary each have their own place.
    void statusBarNeverOverlapsTwoMessages() {
        QTemporaryDir dir;
        dat::DatWriter writer(dat::DatKind::Portal);
        writer.put(testing::entry(kHuman, 40)); // 40 bytes that are no Setup
        const QString path = dir.filePath("broken_portal.dat");
        writer.save(path);

        Shown shown(path, QSize(1400, 700));
        QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
        QVERIFY(shown.window.lastError().isEmpty()); // the DAT opened; its Setup did not load
        QStatusBar* bar = shown.window.statusBar();
        const QString message = bar->currentMessage();
        QVERIFY2(message.contains(dat::didJson(kHuman), Qt::CaseInsensitive), qPrintable(message));
        // Every other text in the bar sits right of where the message is drawn.
        const int messageEnd = 6 + bar->fontMetrics().horizontalAdvance(message);
        QVERIFY(messageEnd < bar->width() / 2 + 200);
        int labels = 0;
        const QLabel* summary = nullptr;
        for (QLabel* label : bar->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            ++labels;
            summary = label;
            QVERIFY2(label->x() >= messageEnd,
                     qPrintable(QStringLiteral("'%1' at %2, message to %3")
                                    .arg(label->text())
                                    .arg(label->x())
                                    .arg(messageEnd)));
        }
        QCOMPARE(labels, 1); // the DAT summary
        const QImage drawn = bar->grab().toImage();
        keep(drawn, "status_bar");
        // Between the message and the summary the bar is bare: nothing drawn over the gap.
        bool inkInGap = false;
        for (int x = messageEnd + 4; x < summary->x() - 4 && !inkInGap; ++x)
            for (int y = 0; y < drawn.height() && !inkInGap; ++y)
                inkInGap = ink(drawn.pixel(x, y));
        QVERIFY(!inkInGap);
    }
};

QTEST_MAIN(TestStudioPapercuts)
#include "tst_studio_papercuts.moc"
