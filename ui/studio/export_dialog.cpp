#include "ui/studio/export_dialog.h"

#include "datreader/records/common.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace portalkit::ui {

ExportDialog::ExportDialog(std::uint32_t id, const QString& typeName, const QString& suffix,
                           bool model, QWidget* parent)
    : QDialog(parent), m_suffix(suffix), m_path(new QLineEdit) {
    setWindowTitle(tr("Export %1").arg(dat::didJson(id)));
    auto* form = new QFormLayout(this);
    form->addRow(tr("Entry:"),
                 new QLabel(QStringLiteral("%1 (%2)").arg(dat::didJson(id), typeName)));
    m_path->setText(QDir::home().filePath(dat::didJson(id) + "." + suffix));
    auto* browseButton = new QPushButton(tr("Browse…"));
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path);
    pathRow->addWidget(browseButton);
    form->addRow(tr("File:"), pathRow);
    if (model) {
        m_motion = new QLineEdit;
        m_motion->setPlaceholderText(tr("none, or a command such as 0x10000153"));
        m_style = new QLineEdit;
        m_style->setPlaceholderText(tr("the MotionTable's default"));
        m_spheres = new QCheckBox(tr("Collision and selection spheres as nodes"));
        m_interpolation = new QComboBox;
        m_interpolation->addItem(tr("Linear"), int(exports::Interpolation::Linear));
        m_interpolation->addItem(tr("Step (frames held, as the client)"),
                                 int(exports::Interpolation::Step));
        form->addRow(tr("Bake motion:"), m_motion);
        form->addRow(tr("Style:"), m_style);
        form->addRow(tr("Keys:"), m_interpolation);
        form->addRow(QString(), m_spheres);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString ExportDialog::path() const {
    return m_path->text().trimmed();
}

std::optional<exports::ModelExportOptions> ExportDialog::options(QString& error) const {
    exports::ModelExportOptions options;
    if (!m_motion)
        return options;
    options.spheres = m_spheres->isChecked();
    options.interpolation = exports::Interpolation(m_interpolation->currentData().toInt());
    if (!m_motion->text().trimmed().isEmpty()) {
        const auto motion = dat::parseDid(m_motion->text());
        if (!motion) {
            error = tr("'%1' is not a motion command").arg(m_motion->text());
            return std::nullopt;
        }
        options.motion = exports::MotionRequest{*motion, std::nullopt, 1};
    }
    if (!m_style->text().trimmed().isEmpty()) {
        const auto style = dat::parseDid(m_style->text());
        if (!style || !options.motion) {
            error = style ? tr("a style goes with a motion")
                          : tr("'%1' is not a style command").arg(m_style->text());
            return std::nullopt;
        }
        options.motion->style = *style;
    }
    return options;
}

void ExportDialog::browse() {
    const QString filter = m_motion ? tr("glTF binary (*.glb);;glTF with embedded data (*.gltf)")
                                    : tr("*.%1").arg(m_suffix);
    const QString chosen = QFileDialog::getSaveFileName(this, windowTitle(), path(), filter);
    if (!chosen.isEmpty())
        m_path->setText(chosen);
}

} // namespace portalkit::ui
