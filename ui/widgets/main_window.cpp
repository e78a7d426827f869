#include "main_window.h"

#include "entry_table_model.h"
#include "io/dat_error.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace portalkit::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new EntryTableModel(this)),
      m_filter(new QSortFilterProxyModel(this)), m_table(new QTableView),
      m_filterEdit(new QLineEdit), m_summary(new QLabel), m_bytes(new QPlainTextEdit) {
    setWindowTitle(tr("PortalKit Studio"));
    resize(1240, 720);

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

    m_bytes->setReadOnly(true);
    m_bytes->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_bytes->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* bytesDock = new QDockWidget(tr("Bytes"), this);
    bytesDock->setObjectName("bytesDock");
    bytesDock->setWidget(m_bytes);
    addDockWidget(Qt::RightDockWidgetArea, bytesDock);
    // Wide enough for a 16-byte hex row with its ASCII column.
    resizeDocks({bytesDock},
                {QFontMetrics(m_bytes->font()).horizontalAdvance(QString(76, '0')) + 40},
                Qt::Horizontal);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::showEntryBytes);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open DAT…"), QKeySequence::Open, this, &MainWindow::chooseDat);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    menuBar()->addMenu(tr("&View"))->addAction(bytesDock->toggleViewAction());
}

void MainWindow::showEntryBytes(const QModelIndex& current) {
    // Enough to recognise a record's header and first fields without flooding the widget.
    constexpr std::size_t kShown = 4096;
    m_bytes->clear();
    const auto& dat = m_model->dat();
    if (!dat || !current.isValid())
        return;
    const QModelIndex source = m_filter->mapToSource(current);
    const dat::EntryInfo& entry = dat->entries()[std::size_t(source.row())];
    QString text;
    try {
        const auto bytes = dat->read(entry);
        const std::size_t shown = std::min(bytes.size(), kShown);
        for (std::size_t row = 0; row < shown; row += 16) {
            QString hex, ascii;
            for (std::size_t i = row; i < row + 16; ++i) {
                if (i < shown) {
                    hex += QStringLiteral("%1 ").arg(bytes[i], 2, 16, QLatin1Char('0'));
                    ascii += bytes[i] >= 0x20 && bytes[i] < 0x7F ? QChar(bytes[i]) : QChar('.');
                } else {
                    hex += QStringLiteral("   ");
                }
            }
            text += QStringLiteral("%1  %2 %3\n").arg(row, 6, 16, QLatin1Char('0')).arg(hex, ascii);
        }
        if (bytes.size() > shown)
            text += tr("… %1 more bytes").arg(bytes.size() - shown);
    } catch (const dat::DatError& error) {
        text = QString::fromStdString(error.what());
    }
    m_bytes->setPlainText(text);
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
        m_table->setCurrentIndex(m_filter->index(0, 0));
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
