#pragma once

#include "datreader/container/dat_file.h"
#include "ui/widgets/cell_outline.h"

#include <QAbstractItemModel>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::ui {

// The open DATs as a tree: a row per DAT, under it the DAT's outline (dat_outline.h): type
// groups ("Setup (12)") with their entries, or for a cell DAT landblocks and dungeons
// (cell_outline.h). No row has an object of its own: an index's internal id names the group it
// sits in (DAT, node kind, key), and the outline answers its rows from flat arrays, so a cell
// DAT's 805k entries cost nothing until a group is expanded. The filter is applied by the
// outlines rather than a proxy, for the same reason (EntryFilter says what it keeps).
//
// A cell DAT's landblocks are sorted into outdoors and dungeons on a worker thread
// (QtConcurrent); when the answer arrives the rows move with a layout change, so what is
// expanded and selected stays so.
class DatBrowserModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Role { IdRole = Qt::UserRole + 1, PendingRole }; // PendingRole: a Pending as int
    // An entry's unsaved change (an edit session's): shown in italics, an added one tagged
    // "new", an edited one "*", a removed one struck out.
    enum class Pending : std::uint8_t { Added, Modified, Removed };
    using PendingMarks = std::map<std::uint32_t, Pending>;
    enum Level { DatLevel, GroupLevel, EntryLevel };

    explicit DatBrowserModel(QObject* parent = nullptr);
    ~DatBrowserModel() override;

    void setDats(const std::vector<std::shared_ptr<const dat::DatFile>>& dats);
    void setFilter(const QString& text);
    const QString& filter() const { return m_filter.text(); }
    // The unsaved changes of `dat`, replacing those set before (empty: none). Added ids show
    // in their type's group; expanded and selected rows stay so.
    void setPending(const dat::DatFile* dat, PendingMarks marks);
    std::optional<Pending> pendingOf(const dat::DatFile* dat, std::uint32_t id) const;
    // Whether `dat` holds `id`: the file has it or an unsaved import adds it.
    bool holds(const dat::DatFile& dat, std::uint32_t id) const;
    // Whether every cell DAT's landblocks are sorted (sorted() is emitted when they become so).
    bool isSorted() const;

    // What a row is, and for an entry row its DAT and id.
    Level level(const QModelIndex& index) const;
    std::shared_ptr<const dat::DatFile> datAt(const QModelIndex& index) const;
    std::optional<std::uint32_t> idAt(const QModelIndex& index) const;
    // The group a group row is (nothing for other rows).
    std::optional<OutlineNode> nodeAt(const QModelIndex& index) const;
    // The row of entry `id` of `dat`; invalid when absent or filtered out.
    QModelIndex indexOf(const dat::DatFile* dat, std::uint32_t id) const;
    // The row of group `node` of `dat` (invalid when filtered out).
    QModelIndex indexOfNode(const dat::DatFile* dat, OutlineNode node) const;
    // The top group named `name` in `dat` ("Setup", "Dungeons"); invalid when there is none or
    // it is filtered out.
    QModelIndex groupIndex(const dat::DatFile* dat, const QString& name) const;
    // The outline shown for `dat` (null when it is not open here).
    const DatOutline* outline(const dat::DatFile* dat) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  signals:
    void sorted();

  private:
    struct Dat;
    struct Place { // what an index is, before and after a layout change
        int dat = -1;
        std::optional<OutlineNode> node; // a group row
        std::optional<OutlineNode> parent;
        std::uint32_t id = 0; // an entry row (with `parent`)
    };
    void startSort(std::size_t datIndex);
    // Changes the rows (`change`) as a layout change: every persistent index keeps its place.
    template <class Change> void moveRows(Change change);
    void applySort(const CellOutline* outline, const std::vector<LandblockSort>& sort);
    QVariant entryData(const dat::DatFile& owner, std::uint32_t id, int role) const;
    Place placeOf(const QModelIndex& index) const;
    QModelIndex indexOfPlace(const Place& place) const;
    int datRow(const dat::DatFile* dat) const;
    // An index's internal id: the DAT (+1, so 0 is "a DAT row") and the group it sits in.
    static quintptr pack(int dat, OutlineNode parent);
    static std::pair<int, OutlineNode> unpack(quintptr id);

    std::vector<std::unique_ptr<Dat>> m_dats;
    EntryFilter m_filter;
};

} // namespace portalkit::ui
