#include "ui/widgets/dat_outline.h"

#include "datreader/container/dat_kind.h"
#include "ui/widgets/cell_outline.h"

#include <QObject>
#include <algorithm>
#include <unordered_map>

namespace portalkit::ui {

EntryFilter::EntryFilter(const QString& text) : m_text(text.trimmed()) {
    QString digits = m_text;
    if (digits.startsWith("0x", Qt::CaseInsensitive))
        digits = digits.mid(2);
    if (digits.size() > 8)
        return;
    bool ok = digits.isEmpty();
    const std::uint32_t value = digits.isEmpty() ? 0 : digits.toUInt(&ok, 16);
    if (!ok)
        return;
    // "0200" covers 0x02000000..0x0200FFFF: the prefix then every value of the digits left.
    const int shift = 32 - 4 * int(digits.size());
    const std::uint64_t first = std::uint64_t(value) << shift;
    const std::uint64_t last = first + (std::uint64_t(1) << shift) - 1;
    m_range = IdRange{std::uint32_t(first), std::uint32_t(last)};
}

bool EntryFilter::matchesName(const QString& name) const {
    return isEmpty() || name.contains(m_text, Qt::CaseInsensitive);
}

QString typeNameOf(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    return QString::fromUtf8(type.data(), qsizetype(type.size()));
}

TypeOutline::TypeOutline(const dat::DatFile& dat) : m_dat(dat) {
    std::unordered_map<std::string_view, std::size_t> byType;
    for (const dat::EntryInfo& entry : dat.entries()) {
        const std::string_view type = dat::typeName(dat.kind(), entry.id);
        const auto [found, added] = byType.emplace(type, m_groups.size());
        if (added) {
            m_groups.emplace_back();
            m_groups.back().type = QString::fromUtf8(type.data(), qsizetype(type.size()));
        }
        m_groups[found->second].all.push_back(entry.id);
    }
    setFilter({});
}

void TypeOutline::setFilter(const EntryFilter& filter) {
    m_filter = filter;
    m_visible.clear();
    m_visibleEntries = 0;
    for (std::size_t index = 0; index < m_groups.size(); ++index) {
        Group& group = m_groups[index];
        group.visible.clear();
        if (filter.matchesName(group.type)) {
            group.visible = group.all;
        } else if (const auto& range = filter.idRange()) {
            const auto begin = std::lower_bound(group.all.begin(), group.all.end(), range->first);
            const auto end = std::upper_bound(begin, group.all.end(), range->last);
            group.visible.assign(begin, end);
        }
        group.row = -1;
        if (!group.visible.empty()) {
            group.row = int(m_visible.size());
            m_visible.push_back(std::uint32_t(index));
            m_visibleEntries += group.visible.size();
        }
    }
}

std::size_t TypeOutline::groupOf(const QString& type) {
    for (std::size_t index = 0; index < m_groups.size(); ++index)
        if (m_groups[index].type == type)
            return index;
    m_groups.emplace_back();
    m_groups.back().type = type;
    return m_groups.size() - 1;
}

void TypeOutline::setAdded(const std::vector<std::uint32_t>& ids) {
    // Groups are never dropped (their index is a node's key): one left empty is simply hidden.
    for (const std::uint32_t id : m_added) {
        auto& all = m_groups[groupOf(typeNameOf(m_dat, id))].all;
        all.erase(std::remove(all.begin(), all.end(), id), all.end());
    }
    m_added.clear();
    for (const std::uint32_t id : ids)
        if (!m_dat.find(id)) // the file's own entries are there already
            m_added.push_back(id);
    for (const std::uint32_t id : m_added) {
        auto& all = m_groups[groupOf(typeNameOf(m_dat, id))].all;
        const auto at = std::lower_bound(all.begin(), all.end(), id);
        if (at == all.end() || *at != id)
            all.insert(at, id);
    }
    setFilter(m_filter);
}

int TypeOutline::groupCount(OutlineNode node) const {
    return node.kind == OutlineNode::Kind::Dat ? int(m_visible.size()) : 0;
}

OutlineNode TypeOutline::group(OutlineNode, int row) const {
    return {OutlineNode::Kind::TypeGroup, m_visible[std::size_t(row)]};
}

int TypeOutline::entryCount(OutlineNode node) const {
    return node.kind == OutlineNode::Kind::TypeGroup ? int(m_groups[node.key].visible.size()) : 0;
}

std::uint32_t TypeOutline::entry(OutlineNode node, int row) const {
    return m_groups[node.key].visible[std::size_t(row)];
}

int TypeOutline::rowOf(OutlineNode node) const {
    return node.kind == OutlineNode::Kind::TypeGroup ? m_groups[node.key].row : 0;
}

std::optional<EntryPlace> TypeOutline::locate(std::uint32_t id) const {
    const QString type = typeNameOf(m_dat, id);
    for (std::uint32_t index : m_visible) {
        const Group& group = m_groups[index];
        if (group.type != type)
            continue;
        const auto found = std::lower_bound(group.visible.begin(), group.visible.end(), id);
        if (found == group.visible.end() || *found != id)
            return std::nullopt;
        return EntryPlace{{OutlineNode::Kind::TypeGroup, index},
                          int(found - group.visible.begin())};
    }
    return std::nullopt;
}

QString TypeOutline::name(OutlineNode node) const {
    return node.kind == OutlineNode::Kind::TypeGroup ? m_groups[node.key].type : QString();
}

QString TypeOutline::label(OutlineNode node) const {
    const Group& group = m_groups[node.key];
    return group.visible.size() == group.all.size()
               ? QStringLiteral("%1 (%2)").arg(group.type).arg(group.all.size())
               : QObject::tr("%1 (%2 of %3)")
                     .arg(group.type)
                     .arg(group.visible.size())
                     .arg(group.all.size());
}

std::unique_ptr<DatOutline> makeOutline(const dat::DatFile& dat) {
    if (dat.kind() == dat::DatKind::Cell)
        return std::make_unique<CellOutline>(dat);
    return std::make_unique<TypeOutline>(dat);
}

} // namespace portalkit::ui
