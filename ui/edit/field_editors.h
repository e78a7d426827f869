#pragma once

// The record editor's typed editor for one field of a record's JSON form (record_editor.h):
// which kind of value a leaf holds, and the widget that edits it. The widget only proposes a
// value (applyRequested); the record editor validates it through the record's own fromJson and
// encoder before anything changes.

#include "ui/widgets/record_links.h"

#include <QJsonValue>
#include <QList>
#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <limits>
#include <optional>

class QLabel;
class QVBoxLayout;

namespace portalkit::ui {

enum class FieldKind {
    Bool,
    Integer, // a whole number; min and max are what the field's fromJson accepts
    Real,    // a number or "nan", "inf", "-inf", "-0"
    Id,      // "0x%08X" naming an entry (record_links.h): a picker of entries of its type
    Hex,     // "0x%08X" that names no entry: raw bits, a type word
    Name,    // an enum's name as the record spells it
    Flags,   // an array of flag names
    Text,
    Blob, // a long base64 or hex string: pixels, samples (Replace Entry changes those)
};

struct FieldInfo {
    QStringList path; // keys and array indices from the record's root
    QJsonValue value;
    FieldKind kind = FieldKind::Text;
    double min = std::numeric_limits<double>::lowest();
    double max = std::numeric_limits<double>::max();
    std::optional<RecordLink> link;
    QString idType;         // the type an Id's entries have ("Surface")
    QList<quint32> choices; // Id: entries of that type in the open DATs
    QStringList names;      // Name and Flags: the names offered
};

// The kind of a leaf by its value, path and whether it links to an entry.
FieldKind classifyField(const QStringList& path, const QJsonValue& value, bool isLink);
// "setup/parts/3/id" → "setup.parts[3].id", as DatError spells JSON paths.
QString fieldPathText(const QStringList& path);

class FieldEditor : public QWidget {
    Q_OBJECT
  public:
    explicit FieldEditor(QWidget* parent = nullptr);

    // Builds the editor for `field` (none for an empty path).
    void setField(const FieldInfo& field);
    const FieldInfo& field() const { return m_field; }
    // The value the editor holds now.
    QJsonValue value() const;
    // Puts `value` into the editor as a user would type or pick it (tests), without applying.
    void setValue(const QJsonValue& value);
    // Proposes the editor's value (the Apply button, Enter, a toggle).
    void apply();
    QWidget* input() const { return m_input; }

  signals:
    void applyRequested(const QJsonValue& value);
    void jumpRequested(std::uint32_t id);

  private:
    QWidget* makeInput(const FieldInfo& field);
    QWidget* makeNumber(const FieldInfo& field);
    QWidget* makeId(const FieldInfo& field);
    QWidget* makeFlags(const FieldInfo& field);
    QWidget* makeNames(const FieldInfo& field);

    FieldInfo m_field;
    QVBoxLayout* m_layout;
    QLabel* m_title;
    QWidget* m_row = nullptr;   // the input and its buttons, rebuilt per field
    QWidget* m_input = nullptr; // the editing widget itself
};

} // namespace portalkit::ui
