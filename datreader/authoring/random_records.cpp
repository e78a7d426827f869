#include "datreader/authoring/random_records.h"

#include "datreader/io/byte_writer.h"

#include <stdexcept>
#include <utility>

namespace portalkit::authoring {
namespace {

void randomize(RandomDraws& draw, dat::Setup& setup) {
    const std::uint32_t partCount = draw.around(4, 0.9, 1, 40);
    for (std::uint32_t i = 0; i < partCount; ++i)
        setup.parts.push_back(draw.reference<dat::GfxObj>());
    if (draw.chance(0.5)) {
        setup.flags |= dat::Setup::kHasParent;
        for (std::uint32_t i = 0; i < partCount; ++i)
            setup.parentIndices.push_back(i == 0 ? 0xFFFFFFFF : draw.below(i));
    }
    if (draw.chance(0.3)) {
        setup.flags |= dat::Setup::kHasDefaultScale;
        for (std::uint32_t i = 0; i < partCount; ++i) {
            const float scale = draw.real(0.5, 2);
            setup.defaultScales.push_back({scale, scale, scale});
        }
    }
    if (draw.chance(0.2)) {
        const std::uint32_t count = draw.between(1, 2);
        for (std::uint32_t i = 0; i < count; ++i)
            setup.holdingLocations.push_back(
                {std::int32_t(i + 1), {std::int32_t(draw.below(partCount)), draw.frame(1)}});
    }
    if (draw.chance(0.05))
        setup.connectionPoints.push_back({0, {std::int32_t(draw.below(partCount)), draw.frame(1)}});
    const std::uint32_t placements = draw.between(1, 3);
    for (std::uint32_t key = 0; key < placements; ++key) {
        dat::AnimationFrame placement;
        for (std::uint32_t i = 0; i < partCount; ++i)
            placement.parts.push_back(draw.frame(1));
        if (draw.chance(0.1))
            placement.hooks.push_back(randomHook(draw, HookSet::Animation));
        setup.placementFrames.emplace_back(key, std::move(placement));
    }
    if (draw.chance(0.3))
        setup.cylSpheres.push_back({draw.vec3(0.5), draw.real(0.2, 2), draw.real(0.5, 3)});
    const std::uint32_t sphereCount = draw.below(4);
    for (std::uint32_t i = 0; i < sphereCount; ++i)
        setup.spheres.push_back(draw.sphere(2));
    setup.height = draw.real(0.5, 3);
    setup.radius = draw.real(0.2, 2);
    setup.stepUpHeight = draw.real(0, 0.5);
    setup.stepDownHeight = draw.real(0, 0.5);
    setup.sortingSphere = draw.sphere(2);
    setup.selectionSphere = draw.sphere(2);
    if (draw.chance(0.05))
        setup.lights.push_back({0,
                                {draw.frame(1), draw.opaqueColor(), draw.real(0, 1),
                                 draw.real(1, 10), draw.real(0, 1)}});
    setup.defaultAnimation = draw.chance(0.3) ? draw.reference<dat::Animation>() : 0;
    setup.defaultScript = draw.chance(0.1) ? draw.reference<dat::PhysicsScript>() : 0;
    setup.defaultMotionTable = draw.chance(0.5) ? draw.reference<dat::MotionTable>() : 0;
    setup.defaultSoundTable = draw.chance(0.3) ? draw.reference<dat::SoundTable>() : 0;
    setup.defaultScriptTable = draw.chance(0.3) ? draw.reference<dat::PhysicsScriptTable>() : 0;
}

void randomize(RandomDraws& draw, dat::GfxObjDegradeInfo& info) {
    const std::uint32_t levels = draw.between(1, 4);
    for (std::uint32_t i = 0; i < levels; ++i) {
        const float start = 25.0f * float(i);
        info.levels.push_back({draw.reference<dat::GfxObj>(), 1, start, start + 10, start + 25});
    }
}

void randomize(RandomDraws& draw, dat::Surface& surface) {
    const double kind = draw.unit();
    if (kind < 0.2) {
        surface.type = dat::Surface::kBase1Solid;
        surface.colorValue = draw.opaqueColor();
    } else {
        surface.type = kind < 0.95 ? dat::Surface::kBase1Image : dat::Surface::kBase1ClipMap;
        surface.origTextureId = draw.reference<dat::SurfaceTexture>();
        surface.origPaletteId = draw.chance(0.3) ? draw.reference<dat::Palette>() : 0;
    }
    if (draw.chance(0.2)) {
        surface.type |= 0x10; // Translucent
        surface.translucency = draw.real(0, 1);
    }
    surface.luminosity = draw.chance(0.1) ? draw.real(0, 1) : 0;
    surface.diffuse = 1;
}

void randomize(RandomDraws& draw, dat::SurfaceTexture& texture) {
    const std::uint32_t levels = draw.between(1, 4);
    for (std::uint32_t i = 0; i < levels; ++i)
        texture.renderSurfaceIds.push_back(draw.reference<dat::RenderSurface>());
}

// Mip levels from 16 to 256 pixels wide in the three formats that carry most texture bytes.
void randomize(RandomDraws& draw, dat::RenderSurface& surface) {
    surface.width = 1 << draw.between(4, 8);
    surface.height = draw.chance(0.2) ? surface.width / 2 : surface.width;
    const auto pixels = std::size_t(surface.width) * std::size_t(surface.height);
    const double format = draw.unit();
    std::size_t bytes = 0;
    if (format < 0.5) {
        surface.pixelFormat = std::uint32_t(dat::PixelFormat::Dxt1);
        bytes = pixels / 2; // 8 bytes per 4x4 block
    } else if (format < 0.8) {
        surface.pixelFormat = std::uint32_t(dat::PixelFormat::P8);
        surface.defaultPaletteId = draw.reference<dat::Palette>();
        bytes = pixels;
    } else {
        surface.pixelFormat = std::uint32_t(dat::PixelFormat::A8R8G8B8);
        bytes = pixels * 4;
    }
    draw.randomBytes(surface.sourceData, bytes);
}

void randomize(RandomDraws& draw, dat::Palette& palette) {
    palette.colors.resize(draw.chance(0.8) ? 256 : 2048);
    for (std::uint32_t& color : palette.colors)
        color = draw.opaqueColor();
}

void randomize(RandomDraws& draw, dat::Animation& animation) {
    animation.numParts = draw.around(10, 0.7, 1, 60);
    const std::uint32_t frameCount = draw.around(20, 0.7, 2, 200);
    if (draw.chance(0.3)) {
        animation.flags |= dat::Animation::kHasPosFrames;
        for (std::uint32_t i = 0; i < frameCount; ++i)
            animation.posFrames.push_back(draw.frame(0.5));
    }
    animation.partFrames.resize(frameCount);
    for (dat::AnimationFrame& partFrame : animation.partFrames)
        for (std::uint32_t i = 0; i < animation.numParts; ++i)
            partFrame.parts.push_back(draw.frame(1));
    const std::uint32_t hookCount = draw.below(5);
    for (std::uint32_t i = 0; i < hookCount; ++i)
        animation.partFrames[draw.below(frameCount)].hooks.push_back(
            randomHook(draw, HookSet::Animation));
    if (hookCount > 0)
        animation.flags |= 0x2; // "has hooks", informational
}

dat::MotionData motionData(RandomDraws& draw) {
    dat::MotionData motion;
    motion.bitfield = std::uint8_t(draw.below(3));
    const std::uint32_t anims = draw.between(1, 3);
    for (std::uint32_t i = 0; i < anims; ++i)
        motion.anims.push_back({draw.reference<dat::Animation>(), 0, -1, draw.real(10, 30)});
    if (draw.chance(0.2)) {
        motion.flags |= dat::MotionData::kHasVelocity;
        motion.velocity = draw.vec3(4);
    }
    if (draw.chance(0.1)) {
        motion.flags |= dat::MotionData::kHasOmega;
        motion.omega = draw.vec3(2);
    }
    return motion;
}

void randomize(RandomDraws& draw, dat::MotionTable& table) {
    constexpr std::uint32_t kNonCombatStyle = 0x8000003D;
    constexpr std::uint32_t kReadySubstate = 0x41000003;
    table.defaultStyle = kNonCombatStyle;
    const std::uint32_t styles = draw.between(1, 4);
    for (std::uint32_t i = 0; i < styles; ++i)
        table.styleDefaults.push_back({kNonCombatStyle + i, kReadySubstate});
    const std::uint32_t cycles = draw.around(30, 0.7, 2, 300);
    for (std::uint32_t i = 0; i < cycles; ++i)
        table.cycles.push_back({draw.word(), motionData(draw)});
    const std::uint32_t modifiers = draw.below(8);
    for (std::uint32_t i = 0; i < modifiers; ++i)
        table.modifiers.push_back({draw.word(), motionData(draw)});
    const std::uint32_t links = draw.around(15, 0.8, 1, 200);
    for (std::uint32_t i = 0; i < links; ++i) {
        dat::MotionTable::Link link{draw.word(), {}};
        const std::uint32_t transitions = draw.between(1, 6);
        for (std::uint32_t t = 0; t < transitions; ++t)
            link.transitions.push_back({draw.word(), motionData(draw)});
        table.links.push_back(std::move(link));
    }
}

void randomize(RandomDraws& draw, dat::PhysicsScript& script) {
    const std::uint32_t count = draw.between(1, 12);
    double startTime = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        startTime += draw.uniform(0, 0.5);
        script.entries.push_back({startTime, randomHook(draw, HookSet::Script), i});
    }
}

void randomize(RandomDraws& draw, dat::PhysicsScriptTable& table) {
    const std::uint32_t count = draw.between(1, 12);
    for (std::uint32_t i = 0; i < count; ++i) {
        dat::PhysicsScriptTable::Entry entry{draw.between(1, 0xA0), {}};
        const std::uint32_t scripts = draw.between(1, 4);
        for (std::uint32_t s = 0; s < scripts; ++s)
            entry.scripts.push_back(
                {float(s) / float(scripts), draw.reference<dat::PhysicsScript>()});
        table.entries.push_back(std::move(entry));
    }
}

void randomize(RandomDraws& draw, dat::ParticleEmitterInfo& e) {
    e.emitterType = std::int32_t(draw.between(1, 2));
    e.particleType = std::int32_t(draw.between(1, 12));
    e.gfxObjId = draw.reference<dat::GfxObj>();
    e.hwGfxObjId = e.gfxObjId;
    e.birthrate = draw.uniform(0.01, 1);
    e.maxParticles = std::int32_t(draw.between(1, 100));
    e.initialParticles = std::int32_t(draw.below(std::size_t(e.maxParticles)));
    e.totalParticles = std::int32_t(draw.below(1000));
    e.totalSeconds = draw.uniform(0, 10);
    e.lifespan = draw.uniform(0.1, 5);
    e.lifespanRand = draw.uniform(0, 1);
    e.offsetDir = draw.direction();
    e.minOffset = draw.real(0, 0.5);
    e.maxOffset = e.minOffset + draw.real(0, 0.5);
    e.a = draw.vec3(1);
    e.minA = draw.real(0, 1);
    e.maxA = e.minA + draw.real(0, 1);
    e.b = draw.vec3(1);
    e.minB = draw.real(0, 1);
    e.maxB = e.minB + draw.real(0, 1);
    e.c = draw.vec3(1);
    e.minC = draw.real(0, 1);
    e.maxC = e.minC + draw.real(0, 1);
    e.startScale = draw.real(0.1, 2);
    e.finalScale = draw.real(0.1, 2);
    e.scaleRand = draw.real(0, 0.5);
    e.startTrans = draw.real(0, 1);
    e.finalTrans = draw.real(0, 1);
    e.transRand = draw.real(0, 0.5);
    e.isParentLocal = draw.below(2);
}

void randomize(RandomDraws& draw, dat::SoundTable& table) {
    const std::uint32_t hashes = draw.below(3);
    for (std::uint32_t i = 0; i < hashes; ++i)
        table.hashes.push_back({draw.word(), draw.real(0, 1), draw.real(0, 1), draw.real(0, 1)});
    const std::uint32_t sounds = draw.around(15, 0.6, 1, 100);
    for (std::uint32_t i = 0; i < sounds; ++i) {
        dat::SoundTable::Sound sound{i + 1, {}, 0};
        const std::uint32_t waves = draw.between(1, 4);
        for (std::uint32_t w = 0; w < waves; ++w)
            sound.entries.push_back(
                {draw.reference<dat::Wave>(), draw.real(0, 1), draw.real(0, 1), draw.real(0, 1)});
        table.sounds.push_back(std::move(sound));
    }
}

// Mostly PCM with the 18-byte WAVEFORMATEX, some MP3 with the 30-byte MPEGLAYER3WAVEFORMAT.
void randomize(RandomDraws& draw, dat::Wave& wave) {
    const bool mp3 = draw.chance(0.15);
    const std::uint16_t channels = draw.chance(0.3) ? 2 : 1;
    const std::uint32_t samplesPerSec = draw.chance(0.5) ? 22050 : 11025;
    const std::uint16_t bitsPerSample = mp3 ? 0 : 16;
    const std::uint16_t blockAlign = mp3 ? 1 : std::uint16_t(channels * 2);
    dat::ByteWriter header;
    header.u16(mp3 ? dat::Wave::kFormatMpegLayer3 : 1);
    header.u16(channels);
    header.u32(samplesPerSec);
    header.u32(mp3 ? 4000 : samplesPerSec * blockAlign);
    header.u16(blockAlign);
    header.u16(bitsPerSample);
    header.u16(mp3 ? 12 : 0); // cbSize: the MPEGLAYER3 fields that follow
    if (mp3) {
        header.u16(1);    // wID: MPEG
        header.u32(2);    // fdwFlags: padding off
        header.u16(104);  // nBlockSize
        header.u16(1);    // nFramesPerBlock
        header.u16(1393); // nCodecDelay
    }
    wave.header = header.take();
    const std::uint32_t dataBytes = draw.around(6000, 0.8, 512, 256 * 1024);
    draw.randomBytes(wave.data, dataBytes - dataBytes % blockAlign);
}

// Whether record type T has a randomize() above; the world's records have none yet.
template <typename T> constexpr bool kRandomized = requires(RandomDraws& draw, T& record) {
    randomize(draw, record);
};

// The alternative `typeIndex` of dat::Record, filled from `draw` when its type has a generator.
template <std::size_t I = 0>
dat::Record makeAlternative(RandomDraws& draw, std::size_t typeIndex, std::uint32_t id) {
    if constexpr (I + 1 < std::variant_size_v<dat::Record>)
        if (typeIndex != I)
            return makeAlternative<I + 1>(draw, typeIndex, id);
    using T = std::variant_alternative_t<I, dat::Record>;
    T record;
    record.id = id;
    if constexpr (kRandomized<T>)
        randomize(draw, record);
    return record;
}

} // namespace

bool RandomRecords::randomizes(std::size_t typeIndex) {
    return [typeIndex]<std::size_t... I>(std::index_sequence<I...>) {
        return ((typeIndex == I && kRandomized<std::variant_alternative_t<I, dat::Record>>) || ...);
    }
    (std::make_index_sequence<std::variant_size_v<dat::Record>>());
}

dat::Record RandomRecords::make(std::size_t typeIndex, std::uint32_t id) {
    if (typeIndex >= std::variant_size_v<dat::Record>)
        throw std::out_of_range("no record type " + std::to_string(typeIndex));
    return makeAlternative(m_draw, typeIndex, id);
}

} // namespace portalkit::authoring
