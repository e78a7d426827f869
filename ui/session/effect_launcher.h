#pragma once

// The effect launcher (docs/studio.md): play a PhysicsScript by DID, a typed effect through the
// target's PhysicsScriptTable at an intensity (non-finite values included), a motion command,
// the Hidden toggle, or a flight scenario; and create a weenie of the world data with its tables
// (weenie_picker.h). Every button is a StudioSession action.

#include <QString>
#include <QWidget>
#include <cstdint>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;

namespace portalkit::weenies {
struct Weenie;
}

namespace portalkit::ui {

class StudioSession;
class WeeniePicker;

class EffectLauncher : public QWidget {
    Q_OBJECT
  public:
    explicit EffectLauncher(StudioSession* session, QWidget* parent = nullptr);

    // "0.5", "1e-3", "nan", "inf", "+inf", "-inf"; nothing for anything else.
    static std::optional<float> parseIntensity(const QString& text);
    // resources/scenarios beside the executable's build tree or the source tree, or empty.
    static QString defaultScenarioFolder();

    QLineEdit* scriptEdit() const { return m_script; }
    QComboBox* typeCombo() const { return m_type; }
    QSlider* intensitySlider() const { return m_slider; }
    QLineEdit* intensityEdit() const { return m_intensity; }
    QLabel* thresholdLabel() const { return m_thresholds; }
    QLineEdit* motionEdit() const { return m_motion; }
    QCheckBox* hiddenBox() const { return m_hidden; }
    QLineEdit* scenarioEdit() const { return m_scenario; }
    WeeniePicker* weeniePicker() const { return m_weenie; }
    QString scenarioFolder() const { return m_scenarioFolder; }
    void setScenarioFolder(const QString& folder) { m_scenarioFolder = folder; }

    // The selected script type (nothing when the table lists none).
    std::optional<std::uint32_t> selectedType() const;
    // Selects this type in the list; false when the target's table does not list it.
    bool selectType(std::uint32_t type);
    void setIntensityText(const QString& text);

  public Q_SLOTS:
    bool playScriptFromInput();
    bool playTypedFromInput();
    bool performMotionFromInput();
    void setHiddenFromInput(bool hidden);
    bool runScenarioFile(const QString& path);
    // A scene of the weenie alone, created as its CreateObject would be (weenieScenario()), the
    // scenario written to the world data's cache folder.
    bool createWeenie(const portalkit::weenies::Weenie& weenie);
    void chooseScenario(); // a file dialog in the scenario folder
    void refresh();        // re-reads the target's tables (after a new scene)

  Q_SIGNALS:
    void status(const QString& message);

  private:
    // The rows (script, typed effect, intensity, thresholds, motion, scenario) with their
    // buttons connected.
    QFormLayout* buildForm();
    void showThresholds();
    void report(bool ok, const QString& what);

    StudioSession* m_session;
    QLineEdit* m_script;
    QComboBox* m_type;
    QSlider* m_slider;
    QLineEdit* m_intensity;
    QLabel* m_thresholds;
    QLineEdit* m_motion;
    QCheckBox* m_hidden;
    QLineEdit* m_scenario;
    WeeniePicker* m_weenie;
    QLabel* m_status;
    QString m_scenarioFolder;
    std::uint32_t m_shownTable = 0;
    std::uint32_t m_shownMotionTable = 0;
};

} // namespace portalkit::ui
