#include "ui/widgets/gallery_dock.h"

#include "ui/render/thumbnail_service.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/gallery_model.h"
#include "ui/widgets/main_window.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QVBoxLayout>

namespace portalkit::ui {

GalleryDock::GalleryDock(QWidget* parent)
    : QDockWidget(tr("Gallery"), parent), m_service(new render::ThumbnailService(this)),
      m_model(new GalleryModel(m_service, this)), m_kind(new QComboBox), m_filter(new QLineEdit),
      m_count(new QLabel), m_list(new QListView) {
    setObjectName(QStringLiteral("gallery")); // for saveState
    using render::ThumbnailKind;
    for (ThumbnailKind kind : {ThumbnailKind::Setup, ThumbnailKind::GfxObj, ThumbnailKind::Texture})
        m_kind->addItem(render::thumbnailKindName(kind), int(kind));
    m_kind->setToolTip(tr("What to show: Setups, GfxObjs or textures (RenderSurface, "
                          "SurfaceTexture, Surface)"));
    m_filter->setPlaceholderText(tr("Filter: id prefix (0200) or type, as in the Browser"));
    m_filter->setClearButtonEnabled(true);

    const int size = m_service->size();
    m_list->setViewMode(QListView::IconMode);
    m_list->setMovement(QListView::Static);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setUniformItemSizes(true); // the view then asks only for the rows it paints
    m_list->setIconSize(QSize(size, size));
    m_list->setGridSize(QSize(size + 12, size + m_list->fontMetrics().height() + 12));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setModel(m_model);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_kind);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);
    setWidget(body);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setKind(render::ThumbnailKind(m_kind->currentData().toInt()));
        updateCount();
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_model->setFilter(text);
        updateCount();
    });
    connect(m_list, &QListView::activated, this, [this](const QModelIndex& index) {
        emit assetActivated(index.data(GalleryModel::IdRole).toUInt());
    });
    updateCount();
}

GalleryDock::~GalleryDock() = default;

void GalleryDock::attach(MainWindow* window) {
    const auto follow = [this, window] {
        if (window->portalDat() != m_model->dat())
            setDat(window->portalDat());
    };
    connect(window, &MainWindow::datsChanged, this, follow);
    connect(this, &GalleryDock::assetActivated, window, [window](std::uint32_t id) {
        const auto portal = window->portalDat();
        window->browserDock()->navigateTo(id, portal.get());
    });
    follow();
}

void GalleryDock::setDat(std::shared_ptr<const dat::DatFile> dat) {
    m_model->setDat(std::move(dat));
    updateCount();
}

void GalleryDock::updateCount() {
    m_count->setText(tr("%n item(s)", nullptr, m_model->rowCount()));
}

} // namespace portalkit::ui
