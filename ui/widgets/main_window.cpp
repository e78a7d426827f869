#include "main_window.h"

#include "audit_panel.h"
#include "entry_table_model.h"
#include "io/dat_error.h"
#include "records/record.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace portalkit::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new EntryTableModel(this)),
      m_filter(new QSortFilterProxyModel(this)), m_table(new QTableView),
      m_filterEdit(new QLineEdit), m_summary(new QLabel), m_bytes(new QPlainTextEdit),
      m_record(new QTreeWidget), m_audit(new AuditPanel([this]() -> const dat::DatFile* {
          return m_model->dat() ? &*m_model->dat() : nullptr;
      })) {
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
    m_record->setColumnCount(2);
    m_record->setHeaderLabels({tr("Field"), tr("Value")});
    auto* recordDock = new QDockWidget(tr("Record"), this);
    recordDock->setObjectName("recordDock");
    recordDock->setWidget(m_record);
    addDockWidget(Qt::RightDockWidgetArea, recordDock);
    tabifyDockWidget(bytesDock, recordDock);
    recordDock->raise();
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::showEntry);

    m_auditDock = new QDockWidget(tr("Audit"), this);
    m_auditDock->setObjectName("audit");
    m_auditDock->setWidget(m_audit);
    addDockWidget(Qt::BottomDockWidgetArea, m_auditDock);
    m_auditDock->hide();
    connect(m_audit, &AuditPanel::openRecord, this, &MainWindow::selectEntry);
    // The build writes the demo DAT's manifest beside it; start from that one.
    const QString demoManifest =
        QDir(QApplication::applicationDirPath()).filePath("../demo/demo_manifest.json");
    if (QFileInfo::exists(demoManifest))
        m_audit->setManifestPath(QDir::cleanPath(demoManifest));

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open DAT…"), QKeySequence::Open, this, &MainWindow::chooseDat);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(recordDock->toggleViewAction());
    view->addAction(bytesDock->toggleViewAction());
    view->addAction(m_auditDock->toggleViewAction());
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Audit against the manifest"), QKeySequence(tr("Ctrl+Shift+A")), this,
                     [this] { showAudit(); });
}

void MainWindow::showEntry(const QModelIndex& current) {
    m_bytes->clear();
    m_record->clear();
    const auto& dat = m_model->dat();
    if (!dat || !current.isValid())
        return;
    const QModelIndex source = m_filter->mapToSource(current);
    const dat::EntryInfo& entry = dat->entries()[std::size_t(source.row())];
    try {
        const auto bytes = dat->read(entry);
        showEntryBytes(bytes);
        showRecord(entry.id, bytes);
    } catch (const dat::DatError& error) {
        m_bytes->setPlainText(QString::fromStdString(error.what()));
    }
}

namespace {

// One tree row per JSON value: objects and arrays become expandable rows.
void addJsonItems(QTreeWidgetItem* parent, const QString& key, const QJsonValue& value) {
    auto* item = new QTreeWidgetItem(parent, {key});
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.contains("type"))
            item->setText(1, object["type"].toString());
        for (auto it = object.begin(); it != object.end(); ++it)
            addJsonItems(item, it.key(), it.value());
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        item->setText(1, QObject::tr("%n item(s)", nullptr, int(array.size())));
        for (qsizetype i = 0; i < array.size(); ++i)
            addJsonItems(item, QString::number(i), array[i]);
    } else {
        QString text = value.isString() ? value.toString()
                       : value.isBool() ? (value.toBool() ? "true" : "false")
                                        : QString::number(value.toDouble(), 'g', 9);
        // Blobs (pixels, samples) come as long base64 strings: show a head and the size.
        if (text.size() > 96)
            text = text.left(48) + QObject::tr("… (%1 characters)").arg(text.size());
        item->setText(1, text);
    }
}

} // namespace

void MainWindow::showRecord(std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    const auto& dat = m_model->dat();
    auto* root = new QTreeWidgetItem(m_record, {QString::fromStdString(dat::formatDid(id))});
    const auto type = dat::typeName(dat->kind(), id);
    root->setText(1, QString::fromUtf8(type.data()));
    try {
        const auto record = dat::decodeRecord(dat->kind(), id, bytes);
        if (!record) {
            new QTreeWidgetItem(root, {tr("(no decoder for this type yet)")});
        } else {
            const QJsonObject json = dat::recordToJson(*record);
            for (auto it = json.begin(); it != json.end(); ++it)
                addJsonItems(root, it.key(), it.value());
        }
    } catch (const dat::DatError& error) {
        new QTreeWidgetItem(root, {tr("decode error"), QString::fromStdString(error.what())});
    }
    root->setExpanded(true);
    m_record->resizeColumnToContents(0);
}

void MainWindow::showEntryBytes(const std::vector<std::uint8_t>& bytes) {
    // Enough to recognise a record's header and first fields without flooding the widget.
    constexpr std::size_t kShown = 4096;
    QString text;
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
    m_bytes->setPlainText(text);
}

bool MainWindow::openDat(const QString& path) {
    m_audit->waitForRun(); // a run reads the DAT being replaced
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

void MainWindow::showAudit(const QString& manifest) {
    m_auditDock->show();
    if (!manifest.isEmpty())
        m_audit->setManifestPath(manifest);
    m_audit->run();
}

bool MainWindow::selectEntry(std::uint32_t id) {
    const auto& dat = m_model->dat();
    const dat::EntryInfo* entry = dat ? dat->find(id) : nullptr;
    if (!entry)
        return false;
    const int row = int(entry - dat->entries().data());
    QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_filterEdit->clear();
        index = m_filter->mapFromSource(m_model->index(row, 0));
    }
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index);
    return true;
}

void MainWindow::chooseDat() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open DAT"), QString(),
                                                      tr("DAT files (*.dat);;All files (*)"));
    if (!path.isEmpty())
        openDat(path);
}

} // namespace portalkit::ui
