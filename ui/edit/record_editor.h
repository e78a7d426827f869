#pragma once

// The Inspector's Edit tab (docs/studio.md#editing-in-the-studio): the shown record's JSON form
// (toJson) as a tree, and below it a typed editor for the chosen leaf (field_editors.h). An
// edit is the record's JSON with that one value changed, read back by the record's fromJson
// and encoded (EditSession::editRecord): a value the record refuses is shown with the DatError's
// message under the editor and changes nothing; one it accepts is an undoable command.

#include "ui/edit/field_editors.h"

#include <QHash>
#include <QJsonObject>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <vector>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

class EditSession;

class RecordEditor : public QWidget {
    Q_OBJECT
  public:
    using DatList = std::vector<std::shared_ptr<const dat::DatFile>>;

    explicit RecordEditor(EditSession& session, QWidget* parent = nullptr);

    // The open DATs, in lookup order: where the id picker finds entries.
    void setDats(DatList dats) { m_dats = std::move(dats); }
    // Shows entry `id` of `dat` as the session reads it (pending edits included).
    void showRecord(std::shared_ptr<const dat::DatFile> dat, std::uint32_t id);
    void clear();
    // Lazy: a record shown (or changed) while the editor is hidden is read when it is shown, so
    // a hidden Edit tab costs nothing per selection. Off by default.
    void setLazy(bool lazy) { m_lazy = lazy; }

    // Chooses the leaf at `path` ("parts/0/id") in the tree, which fills the field editor; false
    // when there is no such leaf.
    bool selectField(const QString& path);
    // selectField, then proposes `value` for it as the field editor would. False, with the
    // reason in lastError(), when the record refuses it.
    bool setField(const QString& path, const QJsonValue& value);
    // Proposes `value` for the field the editor shows.
    bool apply(const QJsonValue& value);

    // The record's JSON as the tree shows it (read first when lazy and stale).
    QJsonObject json() {
        ensureLoaded();
        return m_json;
    }
    std::uint32_t shownId() const { return m_id; }
    QString lastError() const { return m_error; }
    QTreeWidget* tree() const { return m_tree; }
    FieldEditor* fieldEditor() const { return m_editor; }
    QLabel* errorLabel() const { return m_errorLabel; }

  signals:
    // The Go to button of an id field.
    void jumpRequested(std::uint32_t id);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void ensureLoaded();
    void reload();
    void addValue(QTreeWidgetItem* parent, QStringList& path, const QJsonValue& value);
    void chooseItem(QTreeWidgetItem* item);
    FieldInfo describe(const QStringList& path, const QJsonValue& value);
    void probeRange(FieldInfo& field) const;
    QStringList namesAt(const QStringList& path);
    QList<quint32> entriesOfType(const QString& type) const;
    bool tryEdit(const QJsonObject& json);
    void refuse(const QString& message);

    EditSession& m_session;
    DatList m_dats;
    std::shared_ptr<const dat::DatFile> m_dat;
    std::uint32_t m_id = 0;
    QJsonObject m_json;
    QStringList m_selected; // the field shown in the editor, kept across reloads
    QTreeWidget* m_tree;
    FieldEditor* m_editor;
    QLabel* m_errorLabel;
    QString m_error;
    bool m_lazy = false;
    bool m_stale = false; // the tree does not show m_dat/m_id as the session reads it yet
    QHash<QString, QStringList> m_names; // "type path" → names seen there, per record shown
};

} // namespace portalkit::ui
