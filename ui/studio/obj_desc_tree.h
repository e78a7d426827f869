#pragma once

// The Appearance dock's live ObjDesc (docs/studio.md#appearance): one group row per list (base
// palette, sub-palettes, texture changes, part changes) naming its columns, one row per entry
// under it (the base palette's one value too), every value editable in place. An edit hands the
// whole tree back in the JSON form (preview::appearance::fromJson's keys), so the library's checks,
// and its error naming the field, judge what was typed.

#include "preview/appearance/obj_desc.h"

#include <QJsonObject>
#include <QTreeWidget>

namespace portalkit::ui {

class ObjDescTree : public QTreeWidget {
    Q_OBJECT
  public:
    enum Group { BasePalette, SubPalettes, TextureChanges, PartChanges };

    explicit ObjDescTree(QWidget* parent = nullptr);

    // Shows `desc` (no edited signal).
    void setDesc(const preview::appearance::ObjDesc& desc);
    // The rows as JSON: ids as typed ("0x04000C44"), plain whole numbers as numbers.
    QJsonObject jsonForm() const;

    // Off: shown only (a scenario object's ObjDesc); a double-click edits nothing.
    void setEditable(bool editable) { m_editable = editable; }

    QTreeWidgetItem* groupItem(Group group) const { return topLevelItem(int(group)); }
    // The entry's group (an entry row) or -1 (a group row, or nothing).
    static int groupOf(const QTreeWidgetItem* item);

  signals:
    // The user changed a value: the whole ObjDesc as the tree now has it.
    void edited(const QJsonObject& form);

  private:
    void addEntryRow(Group group, const QStringList& values);

    bool m_editable = true;
};

} // namespace portalkit::ui
