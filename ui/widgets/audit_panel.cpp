#include "ui/widgets/audit_panel.h"

#include "audit/manifest.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace portalkit::ui {

AuditPanel::AuditPanel(std::function<const dat::DatFile*()> dat, QWidget* parent)
    : QWidget(parent), m_dat(std::move(dat)), m_manifestEdit(new QLineEdit),
      m_runButton(new QPushButton(tr("Run"))), m_progress(new QProgressBar), m_summary(new QLabel),
      m_filterEdit(new QLineEdit), m_results(new QStandardItemModel(0, ColumnCount, this)),
      m_filter(new QSortFilterProxyModel(this)), m_view(new QTableView) {
    m_manifestEdit->setPlaceholderText(tr("Manifest (JSON)"));
    auto* browse = new QPushButton(tr("…"));
    browse->setToolTip(tr("Choose a manifest"));
    connect(browse, &QPushButton::clicked, this, &AuditPanel::chooseManifest);
    connect(m_runButton, &QPushButton::clicked, this, &AuditPanel::run);
    connect(m_manifestEdit, &QLineEdit::returnPressed, this, &AuditPanel::run);

    m_results->setHorizontalHeaderLabels(
        {tr("Status"), tr("Kind"), tr("DID"), tr("Check"), tr("Expected"), tr("Found")});
    m_filter->setSourceModel(m_results);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterKeyColumn(-1);
    m_filterEdit->setPlaceholderText(tr("Filter results, e.g. FAIL or 0x0200 or closure"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter,
            &QSortFilterProxyModel::setFilterFixedString);

    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setToolTip(tr("Double-click a row to open its record"));
    connect(m_view, &QTableView::activated, this, &AuditPanel::activate);

    m_progress->setVisible(false);
    connect(&m_watcher, &QFutureWatcher<audit::AuditResult>::finished, this,
            &AuditPanel::showResult);
    connect(&m_watcher, &QFutureWatcher<audit::AuditResult>::progressValueChanged, m_progress,
            &QProgressBar::setValue);

    auto* top = new QHBoxLayout;
    top->addWidget(m_manifestEdit, 1);
    top->addWidget(browse);
    top->addWidget(m_runButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);
    layout->addWidget(m_filterEdit);
    layout->addWidget(m_view, 1);
}

AuditPanel::~AuditPanel() {
    m_watcher.waitForFinished(); // the run reads the window's DAT
}

void AuditPanel::setManifestPath(const QString& path) {
    m_manifestEdit->setText(path);
}

void AuditPanel::chooseManifest() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Choose a manifest"), m_manifestEdit->text(),
                                     tr("Manifests (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        setManifestPath(path);
        run();
    }
}

bool AuditPanel::run() {
    if (m_watcher.isRunning())
        return false;
    const dat::DatFile* dat = m_dat();
    if (!dat) {
        m_summary->setText(tr("Open a DAT first."));
        return false;
    }
    audit::Manifest manifest;
    try {
        manifest = audit::Manifest::load(m_manifestEdit->text());
    } catch (const dat::DatError& error) {
        m_summary->setText(QString::fromStdString(error.what()));
        return false;
    }
    m_results->removeRows(0, m_results->rowCount());
    m_summary->setText(tr("Auditing %n pin(s)…", nullptr, int(manifest.pinCount())));
    m_progress->setRange(0, int(manifest.pinCount()));
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_runButton->setEnabled(false);
    // Hashing spreads over the cores; progress reaches the bar through the future.
    m_watcher.setFuture(QtConcurrent::run([dat, manifest](QPromise<audit::AuditResult>& promise) {
        promise.setProgressRange(0, int(manifest.pinCount()));
        promise.addResult(audit::runAudit(*dat, manifest, {0, [&](std::size_t done, std::size_t) {
                                                               promise.setProgressValue(int(done));
                                                           }}));
    }));
    return true;
}

void AuditPanel::showResult() {
    m_runButton->setEnabled(true);
    m_progress->setVisible(false);
    const audit::AuditResult result = m_watcher.result();
    auto row = [&](const QString& status, const audit::PinResult& pin, std::uint32_t did,
                   const QString& check, const QString& expected, const QString& actual) {
        QList<QStandardItem*> items;
        for (const QString& text : {status, pin.kind, dat::didJson(did), check, expected, actual})
            items << new QStandardItem(text);
        items[Did]->setData(did, Qt::UserRole);
        if (status == "FAIL")
            items[Status]->setForeground(QColor(200, 30, 30));
        m_results->appendRow(items);
    };
    // Failures first, then the pins that held, each in manifest order; a header click sorts.
    m_filter->sort(-1);
    for (const audit::PinResult& pin : result.pins)
        for (const audit::Finding& finding : pin.findings)
            row("FAIL", pin, finding.did, finding.check, finding.expected, finding.actual);
    for (const audit::PinResult& pin : result.pins)
        if (pin.findings.empty())
            row(pin.skipped ? tr("skipped") : tr("ok"), pin, pin.did,
                pin.name == dat::didJson(pin.did) ? QString() : pin.name, {}, {});
    m_view->resizeColumnsToContents();
    m_summary->setText(result.passed()
                           ? tr("PASS: all %n pin(s) hold.", nullptr, int(result.pins.size()))
                           : tr("FAIL: %1 of %2 pins do not hold.")
                                 .arg(result.failedPins())
                                 .arg(result.pins.size()));
    emit finished(result.passed());
}

void AuditPanel::activate(const QModelIndex& index) {
    const QModelIndex did = m_filter->mapToSource(index).siblingAtColumn(Did);
    const std::uint32_t id = m_results->data(did, Qt::UserRole).toUInt();
    if (id != 0)
        emit openRecord(id);
}

} // namespace portalkit::ui
