#pragma once

// The Browser's tree of one DAT, without Qt's item models, so that it can be tested headless and
// answer for hundreds of thousands of entries from flat arrays: no object per row. A node is a
// group row (a type group, a section, a column, a landblock); its rows are its child groups
// first, then the entries directly under it. Every answer is for the filter last set.

#include "datreader/container/dat_file.h"

#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::ui {

// The ids from `first` to `last`, both included.
struct IdRange {
    std::uint32_t first = 0;
    std::uint32_t last = 0;
    bool contains(std::uint32_t id) const { return id >= first && id <= last; }
};

// What the Browser's filter keeps: entries whose id starts with its hex digits ("0x0200",
// "0200", "33") and entries of a type or group whose name contains it ("setup", "dungeon"),
// case-insensitive. An empty filter keeps everything.
class EntryFilter {
  public:
    EntryFilter() = default;
    explicit EntryFilter(const QString& text);

    bool isEmpty() const { return m_text.isEmpty(); }
    const QString& text() const { return m_text; }
    // Whether a type or group `name` contains the filter (always, for an empty filter).
    bool matchesName(const QString& name) const;
    // The ids the hex digits cover; nothing when the filter is not hex of at most 8 digits.
    const std::optional<IdRange>& idRange() const { return m_range; }
    bool matchesId(std::uint32_t id) const {
        return isEmpty() || (m_range && m_range->contains(id));
    }

  private:
    QString m_text;
    std::optional<IdRange> m_range;
};

// A group row, the same across filter changes: its kind and a key the outline gives it.
struct OutlineNode {
    enum class Kind : std::uint8_t { Dat, TypeGroup, Section, Column, Landblock };
    Kind kind = Kind::Dat;
    std::uint32_t key = 0;
    bool operator==(const OutlineNode&) const = default;
};

// Where an entry shows: under `parent`, as its `row`-th entry (after the child groups).
struct EntryPlace {
    OutlineNode parent;
    int row = 0;
};

class DatOutline {
  public:
    virtual ~DatOutline() = default;

    virtual void setFilter(const EntryFilter& filter) = 0;
    // The child groups a node shows, and the entries directly under it.
    virtual int groupCount(OutlineNode node) const = 0;
    virtual OutlineNode group(OutlineNode node, int row) const = 0;
    virtual int entryCount(OutlineNode node) const = 0;
    virtual std::uint32_t entry(OutlineNode node, int row) const = 0;
    // The group a node sits in (the DAT's root for the top groups) and its row there; -1 when
    // the filter hides it.
    virtual OutlineNode parentOf(OutlineNode node) const = 0;
    virtual int rowOf(OutlineNode node) const = 0;
    // Where entry `id` shows; nothing when the DAT lacks it or the filter hides it.
    virtual std::optional<EntryPlace> locate(std::uint32_t id) const = 0;
    // A group's name ("Setup", "Dungeons", "Landblock 0xA9B4"), its row text with the counts
    // ("Setup (12)", "Setup (3 of 12)") and a tooltip (may be empty).
    virtual QString name(OutlineNode node) const = 0;
    virtual QString label(OutlineNode node) const = 0;
    virtual QString toolTip(OutlineNode node) const { return name(node); }
    // Entries the filter shows in the whole DAT.
    virtual std::size_t visibleEntries() const = 0;
    // Ids the file lacks that an unsaved import adds (ascending), shown beside the file's;
    // replaces those set before. The cell outline shows none of them yet.
    virtual void setAdded(const std::vector<std::uint32_t>&) {}
};

// The plain outline: entries grouped by type name (portalkit ls's), groups in the order of their
// first id, entries ascending. A group whose type the filter names shows whole; otherwise its
// entries under the hex prefix do, a binary search since ids sharing a prefix are one run.
class TypeOutline : public DatOutline {
  public:
    explicit TypeOutline(const dat::DatFile& dat);

    void setFilter(const EntryFilter& filter) override;
    int groupCount(OutlineNode node) const override;
    OutlineNode group(OutlineNode node, int row) const override;
    int entryCount(OutlineNode node) const override;
    std::uint32_t entry(OutlineNode node, int row) const override;
    OutlineNode parentOf(OutlineNode) const override { return {}; }
    int rowOf(OutlineNode node) const override;
    std::optional<EntryPlace> locate(std::uint32_t id) const override;
    QString name(OutlineNode node) const override;
    QString label(OutlineNode node) const override;
    std::size_t visibleEntries() const override { return m_visibleEntries; }
    void setAdded(const std::vector<std::uint32_t>& ids) override;

  private:
    std::size_t groupOf(const QString& type); // adds the group when there is none
    struct Group {
        QString type;
        std::vector<std::uint32_t> all; // ascending
        std::vector<std::uint32_t> visible;
        int row = -1; // among the visible groups
    };
    const dat::DatFile& m_dat;
    std::vector<Group> m_groups;
    std::vector<std::uint32_t> m_visible; // indexes into m_groups
    std::size_t m_visibleEntries = 0;
    EntryFilter m_filter;
    std::vector<std::uint32_t> m_added; // in `all` of their groups too
};

// The outline the Browser shows for `dat`: landblocks and dungeons for a cell DAT (CellOutline),
// type groups for the others.
std::unique_ptr<DatOutline> makeOutline(const dat::DatFile& dat);

// A type name of `dat::typeName` as a QString.
QString typeNameOf(const dat::DatFile& dat, std::uint32_t id);

} // namespace portalkit::ui
