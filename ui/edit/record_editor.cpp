#include "ui/edit/record_editor.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record_in_dat.h"
#include "ui/edit/edit_session.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace portalkit::ui {
namespace {

constexpr int kPathRole = Qt::UserRole + 10;
// Records of the shown type read to learn the names a field takes: enough to meet every name
// a table uses in practice, few enough to stay well under a second on a retail DAT.
constexpr int kNameSampleRecords = 300;
// Entries the id picker lists; more are typed (the field takes any id).
constexpr int kMaxChoices = 20000;

QJsonValue valueAt(const QJsonValue& node, const QStringList& path, qsizetype at = 0) {
    if (at == path.size())
        return node;
    if (node.isArray())
        return valueAt(node.toArray().at(path[at].toInt()), path, at + 1);
    return valueAt(node.toObject().value(path[at]), path, at + 1);
}

// `node` with the value at `path` replaced by `value` (nothing at `path`: removed).
QJsonValue replaced(const QJsonValue& node, const QStringList& path, const QJsonValue& value,
                    qsizetype at = 0) {
    if (at == path.size())
        return value;
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        const int index = path[at].toInt();
        array[index] = replaced(array.at(index), path, value, at + 1);
        return array;
    }
    QJsonObject object = node.toObject();
    const QJsonValue next = replaced(object.value(path[at]), path, value, at + 1);
    if (next.isUndefined())
        object.remove(path[at]);
    else
        object[path[at]] = next;
    return object;
}

// Collects the strings at `path` (array indices as "*") under `node`; a list's elements too.
void collectNames(const QJsonValue& node, const QStringList& path, qsizetype at,
                  QSet<QString>& names) {
    if (at == path.size()) {
        if (node.isString())
            names.insert(node.toString());
        for (const QJsonValue& element : node.toArray())
            if (element.isString())
                names.insert(element.toString());
        return;
    }
    if (path[at] == QLatin1String("*")) {
        for (const QJsonValue& element : node.toArray())
            collectNames(element, path, at + 1, names);
        return;
    }
    collectNames(node.toObject().value(path[at]), path, at + 1, names);
}

QString typeText(dat::DatKind kind, std::uint32_t id) {
    const auto type = dat::typeName(kind, id);
    return QString::fromUtf8(type.data(), qsizetype(type.size()));
}

} // namespace

RecordEditor::RecordEditor(EditSession& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_tree(new QTreeWidget), m_editor(new FieldEditor),
      m_errorLabel(new QLabel) {
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Field"), tr("Value")});
    m_tree->header()->setStretchLastSection(true);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_errorLabel->hide();

    // The tree takes what the editor and its message leave, so a refusal is always in view.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_editor);
    layout->addWidget(m_errorLabel);

    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { chooseItem(item); });
    connect(m_editor, &FieldEditor::applyRequested, this,
            [this](const QJsonValue& value) { apply(value); });
    connect(m_editor, &FieldEditor::jumpRequested, this, &RecordEditor::jumpRequested);
    // Undo, redo and edits made elsewhere (the menus) show here as soon as they happen.
    connect(&m_session, &EditSession::entriesChanged, this,
            [this](const QString& path, const QList<quint32>& ids) {
                if (m_dat && EditSession::keyOf(m_dat->path()) == path && ids.contains(m_id)) {
                    m_stale = true;
                    if (!m_lazy || isVisible())
                        reload();
                }
            });
}

void RecordEditor::clear() {
    m_stale = false;
    m_dat.reset();
    m_id = 0;
    m_json = {};
    m_selected.clear();
    m_tree->clear();
    m_editor->setField({});
    m_errorLabel->hide();
}

void RecordEditor::showRecord(std::shared_ptr<const dat::DatFile> dat, std::uint32_t id) {
    const bool same = m_dat && dat && m_dat->path() == dat->path() && m_id == id;
    m_dat = std::move(dat);
    m_id = id;
    if (!same) {
        m_selected.clear();
        m_names.clear();
    }
    m_error.clear();
    m_errorLabel->hide();
    m_stale = true;
    if (!m_lazy || isVisible())
        ensureLoaded();
}

void RecordEditor::ensureLoaded() {
    if (m_stale)
        reload();
}

void RecordEditor::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    ensureLoaded();
}

void RecordEditor::reload() {
    QSet<QString> expanded;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if ((*it)->isExpanded())
            expanded.insert((*it)->data(0, kPathRole).toStringList().join('/'));
    const QStringList selected = m_selected;
    m_stale = false;
    m_tree->clear();
    m_json = {};
    if (!m_dat)
        return;
    auto* root = new QTreeWidgetItem(
        m_tree, {QString::fromStdString(dat::formatDid(m_id)), typeText(m_dat->kind(), m_id)});
    try {
        const auto bytes = m_session.read(*m_dat, m_id);
        const auto record = dat::decodeRecordIn(*m_dat, m_id, bytes);
        if (!record)
            throw dat::DatError("type", "has no JSON form to edit: use Replace Entry…", 0,
                                dat::OffsetKind::File, m_id);
        m_json = dat::recordToJson(*record);
    } catch (const std::exception& error) {
        new QTreeWidgetItem(root, {tr("cannot edit"), QString::fromUtf8(error.what())});
    }
    QStringList path;
    for (auto it = m_json.begin(); it != m_json.end(); ++it) {
        path = {it.key()};
        addValue(root, path, it.value());
    }
    root->setExpanded(true);
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if (expanded.contains((*it)->data(0, kPathRole).toStringList().join('/')))
            (*it)->setExpanded(true);
    m_tree->resizeColumnToContents(0);
    if (selected.isEmpty() || !selectField(selected.join('/')))
        m_editor->setField({});
}

void RecordEditor::addValue(QTreeWidgetItem* parent, QStringList& path, const QJsonValue& value) {
    auto* item = new QTreeWidgetItem(parent, {path.last()});
    item->setData(0, kPathRole, path);
    if (value.isObject() || value.isArray()) {
        const bool object = value.isObject();
        const QJsonObject members = value.toObject();
        const QJsonArray elements = value.toArray();
        item->setText(1, object ? members.value("type").toString()
                                : tr("%n item(s)", nullptr, int(elements.size())));
        const qsizetype count = object ? members.size() : elements.size();
        for (qsizetype i = 0; i < count; ++i) {
            path.push_back(object ? members.keys()[i] : QString::number(i));
            addValue(item, path, object ? members.value(path.last()) : elements[i]);
            path.pop_back();
        }
        return;
    }
    const QString text = value.isString() ? value.toString()
                         : value.isBool() ? (value.toBool() ? "true" : "false")
                                          : QString::number(value.toDouble(), 'g', 9);
    item->setText(1, text.size() > 96 ? text.left(48) + QStringLiteral("…") : text);
}

bool RecordEditor::selectField(const QString& path) {
    ensureLoaded();
    const QStringList keys = path.split('/');
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, kPathRole).toStringList() == keys) {
            m_tree->setCurrentItem(*it);
            chooseItem(*it); // again, in case it was current already
            return true;
        }
    }
    return false;
}

void RecordEditor::chooseItem(QTreeWidgetItem* item) {
    const QStringList path = item ? item->data(0, kPathRole).toStringList() : QStringList();
    const QJsonValue value = valueAt(m_json, path);
    FieldInfo field;
    // Leaves, and lists of flag names, are what the editor changes.
    if (!path.isEmpty() &&
        (!value.isObject() &&
         (!value.isArray() || classifyField(path, value, false) == FieldKind::Flags)))
        field = describe(path, value);
    if (field.path == m_editor->field().path && field.value == m_editor->field().value)
        return;
    m_selected = field.path;
    m_editor->setField(field);
}

FieldInfo RecordEditor::describe(const QStringList& path, const QJsonValue& value) {
    FieldInfo field;
    field.path = path;
    field.value = value;
    field.link = recordLink(m_dat->kind(), m_id, path, value);
    field.kind = classifyField(path, value, field.link.has_value());
    if (field.kind == FieldKind::Id) {
        const auto target = linkTarget(m_dats, m_dat.get(), *field.link);
        field.idType = typeText(target ? target->kind() : m_dat->kind(), field.link->id);
        field.choices = entriesOfType(field.idType);
    } else if (field.kind == FieldKind::Integer) {
        probeRange(field);
    } else if (field.kind == FieldKind::Name || field.kind == FieldKind::Flags) {
        field.names = namesAt(path);
    }
    return field;
}

// What the field's fromJson accepts, asked of it: a half makes it a real, and the widest
// integer limits it takes bound the spin box.
void RecordEditor::probeRange(FieldInfo& field) const {
    const auto accepts = [&](double probe) {
        try {
            EditSession::encodeJson(m_dat->kind(), m_id,
                                    replaced(m_json, field.path, probe).toObject());
            return true;
        } catch (const std::exception&) {
            return false;
        }
    };
    if (accepts(0.5)) {
        field.kind = FieldKind::Real;
        return;
    }
    field.min = 0;
    field.max = 4294967295.0; // if no probe passes, the record checks more than a range
    for (double max : {18446744073709551615.0, 4294967295.0, 2147483647.0, 65535.0, 255.0})
        if (accepts(max)) {
            field.max = max;
            break;
        }
    for (double min : {-2147483648.0, -32768.0, -128.0})
        if (accepts(min)) {
            field.min = min;
            break;
        }
}

QStringList RecordEditor::namesAt(const QStringList& path) {
    const QString type = typeText(m_dat->kind(), m_id);
    QStringList wild = path;
    for (QString& key : wild) {
        bool index = false;
        key.toInt(&index);
        if (index)
            key = QStringLiteral("*");
    }
    const QString cacheKey = type + ' ' + wild.join('/');
    if (const auto cached = m_names.constFind(cacheKey); cached != m_names.cend())
        return *cached;
    QSet<QString> names;
    collectNames(m_json, wild, 0, names);
    int read = 0;
    for (const dat::EntryInfo& entry : m_dat->entries()) {
        if (read >= kNameSampleRecords)
            break;
        if (typeText(m_dat->kind(), entry.id) != type)
            continue;
        ++read;
        try {
            if (const auto record = dat::decodeRecordIn(*m_dat, entry.id, m_dat->read(entry)))
                collectNames(dat::recordToJson(*record), wild, 0, names);
        } catch (const dat::DatError&) {
            // a record that does not decode teaches no names
        }
    }
    QStringList sorted(names.begin(), names.end());
    sorted.sort(Qt::CaseInsensitive);
    m_names.insert(cacheKey, sorted);
    return sorted;
}

QList<quint32> RecordEditor::entriesOfType(const QString& type) const {
    QList<quint32> ids;
    QSet<quint32> seen; // a portal id may be in the highres DAT too
    for (const auto& dat : m_dats)
        for (const dat::EntryInfo& entry : dat->entries()) {
            if (ids.size() >= kMaxChoices)
                return ids;
            if (typeText(dat->kind(), entry.id) == type && !seen.contains(entry.id)) {
                seen.insert(entry.id);
                ids << entry.id;
            }
        }
    return ids;
}

bool RecordEditor::setField(const QString& path, const QJsonValue& value) {
    if (!selectField(path)) {
        refuse(tr("%1 has no field %2").arg(QString::fromStdString(dat::formatDid(m_id)), path));
        return false;
    }
    return apply(value);
}

bool RecordEditor::apply(const QJsonValue& value) {
    if (!m_dat || m_selected.isEmpty())
        return false;
    const QJsonObject edited = replaced(m_json, m_selected, value).toObject();
    if (tryEdit(edited))
        return true;
    // A flag list may sit beside the raw word it names ("typeFlags" beside "type"), which then
    // disagrees; without the word the record takes it from the names.
    const QString key = m_selected.last();
    if (m_editor->field().kind == FieldKind::Flags && key.endsWith(QLatin1String("Flags"))) {
        QStringList word = m_selected;
        word.last() = key.chopped(5);
        if (!valueAt(edited, word).isUndefined()) {
            const QString first = m_error;
            if (tryEdit(replaced(edited, word, QJsonValue::Undefined).toObject()))
                return true;
            refuse(first);
        }
    }
    return false;
}

bool RecordEditor::tryEdit(const QJsonObject& json) {
    try {
        m_session.editRecord(*m_dat, m_id, json); // reloads through entriesChanged
    } catch (const std::exception& error) {
        refuse(QString::fromUtf8(error.what()));
        return false;
    }
    m_error.clear();
    m_errorLabel->hide();
    return true;
}

void RecordEditor::refuse(const QString& message) {
    m_error = message;
    m_errorLabel->setText(tr("Not applied: %1").arg(message));
    m_errorLabel->show();
}

} // namespace portalkit::ui
