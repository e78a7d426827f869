#pragma once

// File → Export selected…: where to write the selected entry and, for GfxObjs and Setups, the
// same model options as `portalkit export` (docs/export.md).

#include "export/model_export.h"

#include <QDialog>
#include <cstdint>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace portalkit::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    // `suffix` is the entry's default file suffix (entry_export.h); `model` shows the options.
    ExportDialog(std::uint32_t id, const QString& typeName, const QString& suffix, bool model,
                 QWidget* parent = nullptr);

    QString path() const;
    // Empty when an id field does not parse; then `error` says which.
    std::optional<exports::ModelExportOptions> options(QString& error) const;

  private:
    void browse();

    QString m_suffix;
    QLineEdit* m_path;
    QLineEdit* m_motion = nullptr;
    QLineEdit* m_style = nullptr;
    QCheckBox* m_spheres = nullptr;
    QComboBox* m_interpolation = nullptr;
};

} // namespace portalkit::ui
