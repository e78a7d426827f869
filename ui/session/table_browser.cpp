#include "ui/session/table_browser.h"

#include "datreader/records/physics_script_table.h"
#include "preview/effects/script_table.h"
#include "ui/session/studio_session.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace portalkit::ui {

namespace {

QString hexId(std::uint32_t id) {
    return "0x" + QStringLiteral("%1").arg(id, 8, 16, QLatin1Char('0')).toUpper();
}

} // namespace

TableBrowser::TableBrowser(StudioSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_title(new QLabel(this)),
      m_tree(new QTreeWidget(this)) {
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Type / threshold"), tr("Script"), tr("Value")});
    m_tree->setRootIsDecorated(true);
    m_tree->setSortingEnabled(false); // stored order is the meaning
    m_tree->header()->setStretchLastSection(true);
    m_tree->setToolTip(tr("Click a script to play it on the target"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { activate(item); });
    connect(m_session, &StudioSession::sceneReset, this, &TableBrowser::refresh);
    connect(m_session, &StudioSession::snapshotChanged, this, [this] {
        // In a scenario the target may appear (or change) after t = 0.
        if (!m_pinned && m_session->targetScriptTable() != m_table)
            refresh();
    });
    refresh();
}

void TableBrowser::setTable(std::uint32_t tableId) {
    m_pinned = tableId;
    refresh();
}

void TableBrowser::refresh() {
    showTable(m_pinned ? m_pinned : m_session->targetScriptTable());
}

void TableBrowser::showTable(std::uint32_t tableId) {
    m_table = tableId;
    m_tree->clear();
    if (!tableId) {
        m_title->setText(tr("No PhysicsScriptTable"));
        return;
    }
    const auto* table = m_session->assets().get<dat::PhysicsScriptTable>(tableId);
    if (!table) {
        m_title->setText(tr("%1: %2").arg(
            hexId(tableId), m_session->assets().whyMissing<dat::PhysicsScriptTable>(tableId)));
        return;
    }
    m_title->setText(
        tr("PhysicsScriptTable %1 — %2 types").arg(hexId(tableId)).arg(table->entries.size()));
    for (const auto& entry : table->entries) {
        const QString name = preview::playScriptName(entry.scriptType);
        auto* typeItem = new QTreeWidgetItem(m_tree);
        typeItem->setText(0, name.isEmpty() ? tr("(unnamed)") : name);
        typeItem->setText(2, QString::number(entry.scriptType));
        typeItem->setData(0, TypeRole, qulonglong(entry.scriptType));
        for (const auto& script : entry.scripts) {
            auto* scriptItem = new QTreeWidgetItem(typeItem);
            scriptItem->setText(0, QStringLiteral("≤ %1").arg(QString::number(script.mod, 'g', 6)));
            scriptItem->setText(1, hexId(script.scriptId));
            scriptItem->setText(2, tr("play"));
            scriptItem->setData(0, ScriptRole, qulonglong(script.scriptId));
            scriptItem->setData(0, TypeRole, qulonglong(entry.scriptType));
            scriptItem->setData(0, ModRole, double(script.mod));
            scriptItem->setToolTip(
                0, tr("Chosen for intensities up to %1 that no earlier threshold takes")
                       .arg(script.mod));
        }
    }
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
}

std::vector<std::uint32_t> TableBrowser::shownTypes() const {
    std::vector<std::uint32_t> out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        out.push_back(std::uint32_t(m_tree->topLevelItem(i)->data(0, TypeRole).toULongLong()));
    return out;
}

QTreeWidgetItem* TableBrowser::scriptItem(std::uint32_t type, int index) const {
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = m_tree->topLevelItem(i);
        if (top->data(0, TypeRole).toULongLong() == type && index < top->childCount())
            return top->child(index);
    }
    return nullptr;
}

void TableBrowser::activate(QTreeWidgetItem* item) {
    if (!item || !item->data(0, ScriptRole).isValid())
        return;
    const auto script = std::uint32_t(item->data(0, ScriptRole).toULongLong());
    m_session->playScript(script);
    Q_EMIT scriptChosen(script);
}

} // namespace portalkit::ui
