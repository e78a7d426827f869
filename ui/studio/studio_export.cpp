// File → Export Selected… (studio.h): the browser's entry written in its format.

#include "datreader/records/common.h"
#include "export/entry_export.h"
#include "preview/core/assets.h"
#include "ui/studio/export_dialog.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"

#include <QStatusBar>

namespace portalkit::ui {

void Studio::chooseExport() {
    const auto dat = m_window->currentDat();
    const std::uint32_t id = m_window->currentId();
    if (!dat || !id) {
        m_window->statusBar()->showMessage(tr("Select an entry to export first"), 5000);
        return;
    }
    const preview::Assets assets(dat);
    const auto format = exports::entryFormat(*dat, id);
    if (format == exports::EntryFormat::None) {
        m_window->statusBar()->showMessage(tr("%1 has no export").arg(dat::didJson(id)), 5000);
        return;
    }
    ExportDialog dialog(id, QString::fromUtf8(dat::typeName(dat->kind(), id).data()),
                        exports::defaultSuffix(assets, id), format == exports::EntryFormat::Model,
                        m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto options = dialog.options(error);
    if (!options) {
        m_window->statusBar()->showMessage(error, 8000);
        return;
    }
    exportCurrent(dialog.path(), *options);
}

bool Studio::exportCurrent(const QString& path, const exports::ModelExportOptions& options) {
    m_exportError.clear();
    const auto dat = m_window->currentDat();
    const std::uint32_t id = m_window->currentId();
    try {
        if (!dat || !id)
            throw exports::ExportError("no entry is selected");
        // Its own Assets: the entry may be in another DAT than the session's portal.
        const preview::Assets assets(dat);
        const QStringList warnings = exports::exportEntryToFile(assets, id, path, options);
        m_window->statusBar()->showMessage(
            warnings.isEmpty()
                ? tr("Exported %1 to %2").arg(dat::didJson(id), path)
                : tr("Exported %1 to %2 (%3)")
                      .arg(dat::didJson(id), path, warnings.join(QStringLiteral("; "))),
            8000);
        return true;
    } catch (const std::exception& error) {
        m_exportError = QString::fromStdString(error.what());
    }
    m_window->statusBar()->showMessage(tr("Export failed: %1").arg(m_exportError), 10000);
    return false;
}

} // namespace portalkit::ui
