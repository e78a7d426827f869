#include "modding/gltf_import.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/surface.h"
#include "modding/gltf_mesh.h"
#include "modding/texture_import.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace portalkit::modding {

namespace {

using dat::DatError;

constexpr auto kGfxObjRange = dat::portalTypeRange("GfxObj");
constexpr auto kSurfaceRange = dat::portalTypeRange("Surface");
constexpr auto kTextureRange = dat::portalTypeRange("SurfaceTexture");
constexpr auto kRenderSurfaceRange = dat::portalTypeRange("RenderSurface");

// Hands out ids of one type: the first run of free ids from a start, never one the DAT holds
// (unless overwriting) nor one this import already took.
class IdRange {
  public:
    IdRange(const dat::TypeRange& range, std::uint32_t first, std::uint32_t gfxObjId,
            const GltfImportOptions& options, const char* option)
        : m_range(range), m_next(first ? first : range.first | (gfxObjId & 0xFFFF)),
          m_options(options), m_option(option) {
        if (m_next < range.first || m_next > range.last)
            throw DatError(option,
                           dat::formatDid(m_next) + " is not a " + std::string(range.name) + " id",
                           0, dat::OffsetKind::Source);
    }

    std::uint32_t take(std::size_t count, std::set<std::uint32_t>& taken) {
        for (std::uint64_t id = m_next; id + count - 1 <= m_range.last; ++id) {
            std::size_t free = 0;
            while (free < count && isFree(std::uint32_t(id + free), taken))
                ++free;
            if (free == count) {
                for (std::size_t i = 0; i < count; ++i)
                    taken.insert(std::uint32_t(id + i));
                m_next = std::uint32_t(id + count);
                return std::uint32_t(id);
            }
            id += free; // past the id in use
        }
        throw DatError(m_option,
                       "no run of " + std::to_string(count) + " free " + std::string(m_range.name) +
                           " ids from " + dat::formatDid(m_next),
                       0, dat::OffsetKind::Source);
    }

  private:
    bool isFree(std::uint32_t id, const std::set<std::uint32_t>& taken) const {
        return !taken.count(id) && (m_options.overwrite || !m_options.usedIds.count(id));
    }

    const dat::TypeRange& m_range;
    std::uint32_t m_next;
    const GltfImportOptions& m_options;
    const char* m_option;
};

// Linear → sRGB byte, the inverse of the export's linearFromSrgb.
std::uint32_t srgbByte(float linear) {
    const double c = std::clamp(double(linear), 0.0, 1.0);
    const double s = c <= 0.0031308 ? c * 12.92 : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
    return std::uint32_t(std::lround(s * 255));
}

// A power of two per side (as retail textures and the texture import want), at most `limit`
// and at least one 4×4 DXT block.
QImage textureSized(const QImage& image, int limit) {
    const auto side = [limit](int n) {
        int p = 4;
        while (p < n && p < limit)
            p *= 2;
        return p;
    };
    const QSize size(side(image.width()), side(image.height()));
    return size == image.size()
               ? image
               : image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

class EntryMaker {
  public:
    EntryMaker(std::uint32_t gfxObjId, const GltfImportOptions& options, const QString& file)
        : m_surfaces(kSurfaceRange, options.firstSurfaceId, gfxObjId, options, "firstSurfaceId"),
          m_textures(kTextureRange, options.firstSurfaceTextureId, gfxObjId, options,
                     "firstSurfaceTextureId"),
          m_renderSurfaces(kRenderSurfaceRange, options.firstRenderSurfaceId, gfxObjId, options,
                           "firstRenderSurfaceId"),
          m_options(options), m_file(file) {}

    // The Surface for a glTF material (-1: glTF's default, plain white), with its texture.
    std::uint32_t surface(const GltfMaterial* material, const QString& label,
                          std::vector<ImportedEntry>& out) {
        dat::Surface surface;
        surface.id = m_surfaces.take(1, m_taken);
        surface.diffuse = 1;
        const std::array<float, 4> color =
            material ? material->baseColor : std::array<float, 4>{1, 1, 1, 1};
        const bool blend = material && material->blend;
        if (material && !material->image.isNull()) {
            // A clip map is alpha-tested (glTF's MASK); Alpha blends by the texture's alpha.
            surface.type = material->mask ? dat::Surface::kBase1ClipMap : dat::Surface::kBase1Image;
            if (blend)
                surface.type |= dat::Surface::kAlpha;
            surface.origTextureId = texture(material->image, out);
        } else {
            surface.type = dat::Surface::kBase1Solid;
            surface.colorValue = 0xFF000000u | srgbByte(color[0]) << 16 | srgbByte(color[1]) << 8 |
                                 srgbByte(color[2]);
        }
        // A see-through factor fades the surface as translucency does.
        if (blend && color[3] < 1) {
            surface.type |= dat::Surface::kTranslucent;
            surface.translucency = 1 - std::clamp(color[3], 0.0f, 1.0f);
        }
        out.insert(out.begin() + std::ptrdiff_t(m_surfaceCount++),
                   {surface.id, surface.encode(), QStringLiteral("Surface for %1").arg(label)});
        return surface.id;
    }

  private:
    // RenderSurfaces for every mip level and the SurfaceTexture listing them.
    std::uint32_t texture(const QImage& image, std::vector<ImportedEntry>& out) {
        // Materials sharing a glTF image share its texture (the reader hands out one QImage).
        if (auto it = m_textureOf.find(image.cacheKey()); it != m_textureOf.end())
            return it->second;
        const QImage sized =
            textureSized(image, std::clamp(m_options.maxTextureSize, 4, kMaxImportSide));
        const std::size_t levels = mipLevels(sized, 0, true).size();
        TextureImport options;
        options.id = m_renderSurfaces.take(levels, m_taken);
        options.textureId = m_textures.take(1, m_taken);
        options.levels = 0;
        for (ImportedEntry& entry : importTexture(sized, options, m_file))
            out.push_back(std::move(entry));
        m_textureOf.emplace(image.cacheKey(), *options.textureId);
        return *options.textureId;
    }

    IdRange m_surfaces, m_textures, m_renderSurfaces;
    const GltfImportOptions& m_options;
    QString m_file;
    std::set<std::uint32_t> m_taken;
    std::map<qint64, std::uint32_t> m_textureOf; // QImage::cacheKey → SurfaceTexture
    std::size_t m_surfaceCount = 1;              // Surfaces follow the GfxObj, textures follow them
};

} // namespace

std::vector<ImportedEntry> importGltfModel(const GltfModel& model, std::uint32_t gfxObjId,
                                           const GltfImportOptions& options,
                                           const QString& source) {
    if (gfxObjId < kGfxObjRange.first || gfxObjId > kGfxObjRange.last)
        throw DatError("--as", dat::formatDid(gfxObjId) + " is not a GfxObj id (0x0100XXXX)", 0,
                       dat::OffsetKind::Source);
    GltfGfxObj mesh = gfxObjFromGltf(model, gfxObjId, options.physics);
    std::vector<ImportedEntry> out(1);
    EntryMaker maker(gfxObjId, options, source);
    for (std::size_t i = 0; i < mesh.materials.size(); ++i) {
        const int m = mesh.materials[i];
        const GltfMaterial* material = m >= 0 ? &model.materials[std::size_t(m)] : nullptr;
        QString label = QStringLiteral("glTF's default material");
        if (material)
            label = material->name.isEmpty()
                        ? QStringLiteral("material %1").arg(m)
                        : QStringLiteral("material %1 \"%2\"").arg(m).arg(material->name);
        mesh.gfxObj.surfaces[i] = maker.surface(material, label, out);
    }
    const dat::GfxObj& g = mesh.gfxObj;
    out[0] = {
        gfxObjId, g.encode(),
        QStringLiteral("GfxObj: %1 vertices, %2 triangles, %3 surfaces%4")
            .arg(g.vertices.size())
            .arg(g.polygons.size())
            .arg(g.surfaces.size())
            .arg(g.hasPhysics()
                     ? QStringLiteral(", physics BSP of %1 nodes").arg(g.physicsBsp.nodes.size())
                     : QString())};
    return out;
}

std::vector<ImportedEntry> importGltf(const QString& file, std::uint32_t gfxObjId,
                                      const GltfImportOptions& options) {
    try {
        return importGltfModel(readGltfFile(file), gfxObjId, options, file);
    } catch (DatError& e) {
        throw e.withContext("importing " + file.toStdString() + " as GfxObj " +
                            dat::formatDid(gfxObjId));
    }
}

} // namespace portalkit::modding
