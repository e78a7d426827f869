#include "ui/session/effect_launcher.h"

#include "datreader/records/common.h"
#include "datreader/records/physics_script_table.h"
#include "preview/effects/script_table.h"
#include "ui/session/studio_session.h"
#include "ui/session/weenie_picker.h"
#include "ui/widgets/world_data.h"
#include "weenies/weenie.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace portalkit::ui {

namespace {

constexpr int kSliderSteps = 1000;

QString hexId(std::uint32_t id) {
    return QStringLiteral("0x%1").arg(id, 8, 16, QLatin1Char('0')).toUpper().replace("0X", "0x");
}

QString typeLabel(std::uint32_t type) {
    const QString name = preview::playScriptName(type);
    return name.isEmpty() ? QStringLiteral("%1").arg(type)
                          : QStringLiteral("%1 (%2)").arg(name).arg(type);
}

} // namespace

EffectLauncher::EffectLauncher(StudioSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_script(new QLineEdit(this)),
      m_type(new QComboBox(this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_intensity(new QLineEdit(this)), m_thresholds(new QLabel(this)),
      m_motion(new QLineEdit(this)), m_hidden(new QCheckBox(tr("Hidden"), this)),
      m_scenario(new QLineEdit(this)), m_weenie(new WeeniePicker(this)), m_status(new QLabel(this)),
      m_scenarioFolder(defaultScenarioFolder()) {
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buildForm());
    layout->addWidget(m_status);
    layout->addStretch(1);

    connect(m_script, &QLineEdit::returnPressed, this, &EffectLauncher::playScriptFromInput);
    connect(m_motion, &QLineEdit::returnPressed, this, &EffectLauncher::performMotionFromInput);
    connect(m_hidden, &QCheckBox::toggled, this, &EffectLauncher::setHiddenFromInput);
    connect(m_type, &QComboBox::currentIndexChanged, this, &EffectLauncher::showThresholds);
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        m_intensity->setText(QString::number(double(value) / kSliderSteps, 'g', 4));
        showThresholds();
    });
    connect(m_intensity, &QLineEdit::textEdited, this, [this](const QString& text) {
        const auto value = parseIntensity(text);
        if (value && std::isfinite(*value)) {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(int(std::lround(std::clamp(*value, 0.0f, 1.0f) * kSliderSteps)));
        }
        showThresholds();
    });
    connect(m_session, &StudioSession::sceneReset, this, &EffectLauncher::refresh);
    connect(m_session, &StudioSession::snapshotChanged, this, [this] {
        // In a scenario the target may appear (or change) after t = 0.
        if (m_session->targetScriptTable() != m_shownTable ||
            m_session->targetMotionTable() != m_shownMotionTable) {
            refresh();
            return;
        }
        const QSignalBlocker block(m_hidden);
        m_hidden->setChecked(m_session->targetHidden());
    });
    refresh();
}

QFormLayout* EffectLauncher::buildForm() {
    auto* form = new QFormLayout;
    // Rows never wrap (the main window's docks do not follow height-for-width, so a wrapped row
    // gets a one-row height): the fields' minimum widths keep the dock wide enough instead.
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    // An id field shows a whole "0x10000153" (with room for the frame and the cursor).
    const int idWidth = fontMetrics().horizontalAdvance(QStringLiteral("0x00000000")) + 24;

    m_script->setPlaceholderText("0x33000000");
    m_script->setMinimumWidth(idWidth);
    auto* playScript = new QPushButton(tr("Play script"), this);
    auto* scriptRow = new QHBoxLayout;
    scriptRow->addWidget(m_script, 1);
    scriptRow->addWidget(playScript);
    form->addRow(tr("PhysicsScript"), scriptRow);

    // The combo as wide as its longest type name ("UnHide (117)"), Play beside it; the
    // intensity has a row of its own.
    m_type->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* playTyped = new QPushButton(tr("Play typed"), this);
    auto* typedRow = new QHBoxLayout;
    typedRow->addWidget(m_type, 1);
    typedRow->addWidget(playTyped);
    form->addRow(tr("Typed effect"), typedRow);
    m_slider->setRange(0, kSliderSteps);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_intensity->setText("1");
    m_intensity->setToolTip(tr("0–1, or any real including nan, inf and -inf"));
    m_intensity->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("-inf 0.000")));
    m_intensity->setMaximumWidth(100);
    m_slider->setValue(kSliderSteps);
    auto* intensityRow = new QHBoxLayout;
    intensityRow->addWidget(m_slider, 1);
    intensityRow->addWidget(m_intensity);
    form->addRow(tr("Intensity"), intensityRow);
    // One threshold a line, not word-wrapped: its height is then what the text needs, which
    // the form keeps (a wrapped label is squeezed to one line's height and runs into the next
    // row).
    m_thresholds->setTextFormat(Qt::RichText);
    m_thresholds->setWordWrap(false);
    m_thresholds->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->addRow(tr("Thresholds"), m_thresholds);

    m_motion->setMinimumWidth(idWidth);
    auto* perform = new QPushButton(tr("Perform"), this);
    auto* motionRow = new QHBoxLayout;
    motionRow->addWidget(m_motion, 1);
    motionRow->addWidget(perform);
    motionRow->addWidget(m_hidden);
    form->addRow(tr("Motion"), motionRow);

    m_scenario->setPlaceholderText(tr("arrow.json"));
    m_scenario->setMinimumWidth(idWidth);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* run = new QPushButton(tr("Run"), this);
    auto* scenarioRow = new QHBoxLayout;
    scenarioRow->addWidget(m_scenario, 1);
    scenarioRow->addWidget(browse);
    scenarioRow->addWidget(run);
    form->addRow(tr("Scenario"), scenarioRow);

    connect(playScript, &QPushButton::clicked, this, &EffectLauncher::playScriptFromInput);
    connect(playTyped, &QPushButton::clicked, this, &EffectLauncher::playTypedFromInput);
    connect(perform, &QPushButton::clicked, this, &EffectLauncher::performMotionFromInput);
    // A weenie of the world data, with its own tables.
    form->addRow(tr("Weenie"), m_weenie);
    connect(m_weenie, &WeeniePicker::picked, this, &EffectLauncher::createWeenie);
    connect(m_weenie, &WeeniePicker::failed, this, [this](const QString& why) {
        m_status->setText(why);
        Q_EMIT status(why);
    });

    connect(browse, &QPushButton::clicked, this, &EffectLauncher::chooseScenario);
    connect(run, &QPushButton::clicked, this, [this] { runScenarioFile(m_scenario->text()); });
    return form;
}

std::optional<float> EffectLauncher::parseIntensity(const QString& text) {
    return preview::parseIntensity(text);
}

QString EffectLauncher::defaultScenarioFolder() {
    return preview::bundledScenarioFolder(QCoreApplication::applicationDirPath());
}

void EffectLauncher::refresh() {
    const std::uint32_t table = m_session->targetScriptTable();
    const std::uint32_t motionTable = m_session->targetMotionTable();
    if (table != m_shownTable || m_type->count() == 0) {
        m_shownTable = table;
        const std::optional<std::uint32_t> before = selectedType();
        const QSignalBlocker block(m_type);
        m_type->clear();
        if (const auto* record =
                table ? m_session->assets().get<dat::PhysicsScriptTable>(table) : nullptr) {
            for (const auto& entry : record->entries) // stored order
                m_type->addItem(typeLabel(entry.scriptType), qulonglong(entry.scriptType));
        }
        if (before)
            selectType(*before);
        m_type->setEnabled(m_type->count() > 0);
    }
    if (motionTable != m_shownMotionTable) {
        m_shownMotionTable = motionTable;
        // Recall is the default motion for Setups with a MotionTable.
        m_motion->setText(motionTable ? hexId(StudioSession::kRecall) : QString());
        m_motion->setPlaceholderText(motionTable ? QString() : tr("no MotionTable"));
    }
    {
        const QSignalBlocker block(m_hidden);
        m_hidden->setChecked(m_session->targetHidden());
    }
    if (!m_session->scenarioPath().isEmpty())
        m_scenario->setText(m_session->scenarioPath());
    showThresholds();
}

std::optional<std::uint32_t> EffectLauncher::selectedType() const {
    if (m_type->currentIndex() < 0)
        return std::nullopt;
    return std::uint32_t(m_type->currentData().toULongLong());
}

bool EffectLauncher::selectType(std::uint32_t type) {
    const int index = m_type->findData(qulonglong(type));
    if (index < 0)
        return false;
    m_type->setCurrentIndex(index);
    showThresholds();
    return true;
}

void EffectLauncher::setIntensityText(const QString& text) {
    m_intensity->setText(text);
    Q_EMIT m_intensity->textEdited(text);
}

void EffectLauncher::showThresholds() {
    const auto type = selectedType();
    const auto* table =
        m_shownTable ? m_session->assets().get<dat::PhysicsScriptTable>(m_shownTable) : nullptr;
    if (!type || !table) {
        m_thresholds->setText(
            m_shownTable
                ? tr("table 0x%1 cannot be read").arg(m_shownTable, 8, 16, QLatin1Char('0'))
                : tr("no PhysicsScriptTable"));
        return;
    }
    const auto intensity = parseIntensity(m_intensity->text());
    std::optional<std::uint32_t> chosen;
    if (intensity)
        chosen = preview::resolveScript(*table, *type, *intensity);
    QStringList parts;
    for (const auto& entry : table->entries) {
        if (entry.scriptType != *type)
            continue;
        bool marked = false; // the first threshold that selects `chosen`
        for (const auto& each : entry.scripts) {
            QString text = QStringLiteral("%1 → %2").arg(QString::number(each.mod, 'g', 6),
                                                         hexId(each.scriptId));
            if (!marked && chosen == each.scriptId && intensity && *intensity <= each.mod) {
                text = "<b>" + text + "</b>";
                marked = true;
            }
            parts << text;
        }
        break;
    }
    parts << (chosen ? tr("plays %1").arg(hexId(*chosen)) : tr("selects nothing"));
    const QString text = parts.join(QStringLiteral("<br>"));
    m_thresholds->setText(text);
}

void EffectLauncher::report(bool ok, const QString& what) {
    const QString text = ok ? what : tr("%1: nothing played (see the event log)").arg(what);
    m_status->setText(text);
    Q_EMIT status(text);
}

bool EffectLauncher::playScriptFromInput() {
    const auto did = dat::parseDid(m_script->text());
    if (!did) {
        report(false, tr("'%1' is not a DID").arg(m_script->text()));
        return false;
    }
    const bool ok = m_session->playScript(*did);
    report(ok, tr("script %1").arg(hexId(*did)));
    return ok;
}

bool EffectLauncher::playTypedFromInput() {
    const auto type = selectedType();
    const auto intensity = parseIntensity(m_intensity->text());
    if (!type || !intensity) {
        report(false, tr("choose a type and an intensity"));
        return false;
    }
    const bool ok = m_session->playTyped(*type, *intensity);
    report(ok, tr("%1 at %2").arg(typeLabel(*type), m_intensity->text().trimmed()));
    return ok;
}

bool EffectLauncher::performMotionFromInput() {
    const auto command = dat::parseDid(m_motion->text());
    if (!command) {
        report(false, tr("'%1' is not a motion command").arg(m_motion->text()));
        return false;
    }
    const bool ok = m_session->performMotion(*command);
    report(ok, tr("motion %1").arg(hexId(*command)));
    return ok;
}

void EffectLauncher::setHiddenFromInput(bool hidden) {
    const bool ok = m_session->setHidden(hidden);
    report(ok, hidden ? tr("Hidden set") : tr("Hidden cleared"));
}

bool EffectLauncher::runScenarioFile(const QString& path) {
    QString file = path.trimmed();
    if (!file.isEmpty() && QFileInfo(file).isRelative() && !QFileInfo::exists(file) &&
        !m_scenarioFolder.isEmpty())
        file = QDir(m_scenarioFolder).filePath(file);
    m_scenario->setText(file);
    const bool ok = m_session->runScenario(file);
    m_status->setText(ok ? tr("scenario %1").arg(QFileInfo(file).fileName())
                         : m_session->lastError());
    Q_EMIT status(m_status->text());
    return ok;
}

bool EffectLauncher::createWeenie(const weenies::Weenie& weenie) {
    QString why;
    const QString path = writeWeenieScenario(
        weenie, QDir(WorldData::defaultCacheFolder()).filePath(QStringLiteral("scenarios")), &why);
    if (path.isEmpty()) {
        m_status->setText(why);
        Q_EMIT status(why);
        return false;
    }
    if (!runScenarioFile(path))
        return false;
    // Short in the dock (a long line would widen it); what it brought in the status bar.
    m_status->setText(tr("%1 created").arg(weenieLabel(weenie)));
    Q_EMIT status(tr("%1: %2").arg(weenieLabel(weenie), weenieTables(weenie)));
    return true;
}

void EffectLauncher::chooseScenario() {
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Run a flight scenario"), m_scenarioFolder,
                                     tr("Scenarios (*.json);;All files (*)"));
    if (!file.isEmpty())
        runScenarioFile(file);
}

} // namespace portalkit::ui
