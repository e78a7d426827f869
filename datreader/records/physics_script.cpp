#include "datreader/records/physics_script.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <algorithm>
#include <tuple>

namespace portalkit::dat {

namespace {
constexpr std::size_t kSmallestEntry = 8 + 8; // f64 startTime + an empty hook's header
}

PhysicsScript PhysicsScript::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    PhysicsScript script;
    script.id = readOwnId(in, did);
    const std::uint32_t count = readCount(in, "physicsScript.count", kSmallestEntry);
    script.entries.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        try {
            Entry entry;
            entry.startTime = in.f64("physicsScript.startTime");
            entry.hook = readHook(in);
            entry.storedIndex = i;
            script.entries.push_back(std::move(entry));
        } catch (DatError& error) {
            error.withContext("reading script entry " + std::to_string(i));
            throw;
        }
    }
    in.align4("physicsScript.pad");
    in.expectEnd("physicsScript");
    std::stable_sort(script.entries.begin(), script.entries.end(),
                     [](const Entry& a, const Entry& b) { return a.startTime < b.startTime; });
    return script;
}

std::vector<std::uint8_t> PhysicsScript::encode() const {
    std::vector<const Entry*> stored;
    for (const Entry& entry : entries)
        stored.push_back(&entry);
    std::stable_sort(stored.begin(), stored.end(), [](const Entry* a, const Entry* b) {
        return a->storedIndex < b->storedIndex;
    });
    ByteWriter out;
    out.u32(id);
    out.u32(std::uint32_t(entries.size()));
    for (const Entry* entry : stored) {
        out.f64(entry->startTime);
        writeHook(out, entry->hook);
    }
    out.align4();
    return out.take();
}

QJsonObject PhysicsScript::toJson() const {
    QJsonArray list;
    for (const Entry& entry : entries) {
        QJsonObject object = hookToJson(entry.hook);
        object["startTime"] = realJson(entry.startTime);
        if (entry.storedIndex != std::uint32_t(list.size()))
            object["storedIndex"] = qint64(entry.storedIndex);
        list.append(object);
    }
    return {{"id", didJson(id)}, {"hooks", list}};
}

PhysicsScript PhysicsScript::fromJson(const JsonNode& node, std::uint32_t did) {
    PhysicsScript script;
    script.id = ownIdFromJson(node, did);
    const JsonNode hooks = node["hooks"];
    if (hooks.isMissing())
        hooks.fail("expected an array of hooks");
    for (const JsonNode& hook : hooks.elements()) {
        Entry entry;
        entry.startTime = hook["startTime"].f64(0);
        entry.hook = hookFromJson(hook);
        entry.storedIndex = hook["storedIndex"].u32(std::uint32_t(script.entries.size()));
        script.entries.push_back(std::move(entry));
    }
    // Decode's order: by startTime, ties in stored order. A list already in that order (as
    // toJson writes it) is kept as is, which also keeps whatever order NaN start times got.
    const auto runtimeOrder = [](const Entry& a, const Entry& b) {
        return std::tie(a.startTime, a.storedIndex) < std::tie(b.startTime, b.storedIndex);
    };
    if (!std::is_sorted(script.entries.begin(), script.entries.end(), runtimeOrder))
        std::stable_sort(script.entries.begin(), script.entries.end(), runtimeOrder);
    return script;
}

} // namespace portalkit::dat
