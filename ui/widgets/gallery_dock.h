#pragma once

// The studio's Gallery (docs/studio.md#gallery): a grid of thumbnails of the portal DAT's
// Setups, GfxObjs or textures, with the Browser's filter (an id prefix or a type name); double-
// clicking one opens it in the Browser, which shows it. Thumbnails are made off the GUI thread
// and cached on disk (render::ThumbnailService) only for the items the grid paints.

#include "datreader/container/dat_file.h"

#include <QDockWidget>
#include <cstdint>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;

namespace portalkit::render {
class ThumbnailService;
}

namespace portalkit::ui {

class GalleryModel;
class MainWindow;

class GalleryDock : public QDockWidget {
    Q_OBJECT
  public:
    explicit GalleryDock(QWidget* parent = nullptr);
    ~GalleryDock() override;

    // Follows `window`'s portal DAT, and opens a double-clicked asset in its Browser.
    void attach(MainWindow* window);
    void setDat(std::shared_ptr<const dat::DatFile> dat);

    GalleryModel* model() const { return m_model; }
    render::ThumbnailService* service() const { return m_service; }
    QListView* listView() const { return m_list; }
    QComboBox* kindBox() const { return m_kind; }
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* countLabel() const { return m_count; }

  signals:
    // Double-click or Enter on an item.
    void assetActivated(std::uint32_t id);

  private:
    void updateCount();

    render::ThumbnailService* m_service;
    GalleryModel* m_model;
    QComboBox* m_kind;
    QLineEdit* m_filter;
    QLabel* m_count;
    QListView* m_list;
};

} // namespace portalkit::ui
