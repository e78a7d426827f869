#include "main_window.h"

#include "entry_table_model.h"
#include "io/dat_error.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace portalkit::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new EntryTableModel(this)),
      m_filter(new QSortFilterProxyModel(this)), m_table(new QTableView),
      m_filterEdit(new QLineEdit), m_summary(new QLabel) {
    setWindowTitle(tr("PortalKit Studio"));
    resize(960, 640);

    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(Qt::UserRole);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterKeyColumn(-1); // id or type
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(EntryTableModel::Id, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_filterEdit->setPlaceholderText(tr("Filter by id or type, e.g. 0x0200 or Setup"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter,
            &QSortFilterProxyModel::setFilterFixedString);

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(m_filterEdit);
    layout->addWidget(m_table);
    setCentralWidget(central);
    statusBar()->addWidget(m_summary);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open DAT…"), QKeySequence::Open, this, &MainWindow::chooseDat);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
}

bool MainWindow::openDat(const QString& path) {
    try {
        auto dat = dat::DatFile::open(path);
        const auto iteration = dat.iteration();
        m_summary->setText(tr("%1 — %2 DAT, %3 entries, iteration %4")
                               .arg(QFileInfo(path).fileName(),
                                    QString::fromUtf8(dat::kindName(dat.kind()).data()))
                               .arg(dat.entries().size())
                               .arg(iteration ? QString::number(iteration->current) : tr("none")));
        m_model->setDat(std::move(dat));
        m_table->resizeColumnsToContents();
        setWindowTitle(tr("PortalKit Studio — %1").arg(QFileInfo(path).fileName()));
        return true;
    } catch (const dat::DatError& error) {
        m_summary->setText(tr("Could not open %1").arg(path));
        if (isVisible())
            QMessageBox::warning(this, tr("Cannot open DAT"), QString::fromStdString(error.what()));
        return false;
    }
}

void MainWindow::chooseDat() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open DAT"), QString(),
                                                      tr("DAT files (*.dat);;All files (*)"));
    if (!path.isEmpty())
        openDat(path);
}

} // namespace portalkit::ui
