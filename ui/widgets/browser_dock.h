#pragma once

#include "datreader/container/dat_file.h"
#include "ui/widgets/browser_names.h"
#include "ui/widgets/dat_browser_model.h"

#include <QDockWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QLineEdit;
class QTreeView;

namespace portalkit::ui {

// The studio's Browser dock: every open DAT grouped by type with counts, a filter, "go to id"
// and back/forward through what was shown. It owns the navigation history; the window listens
// to entryChosen() and shows the entry.
//
// An id is looked up in the preferred DAT first (the one a link was clicked in), then portal,
// highres, local, cell (then any other), the order of the top-level groups: portal first because
// the preview's assets come from it, so its copy of a texture the highres DAT also holds is the
// one that is drawn; cell last because its landblock/EnvCell ids can collide with anything.
class BrowserDock : public QDockWidget {
    Q_OBJECT
  public:
    explicit BrowserDock(QWidget* parent = nullptr);
    ~BrowserDock() override;

    // The DATs to browse, in lookup order (MainWindow keeps them so).
    void setDats(std::vector<std::shared_ptr<const dat::DatFile>> dats);
    const std::vector<std::shared_ptr<const dat::DatFile>>& dats() const { return m_dats; }
    // The DAT holding `id`, searched in the order above; null when none does.
    std::shared_ptr<const dat::DatFile> findDat(std::uint32_t id,
                                                const dat::DatFile* preferred = nullptr) const;

    // Shows entry `id` (recorded in the history); false when no open DAT holds it.
    bool navigateTo(std::uint32_t id, const dat::DatFile* preferred = nullptr);
    // Names beside the ids and a name search for the filter; empty names take them away.
    void setEntryNames(EntryNames names);
    const EntryNames& entryNames() const { return m_model->names(); }

    // "go to id": hex with or without 0x; false when it does not parse or is absent.
    bool goToId(const QString& text);
    // Asks for an id (Ctrl+G) and goes there.
    void promptGoToId();
    bool back();
    bool forward();
    bool canGoBack() const { return m_position > 0; }
    bool canGoForward() const { return m_position + 1 < std::ptrdiff_t(m_history.size()); }

    // The entry shown last (null DAT before anything was shown).
    std::shared_ptr<const dat::DatFile> currentDat() const;
    std::uint32_t currentId() const;

    DatBrowserModel* model() const { return m_model; }
    NameMatchList* nameMatches() const { return m_matches; }
    QTreeView* treeView() const { return m_tree; }
    QLineEdit* filterEdit() const { return m_filterEdit; }
    QAction* backAction() const { return m_backAction; }
    QAction* forwardAction() const { return m_forwardAction; }
    QAction* goToAction() const { return m_goToAction; }

  signals:
    // An entry is to be shown: by navigation, back/forward or a click in the tree.
    void entryChosen(const portalkit::dat::DatFile* dat, std::uint32_t id);
    void historyChanged();
    // goToId()/promptGoToId() found nothing.
    void notFound(const QString& text);

  private:
    struct Location {
        std::weak_ptr<const dat::DatFile> dat;
        std::uint32_t id = 0;
    };
    bool showLocation(const Location& location);
    void treeCurrentChanged(const QModelIndex& current);
    void updateActions();
    void expandFew(const QModelIndex& parent);
    void filterChanged(const QString& text);
    void updateNameMatches();

    NamedBrowserModel* m_model;
    NameMatchList* m_matches;
    QTreeView* m_tree;
    QLineEdit* m_filterEdit;
    QAction* m_backAction;
    QAction* m_forwardAction;
    QAction* m_goToAction;
    std::vector<std::shared_ptr<const dat::DatFile>> m_dats;
    std::vector<Location> m_history;
    std::ptrdiff_t m_position = -1;
    bool m_selecting = false;
};

// The lookup order rank of a DAT kind (portal 0, highres 1, local 2, cell 3, other 4).
int lookupRank(dat::DatKind kind);

} // namespace portalkit::ui
