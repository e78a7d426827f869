#pragma once

// The studio's Appearance dock (docs/studio.md#appearance): dresses the Setup shown in the
// viewport. It lists the clothing items (ClothingTables) of the portal DAT that have an entry
// for that Setup, the chosen item's palette templates and a shade in [0, 1], and builds the
// ObjDesc from them as the client does (preview::appearance::fromClothing); the ObjDesc is shown
// and editable in a tree, loaded from and saved to the JSON form of `--objdesc`, and cleared.
// Every change goes to the session (StudioSession::setObjDesc), which replays the scene with the
// owner dressed, so the viewport redraws it.

#include "preview/appearance/obj_desc.h"
#include "ui/studio/clothing_index.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLayout;
class QSlider;
class QToolButton;

namespace portalkit::ui {

class ObjDescTree;
class StudioSession;

class AppearanceDock : public QDockWidget {
    Q_OBJECT
  public:
    explicit AppearanceDock(QWidget* parent = nullptr);
    ~AppearanceDock() override;

    // The session to dress (null: none). A session over another DAT starts reading its
    // ClothingTables in the background; indexReady() follows.
    void setSession(StudioSession* session);
    // The Setup being dressed: the session's, in Setup mode; 0 otherwise (the dock is idle).
    std::uint32_t setupId() const { return m_setup; }

    bool isIndexing() const { return m_watcher.isRunning(); }
    // The ClothingTables that fit the Setup, as listed (empty while indexing).
    std::vector<std::uint32_t> clothingItems() const;
    // Puts on this item (0: none) with the first palette template it has; false when it is not
    // listed. The choices below then rebuild the ObjDesc from the table.
    bool chooseClothing(std::uint32_t table);
    std::uint32_t clothing() const;
    // The chosen item's palette templates, 0 (no recolouring) first.
    std::vector<std::uint32_t> paletteTemplates() const;
    bool choosePaletteTemplate(std::uint32_t key);
    std::uint32_t paletteTemplate() const;
    // The shade in [0, 1] (the slider has kShadeSteps steps), one for every sub-palette effect.
    void setShade(double shade);
    double shade() const;
    static constexpr int kShadeSteps = 100;

    // The ObjDesc the Setup wears (empty when none); in a scenario, what its target object
    // wears (shown read-only).
    preview::appearance::ObjDesc objDesc() const;
    // Dresses the Setup in `desc`, as an edit would (the clothing choice is forgotten).
    bool applyObjDesc(const preview::appearance::ObjDesc& desc);
    // The JSON form (docs/appearance.md#in-portalkit); false, with the reason in statusText(),
    // when the file cannot be read or a value is wrong.
    bool loadJson(const QString& path);
    bool saveJson(const QString& path);
    // Takes everything off: no clothing, no ObjDesc.
    void clearAppearance();

    ObjDescTree* tree() const { return m_tree; }
    // The line under the tree: what was applied and what could not be (the library's problems).
    QString statusText() const;

  signals:
    void indexReady();

  private:
    QLayout* makeChoices(); // clothing, template and shade
    QLayout* makeButtons(); // add, remove, load, save, clear
    void refresh(); // follows the session: its Setup and its ObjDesc, or a scenario's object's
    std::shared_ptr<const preview::appearance::ObjDesc> scenarioLook(std::uint32_t* setup) const;
    void fillClothing();    // the items for m_setup
    void fillTemplates();   // the templates of the chosen item
    void dressFromChoice(); // the ObjDesc from item, template and shade
    void treeEdited(const QJsonObject& form);
    void addEntry(int group);
    void removeEntry();
    void chooseLoad();
    void chooseSave();
    void indexFinished();
    void forgetChoice(); // the controls back to no clothing, the ObjDesc left alone
    void showStatus(const QStringList& problems);
    bool dress(std::shared_ptr<const preview::appearance::ObjDesc> desc);

    QPointer<StudioSession> m_session;
    const void* m_indexedDat = nullptr; // the DatFile m_index was read from
    ClothingIndex m_index;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<ClothingIndex> m_watcher;
    std::uint32_t m_setup = 0;
    std::shared_ptr<const preview::appearance::ObjDesc> m_shownDesc; // as the tree shows it
    bool m_refreshed = false;

    QLabel* m_subject;
    QComboBox* m_clothing;
    QComboBox* m_templates;
    QSlider* m_shade;
    QLabel* m_shadeValue;
    ObjDescTree* m_tree;
    QToolButton* m_add;
    QToolButton* m_remove;
    QToolButton* m_load;
    QToolButton* m_save;
    QToolButton* m_clear;
    QLabel* m_status;
    QStringList m_choiceProblems; // fromClothing's, kept for the status line
};

} // namespace portalkit::ui
