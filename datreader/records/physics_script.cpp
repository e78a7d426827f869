#include "datreader/records/physics_script.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <algorithm>
#include <tuple>

namespace portalkit::dat {

namespace {
constexpr std::size_t kSmallestEntry = 8 + 8; // f64 startTime + an empty hook's header
}

PhysicsScript PhysicsScript::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    PhysicsScript script = decodeRecordFrame<PhysicsScript>(
        bytes, did, "physicsScript", [](ByteCursor& in, PhysicsScript& s) {
            std::uint32_t index = 0;
            s.entries = readNamedList(in, "physicsScript.count", kSmallestEntry, "script entry",
                                      [&index](ByteCursor& c) {
                                          Entry entry;
                                          entry.startTime = c.f64("physicsScript.startTime");
                                          entry.hook = readHook(c);
                                          entry.storedIndex = index++;
                                          return entry;
                                      });
            // Every hook ends aligned (readHook keeps its fill), so no fill precedes the end.
        });
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
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        writeList(out, stored, [](ByteWriter& o, const Entry* entry) {
            o.f64(entry->startTime);
            writeHook(o, entry->hook);
        });
    });
}

QJsonObject PhysicsScript::toJson() const {
    QJsonArray list;
    for (const Entry& entry : entries) {
        QJsonObject object = hookToJson(entry.hook);
        object["startTime"] = exactJson(entry.startTime);
        if (entry.storedIndex != std::uint32_t(list.size()))
            object["storedIndex"] = qint64(entry.storedIndex);
        list.append(object);
    }
    return recordFrameJson(*this, {{"hooks", list}});
}

PhysicsScript PhysicsScript::fromJson(const JsonNode& node, std::uint32_t did) {
    PhysicsScript script = recordFrameFromJson<PhysicsScript>(node, did, [&](PhysicsScript& s) {
        const JsonNode hooks = node["hooks"];
        if (hooks.isMissing())
            hooks.fail("expected an array of hooks");
        for (const JsonNode& hook : hooks.elements()) {
            Entry entry;
            entry.startTime = hook["startTime"].f64(0);
            entry.hook = hookFromJson(hook);
            entry.storedIndex = hook["storedIndex"].u32(std::uint32_t(s.entries.size()));
            s.entries.push_back(std::move(entry));
        }
    });
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
