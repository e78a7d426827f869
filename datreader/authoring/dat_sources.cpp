#include "datreader/authoring/dat_sources.h"

#include "datreader/authoring/generators.h"
#include "datreader/authoring/terrain_generator.h"
#include "datreader/io/json_node.h"
#include "datreader/records/animation.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/hooks.h"
#include "datreader/records/land_block.h"
#include "datreader/records/palette.h"
#include "datreader/records/record.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <map>

namespace portalkit::authoring {
namespace {

using dat::DatError;
using dat::JsonNode;

QJsonObject readJsonObject(const QDir& folder, const QString& name) {
    QFile file(folder.filePath(name));
    if (!file.open(QIODevice::ReadOnly))
        throw DatError("(file)",
                       "cannot read " + file.fileName().toStdString() + ": " +
                           file.errorString().toStdString(),
                       0, dat::OffsetKind::Source);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        throw DatError("(json)",
                       error.errorString().toStdString() + " at character " +
                           std::to_string(error.offset),
                       0, dat::OffsetKind::Source)
            .withContext("reading " + name.toStdString());
    if (!document.isObject())
        throw DatError("(root)", "expected an object", 0, dat::OffsetKind::Source)
            .withContext("reading " + name.toStdString());
    return document.object();
}

// A record waiting to be built: its JSON and where it came from.
struct PendingRecord {
    QJsonObject json;
    QString file;
};

// Which record type each generator makes, so "generate": "mesh" on a 0x06 id is an error.
std::string_view generatorType(const JsonNode& generate) {
    const QString name = generate.string();
    if (name == "mesh")
        return dat::GfxObj::kTypeName;
    if (name == "texture")
        return dat::RenderSurface::kTypeName;
    if (name == "palette")
        return dat::Palette::kTypeName;
    if (name == "tone")
        return dat::Wave::kTypeName;
    if (name == "animation")
        return dat::Animation::kTypeName;
    if (name == "environment")
        return dat::Environment::kTypeName;
    if (name == "building")
        return dat::GfxObj::kTypeName;
    if (name == "terrain")
        return dat::LandBlock::kTypeName; // and the LandBlockInfos of its statics
    generate.fail("unknown generator '" + name.toStdString() +
                  "' (mesh, texture, palette, tone, animation, environment, building or terrain)");
}

// A terrain spec yields several records: it names its landblocks in "blocks", not with "id".
bool isTerrainSpec(const QJsonObject& record) {
    return record.value("generate").toString() == "terrain";
}

// The records a terrain spec yields, each the spec with its own id.
std::vector<std::pair<std::uint32_t, QJsonObject>> expandTerrain(const QJsonObject& record) {
    const JsonNode spec(record, "terrain");
    if (spec.has("id"))
        spec["id"].fail("a terrain spec names its landblocks in \"blocks\", not with an id");
    std::vector<std::pair<std::uint32_t, QJsonObject>> records;
    for (const std::uint32_t id : TerrainSpec::recordIds(spec)) {
        QJsonObject withId = record;
        withId["id"] = QString::fromStdString(dat::formatDid(id));
        records.emplace_back(id, withId);
    }
    return records;
}

// Hooks for generated animations: the generator makes the poses, the source places hooks.
void addFrameHooks(dat::Animation& animation, const JsonNode& frameHooks) {
    for (const JsonNode& entry : frameHooks.elements()) {
        const std::uint32_t frame = entry["frame"].u32();
        if (frame >= animation.partFrames.size())
            entry["frame"].fail("frame " + std::to_string(frame) + " is past the last frame " +
                                std::to_string(animation.partFrames.size() - 1));
        for (const JsonNode& hook : entry["hooks"].elements())
            animation.partFrames[frame].hooks.push_back(dat::hookFromJson(hook));
    }
}

class Builder {
  public:
    Builder(dat::DatKind kind, std::map<std::uint32_t, PendingRecord> pending, QDir folder)
        : m_kind(kind), m_pending(std::move(pending)), m_folder(std::move(folder)) {}

    std::vector<std::uint8_t> build(std::uint32_t did) {
        const PendingRecord& source = m_pending.at(did);
        const std::string_view type = dat::typeName(m_kind, did);
        const std::string root = isTerrainSpec(source.json) ? "terrain" : rootPath(type);
        const JsonNode node(source.json, root, did);
        try {
            std::vector<std::uint8_t> bytes =
                node.has("generate") ? generate(node, type, did) : fromJson(node, type, did);
            // Reading back what was built catches a generator and its record disagreeing.
            dat::decodeRecord(m_kind, did, bytes);
            return bytes;
        } catch (DatError& error) {
            error.withDid(did).withContext("building it from " + source.file.toStdString());
            throw;
        }
    }

  private:
    static std::string rootPath(std::string_view type) {
        std::string path(type);
        if (!path.empty())
            path[0] = char(std::tolower(static_cast<unsigned char>(path[0])));
        return path;
    }

    std::vector<std::uint8_t> fromJson(const JsonNode& node, std::string_view type,
                                       std::uint32_t did) {
        if (!dat::hasDecoder(type))
            node.fail("a " + std::string(type) + " has no JSON form; give its bytes with pack");
        return dat::encodeRecord(dat::recordFromJson(m_kind, did, node));
    }

    std::vector<std::uint8_t> generate(const JsonNode& node, std::string_view type,
                                       std::uint32_t did) {
        if (node["generate"].string() == "terrain")
            return terrain(node, type, did);
        const std::string_view made = generatorType(node["generate"]);
        if (made != type)
            node["generate"].fail("makes a " + std::string(made) + ", but " + dat::formatDid(did) +
                                  " is a " + std::string(type));
        const QString name = node["generate"].string();
        if (name == "mesh") {
            dat::GfxObj mesh = generateMesh(node, did);
            if (node.has("didDegrade")) {
                mesh.flags |= dat::GfxObj::kHasDidDegrade;
                mesh.didDegrade = node["didDegrade"].u32();
            }
            return mesh.encode();
        }
        if (name == "texture") {
            std::optional<dat::Palette> palette;
            if (node.has("palette"))
                palette = paletteFor(node["palette"]);
            return generateTexture(node, did, palette ? &*palette : nullptr).encode();
        }
        if (name == "palette")
            return generatePalette(node, did).encode();
        if (name == "tone")
            return generateTone(node, did).encode();
        if (name == "environment")
            return generateEnvironment(node, did).encode();
        if (name == "building")
            return generateBuilding(node, did).encode();
        dat::Animation animation = generateAnimation(node, did);
        addFrameHooks(animation, node["frameHooks"]);
        return animation.encode();
    }

    std::vector<std::uint8_t> terrain(const JsonNode& node, std::string_view type,
                                      std::uint32_t did) {
        const TerrainSpec spec(node, regionFor(node["region"]));
        if (type == dat::LandBlockInfo::kTypeName)
            return spec.landBlockInfo(did).encode();
        if (type != dat::LandBlock::kTypeName)
            node["generate"].fail("makes LandBlocks and LandBlockInfos, but " +
                                  dat::formatDid(did) + " is a " + std::string(type));
        dat::LandBlock block = spec.landBlock(did);
        // The flag says a LandBlockInfo exists; the sources know whether one does.
        block.hasObjects = m_pending.count((did & 0xFFFF0000) | 0xFFFE) ? 1 : 0;
        return block.encode();
    }

    // "file": a path relative to this folder, or a list of them of which the first that exists
    // counts (so sources rebuild both from the repository and from an installed copy).
    QString regionFile(const JsonNode& file) const {
        if (!file.isArray())
            return m_folder.absoluteFilePath(file.string());
        for (const JsonNode& candidate : file.elements())
            if (const QString path = m_folder.absoluteFilePath(candidate.string());
                QFileInfo::exists(path))
                return path;
        file.fail("none of these files exists");
    }

    // "region": {"file", "id"}: the Region a terrain's heights and types index, read from a
    // portal source file, once per build.
    const dat::Region& regionFor(const JsonNode& reference) {
        const QString file = regionFile(reference["file"]);
        const std::uint32_t id = reference["id"].u32(0x13000000);
        if (dat::typeName(dat::DatKind::Portal, id) != dat::Region::kTypeName)
            reference["id"].fail(dat::formatDid(id) + " is not a Region id");
        const auto key = std::make_pair(file, id);
        if (const auto found = m_regions.find(key); found != m_regions.end())
            return found->second;
        try {
            for (const JsonNode& record :
                 JsonNode(readJsonObject(QDir(), file), "")["records"].elements())
                if (record["id"].u32() == id)
                    return m_regions
                        .emplace(key,
                                 dat::Region::fromJson(JsonNode(record.value(), "region", id), id))
                        .first->second;
        } catch (DatError& error) {
            error.withContext("reading the Region in " + file.toStdString());
            throw;
        }
        reference["id"].fail("no record " + dat::formatDid(id) + " in " + file.toStdString());
    }

    // A paletted texture is quantised against a palette from the same sources.
    dat::Palette paletteFor(const JsonNode& reference) {
        const std::uint32_t paletteId = reference.u32();
        if (!m_pending.count(paletteId) ||
            dat::typeName(m_kind, paletteId) != dat::Palette::kTypeName)
            reference.fail("no Palette " + dat::formatDid(paletteId) + " in the sources");
        return dat::Palette::decode(build(paletteId), paletteId);
    }

    dat::DatKind m_kind;
    std::map<std::uint32_t, PendingRecord> m_pending;
    QDir m_folder;
    std::map<std::pair<QString, std::uint32_t>, dat::Region> m_regions;
};

std::uint32_t unixSeconds(const JsonNode& node, std::uint32_t fallback) {
    if (node.isMissing())
        return fallback;
    if (!node.isString())
        return node.u32();
    const QDateTime time = QDateTime::fromString(node.string(), Qt::ISODate);
    if (!time.isValid() || time.toSecsSinceEpoch() < 0 || time.toSecsSinceEpoch() > 0xFFFFFFFFll)
        node.fail("expected Unix seconds or an ISO 8601 date such as 2013-09-17T00:00:00Z");
    return std::uint32_t(time.toSecsSinceEpoch());
}

} // namespace

SourceSet buildSources(const QString& folderPath) {
    const QDir folder(folderPath);
    SourceSet result;
    result.description = readJsonObject(folder, "dat.json");
    const JsonNode description(result.description, "dat");
    std::uint32_t date = 0;
    std::map<std::uint32_t, PendingRecord> pending;
    try {
        const QString kindName = description["kind"].string("portal");
        const auto kind = dat::kindFromName(kindName.toStdString());
        if (!kind)
            description["kind"].fail("unknown kind (portal, cell, local or highres)");
        result.kind = *kind;
        result.iteration = description["iteration"].i32(1);
        if (result.iteration < 1)
            description["iteration"].fail("must be at least 1");
        date = unixSeconds(description["date"], 0);
        if (description["sources"].elements().empty())
            description["sources"].fail("lists no source files");

        std::map<std::uint32_t, QString> seen;
        for (const JsonNode& fileName : description["sources"].elements()) {
            const QString name = fileName.string();
            const QJsonObject file = readJsonObject(folder, name);
            for (const JsonNode& record : JsonNode(file, "")["records"].elements()) {
                const QJsonObject json = record.value().toObject();
                const auto records =
                    isTerrainSpec(json) ? expandTerrain(json)
                                        : decltype(expandTerrain(json)){{record["id"].u32(), json}};
                for (const auto& [id, source] : records) {
                    if (auto [it, added] = seen.emplace(id, name); !added)
                        record[isTerrainSpec(json) ? "blocks" : "id"].fail(
                            dat::formatDid(id) + " is defined in both " + it->second.toStdString() +
                            " and " + name.toStdString());
                    pending[id] = {source, name};
                }
            }
        }
    } catch (DatError& error) {
        error.withContext("reading the sources in " + folderPath.toStdString());
        throw;
    }

    Builder builder(result.kind, pending, folder);
    for (const auto& [id, source] : pending) {
        const JsonNode node(source.json, "", id);
        SourceEntry entry;
        entry.id = id;
        entry.file = source.file;
        const std::vector<std::uint8_t> bytes = builder.build(id);
        entry.bytes =
            QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        entry.date = unixSeconds(node["date"], date);
        entry.iteration = node["iteration"].u32(1);
        result.entries.push_back(std::move(entry));
    }
    return result;
}

QByteArray buildRecord(dat::DatKind kind, const QJsonObject& record, std::uint32_t* did,
                       const QString& folder) {
    // A terrain spec builds its first record alone: its LandBlocks do not see their statics.
    const auto [id, json] = isTerrainSpec(record)
                                ? expandTerrain(record).front()
                                : std::pair{JsonNode(record, "")["id"].u32(), record};
    *did = id;
    Builder builder(kind, {{id, {json, "(input)"}}}, QDir(folder));
    const std::vector<std::uint8_t> bytes = builder.build(id);
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

dat::DatWriter writerFor(const SourceSet& sources) {
    dat::DatWriter writer(sources.kind);
    writer.setIteration(sources.iteration);
    for (const SourceEntry& source : sources.entries) {
        dat::WriterEntry entry;
        entry.id = source.id;
        entry.data = source.bytes;
        entry.date = source.date;
        entry.iteration = source.iteration;
        writer.put(std::move(entry));
    }
    return writer;
}

} // namespace portalkit::authoring
