// The studio's effect widgets over one session on the demo DAT: the launcher plays what the
// runtime resolves, the log follows the clock, the plot follows the particle samples, the table
// browser keeps stored order, the timeline scrubs by replaying.

#include "datreader/container/dat_file.h"
#include "datreader/records/physics_script_table.h"
#include "preview/effects/script_table.h"
#include "preview/physics/world.h"
#include "preview/scene/trace.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/event_log.h"
#include "ui/session/particle_plot.h"
#include "ui/session/studio_session.h"
#include "ui/session/table_browser.h"
#include "ui/session/timeline_bar.h"

#include <QAbstractItemModel>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <QVBoxLayout>
#include <QWidget>
#include <algorithm>
#include <memory>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

using Ids = std::vector<std::uint32_t>;
using Results = std::vector<std::optional<std::uint32_t>>;

constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kFlameBolt = 0x0200040D;

std::shared_ptr<const preview::Assets> demoAssets() {
    static std::shared_ptr<const preview::Assets> assets = std::make_shared<preview::Assets>(
        std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
    return assets;
}

// The studio's effect panel as the MainWindow will hold it.
struct Studio {
    Studio()
        : session(demoAssets()), launcher(new EffectLauncher(&session)),
          timeline(new TimelineBar(&session)), log(new EventLog(&session)),
          plot(new ParticlePlot(&session)), browser(new TableBrowser(&session)) {
        auto* layout = new QVBoxLayout(&window);
        for (QWidget* widget :
             std::initializer_list<QWidget*>{launcher, timeline, log, plot, browser})
            layout->addWidget(widget);
        window.resize(900, 1000);
        window.show();
    }
    // The log's rows of one kind, shown with that kind's type filter (std::get: a row of
    // another kind fails the test).
    template <class Kind> std::vector<preview::Published<Kind>> shown() {
        log->setTypeFilter(QString::fromLatin1(Kind::kName.data()));
        std::vector<preview::Published<Kind>> rows;
        for (const preview::Event& event : log->shownEvents())
            rows.push_back({event.t, event.owner, std::get<Kind>(event.what)});
        log->setTypeFilter({});
        return rows;
    }
    // The scripts of the shown script_queued rows.
    Ids shownQueued() {
        Ids out;
        for (const auto& row : shown<preview::ScriptQueued>())
            out.push_back(row.what.script);
        return out;
    }
    // The results of the shown table_resolved rows (none: nothing resolved).
    Results shownResults() {
        Results out;
        for (const auto& row : shown<preview::TableResolved>())
            out.push_back(row.what.result);
        return out;
    }
    QStringList shownTypeNames() {
        QStringList out;
        for (const auto& row : shown<preview::TableResolved>())
            out << preview::playScriptName(row.what.type);
        return out;
    }
    StudioSession session;
    QWidget window;
    EffectLauncher* launcher;
    TimelineBar* timeline;
    EventLog* log;
    ParticlePlot* plot;
    TableBrowser* browser;
};

} // namespace

class TestStudioWidgets : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void flameBoltLaunchAtHalfShowsItsScriptInTheLog() {
        Studio studio;
        QVERIFY(QTest::qWaitForWindowExposed(&studio.window));
        QVERIFY(studio.session.showSetup(kFlameBolt));
        QVERIFY(studio.launcher->typeCombo()->isEnabled());
        QVERIFY(studio.launcher->selectType(4));
        QVERIFY(studio.launcher->typeCombo()->currentText().startsWith("Launch"));
        studio.launcher->setIntensityText("0.5");
        QCOMPARE(studio.launcher->intensitySlider()->value(), 500);
        const QString thresholds = studio.launcher->thresholdLabel()->text();
        QVERIFY2(thresholds.contains("0x3300011B") &&
                     thresholds.contains("<b>0.5 → 0x3300011C</b>") &&
                     thresholds.contains("0x3300011D") && thresholds.contains("plays 0x3300011C"),
                 qPrintable(thresholds));

        QPushButton* play = nullptr;
        for (auto* button : studio.launcher->findChildren<QPushButton*>())
            if (button->text() == "Play typed")
                play = button;
        QVERIFY(play);
        QTest::mouseClick(play, Qt::LeftButton);
        const auto resolved = studio.shown<preview::TableResolved>();
        QCOMPARE(resolved.size(), std::size_t(1));
        QCOMPARE(resolved.front().what.result, std::optional(0x3300011Cu));
        QCOMPARE(studio.shownQueued(), Ids{0x3300011C});
        // The row's summary names the script too.
        studio.log->setTypeFilter("table_resolved");
        const QString summary =
            studio.log->model()->index(0, EventLogModel::Summary).data().toString();
        QVERIFY2(summary.contains("result=0x3300011C"), qPrintable(summary));
        studio.log->setTypeFilter({});

        // nan selects nothing, and the label says so before anything plays.
        studio.launcher->setIntensityText("nan");
        QVERIFY(studio.launcher->thresholdLabel()->text().contains("selects nothing"));
        QVERIFY(!studio.launcher->playTypedFromInput());
        QVERIFY(!studio.shown<preview::TableResolved>().back().what.result);
    }

    void recallEmitterAppearsWhenTheClockPassesIt() {
        Studio studio;
        QVERIFY(studio.session.showSetup(kHuman));
        // Recall is the default motion for a Setup with a MotionTable.
        QCOMPARE(studio.launcher->motionEdit()->text(), QString("0x10000153"));
        QVERIFY(studio.launcher->performMotionFromInput());
        studio.session.seek(1.68);
        const auto noneYet = studio.shown<preview::EmitterCreated>();
        QVERIFY(std::none_of(noneYet.begin(), noneYet.end(),
                             [](const auto& e) { return e.what.emitter == 0x3200078E; }));
        QTest::mouseClick(studio.timeline->stepButton(), Qt::LeftButton); // one frame: 1.72 s
        QVERIFY(std::abs(studio.session.time() - 1.72) < 1e-9);
        const auto created = studio.shown<preview::EmitterCreated>();
        const auto recall = std::find_if(created.begin(), created.end(), [](const auto& e) {
            return e.what.emitter == 0x3200078E;
        });
        QVERIFY(recall != created.end());
        QCOMPARE(recall->what.id, 19u);
        QVERIFY(std::abs(recall->t - 1.72) < 1e-6);
        QVERIFY(studio.timeline->timeLabel()->text().startsWith("1.720"));
    }

    void plotFollowsTheParticleSamples() {
        Studio studio;
        QVERIFY(studio.session.showSetup(kHuman));
        std::vector<preview::Published<preview::ParticlesSampled>> samples;
        connect(&studio.session, &StudioSession::eventPublished, this,
                [&samples](const preview::Event& event) {
                    if (const auto* sample = event.as<preview::ParticlesSampled>())
                        samples.push_back({event.t, event.owner, *sample});
                });
        studio.session.performMotion(0x10000153);
        studio.session.seek(3.4);
        QVERIFY(samples.size() > 10);
        qint64 peak = 0;
        for (const auto& sample : samples) {
            const auto point = studio.plot->at(sample.t);
            QCOMPARE(point.particles, qint64(sample.what.live));
            QCOMPARE(point.emitters, qint64(sample.what.emitters.size()));
            peak = std::max(peak, point.particles);
        }
        QVERIFY(peak > 0);
        QCOMPARE(studio.plot->peakParticles(), peak);
        QCOMPARE(studio.plot->at(1.0).particles, qint64(0)); // before the recall emitter
        QCOMPARE(studio.plot->at(1.0).emitters, qint64(0));
        QCOMPARE(studio.plot->series().back().particles, qint64(samples.back().what.live));
        // A seek back starts the series again, and the replay fills it to the same point.
        const auto before = studio.plot->series().size();
        studio.session.seek(1.0);
        QVERIFY(studio.plot->series().size() < before);
        studio.plot->repaint(); // paints without a chart library
        QVERIFY(studio.plot->grab().width() > 0);
    }

    void tableBrowserKeepsStoredOrderAndPlaysOnClick() {
        Studio studio;
        QVERIFY(QTest::qWaitForWindowExposed(&studio.window));
        QVERIFY(studio.session.showSetup(kFlameBolt));
        QCOMPARE(studio.browser->tableId(), 0x34000005u);
        const auto* table = demoAssets()->get<dat::PhysicsScriptTable>(0x34000005);
        QVERIFY(table);
        std::vector<std::uint32_t> stored;
        for (const auto& entry : table->entries)
            stored.push_back(entry.scriptType);
        QVERIFY(!std::is_sorted(stored.begin(), stored.end())); // else the test proves nothing
        QVERIFY(studio.browser->shownTypes() == stored);
        // The launcher's type list is the same, in the same order.
        QCOMPARE(studio.launcher->typeCombo()->count(), int(stored.size()));
        for (int i = 0; i < int(stored.size()); ++i)
            QCOMPARE(studio.launcher->typeCombo()->itemData(i).toULongLong(),
                     qulonglong(stored[std::size_t(i)]));

        QTreeWidgetItem* explode = studio.browser->scriptItem(5, 1);
        QVERIFY(explode);
        QCOMPARE(explode->text(1), QString("0x3300012B"));
        QCOMPARE(studio.browser->scriptItem(5, 0)->text(1), QString("0x3300011E"));
        QCOMPARE(studio.browser->scriptItem(5, 2)->text(1), QString("0x33000120"));
        QCOMPARE(studio.browser->scriptItem(4, 1)->text(1), QString("0x3300011C"));
        QSignalSpy chosen(studio.browser, &TableBrowser::scriptChosen);
        QTreeWidget* tree = studio.browser->tree();
        tree->scrollToItem(explode);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                          tree->visualItemRect(explode).center());
        QCOMPARE(int(chosen.count()), 1);
        QCOMPARE(chosen.first().first().value<std::uint32_t>(), 0x3300012Bu);
        QCOMPARE(studio.shownQueued(), Ids{0x3300012B});
    }

    void hiddenToggleRunsTheHiddenScript() {
        Studio studio;
        QVERIFY(QTest::qWaitForWindowExposed(&studio.window));
        QVERIFY(studio.session.showSetup(kHuman));
        QVERIFY(!studio.launcher->hiddenBox()->isChecked());
        QTest::mouseClick(studio.launcher->hiddenBox(), Qt::LeftButton);
        QVERIFY(studio.session.targetHidden());
        QCOMPARE(studio.shownResults(), (Results{0x33000331}));
        QCOMPARE(studio.shownTypeNames(), QStringList{"Hidden"});
        QTest::mouseClick(studio.launcher->hiddenBox(), Qt::LeftButton);
        QVERIFY(!studio.session.targetHidden());
        QCOMPARE(studio.shownResults(), (Results{0x33000331, 0x3300032F}));
        // A replay from 0 keeps the toggles, and the box follows the owner's state.
        studio.session.seek(0.4);
        studio.session.seek(0);
        QCOMPARE(studio.shownResults(), (Results{0x33000331, 0x3300032F}));
        QVERIFY(!studio.launcher->hiddenBox()->isChecked());
    }

    void timelineScrubsSpeedsAndLoops() {
        Studio studio;
        QVERIFY(studio.session.showSetup(kHuman));
        studio.session.performMotion(0x10000153);
        studio.session.seek(2.0);
        const auto straight = studio.log->model()->allEvents();
        studio.timeline->scrubTo(1000); // 1 s: the log is cleared and replayed up to there
        QVERIFY(std::abs(studio.session.time() - 1.0) < 1e-9);
        QCOMPARE(studio.timeline->slider()->value(), 1000);
        const auto& replayed = studio.log->model()->allEvents();
        QVERIFY(!replayed.empty());
        QVERIFY(replayed.size() < straight.size());
        for (std::size_t i = 0; i < replayed.size(); ++i) {
            QVERIFY(replayed[i].t <= 1.0 + 1e-9);
            QCOMPARE(replayed[i].what.index(), straight[i].what.index());
            QCOMPARE(preview::traceFields(replayed[i]), preview::traceFields(straight[i]));
        }
        studio.timeline->speedBox()->setValue(2.5);
        QCOMPARE(studio.session.speed(), 2.5);
        studio.timeline->speedBox()->setValue(9);
        QCOMPARE(studio.session.speed(), 4.0);
        studio.timeline->loopBox()->setChecked(true);
        QVERIFY(studio.session.loop());
        QTest::mouseClick(studio.timeline->playButton(), Qt::LeftButton);
        QVERIFY(studio.session.isPlaying());
        QCOMPARE(studio.timeline->playButton()->text(), QString("Pause"));
        QTest::mouseClick(studio.timeline->playButton(), Qt::LeftButton);
        QVERIFY(!studio.session.isPlaying());
    }

    void arrowScenarioFromTheLauncherCollides() {
        Studio studio;
        studio.launcher->setScenarioFolder(PORTALKIT_SCENARIOS);
        QVERIFY(studio.launcher->runScenarioFile("arrow.json"));
        QCOMPARE(studio.session.mode(), StudioSession::Mode::Scenario);
        QVERIFY(studio.shown<preview::CollisionHit>().empty());
        // The arrow's own table, in the launcher and the browser, while it lives.
        studio.session.seek(1.0);
        QCOMPARE(studio.session.targetScriptTable(), 0x3400002Bu);
        QCOMPARE(studio.browser->tableId(), 0x3400002Bu);
        QVERIFY(studio.launcher->typeCombo()->count() > 0);
        QCOMPARE(int(studio.browser->shownTypes().size()), studio.launcher->typeCombo()->count());
        // DeleteObject at 2 s ends it: nothing left to act on.
        studio.session.seek(studio.session.length());
        QCOMPARE(studio.session.targetOwner(), 0u);
        QCOMPARE(studio.browser->tableId(), 0u);
        QCOMPARE(studio.launcher->typeCombo()->count(), 0);
        QVERIFY(!studio.session.playScript(0x3300011C));
        const auto collisions = studio.shown<preview::CollisionHit>();
        QVERIFY(!collisions.empty());
        for (const auto& event : collisions)
            QVERIFY(event.t > 0 && event.t <= 3.0 + 1e-9);
        QVERIFY(!studio.launcher->runScenarioFile("missing.json"));
        QCOMPARE(studio.session.mode(), StudioSession::Mode::Empty);
        QCOMPARE(studio.log->model()->rowCount(), 0);
    }

    // The log keeps its latest `capacity` events: the oldest go first, their rows with them,
    // and what is shown stays in order; a clear starts the count again.
    void eventLogKeepsTheLatestEvents() {
        EventLogModel model(nullptr, 5);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        const auto event = [](double t, preview::EventKind kind) {
            return preview::Event{t, 0, std::move(kind)};
        };
        model.append(event(0, preview::HookFired{}));
        model.append(event(1, preview::ParticlesSampled{})); // a sample: kept, not shown
        for (int i = 2; i < 9; ++i)
            model.append(event(i, preview::SoundPlayed{}));
        QCOMPARE(model.allEvents().size(), std::size_t(5));
        QCOMPARE(model.droppedCount(), std::size_t(4));
        QCOMPARE(model.allEvents().front().t, 4.0);
        QCOMPARE(model.rowCount(), 5);
        for (int row = 0; row < 5; ++row)
            QCOMPARE(model.eventAt(row).t, double(row + 4));
        QCOMPARE(removed.size(), 3); // the hook's row and two sounds'; the sample had none
        model.setShowSamples(true);  // rebuilt from what is kept
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.eventAt(0).t, 4.0);
        model.clear();
        QCOMPARE(model.droppedCount(), std::size_t(0));
        model.append(event(10, preview::HookFired{}));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.eventAt(0).t, 10.0);
    }

    // A transition that met nothing is a sample like a physics quantum; one that hit something
    // or was refused entry is a row of its own.
    void transitionsThatHitSomethingAreNotSamples() {
        const auto event = [](preview::TransitionDone t) {
            return preview::Event{0, 1, preview::EventKind(t)};
        };
        preview::TransitionDone flying;
        flying.ok = true;
        QVERIFY(EventLogModel::isSample(event(flying)));
        preview::TransitionDone wall = flying;
        wall.hit = preview::HitKind::Static;
        QVERIFY(!EventLogModel::isSample(event(wall)));
        preview::TransitionDone door = flying;
        door.restricted = true;
        QVERIFY(!EventLogModel::isSample(event(door)));
        preview::TransitionDone failed;
        QVERIFY(!EventLogModel::isSample(event(failed)));
    }

    void intensityParsing() {
        QVERIFY(std::isnan(*EffectLauncher::parseIntensity("NaN")));
        QCOMPARE(*EffectLauncher::parseIntensity("inf"), std::numeric_limits<float>::infinity());
        QCOMPARE(*EffectLauncher::parseIntensity("-inf"), -std::numeric_limits<float>::infinity());
        QCOMPARE(*EffectLauncher::parseIntensity(" 0.25 "), 0.25f);
        QVERIFY(!EffectLauncher::parseIntensity("half"));
    }
};

QTEST_MAIN(TestStudioWidgets)
#include "tst_studio_widgets.moc"
