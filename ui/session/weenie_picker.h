#pragma once

// The effect launcher's Weenie row (docs/studio.md#world-data-in-the-studio): pick a weenie of
// the open world data by name or WCID, and it is created as the server's CreateObject would
// bring it: its Setup with its MotionTable, SoundTable and PhysicsEffectTable together, which is
// what a Setup chosen in the Browser (the Setup's own defaults) does not give.

#include "weenies/weenie.h"

#include <QJsonObject>
#include <QPointer>
#include <QString>
#include <QWidget>
#include <optional>

class QCompleter;
class QLineEdit;
class QPushButton;
class QStringListModel;

namespace portalkit::ui {

class WorldData;

class WeeniePicker : public QWidget {
    Q_OBJECT
  public:
    // How many names the completion offers.
    static constexpr int kSuggestions = 50;

    explicit WeeniePicker(QWidget* parent = nullptr);

    // The world data to pick from; unset, the picker takes its window's (WorldData::of) when
    // first shown or used.
    void setWorldData(WorldData* world);
    WorldData* worldData() const { return m_world; }

    // The weenie `text` names: "Flame Bolt (7277)" as the completion writes it, a WCID, or a
    // name (a whole-name match before names that only hold it). Nothing, with why(), otherwise.
    std::optional<weenies::Weenie> resolve(const QString& text, QString* why = nullptr);

    QLineEdit* edit() const { return m_edit; }
    QPushButton* createButton() const { return m_create; }
    QCompleter* completer() const { return m_completer; }
    // What the completion offers for `text` now ("Flame Bolt (7277)", …).
    QStringList suggestions(const QString& text);

  public Q_SLOTS:
    // Resolves the edit's text and emits picked(), or failed() with why.
    bool pickFromInput();

  Q_SIGNALS:
    void picked(const portalkit::weenies::Weenie& weenie);
    void failed(const QString& message);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    WorldData* world(); // m_world, found on first use
    void updateEnabled();

    QPointer<WorldData> m_world;
    QLineEdit* m_edit;
    QPushButton* m_create;
    QCompleter* m_completer;
    QStringListModel* m_suggestions;
};

// "Flame Bolt (7277)"; "flamewall (7277)" for a weenie without a name.
QString weenieLabel(const weenies::Weenie& weenie);

// "Setup 0x0200040D, SoundTable 0x20000001, PhysicsEffectTable 0x34000005": what a CreateObject
// of the weenie brings.
QString weenieTables(const weenies::Weenie& weenie);

// A one-object scenario (docs/scenarios.md): a CreateObject at the origin, on a flat ground, of
// the weenie's Setup with the tables its DID properties name (each left out when it has none,
// so the Setup's own is used, as for a description without that table). Nothing when the
// weenie has no Setup.
std::optional<QJsonObject> weenieScenario(const weenies::Weenie& weenie);

// Writes weenieScenario(weenie) to `folder` as weenie-WCID.json and returns its path; empty,
// with why, when the weenie has no Setup or the file cannot be written.
QString writeWeenieScenario(const weenies::Weenie& weenie, const QString& folder, QString* why);

} // namespace portalkit::ui
