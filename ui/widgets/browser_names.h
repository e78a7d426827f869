#pragma once

// Names beside the Browser's ids, from whatever names them (the server's world data,
// world_data.h), as plain text: the Browser itself knows no weenies, so its suites still build
// without the weenie library.

#include "ui/widgets/dat_browser_model.h"

#include <QListWidget>
#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

namespace portalkit::ui {

// A DAT id some names match, and the names to show beside it.
struct NamedEntry {
    std::uint32_t id = 0;
    QString names;
};

struct EntryNames {
    // The names beside `id` in its row ("Flame Bolt, Mage's Spent Flame Bolt"); empty for none.
    std::function<QString(std::uint32_t id)> label;
    // The full list, for the row's tooltip.
    std::function<QStringList(std::uint32_t id)> all;
    // The ids whose names match what the filter holds, best first.
    std::function<std::vector<NamedEntry>(const QString& text)> search;

    bool isEmpty() const { return !label; }
};

// The Browser's model with the names after each entry's id (display and tooltip).
class NamedBrowserModel : public DatBrowserModel {
    Q_OBJECT
  public:
    using DatBrowserModel::DatBrowserModel;

    void setNames(EntryNames names) { m_names = std::move(names); }
    const EntryNames& names() const { return m_names; }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  private:
    EntryNames m_names;
};

// Under the Browser's filter: the open DATs' entries whose names match it, "0x0200040D  Setup —
// Flame Bolt, …". Hidden while nothing matches (or nothing names entries).
class NameMatchList : public QListWidget {
    Q_OBJECT
  public:
    static constexpr int IdRole = Qt::UserRole + 1;
    // How many rows it shows at most; the search asks for no more weenies than this either.
    static constexpr int kLimit = 200;

    explicit NameMatchList(QWidget* parent = nullptr);

    // Shows `matches`; `typeOf` gives an id's type in the open DATs, empty when none holds it
    // (such ids are left out).
    void showMatches(const std::vector<NamedEntry>& matches,
                     const std::function<QString(std::uint32_t)>& typeOf);
    // Makes `id`'s row current (without entryChosen); false when no row shows it.
    bool select(std::uint32_t id);
    // The id of each row, in order.
    std::vector<std::uint32_t> ids() const;

  signals:
    void entryChosen(std::uint32_t id);
};

} // namespace portalkit::ui
