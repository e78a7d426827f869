#include "ui/edit/field_editors.h"

#include "datreader/io/dat_error.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

namespace portalkit::ui {
namespace {

// Longer strings are blobs (pixels, samples, bytes) the inspector shows only the head of.
constexpr qsizetype kBlobLength = 96;

bool isHexWord(const QString& text) {
    static const QRegularExpression hex(QStringLiteral("^0x[0-9A-Fa-f]{1,16}$"));
    return hex.match(text).hasMatch();
}

bool looksLikeFlags(const QStringList& path, const QJsonValue& value) {
    if (!value.isArray() || path.isEmpty())
        return false;
    const QJsonArray array = value.toArray();
    for (const QJsonValue& element : array)
        if (!element.isString() || isHexWord(element.toString()))
            return false;
    // An empty list is only known as flags by its name.
    return !array.isEmpty() || path.last().contains(QLatin1String("lags"));
}

QString idText(quint32 id) {
    return QString::fromStdString(dat::formatDid(id));
}

} // namespace

FieldKind classifyField(const QStringList& path, const QJsonValue& value, bool isLink) {
    if (looksLikeFlags(path, value))
        return FieldKind::Flags;
    if (value.isBool())
        return FieldKind::Bool;
    if (value.isDouble()) {
        if (isLink)
            return FieldKind::Id; // a cell number naming an EnvCell
        const double number = value.toDouble();
        return std::floor(number) == number ? FieldKind::Integer : FieldKind::Real;
    }
    const QString text = value.toString();
    if (isLink)
        return FieldKind::Id;
    if (isHexWord(text))
        return FieldKind::Hex;
    if (text.size() > kBlobLength)
        return FieldKind::Blob;
    static const QRegularExpression special(QStringLiteral("^(-?inf|nan.*|-0)$"));
    if (special.match(text).hasMatch())
        return FieldKind::Real;
    // A single word is an enum's name; anything with spaces or punctuation is text.
    static const QRegularExpression word(QStringLiteral("^[A-Za-z][A-Za-z0-9_]*$"));
    return word.match(text).hasMatch() ? FieldKind::Name : FieldKind::Text;
}

QString fieldPathText(const QStringList& path) {
    QString text;
    for (const QString& key : path) {
        bool index = false;
        key.toInt(&index);
        text += index ? QStringLiteral("[%1]").arg(key) : (text.isEmpty() ? key : "." + key);
    }
    return text;
}

FieldEditor::FieldEditor(QWidget* parent)
    : QWidget(parent), m_layout(new QVBoxLayout(this)), m_title(new QLabel) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_title);
    setField({});
}

void FieldEditor::setField(const FieldInfo& field) {
    m_field = field;
    if (m_row) {
        // Later: the edit that rebuilds the editor may come from a key press in the old one.
        m_row->hide();
        m_layout->removeWidget(m_row);
        m_row->deleteLater();
    }
    m_row = nullptr;
    m_input = nullptr;
    if (field.path.isEmpty()) {
        m_title->setText(tr("Choose a field in the tree to edit it."));
        return;
    }
    m_title->setText(QStringLiteral("<b>%1</b>").arg(fieldPathText(field.path).toHtmlEscaped()));
    m_row = new QWidget;
    auto* row = new QHBoxLayout(m_row);
    row->setContentsMargins(0, 0, 0, 0);
    m_input = makeInput(field);
    row->addWidget(m_input, 1);
    if (field.kind == FieldKind::Id) {
        auto* jump = new QToolButton;
        jump->setText(tr("Go to"));
        jump->setToolTip(tr("Show the entry this id names"));
        connect(jump, &QToolButton::clicked, this, [this] {
            bool ok = false;
            const quint32 id = value().toString().toUInt(&ok, 0);
            if (ok)
                emit jumpRequested(id);
        });
        row->addWidget(jump);
    }
    if (field.kind != FieldKind::Blob && field.kind != FieldKind::Bool &&
        field.kind != FieldKind::Flags) {
        auto* applyButton = new QPushButton(tr("Apply"));
        connect(applyButton, &QPushButton::clicked, this, &FieldEditor::apply);
        row->addWidget(applyButton);
    }
    m_layout->addWidget(m_row);
}

QWidget* FieldEditor::makeInput(const FieldInfo& field) {
    switch (field.kind) {
    case FieldKind::Bool: {
        auto* box = new QCheckBox(tr("true"));
        box->setChecked(field.value.toBool());
        connect(box, &QCheckBox::toggled, this, &FieldEditor::apply);
        return box;
    }
    case FieldKind::Integer:
        return makeNumber(field);
    case FieldKind::Id:
        return makeId(field);
    case FieldKind::Flags:
        return makeFlags(field);
    case FieldKind::Name:
        return makeNames(field);
    case FieldKind::Blob:
        return new QLabel(tr("%1 characters of binary data: use Edit → Replace Entry… to change "
                             "them")
                              .arg(field.value.toString().size()));
    default: { // Real, Hex and Text: typed as text, checked by the record's fromJson
        auto* line =
            new QLineEdit(field.value.isDouble() ? QString::number(field.value.toDouble(), 'g', 9)
                                                 : field.value.toString());
        if (field.kind == FieldKind::Hex)
            line->setPlaceholderText(QStringLiteral("0x00000000"));
        connect(line, &QLineEdit::returnPressed, this, &FieldEditor::apply);
        return line;
    }
    }
}

QWidget* FieldEditor::makeNumber(const FieldInfo& field) {
    auto* spin = new QDoubleSpinBox;
    spin->setDecimals(0); // exact up to 2^53: every integer a record stores
    spin->setRange(field.min, field.max);
    spin->setValue(field.value.toDouble());
    spin->setToolTip(tr("%1 to %2").arg(field.min, 0, 'f', 0).arg(field.max, 0, 'f', 0));
    spin->setKeyboardTracking(false);
    return spin;
}

QWidget* FieldEditor::makeId(const FieldInfo& field) {
    auto* combo = new QComboBox;
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    for (quint32 id : field.choices)
        combo->addItem(idText(id));
    const QString current =
        field.value.isDouble() ? QString::number(field.value.toInt()) : field.value.toString();
    combo->setEditText(current);
    combo->setToolTip(field.idType.isEmpty() ? tr("An entry id")
                                             : tr("%1 ids of the open DATs").arg(field.idType));
    connect(combo, &QComboBox::activated, this, &FieldEditor::apply);
    connect(combo->lineEdit(), &QLineEdit::returnPressed, this, &FieldEditor::apply);
    return combo;
}

QWidget* FieldEditor::makeFlags(const FieldInfo& field) {
    auto* list = new QListWidget;
    QStringList names = field.names;
    QStringList set;
    for (const QJsonValue& name : field.value.toArray()) {
        set << name.toString();
        if (!names.contains(name.toString()))
            names << name.toString();
    }
    for (const QString& name : names) {
        auto* item = new QListWidgetItem(name, list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(set.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
    list->setMaximumHeight(qMin(200, 24 + 20 * int(names.size())));
    connect(list, &QListWidget::itemChanged, this, &FieldEditor::apply);
    return list;
}

QWidget* FieldEditor::makeNames(const FieldInfo& field) {
    auto* combo = new QComboBox;
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->addItems(field.names);
    combo->setEditText(field.value.toString());
    combo->setToolTip(tr("The names other records of this type use here"));
    connect(combo, &QComboBox::activated, this, &FieldEditor::apply);
    connect(combo->lineEdit(), &QLineEdit::returnPressed, this, &FieldEditor::apply);
    return combo;
}

QJsonValue FieldEditor::value() const {
    if (auto* box = qobject_cast<QCheckBox*>(m_input))
        return box->isChecked();
    if (auto* spin = qobject_cast<QDoubleSpinBox*>(m_input))
        return spin->value();
    if (auto* combo = qobject_cast<QComboBox*>(m_input)) {
        const QString text = combo->currentText().trimmed();
        bool number = false;
        const double cell = text.toDouble(&number);
        // A cell number stays a number; an id stays its "0x%08X" string.
        return m_field.value.isDouble() && number ? QJsonValue(cell) : QJsonValue(text);
    }
    if (auto* list = qobject_cast<QListWidget*>(m_input)) {
        QJsonArray names;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->checkState() == Qt::Checked)
                names.append(list->item(i)->text());
        return names;
    }
    if (auto* line = qobject_cast<QLineEdit*>(m_input)) {
        const QString text = line->text().trimmed();
        bool number = false;
        const double real = text.toDouble(&number);
        return m_field.kind == FieldKind::Real && number ? QJsonValue(real) : QJsonValue(text);
    }
    return m_field.value;
}

void FieldEditor::setValue(const QJsonValue& value) {
    const QString text =
        value.isDouble() ? QString::number(value.toDouble(), 'g', 17) : value.toString();
    if (auto* box = qobject_cast<QCheckBox*>(m_input)) {
        const QSignalBlocker quiet(box);
        box->setChecked(value.toBool());
    } else if (auto* spin = qobject_cast<QDoubleSpinBox*>(m_input)) {
        spin->setValue(value.toDouble());
    } else if (auto* combo = qobject_cast<QComboBox*>(m_input)) {
        combo->setEditText(text);
    } else if (auto* line = qobject_cast<QLineEdit*>(m_input)) {
        line->setText(text);
    }
}

void FieldEditor::apply() {
    if (m_input)
        emit applyRequested(value());
}

} // namespace portalkit::ui
