// libFuzzer target for the effect runtime: the input is a handful of records, each as
// {u32 DID, u32 length, bytes}, decoded as a portal DAT would and put behind an Assets. The
// first Setup becomes an owner that plays every script, every typed entry of its table, the
// recall motion and a Hidden round trip for five simulated seconds. Whatever the records say,
// the runtime must not crash, hang or allocate without bound.

#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "preview/scene/preview_scene.h"

#include <cstdint>
#include <cstring>
#include <memory>

using namespace portalkit;
using namespace portalkit::preview;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

std::uint32_t readU32(const std::uint8_t* data) {
    std::uint32_t value;
    std::memcpy(&value, data, 4);
    return value;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto assets = std::make_shared<Assets>();
    std::uint32_t firstSetup = 0;
    std::vector<std::uint32_t> scripts;
    std::vector<std::pair<std::uint32_t, float>> typed;
    // Every emitter the input holds is also created by a script of our own, anonymous and on the
    // root, so emitter records are exercised even when no script names them.
    dat::PhysicsScript emitters;
    emitters.id = 0x33FFFFFF;
    std::size_t at = 0;
    while (at + 8 <= size) {
        const std::uint32_t did = readU32(data + at);
        const std::uint32_t length = readU32(data + at + 4);
        at += 8;
        if (length > size - at)
            break;
        try {
            auto record = dat::decodeRecord(dat::DatKind::Portal, did, {data + at, length});
            if (record)
                std::visit(
                    [&](auto& value) {
                        using T = std::decay_t<decltype(value)>;
                        if constexpr (std::is_same_v<T, dat::Setup>) {
                            if (!firstSetup)
                                firstSetup = did;
                        } else if constexpr (std::is_same_v<T, dat::PhysicsScript>) {
                            scripts.push_back(did);
                        } else if constexpr (std::is_same_v<T, dat::ParticleEmitterInfo>) {
                            dat::hooks::CreateParticle create;
                            create.emitterInfoId = did;
                            create.partIndex = 0xFFFFFFFF;
                            emitters.entries.push_back({0.0, dat::AnimationHook{0, create},
                                                        std::uint32_t(emitters.entries.size())});
                        } else if constexpr (std::is_same_v<T, dat::PhysicsScriptTable>) {
                            for (const auto& entry : value.entries)
                                for (const auto& script : entry.scripts)
                                    typed.emplace_back(entry.scriptType, script.mod);
                        }
                        assets->add(std::move(value));
                    },
                    *record);
        } catch (const dat::DatError&) {
            // A record the decoder rejects is simply absent, as in a DAT.
        }
        at += length;
    }
    if (!firstSetup)
        return 0;

    if (!emitters.entries.empty()) {
        scripts.push_back(emitters.id);
        assets->add(std::move(emitters));
    }

    PreviewScene scene(assets, 1);
    OwnerDesc desc;
    desc.setup = firstSetup;
    const std::uint32_t owner = scene.createOwner(desc);
    if (!owner)
        return 0;
    for (std::uint32_t script : scripts)
        scene.playScript(owner, script);
    for (const auto& [type, intensity] : typed)
        scene.playTyped(owner, type, intensity);
    scene.performMotion(owner, 0x10000153);
    for (int tick = 0; tick < 100; ++tick) {
        if (tick == 40)
            scene.setState(owner, state::kDefault | state::Hidden);
        if (tick == 60)
            scene.setState(owner, state::kDefault);
        scene.advance(0.05);
    }
    return 0;
}
