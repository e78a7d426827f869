#include "audit/projectile_map.h"

#include "datreader/records/common.h"

#include <QStringList>
#include <algorithm>

namespace portalkit::audit {
namespace {

QString mapText(const ProjectilePin& pin) {
    return QStringLiteral("WCID %1 %2: Setup %3, table %4")
        .arg(pin.wcid)
        .arg(pin.name, dat::didJson(pin.setup),
             pin.table ? dat::didJson(*pin.table) : QStringLiteral("none"));
}

} // namespace

std::vector<std::uint32_t> seedProjectileWcids() {
    return {300, 305, 7276, 7277, 7278, 7279, 7280, 7281, 7282, 23144};
}

std::optional<std::vector<std::uint32_t>> parseWcidList(const QString& text) {
    std::vector<std::uint32_t> wcids;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        const QStringList range = part.trimmed().split('-');
        bool okFirst = false, okLast = false;
        const uint first = range.value(0).toUInt(&okFirst);
        const uint last = range.size() == 2 ? range[1].toUInt(&okLast) : first;
        if (!okFirst || (range.size() == 2 && !okLast) || range.size() > 2 || last < first ||
            last - first > 100000)
            return std::nullopt;
        for (std::uint64_t wcid = first; wcid <= last; ++wcid)
            wcids.push_back(std::uint32_t(wcid));
    }
    if (wcids.empty())
        return std::nullopt;
    return wcids;
}

PinResult checkProjectileMap(const std::vector<CorpusProjectile>& corpus,
                             const std::vector<ProjectilePin>& pinned, const QString& corpusName) {
    PinResult result{.kind = "projectile", .name = "projectile map of " + corpusName};
    for (const CorpusProjectile& entry : corpus) {
        if (!entry.pin) {
            result.findings.push_back({0, QStringLiteral("projectile.weenie"),
                                       QStringLiteral("WCID %1 with a Setup").arg(entry.wcid),
                                       entry.reason});
            continue;
        }
        const auto it = std::find_if(pinned.begin(), pinned.end(), [&](const ProjectilePin& pin) {
            return pin.wcid == entry.wcid;
        });
        if (it != pinned.end() && (it->setup != entry.pin->setup || it->table != entry.pin->table))
            result.findings.push_back({entry.pin->setup, QStringLiteral("projectile.map"),
                                       mapText(*it), mapText(*entry.pin)});
    }
    return result;
}

std::vector<ProjectilePin> corpusPins(const std::vector<CorpusProjectile>& corpus) {
    std::vector<ProjectilePin> pins;
    for (const CorpusProjectile& entry : corpus)
        if (entry.pin)
            pins.push_back(*entry.pin);
    return pins;
}

} // namespace portalkit::audit
