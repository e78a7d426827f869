// The 'records' suite of `portalkit bench`: writes a portal DAT of seeded, valid records of every
// decodable type, then measures decoding and encoding them and checks that every entry
// re-encodes to its stored bytes.

#include "command.h"
#include "datreader/container/dat_writer.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "preview/core/rng.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QThread>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace portalkit::cli {

QString cpuModel(); // cmd_bench.cpp

namespace {

using Clock = std::chrono::steady_clock;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr int kPasses = 3;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// First ids of the portal types the records are and refer to (dat_kind.cpp).
namespace first_id {
constexpr std::uint32_t GfxObj = 0x01000000;
constexpr std::uint32_t Setup = 0x02000000;
constexpr std::uint32_t Animation = 0x03000000;
constexpr std::uint32_t Palette = 0x04000000;
constexpr std::uint32_t SurfaceTexture = 0x05000000;
constexpr std::uint32_t RenderSurface = 0x06000000;
constexpr std::uint32_t Surface = 0x08000000;
constexpr std::uint32_t MotionTable = 0x09000000;
constexpr std::uint32_t Wave = 0x0A000000;
constexpr std::uint32_t GfxObjDegradeInfo = 0x11000000;
constexpr std::uint32_t SoundTable = 0x20000000;
constexpr std::uint32_t ParticleEmitterInfo = 0x32000000;
constexpr std::uint32_t PhysicsScript = 0x33000000;
constexpr std::uint32_t PhysicsScriptTable = 0x34000000;
} // namespace first_id

// Every type range used holds at least this many ids.
constexpr std::uint32_t kIdsPerType = 0x10000;

// Each decodable type's share of the records, in dat::Record's order; meshes, textures and
// surfaces dominate as in a retail client_portal.dat.
struct TypeShare {
    std::string_view name;
    std::uint32_t firstId;
    std::uint32_t perMille;
};

constexpr std::array<TypeShare, std::variant_size_v<dat::Record>> kRecordMix{{
    {"Setup", first_id::Setup, 80},
    {"GfxObj", first_id::GfxObj, 300},
    {"GfxObjDegradeInfo", first_id::GfxObjDegradeInfo, 30},
    {"Surface", first_id::Surface, 120},
    {"SurfaceTexture", first_id::SurfaceTexture, 80},
    {"RenderSurface", first_id::RenderSurface, 160},
    {"Palette", first_id::Palette, 30},
    {"Animation", first_id::Animation, 90},
    {"MotionTable", first_id::MotionTable, 10},
    {"PhysicsScript", first_id::PhysicsScript, 20},
    {"PhysicsScriptTable", first_id::PhysicsScriptTable, 5},
    {"ParticleEmitterInfo", first_id::ParticleEmitterInfo, 20},
    {"SoundTable", first_id::SoundTable, 5},
    {"Wave", first_id::Wave, 50},
    // The world's records have no generator yet (the cell DAT bench is its own task): no share,
    // so the portal mix and its figures stay as they were. Cell types have no portal id range.
    {"Environment", 0x0D000000, 0},
    {"LandBlock", 0, 0},
    {"LandBlockInfo", 0, 0},
    {"EnvCell", 0, 0},
}};

// A decoder added to dat::Record without a share here (and a generator below) fails to build.
template <std::size_t... I> constexpr bool mixFollowsRecord(std::index_sequence<I...>) {
    return ((kRecordMix[I].name == std::variant_alternative_t<I, dat::Record>::kTypeName) && ...);
}
static_assert(mixFollowsRecord(std::make_index_sequence<kRecordMix.size()>()));

constexpr std::uint32_t totalPerMille() {
    std::uint32_t total = 0;
    for (const TypeShare& share : kRecordMix)
        total += share.perMille;
    return total;
}
static_assert(totalPerMille() == 1000);

// Hooks as they occur: animations fire sounds, attacks and part changes; physics scripts drive
// particles, fades and lights. Together they cover every hook type.
constexpr std::array kAnimationHooks{
    dat::HookType::NoOp,
    dat::HookType::Sound,
    dat::HookType::SoundTable,
    dat::HookType::Attack,
    dat::HookType::AnimationDone,
    dat::HookType::ReplaceObject,
    dat::HookType::Ethereal,
    dat::HookType::TransparentPart,
    dat::HookType::LuminousPart,
    dat::HookType::DiffusePart,
    dat::HookType::NoDraw,
    dat::HookType::DefaultScript,
    dat::HookType::DefaultScriptPart,
    dat::HookType::CallPES,
    dat::HookType::SoundTweaked,
    dat::HookType::TextureVelocityPart,
    dat::HookType::CreateParticle,
};
constexpr std::array kScriptHooks{
    dat::HookType::CreateParticle,  dat::HookType::CreateBlockingParticle,
    dat::HookType::DestroyParticle, dat::HookType::StopParticle,
    dat::HookType::Sound,           dat::HookType::SoundTweaked,
    dat::HookType::CallPES,         dat::HookType::Scale,
    dat::HookType::Transparent,     dat::HookType::Luminous,
    dat::HookType::Diffuse,         dat::HookType::SetOmega,
    dat::HookType::TextureVelocity, dat::HookType::SetLight,
};

// Builds valid records from one seeded sequence. Counts and sizes spread log-normally like
// retail data; the values are plausible, not meaningful. Every list meets the invariants
// encode() checks, so the records decode back to the same bytes.
class RecordGenerator {
  public:
    explicit RecordGenerator(std::uint64_t seed) : m_rng(seed) {}

    template <typename T> std::vector<std::uint8_t> encodeNew(std::uint32_t id) {
        T record;
        record.id = id;
        if constexpr (requires(RecordGenerator & g) { g.fill(record); })
            fill(record);
        return record.encode(); // a type without a generator (no share) stays at its default
    }

  private:
    std::uint32_t below(std::size_t bound) { return std::uint32_t(m_rng.below(bound)); }
    std::uint32_t between(std::uint32_t low, std::uint32_t high) {
        return low + below(high - low + 1);
    }
    bool chance(double probability) { return m_rng.unit() < probability; }
    float real(double low, double high) { return float(m_rng.between(low, high)); }
    std::uint32_t word() { return std::uint32_t(m_rng.next()); }
    std::uint32_t opaqueColor() { return 0xFF000000 | (word() & 0xFFFFFF); }
    std::uint32_t reference(std::uint32_t firstId) { return firstId + below(kIdsPerType); }

    // Log-normal around `median`, clamped to [low, high].
    std::uint32_t around(double median, double sigma, std::uint32_t low, std::uint32_t high) {
        // Box-Muller; 1 - unit() keeps the logarithm's argument above 0.
        const double radius = std::sqrt(-2 * std::log(1 - m_rng.unit()));
        const double normal = radius * std::cos(2 * std::numbers::pi * m_rng.unit());
        const long long value = std::llround(median * std::exp(sigma * normal));
        return std::uint32_t(std::clamp<long long>(value, low, high));
    }

    void randomBytes(std::vector<std::uint8_t>& bytes, std::size_t count) {
        bytes.resize(count);
        for (std::size_t at = 0; at < count; at += 8) {
            const std::uint64_t value = m_rng.next();
            std::memcpy(bytes.data() + at, &value, std::min<std::size_t>(8, count - at));
        }
    }

    dat::Vec3 vec3(double extent) {
        return {real(-extent, extent), real(-extent, extent), real(-extent, extent)};
    }
    dat::Vec3 direction() {
        const dat::Vec3 v = vec3(1);
        const float length = std::max(1e-3f, std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
        return {v.x / length, v.y / length, v.z / length};
    }
    dat::Quat orientation() {
        const dat::Vec3 axis = direction();
        const double half = m_rng.between(0, std::numbers::pi);
        const auto s = float(std::sin(half));
        return {float(std::cos(half)), axis.x * s, axis.y * s, axis.z * s};
    }
    dat::Frame frame(double extent) { return {vec3(extent), orientation()}; }
    dat::Sphere sphere(double extent) { return {vec3(extent), real(0.1, extent)}; }
    dat::Plane plane() { return {direction(), real(-1, 1)}; }

    dat::hooks::Fade fade() { return {real(0, 1), real(0, 1), real(0, 2)}; }
    dat::hooks::PartFade partFade() { return {below(8), fade()}; }
    dat::hooks::CreateParticle createParticle() {
        return {reference(first_id::ParticleEmitterInfo), below(8), frame(0.5), below(4)};
    }

    dat::HookPayload hookPayload(dat::HookType type) {
        namespace hooks = dat::hooks;
        using dat::HookType;
        switch (type) {
        case HookType::NoOp:
            return hooks::NoOp{};
        case HookType::Sound:
            return hooks::Sound{reference(first_id::Wave)};
        case HookType::SoundTable:
            return hooks::SoundTable{between(1, 0x80)};
        case HookType::Attack:
            return hooks::Attack{{below(8), real(-1, 0), real(0, 1), real(0, 1), real(0, 1),
                                  real(0.5, 3), real(0.5, 2)}};
        case HookType::AnimationDone:
            return hooks::AnimationDone{};
        case HookType::ReplaceObject:
            // Stored as an offset from the first GfxObj id, so it has to name a GfxObj.
            return hooks::ReplaceObject{std::uint16_t(below(8)), reference(first_id::GfxObj),
                                        false};
        case HookType::Ethereal:
            return hooks::Ethereal{below(2)};
        case HookType::TransparentPart:
            return hooks::TransparentPart{partFade()};
        case HookType::Luminous:
            return hooks::Luminous{fade()};
        case HookType::LuminousPart:
            return hooks::LuminousPart{partFade()};
        case HookType::Diffuse:
            return hooks::Diffuse{fade()};
        case HookType::DiffusePart:
            return hooks::DiffusePart{partFade()};
        case HookType::Scale:
            return hooks::Scale{real(0.5, 2), real(0, 2)};
        case HookType::CreateParticle:
            return createParticle();
        case HookType::DestroyParticle:
            return hooks::DestroyParticle{below(4)};
        case HookType::StopParticle:
            return hooks::StopParticle{below(4)};
        case HookType::NoDraw:
            return hooks::NoDraw{below(2)};
        case HookType::DefaultScript:
            return hooks::DefaultScript{};
        case HookType::DefaultScriptPart:
            return hooks::DefaultScriptPart{below(8)};
        case HookType::CallPES:
            return hooks::CallPES{reference(first_id::PhysicsScript), real(0, 1)};
        case HookType::Transparent:
            return hooks::Transparent{fade()};
        case HookType::SoundTweaked:
            return hooks::SoundTweaked{reference(first_id::Wave), real(0, 1), real(0, 1),
                                       real(0, 1)};
        case HookType::SetOmega:
            return hooks::SetOmega{vec3(2)};
        case HookType::TextureVelocity:
            return hooks::TextureVelocity{real(-1, 1), real(-1, 1)};
        case HookType::TextureVelocityPart:
            return hooks::TextureVelocityPart{below(8), real(-1, 1), real(-1, 1)};
        case HookType::SetLight:
            return hooks::SetLight{below(2)};
        case HookType::CreateBlockingParticle:
            return hooks::CreateBlockingParticle{createParticle()};
        }
        throw std::logic_error("hook type outside HookType");
    }

    dat::AnimationHook randomHook(std::span<const dat::HookType> types) {
        dat::AnimationHook hook;
        hook.direction = std::int32_t(below(3)) - 1;
        hook.payload = hookPayload(types[below(types.size())]);
        return hook;
    }

    // --- GfxObj ---

    dat::GfxObj::Polygon polygon(std::uint16_t id, const dat::GfxObj& gfxObj, bool drawn) {
        dat::GfxObj::Polygon polygon;
        polygon.id = id;
        const std::uint32_t points = chance(0.3) ? 4 : 3;
        for (std::uint32_t i = 0; i < points; ++i)
            polygon.vertexIds.push_back(std::int16_t(below(gfxObj.vertices.size())));
        if (!drawn) { // physics polygons carry no texture coordinates
            polygon.stippling = dat::GfxObj::kStipplingNoPos;
            return polygon;
        }
        polygon.sidesType = chance(0.05) ? dat::GfxObj::kSidesClockwise : 0;
        polygon.posSurface = std::int16_t(below(gfxObj.surfaces.size()));
        if (polygon.storesNegUVIndices())
            polygon.negSurface = std::int16_t(below(gfxObj.surfaces.size()));
        // UV indices point into each vertex's own UV list, one per polygon vertex.
        for (std::int16_t vertex : polygon.vertexIds)
            polygon.posUVIndices.push_back(
                std::uint8_t(below(gfxObj.vertices[std::size_t(vertex)].uvs.size())));
        if (polygon.storesNegUVIndices())
            polygon.negUVIndices = polygon.posUVIndices;
        return polygon;
    }

    std::vector<dat::GfxObj::Polygon> polygons(std::uint32_t count, const dat::GfxObj& gfxObj,
                                               bool drawn) {
        std::vector<dat::GfxObj::Polygon> list;
        for (std::uint32_t i = 0; i < count; ++i)
            list.push_back(polygon(std::uint16_t(i), gfxObj, drawn));
        return list;
    }

    // Trees are balanced over a polygon range and stored as encode() wants them: each node
    // before its positive subtree, which comes before its negative subtree.
    std::int32_t leaf(dat::BspTree& tree, std::int32_t& leaves) {
        dat::BspNode node;
        node.leafIndex = leaves++;
        tree.nodes.push_back(node);
        return std::int32_t(tree.nodes.size() - 1);
    }

    // Drawing trees list the polygons on each branch's splitting plane.
    std::int32_t drawingNode(dat::BspTree& tree, std::uint32_t first, std::uint32_t count,
                             std::int32_t& leaves) {
        const auto index = std::int32_t(tree.nodes.size());
        tree.nodes.emplace_back(); // claims the index before the subtrees take the next ones
        dat::BspNode node;
        node.splittingPlane = plane();
        node.boundingSphere = sphere(2);
        if (count <= 4) {
            node.tag = dat::bsp_tag::BPnn;
            for (std::uint32_t i = 0; i < count; ++i)
                node.polygons.push_back(std::uint16_t(first + i));
            node.posChild = leaf(tree, leaves);
        } else {
            const std::uint32_t onPlane = count / 8 + 1;
            const std::uint32_t front = (count - onPlane) / 2;
            node.tag = chance(0.5) ? dat::bsp_tag::BPIN : dat::bsp_tag::BPnN;
            for (std::uint32_t i = 0; i < onPlane; ++i)
                node.polygons.push_back(std::uint16_t(first + front + i));
            node.posChild = drawingNode(tree, first, front, leaves);
            node.negChild =
                drawingNode(tree, first + front + onPlane, count - front - onPlane, leaves);
        }
        tree.nodes[std::size_t(index)] = std::move(node);
        return index;
    }

    // Physics trees keep their polygons in the leaves.
    std::int32_t physicsNode(dat::BspTree& tree, std::uint32_t first, std::uint32_t count,
                             std::int32_t& leaves) {
        const auto index = std::int32_t(tree.nodes.size());
        tree.nodes.emplace_back();
        dat::BspNode node;
        node.boundingSphere = sphere(2);
        if (count <= 6) {
            node.leafIndex = leaves++;
            node.solid = 1;
            for (std::uint32_t i = 0; i < count; ++i)
                node.polygons.push_back(std::uint16_t(first + i));
        } else {
            node.tag = dat::bsp_tag::BPIN;
            node.splittingPlane = plane();
            node.posChild = physicsNode(tree, first, count / 2, leaves);
            node.negChild = physicsNode(tree, first + count / 2, count - count / 2, leaves);
        }
        tree.nodes[std::size_t(index)] = std::move(node);
        return index;
    }

    void fill(dat::GfxObj& gfxObj) {
        gfxObj.flags = dat::GfxObj::kHasDrawing;
        const std::uint32_t surfaceCount = between(1, 4);
        for (std::uint32_t i = 0; i < surfaceCount; ++i)
            gfxObj.surfaces.push_back(reference(first_id::Surface));
        gfxObj.vertices.resize(around(60, 0.8, 8, 1000));
        for (std::size_t i = 0; i < gfxObj.vertices.size(); ++i) {
            dat::GfxObj::Vertex& vertex = gfxObj.vertices[i];
            vertex.id = std::uint16_t(i);
            vertex.origin = vec3(2);
            vertex.normal = direction();
            vertex.uvs.resize(chance(0.1) ? 2 : 1);
            for (dat::GfxObj::UV& uv : vertex.uvs)
                uv = {real(0, 1), real(0, 1)};
        }
        const auto polygonCount = std::uint32_t(gfxObj.vertices.size() * between(8, 14) / 10);
        gfxObj.polygons = polygons(polygonCount, gfxObj, true);
        std::int32_t leaves = 0;
        drawingNode(gfxObj.drawingBsp, 0, polygonCount, leaves);
        if (chance(0.3)) {
            gfxObj.flags |= dat::GfxObj::kHasPhysics;
            const std::uint32_t physicsCount = polygonCount / 4;
            gfxObj.physicsPolygons = polygons(physicsCount, gfxObj, false);
            leaves = 0;
            physicsNode(gfxObj.physicsBsp, 0, physicsCount, leaves);
        }
        gfxObj.sortCenter = vec3(1);
        if (chance(0.25)) {
            gfxObj.flags |= dat::GfxObj::kHasDidDegrade;
            gfxObj.didDegrade = reference(first_id::GfxObjDegradeInfo);
        }
    }

    // --- the other types ---

    void fill(dat::Setup& setup) {
        const std::uint32_t partCount = around(4, 0.9, 1, 40);
        for (std::uint32_t i = 0; i < partCount; ++i)
            setup.parts.push_back(reference(first_id::GfxObj));
        if (chance(0.5)) {
            setup.flags |= dat::Setup::kHasParent;
            for (std::uint32_t i = 0; i < partCount; ++i)
                setup.parentIndices.push_back(i == 0 ? 0xFFFFFFFF : below(i));
        }
        if (chance(0.3)) {
            setup.flags |= dat::Setup::kHasDefaultScale;
            for (std::uint32_t i = 0; i < partCount; ++i) {
                const float scale = real(0.5, 2);
                setup.defaultScales.push_back({scale, scale, scale});
            }
        }
        if (chance(0.2)) {
            const std::uint32_t count = between(1, 2);
            for (std::uint32_t i = 0; i < count; ++i)
                setup.holdingLocations.push_back(
                    {std::int32_t(i + 1), {std::int32_t(below(partCount)), frame(1)}});
        }
        if (chance(0.05))
            setup.connectionPoints.push_back({0, {std::int32_t(below(partCount)), frame(1)}});
        const std::uint32_t placements = between(1, 3);
        for (std::uint32_t key = 0; key < placements; ++key) {
            dat::AnimationFrame placement;
            for (std::uint32_t i = 0; i < partCount; ++i)
                placement.parts.push_back(frame(1));
            if (chance(0.1))
                placement.hooks.push_back(randomHook(kAnimationHooks));
            setup.placementFrames.emplace_back(key, std::move(placement));
        }
        if (chance(0.3))
            setup.cylSpheres.push_back({vec3(0.5), real(0.2, 2), real(0.5, 3)});
        const std::uint32_t sphereCount = below(4);
        for (std::uint32_t i = 0; i < sphereCount; ++i)
            setup.spheres.push_back(sphere(2));
        setup.height = real(0.5, 3);
        setup.radius = real(0.2, 2);
        setup.stepUpHeight = real(0, 0.5);
        setup.stepDownHeight = real(0, 0.5);
        setup.sortingSphere = sphere(2);
        setup.selectionSphere = sphere(2);
        if (chance(0.05))
            setup.lights.push_back(
                {0, {frame(1), opaqueColor(), real(0, 1), real(1, 10), real(0, 1)}});
        setup.defaultAnimation = chance(0.3) ? reference(first_id::Animation) : 0;
        setup.defaultScript = chance(0.1) ? reference(first_id::PhysicsScript) : 0;
        setup.defaultMotionTable = chance(0.5) ? reference(first_id::MotionTable) : 0;
        setup.defaultSoundTable = chance(0.3) ? reference(first_id::SoundTable) : 0;
        setup.defaultScriptTable = chance(0.3) ? reference(first_id::PhysicsScriptTable) : 0;
    }

    void fill(dat::GfxObjDegradeInfo& info) {
        const std::uint32_t levels = between(1, 4);
        for (std::uint32_t i = 0; i < levels; ++i) {
            const float start = 25.0f * float(i);
            info.levels.push_back({reference(first_id::GfxObj), 1, start, start + 10, start + 25});
        }
    }

    void fill(dat::Surface& surface) {
        const double kind = m_rng.unit();
        if (kind < 0.2) {
            surface.type = dat::Surface::kBase1Solid;
            surface.colorValue = opaqueColor();
        } else {
            surface.type = kind < 0.95 ? dat::Surface::kBase1Image : dat::Surface::kBase1ClipMap;
            surface.origTextureId = reference(first_id::SurfaceTexture);
            surface.origPaletteId = chance(0.3) ? reference(first_id::Palette) : 0;
        }
        if (chance(0.2)) {
            surface.type |= 0x10; // Translucent
            surface.translucency = real(0, 1);
        }
        surface.luminosity = chance(0.1) ? real(0, 1) : 0;
        surface.diffuse = 1;
    }

    void fill(dat::SurfaceTexture& texture) {
        const std::uint32_t levels = between(1, 4);
        for (std::uint32_t i = 0; i < levels; ++i)
            texture.renderSurfaceIds.push_back(reference(first_id::RenderSurface));
    }

    // Mip levels from 16 to 256 pixels wide in the three formats that carry most texture bytes.
    void fill(dat::RenderSurface& surface) {
        surface.width = 1 << between(4, 8);
        surface.height = chance(0.2) ? surface.width / 2 : surface.width;
        const auto pixels = std::size_t(surface.width) * std::size_t(surface.height);
        const double format = m_rng.unit();
        std::size_t bytes = 0;
        if (format < 0.5) {
            surface.pixelFormat = std::uint32_t(dat::PixelFormat::Dxt1);
            bytes = pixels / 2; // 8 bytes per 4x4 block
        } else if (format < 0.8) {
            surface.pixelFormat = std::uint32_t(dat::PixelFormat::P8);
            surface.defaultPaletteId = reference(first_id::Palette);
            bytes = pixels;
        } else {
            surface.pixelFormat = std::uint32_t(dat::PixelFormat::A8R8G8B8);
            bytes = pixels * 4;
        }
        randomBytes(surface.sourceData, bytes);
    }

    void fill(dat::Palette& palette) {
        palette.colors.resize(chance(0.8) ? 256 : 2048);
        for (std::uint32_t& color : palette.colors)
            color = opaqueColor();
    }

    void fill(dat::Animation& animation) {
        animation.numParts = around(10, 0.7, 1, 60);
        const std::uint32_t frameCount = around(20, 0.7, 2, 200);
        if (chance(0.3)) {
            animation.flags |= dat::Animation::kHasPosFrames;
            for (std::uint32_t i = 0; i < frameCount; ++i)
                animation.posFrames.push_back(frame(0.5));
        }
        animation.partFrames.resize(frameCount);
        for (dat::AnimationFrame& partFrame : animation.partFrames)
            for (std::uint32_t i = 0; i < animation.numParts; ++i)
                partFrame.parts.push_back(frame(1));
        const std::uint32_t hookCount = below(5);
        for (std::uint32_t i = 0; i < hookCount; ++i)
            animation.partFrames[below(frameCount)].hooks.push_back(randomHook(kAnimationHooks));
        if (hookCount > 0)
            animation.flags |= 0x2; // "has hooks", informational
    }

    dat::MotionData motionData() {
        dat::MotionData motion;
        motion.bitfield = std::uint8_t(below(3));
        const std::uint32_t anims = between(1, 3);
        for (std::uint32_t i = 0; i < anims; ++i)
            motion.anims.push_back({reference(first_id::Animation), 0, -1, real(10, 30)});
        if (chance(0.2)) {
            motion.flags |= dat::MotionData::kHasVelocity;
            motion.velocity = vec3(4);
        }
        if (chance(0.1)) {
            motion.flags |= dat::MotionData::kHasOmega;
            motion.omega = vec3(2);
        }
        return motion;
    }

    void fill(dat::MotionTable& table) {
        constexpr std::uint32_t kNonCombatStyle = 0x8000003D;
        constexpr std::uint32_t kReadySubstate = 0x41000003;
        table.defaultStyle = kNonCombatStyle;
        const std::uint32_t styles = between(1, 4);
        for (std::uint32_t i = 0; i < styles; ++i)
            table.styleDefaults.push_back({kNonCombatStyle + i, kReadySubstate});
        const std::uint32_t cycles = around(30, 0.7, 2, 300);
        for (std::uint32_t i = 0; i < cycles; ++i)
            table.cycles.push_back({word(), motionData()});
        const std::uint32_t modifiers = below(8);
        for (std::uint32_t i = 0; i < modifiers; ++i)
            table.modifiers.push_back({word(), motionData()});
        const std::uint32_t links = around(15, 0.8, 1, 200);
        for (std::uint32_t i = 0; i < links; ++i) {
            dat::MotionTable::Link link{word(), {}};
            const std::uint32_t transitions = between(1, 6);
            for (std::uint32_t t = 0; t < transitions; ++t)
                link.transitions.push_back({word(), motionData()});
            table.links.push_back(std::move(link));
        }
    }

    void fill(dat::PhysicsScript& script) {
        const std::uint32_t count = between(1, 12);
        double startTime = 0;
        for (std::uint32_t i = 0; i < count; ++i) {
            startTime += m_rng.between(0, 0.5);
            script.entries.push_back({startTime, randomHook(kScriptHooks), i});
        }
    }

    void fill(dat::PhysicsScriptTable& table) {
        const std::uint32_t count = between(1, 12);
        for (std::uint32_t i = 0; i < count; ++i) {
            dat::PhysicsScriptTable::Entry entry{between(1, 0xA0), {}};
            const std::uint32_t scripts = between(1, 4);
            for (std::uint32_t s = 0; s < scripts; ++s)
                entry.scripts.push_back(
                    {float(s) / float(scripts), reference(first_id::PhysicsScript)});
            table.entries.push_back(std::move(entry));
        }
    }

    void fill(dat::ParticleEmitterInfo& e) {
        e.emitterType = std::int32_t(between(1, 2));
        e.particleType = std::int32_t(between(1, 12));
        e.gfxObjId = reference(first_id::GfxObj);
        e.hwGfxObjId = e.gfxObjId;
        e.birthrate = m_rng.between(0.01, 1);
        e.maxParticles = std::int32_t(between(1, 100));
        e.initialParticles = std::int32_t(below(std::size_t(e.maxParticles)));
        e.totalParticles = std::int32_t(below(1000));
        e.totalSeconds = m_rng.between(0, 10);
        e.lifespan = m_rng.between(0.1, 5);
        e.lifespanRand = m_rng.between(0, 1);
        e.offsetDir = direction();
        e.minOffset = real(0, 0.5);
        e.maxOffset = e.minOffset + real(0, 0.5);
        e.a = vec3(1);
        e.minA = real(0, 1);
        e.maxA = e.minA + real(0, 1);
        e.b = vec3(1);
        e.minB = real(0, 1);
        e.maxB = e.minB + real(0, 1);
        e.c = vec3(1);
        e.minC = real(0, 1);
        e.maxC = e.minC + real(0, 1);
        e.startScale = real(0.1, 2);
        e.finalScale = real(0.1, 2);
        e.scaleRand = real(0, 0.5);
        e.startTrans = real(0, 1);
        e.finalTrans = real(0, 1);
        e.transRand = real(0, 0.5);
        e.isParentLocal = below(2);
    }

    void fill(dat::SoundTable& table) {
        const std::uint32_t hashes = below(3);
        for (std::uint32_t i = 0; i < hashes; ++i)
            table.hashes.push_back({word(), real(0, 1), real(0, 1), real(0, 1)});
        const std::uint32_t sounds = around(15, 0.6, 1, 100);
        for (std::uint32_t i = 0; i < sounds; ++i) {
            dat::SoundTable::Sound sound{i + 1, {}, 0};
            const std::uint32_t waves = between(1, 4);
            for (std::uint32_t w = 0; w < waves; ++w)
                sound.entries.push_back(
                    {reference(first_id::Wave), real(0, 1), real(0, 1), real(0, 1)});
            table.sounds.push_back(std::move(sound));
        }
    }

    // Mostly PCM with the 18-byte WAVEFORMATEX, some MP3 with the 30-byte MPEGLAYER3WAVEFORMAT.
    void fill(dat::Wave& wave) {
        const bool mp3 = chance(0.15);
        const std::uint16_t channels = chance(0.3) ? 2 : 1;
        const std::uint32_t samplesPerSec = chance(0.5) ? 22050 : 11025;
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
        const std::uint32_t dataBytes = around(6000, 0.8, 512, 256 * 1024);
        randomBytes(wave.data, dataBytes - dataBytes % blockAlign);
    }

    preview::Rng m_rng;
};

// Encodes a new record of alternative `typeIndex` of dat::Record.
template <std::size_t I = 0>
std::vector<std::uint8_t> encodeNewRecord(RecordGenerator& generator, std::size_t typeIndex,
                                          std::uint32_t id) {
    if constexpr (I + 1 < std::variant_size_v<dat::Record>)
        if (typeIndex != I)
            return encodeNewRecord<I + 1>(generator, typeIndex, id);
    return generator.encodeNew<std::variant_alternative_t<I, dat::Record>>(id);
}

struct TypeFigures {
    std::string_view type;
    std::vector<dat::EntryInfo> entries;
    std::uint64_t bytes = 0;
    double decodeSeconds = std::numeric_limits<double>::infinity(); // best pass
    double encodeSeconds = std::numeric_limits<double>::infinity(); // best pass
};

// What `portalkit decode-all` finds and how long it takes, from the open to the last compare.
struct DecodeAllRun {
    std::uint64_t checked = 0;
    std::uint64_t skipped = 0; // no decoder: the iteration record
    std::uint64_t bytes = 0;
    std::uint64_t decodeFailures = 0;
    std::uint64_t mismatches = 0;
    QString firstFailure;
    double seconds = 0;

    bool ok() const { return decodeFailures == 0 && mismatches == 0; }
};

struct Figures {
    std::uint64_t seed = 0;
    std::uint64_t records = 0;
    std::uint64_t fileBytes = 0;
    double generateSeconds = 0; // build, encode and hand to the writer
    double saveSeconds = 0;
    DecodeAllRun decodeAll;
    std::vector<TypeFigures> types;
    std::vector<double> decodePasses;
    std::vector<double> encodePasses;
    // Record -> JSON text -> record -> bytes, once over every entry (show --json, then build).
    double jsonSeconds = 0;
    std::uint64_t jsonTextBytes = 0;

    std::uint64_t payloadBytes() const {
        std::uint64_t bytes = 0;
        for (const TypeFigures& type : types)
            bytes += type.bytes;
        return bytes;
    }
    std::uint64_t entries() const {
        std::uint64_t count = 0;
        for (const TypeFigures& type : types)
            count += type.entries.size();
        return count;
    }
};

double best(const std::vector<double>& passes) {
    return *std::min_element(passes.begin(), passes.end());
}

void generate(const QString& path, Figures& figures) {
    const auto start = Clock::now();
    std::array<std::uint64_t, kRecordMix.size()> counts{};
    std::uint64_t assigned = 0;
    for (std::size_t i = 0; i < kRecordMix.size(); ++i) {
        counts[i] = figures.records * kRecordMix[i].perMille / 1000;
        assigned += counts[i];
    }
    // The rounding remainder goes to the largest share.
    const auto largest = std::max_element(
        kRecordMix.begin(), kRecordMix.end(),
        [](const TypeShare& a, const TypeShare& b) { return a.perMille < b.perMille; });
    counts[std::size_t(largest - kRecordMix.begin())] += figures.records - assigned;

    RecordGenerator generator(figures.seed);
    preview::Rng idGaps(figures.seed ^ 0x1D5);
    dat::DatWriter writer(dat::DatKind::Portal);
    for (std::size_t type = 0; type < kRecordMix.size(); ++type) {
        // Real ids have gaps; keep them within the type's range.
        const std::uint64_t maxStep =
            std::clamp<std::uint64_t>(kIdsPerType / std::max<std::uint64_t>(counts[type], 1), 1, 3);
        std::uint32_t id = kRecordMix[type].firstId;
        for (std::uint64_t n = 0; n < counts[type]; ++n) {
            const std::vector<std::uint8_t> bytes = encodeNewRecord(generator, type, id);
            dat::WriterEntry entry;
            entry.id = id;
            entry.data =
                QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            writer.put(std::move(entry));
            id += std::uint32_t(1 + idGaps.below(maxStep));
        }
    }
    figures.generateSeconds = secondsSince(start);
    const auto saveStart = Clock::now();
    writer.save(path);
    figures.saveSeconds = secondsSince(saveStart);
}

QString mismatchText(const std::vector<std::uint8_t>& stored,
                     const std::vector<std::uint8_t>& encoded) {
    const auto firstDifference =
        std::mismatch(stored.begin(), stored.end(), encoded.begin(), encoded.end()).first -
        stored.begin();
    return QStringLiteral("re-encoding gave different bytes (%1 stored, %2 re-encoded, first "
                          "difference at entry offset %3)")
        .arg(stored.size())
        .arg(encoded.size())
        .arg(firstDifference);
}

// The loop of `portalkit decode-all`, run in this process: open, then read, decode, re-encode
// and compare every entry a decoder exists for.
DecodeAllRun decodeAllOnce(const QString& path) {
    DecodeAllRun run;
    const auto start = Clock::now();
    const dat::DatFile dat = dat::DatFile::open(path);
    for (const dat::EntryInfo& entry : dat.entries()) {
        if (!dat::hasDecoder(dat::typeName(dat.kind(), entry.id))) {
            ++run.skipped;
            continue;
        }
        ++run.checked;
        QString failure;
        try {
            const std::vector<std::uint8_t> bytes = dat.read(entry);
            run.bytes += bytes.size();
            const std::vector<std::uint8_t> encoded =
                dat::encodeRecord(*dat::decodeRecord(dat.kind(), entry.id, bytes));
            if (encoded != bytes) {
                ++run.mismatches;
                failure = mismatchText(bytes, encoded);
            }
        } catch (const std::exception& error) { // DatError, or an encoder rejecting a value
            ++run.decodeFailures;
            failure = QString::fromUtf8(error.what());
        }
        if (!failure.isEmpty() && run.firstFailure.isEmpty())
            run.firstFailure = didText(entry.id) + ": " + failure;
    }
    run.seconds = secondsSince(start);
    return run;
}

std::vector<TypeFigures> groupByType(const dat::DatFile& dat) {
    std::vector<TypeFigures> types;
    for (const dat::EntryInfo& entry : dat.entries()) {
        const std::string_view type = dat::typeName(dat.kind(), entry.id);
        if (!dat::hasDecoder(type))
            continue;
        auto group = std::find_if(types.begin(), types.end(),
                                  [&](const TypeFigures& figures) { return figures.type == type; });
        if (group == types.end()) {
            TypeFigures first;
            first.type = type;
            group = types.insert(types.end(), std::move(first));
        }
        group->entries.push_back(entry);
    }
    return types;
}

// Reads and decodes every entry, type by type, keeping each type's best pass.
void timeDecode(const dat::DatFile& dat, Figures& figures) {
    for (int pass = 0; pass < kPasses; ++pass) {
        double passSeconds = 0;
        for (TypeFigures& type : figures.types) {
            std::uint64_t bytes = 0;
            const auto start = Clock::now();
            for (const dat::EntryInfo& entry : type.entries) {
                const std::vector<std::uint8_t> stored = dat.read(entry);
                bytes += stored.size();
                dat::decodeRecord(dat.kind(), entry.id, stored);
            }
            const double seconds = secondsSince(start);
            type.bytes = bytes;
            type.decodeSeconds = std::min(type.decodeSeconds, seconds);
            passSeconds += seconds;
        }
        figures.decodePasses.push_back(passSeconds);
    }
}

// Encodes every record from values decoded beforehand, so only encode() is timed.
void timeEncode(const dat::DatFile& dat, Figures& figures) {
    std::vector<std::vector<dat::Record>> records(figures.types.size());
    for (std::size_t i = 0; i < figures.types.size(); ++i)
        for (const dat::EntryInfo& entry : figures.types[i].entries)
            records[i].push_back(*dat::decodeRecord(dat.kind(), entry.id, dat.read(entry)));

    for (int pass = 0; pass < kPasses; ++pass) {
        double passSeconds = 0;
        for (std::size_t i = 0; i < figures.types.size(); ++i) {
            std::uint64_t bytes = 0;
            const auto start = Clock::now();
            for (const dat::Record& record : records[i])
                bytes += dat::encodeRecord(record).size();
            const double seconds = secondsSince(start);
            // Round-tripped records encode to exactly the bytes they were read from.
            if (bytes != figures.types[i].bytes)
                throw std::logic_error("encoded size differs from the decoded size");
            figures.types[i].encodeSeconds = std::min(figures.types[i].encodeSeconds, seconds);
            passSeconds += seconds;
        }
        figures.encodePasses.push_back(passSeconds);
    }
}

// The JSON form end to end: print each decoded record as JSON text, parse it, read it back with
// recordFromJson and encode it; the bytes must be the stored ones (a check as much as a timing).
void timeJson(const dat::DatFile& dat, Figures& figures) {
    std::vector<std::pair<std::uint32_t, dat::Record>> records;
    for (const TypeFigures& type : figures.types)
        for (const dat::EntryInfo& entry : type.entries)
            records.emplace_back(entry.id,
                                 *dat::decodeRecord(dat.kind(), entry.id, dat.read(entry)));
    std::uint64_t bytes = 0;
    const auto start = Clock::now();
    for (const auto& [id, record] : records) {
        const QByteArray text =
            QJsonDocument(dat::recordToJson(record)).toJson(QJsonDocument::Compact);
        figures.jsonTextBytes += std::uint64_t(text.size());
        const dat::JsonNode node(QJsonDocument::fromJson(text).object(), "record", id);
        bytes += dat::encodeRecord(dat::recordFromJson(dat.kind(), id, node)).size();
    }
    figures.jsonSeconds = secondsSince(start);
    if (bytes != figures.payloadBytes())
        throw std::logic_error("a record read back from its JSON form encodes differently");
}

void printTable(const Figures& f) {
    const QLocale numbers(QLocale::English);
    auto count = [&](double value) { return numbers.toString(qlonglong(std::llround(value))); };
    auto fixed = [](double value, int decimals) { return QString::number(value, 'f', decimals); };
    const double payloadMiB = double(f.payloadBytes()) / kMiB;
    const double entries = double(f.entries());

    QString text = QStringLiteral("\nrecords benchmark, seed %1, %2 cores, %3\n\n")
                       .arg(f.seed)
                       .arg(QThread::idealThreadCount())
                       .arg(cpuModel());
    text += QStringLiteral("%1 records of %2 types, %3 MiB of payload, %4 MiB file\n")
                .arg(count(entries))
                .arg(f.types.size())
                .arg(fixed(payloadMiB, 1))
                .arg(fixed(double(f.fileBytes) / kMiB, 1));
    text += QStringLiteral("generate + encode in memory %1 s, save %2 s\n")
                .arg(fixed(f.generateSeconds, 2), fixed(f.saveSeconds, 2));
    text += QStringLiteral("decode-all end to end (open, read, decode, re-encode, compare), once: "
                           "%1 s, %2 entries/s, %3 MiB/s\n")
                .arg(fixed(f.decodeAll.seconds, 2))
                .arg(count(double(f.decodeAll.checked) / f.decodeAll.seconds))
                .arg(count(double(f.decodeAll.bytes) / kMiB / f.decodeAll.seconds));
    text += QStringLiteral("round trip: %1 entries re-encoded to their stored bytes\n\n")
                .arg(count(double(f.decodeAll.checked)));

    auto row = [&](const QString& type, double entryCount, double bytes, double decodeSeconds,
                   double encodeSeconds) {
        text += QStringLiteral("%1%2%3%4%5%6%7\n")
                    .arg(type, -20)
                    .arg(count(entryCount), 9)
                    .arg(fixed(bytes / kMiB, 1), 9)
                    .arg(count(entryCount / decodeSeconds), 13)
                    .arg(count(bytes / kMiB / decodeSeconds), 9)
                    .arg(count(entryCount / encodeSeconds), 13)
                    .arg(count(bytes / kMiB / encodeSeconds), 9);
    };
    text += QStringLiteral("%1%2%3%4%5%6%7\n")
                .arg("best of 3", -20)
                .arg("entries", 9)
                .arg("MiB", 9)
                .arg("decode/s", 13)
                .arg("MiB/s", 9)
                .arg("encode/s", 13)
                .arg("MiB/s", 9);
    for (const TypeFigures& type : f.types)
        row(QString::fromUtf8(type.type.data(), qsizetype(type.type.size())),
            double(type.entries.size()), double(type.bytes), type.decodeSeconds,
            type.encodeSeconds);
    row("all", entries, double(f.payloadBytes()), best(f.decodePasses), best(f.encodePasses));
    text += QStringLiteral("\nJSON form (to JSON text, parse, fromJson, encode), once: %1 s, "
                           "%2 entries/s, %3 MiB of JSON text\n")
                .arg(fixed(f.jsonSeconds, 2))
                .arg(count(entries / f.jsonSeconds))
                .arg(fixed(double(f.jsonTextBytes) / kMiB, 1));
    printOut(text);
}

QJsonObject throughputJson(double entries, double bytes, const std::vector<double>& passes) {
    QJsonArray runs;
    for (double seconds : passes)
        runs.append(seconds);
    return {{"secondsBest", best(passes)},
            {"secondsRuns", runs},
            {"entriesPerSecond", entries / best(passes)},
            {"MiBPerSecond", bytes / kMiB / best(passes)}};
}

QJsonObject toJson(const Figures& f) {
    const auto entries = double(f.entries());
    const auto payload = double(f.payloadBytes());
    QJsonObject types;
    for (const TypeFigures& type : f.types) {
        const auto count = double(type.entries.size());
        const auto bytes = double(type.bytes);
        types[QString::fromUtf8(type.type.data(), qsizetype(type.type.size()))] = QJsonObject{
            {"entries", qint64(type.entries.size())},
            {"bytes", qint64(type.bytes)},
            {"decodeSeconds", type.decodeSeconds},
            {"decodeEntriesPerSecond", count / type.decodeSeconds},
            {"decodeMiBPerSecond", bytes / kMiB / type.decodeSeconds},
            {"encodeSeconds", type.encodeSeconds},
            {"encodeEntriesPerSecond", count / type.encodeSeconds},
            {"encodeMiBPerSecond", bytes / kMiB / type.encodeSeconds},
        };
    }
    const DecodeAllRun& run = f.decodeAll;
    return {
        {"suite", "records"},
        {"version", PORTALKIT_VERSION},
        {"seed", QString::number(f.seed)},
        {"cores", QThread::idealThreadCount()},
        {"cpu", cpuModel()},
        {"entries", qint64(f.entries())},
        {"payloadBytes", qint64(f.payloadBytes())},
        {"fileBytes", qint64(f.fileBytes)},
        {"generateSeconds", f.generateSeconds},
        {"saveSeconds", f.saveSeconds},
        {"decodeAllEndToEnd", QJsonObject{{"seconds", run.seconds},
                                          {"entries", qint64(run.checked)},
                                          {"skipped", qint64(run.skipped)},
                                          {"bytes", qint64(run.bytes)},
                                          {"entriesPerSecond", double(run.checked) / run.seconds},
                                          {"MiBPerSecond", double(run.bytes) / kMiB / run.seconds},
                                          {"decodeFailures", qint64(run.decodeFailures)},
                                          {"roundTripMismatches", qint64(run.mismatches)}}},
        {"decode", throughputJson(entries, payload, f.decodePasses)},
        {"encode", throughputJson(entries, payload, f.encodePasses)},
        {"jsonRoundTrip", QJsonObject{{"seconds", f.jsonSeconds},
                                      {"entriesPerSecond", entries / f.jsonSeconds},
                                      {"jsonTextBytes", qint64(f.jsonTextBytes)}}},
        {"types", types},
    };
}

} // namespace

int runRecordsBench(const QString& datPath, const QString& jsonPath, std::uint64_t recordCount,
                    std::uint64_t seed) {
    Figures figures;
    figures.seed = seed;
    figures.records = recordCount;
    try {
        printOut(
            QStringLiteral("records: writing %1 records to %2\n").arg(recordCount).arg(datPath));
        generate(datPath, figures);
        printOut(QStringLiteral("records: decode-all end to end\n"));
        figures.decodeAll = decodeAllOnce(datPath);
        const DecodeAllRun& run = figures.decodeAll;
        if (!run.ok()) {
            printError(QStringLiteral("%1 of %2 entries failed to decode and %3 re-encoded "
                                      "differently; first: %4")
                           .arg(run.decodeFailures)
                           .arg(run.checked)
                           .arg(run.mismatches)
                           .arg(run.firstFailure));
            return kCheckFailed;
        }
        printOut(QStringLiteral("records: timing decode and encode, best of %1\n").arg(kPasses));
        const dat::DatFile dat = dat::DatFile::open(datPath);
        figures.fileBytes = dat.fileSize();
        figures.types = groupByType(dat);
        timeDecode(dat, figures);
        timeEncode(dat, figures);
        printOut(QStringLiteral("records: JSON form round trip\n"));
        timeJson(dat, figures);
    } catch (const std::exception& error) {
        printError(QString::fromUtf8(error.what()));
        return kUsageOrIo;
    }

    printTable(figures);
    if (!jsonPath.isEmpty() &&
        !writeFileAtomically(jsonPath, QJsonDocument(toJson(figures)).toJson()))
        return kUsageOrIo;
    return kSuccess;
}

} // namespace portalkit::cli
