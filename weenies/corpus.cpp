#include "weenies/corpus.h"

#include <algorithm>

namespace portalkit::weenies {
namespace {

QString where(const Location& at) {
    return at.line > 0 ? QStringLiteral("%1:%2:%3").arg(at.source).arg(at.line).arg(at.column)
                       : at.source;
}

} // namespace

void failAt(const Location& at, const QString& message) {
    throw WeenieError(at.source, at.line, at.column, message);
}

void CorpusBuilder::addName(const FileRows::Name& row, Entry& entry) {
    if (!entry.nameAt.source.isEmpty())
        failAt(row.at, QStringLiteral("WCID %1 has a second Name (the first is at %2)")
                           .arg(row.wcid)
                           .arg(where(entry.nameAt)));
    entry.weenie.name = row.name;
    entry.nameAt = row.at;
}

void CorpusBuilder::addDid(const FileRows::Did& row, Entry& entry) {
    const auto [it, inserted] = entry.didAt.emplace(row.property.type, row.at);
    if (!inserted)
        failAt(row.at, QStringLiteral("WCID %1 has a second %2 DID property (the first is at %3)")
                           .arg(row.wcid)
                           .arg(QString::fromLatin1(didPropertyName(row.property.type).data()))
                           .arg(where(it->second)));
    entry.weenie.dids.push_back(row.property);
}

void CorpusBuilder::add(FileRows rows) {
    for (FileRows::Define& define : rows.weenies) {
        const auto [it, inserted] =
            m_weenies.try_emplace(define.weenie.wcid, Entry{define.weenie, define.at, {}, {}});
        if (!inserted)
            failAt(define.at, QStringLiteral("duplicate WCID %1 (first defined at %2)")
                                  .arg(define.weenie.wcid)
                                  .arg(where(it->second.at)));
    }
    for (const FileRows::Name& row : rows.names) {
        if (const auto it = m_weenies.find(row.wcid); it != m_weenies.end())
            addName(row, it->second);
        else
            m_pendingNames.push_back(row);
    }
    for (const FileRows::Did& row : rows.dids) {
        if (const auto it = m_weenies.find(row.wcid); it != m_weenies.end())
            addDid(row, it->second);
        else
            m_pendingDids.push_back(row);
    }
}

std::vector<Weenie> CorpusBuilder::finish() {
    // Rows that came before their weenie (another file, earlier in path order).
    for (const FileRows::Name& row : m_pendingNames) {
        const auto it = m_weenies.find(row.wcid);
        if (it == m_weenies.end())
            failAt(
                row.at,
                QStringLiteral("a Name for WCID %1, which no `weenie` row defines").arg(row.wcid));
        addName(row, it->second);
    }
    for (const FileRows::Did& row : m_pendingDids) {
        const auto it = m_weenies.find(row.wcid);
        if (it == m_weenies.end())
            failAt(row.at, QStringLiteral("a DID property for WCID %1, which no `weenie` row "
                                          "defines")
                               .arg(row.wcid));
        addDid(row, it->second);
    }
    std::vector<Weenie> weenies;
    weenies.reserve(m_weenies.size());
    for (auto& [wcid, entry] : m_weenies) {
        std::sort(entry.weenie.dids.begin(), entry.weenie.dids.end(),
                  [](const DidProperty& a, const DidProperty& b) { return a.type < b.type; });
        weenies.push_back(std::move(entry.weenie));
    }
    m_weenies.clear();
    return weenies;
}

} // namespace portalkit::weenies
