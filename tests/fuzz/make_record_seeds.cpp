// Writes the seed corpus of fuzz_records: for every record type, its default value encoded, and
// for PhysicsScript one entry per hook type, each prefixed with the byte that selects the type.
// Usage: make_record_seeds OUTPUT_DIR

#include "datreader/records/record.h"

#include <QDir>
#include <QFile>
#include <cstdio>

using namespace portalkit::dat;

namespace {

bool writeSeed(const QDir& dir, const QString& name, std::size_t typeIndex,
               const std::vector<std::uint8_t>& payload) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    const char selector = char(typeIndex);
    file.write(&selector, 1);
    file.write(reinterpret_cast<const char*>(payload.data()), qint64(payload.size()));
    return true;
}

template <std::size_t I = 0> bool writeDefaults(const QDir& dir) {
    if constexpr (I < std::variant_size_v<Record>) {
        using T = std::variant_alternative_t<I, Record>;
        const QString name = QString::fromUtf8(T::kTypeName.data()) + "_default";
        return writeSeed(dir, name, I, T{}.encode()) && writeDefaults<I + 1>(dir);
    }
    return true;
}

HookPayload payloadOfType(std::size_t type) {
    HookPayload payload;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((type == I ? (payload.emplace<I>(), 0) : 0), ...);
    }
    (std::make_index_sequence<kHookTypeCount>());
    // A packed GfxObj DID cannot be 0: it is stored as an offset from 0x01000000.
    if (auto* replace = std::get_if<hooks::ReplaceObject>(&payload))
        replace->gfxObjId = 0x01000001;
    return payload;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_record_seeds OUTPUT_DIR\n");
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!QDir().mkpath(dir.path()) || !writeDefaults(dir))
        return 1;

    PhysicsScript script;
    script.id = 0x33000001;
    for (std::uint32_t type = 0; type < kHookTypeCount; ++type)
        script.entries.push_back({0.1 * type, AnimationHook{0, payloadOfType(type)}, type});
    constexpr std::size_t kScriptIndex = [] {
        std::size_t index = 0;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((std::is_same_v<std::variant_alternative_t<I, Record>, PhysicsScript> ? index = I : 0),
             ...);
        }
        (std::make_index_sequence<std::variant_size_v<Record>>());
        return index;
    }();
    return writeSeed(dir, "PhysicsScript_every_hook", kScriptIndex, script.encode()) ? 0 : 1;
}
