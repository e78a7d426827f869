// Writes the seed corpus of fuzz_records: for every record type, its default value encoded, for
// PhysicsScript one entry per hook type, and for each world record one value with every optional
// part present (trees of every node kind, fill, trailing bytes), likewise a Scene and a Region
// (every gated part, and the palette-shift surface), each prefixed with the byte that selects the
// type. Given DATs (the demo DATs), also up to two real entries of every type they hold, so the
// types whose values are tables of strings and hash tables start from meaningful records.
// Usage: make_record_seeds OUTPUT_DIR [DAT...]

#include "datreader/container/dat_file.h"
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

template <typename T> constexpr std::size_t indexOf() {
    std::size_t index = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((std::is_same_v<std::variant_alternative_t<I, Record>, T> ? index = I : 0), ...);
    }
    (std::make_index_sequence<std::variant_size_v<Record>>());
    return index;
}

template <typename T> bool writeFull(const QDir& dir, const T& value) {
    const QString name = QString::fromUtf8(T::kTypeName.data()) + "_full";
    return writeSeed(dir, name, indexOf<T>(), value.encode());
}

BspNode bspNode(const char (&letters)[5], std::int32_t pos = -1, std::int32_t neg = -1) {
    BspNode node;
    node.tag = (std::uint32_t(letters[0]) << 24) | (std::uint32_t(letters[1]) << 16) |
               (std::uint32_t(letters[2]) << 8) | std::uint32_t(letters[3]);
    node.posChild = pos;
    node.negChild = neg;
    return node;
}

// All eight node kinds in stored order; the variant decides which bodies get written.
BspTree everyNodeKind() {
    BspTree tree;
    tree.nodes = {bspNode("PORT", 1, 6),   bspNode("BPIN", 2, 3), bspNode("LEAF"),
                  bspNode("BPnN", 4, 5),   bspNode("LEAF"),       bspNode("LEAF"),
                  bspNode("BPIn", 7),      bspNode("BPnn", 8),    bspNode("BpIN", -1, 9),
                  bspNode("BpnN", -1, 10), bspNode("LEAF")};
    tree.nodes[0].portals = {{0, 1}};
    tree.nodes[0].polygons = {0};
    return tree;
}

bool writeWorldSeeds(const QDir& dir) {
    Environment environment;
    environment.id = 0x0D000001;
    CellStruct cell;
    cell.vertices = {MeshVertex{0, {}, {0, 0, 1}, {{0.5f, 1}}}, MeshVertex{1, {4, 0, 0}, {}, {}}};
    MeshPolygon polygon;
    polygon.vertexIds = {0, 1};
    polygon.posUVIndices = {0, 0};
    cell.polygons = {polygon};
    cell.physicsPolygons = {polygon};
    cell.portals = {0, 0};
    cell.portalPad = 0xCDCD;
    cell.cellBsp = everyNodeKind();
    cell.physicsBsp = everyNodeKind();
    cell.physicsBsp.nodes[0].portals.clear(); // physics portals store plane and children only
    cell.physicsBsp.nodes[0].polygons.clear();
    cell.hasDrawingBsp = 1;
    cell.drawingBsp = everyNodeKind();
    cell.cellBsp.nodes[0].portals.clear();
    cell.cellBsp.nodes[0].polygons.clear();
    environment.cells = {{3, cell}};

    LandBlock block;
    block.id = 0xA9B4FFFF;
    block.hasObjects = 1;
    for (std::size_t i = 0; i < block.terrain.size(); ++i) {
        block.terrain[i] = LandBlock::terrainWord(std::uint16_t(i % 4), std::uint16_t(i % 32),
                                                  std::uint16_t(i % 32));
        block.heights[i] = std::uint8_t(i);
    }
    block.pad = 0xCD;

    LandBlockInfo info;
    info.id = 0xA9B4FFFE;
    info.numCells = 2;
    info.objects = {{0x02000001, {}}};
    info.flags = LandBlockInfo::kHasRestrictions;
    info.buildings = {{0x01000002, {}, 1, {BuildingPortal{0x2, 0x0100, 0, {0x0100}, 0xCDCD}}}};
    info.restrictionBuckets = 8;
    info.restrictions = {{7, 0x70000001}, {3, 0x70000002}};

    EnvCell envCell;
    envCell.id = 0xA9B40100;
    envCell.cellId = envCell.id;
    envCell.flags =
        EnvCell::kSeenOutside | EnvCell::kHasStaticObjects | EnvCell::kHasRestrictionObject;
    envCell.surfaces = {0x08000001};
    envCell.environmentId = 0x0D000001;
    envCell.cellStructure = 3;
    envCell.portals = {{0x1, 0, 0xFFFF, 0xFFFF}};
    envCell.visibleCells = {0x0101};
    envCell.statics = {{0x01000002, {}}};
    envCell.restrictionObject = 0x7D640010;
    envCell.trailing = {0xCD};

    return writeFull(dir, environment) && writeFull(dir, block) && writeFull(dir, info) &&
           writeFull(dir, envCell);
}

// Every gated part present, an unknown mask bit, string fill and trailing bytes; and a second
// Region with the palette-shift surface instead of the texture merge.
bool writeRegionSeeds(const QDir& dir) {
    Scene scene;
    scene.id = 0x12000001;
    scene.objects = {{0x01000001, {}, 0.5f, 12, 12, 0.8f, 1.2f, 360, 0.8f, 1, 1, 0, 0}};
    scene.trailing = {0xCD};

    Region region;
    region.id = 0x13000000;
    region.name = {"Demo", false, 0xCDCD};
    for (std::size_t i = 0; i < region.landDefs.landHeightTable.size(); ++i)
        region.landDefs.landHeightTable[i] = float(i);
    region.gameTime.yearSpec = {"P.Y.", false, 0};
    region.gameTime.timesOfDay = {{0.25f, 0, {"Dawn", false, 0}}};
    region.gameTime.daysOfWeek = {{"Mo", true, 0}};
    region.gameTime.seasons = {{90, {"Spring", false, 0}}};
    region.partsMask =
        Region::kHasSky | Region::kHasSound | Region::kHasScene | Region::kHasMisc | 0x4;
    SkyTimeOfDay noon;
    noon.replaces = {{0, 0x01000001, 0, 0.5f, 1, 1}};
    region.sky.dayGroups = {{1, {"Sunny", false, 0xAB}, {SkyObject{}}, {noon}}};
    region.sound.tables = {{0x20000001, {{0x6D, 0.5f, 0.2f, 10, 30}}}};
    region.scene.sceneTypes = {{0, {0x12000001}}};
    region.terrain.terrainTypes = {{{"Grass", false, 0}, 0xFF40A040, {0}}};
    region.terrain.texMerge.cornerMaps = {{8, 0x05000001}};
    region.terrain.texMerge.sideMaps = {{9, 0x05000002}};
    region.terrain.texMerge.roadMaps = {{5, 0x05000003}};
    region.terrain.texMerge.terrainTextures = {TerrainTexture{}};
    region.misc = {1, 0x06000001, 0x06000002, 64, 0xA9B4FFFF, 7};
    region.trailing = {0xCD, 0xCD};

    Region shifted;
    shifted.id = 0x13000001;
    shifted.terrain.palShiftSelector = 1;
    shifted.terrain.palShift = {{0x05000001, {{0, 16}, {16, 8}}, {{3, {7, 9}}}, {{2, 0x04000001}}}};

    return writeFull(dir, scene) && writeFull(dir, region) &&
           writeSeed(dir, "Region_pal_shift", indexOf<Region>(), shifted.encode());
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

// Up to two entries of each type in the DAT at `path`, smaller than 64 KiB (libFuzzer's inputs
// are kept short), named by type and id.
bool writeDatSeeds(const QDir& dir, const QString& path) {
    try {
        const DatFile dat = DatFile::open(path);
        std::vector<int> taken(std::variant_size_v<Record>, 0);
        for (const EntryInfo& entry : dat.entries()) {
            const std::vector<std::uint8_t> bytes = dat.read(entry);
            if (bytes.size() > 64 * 1024)
                continue;
            const auto record = decodeRecord(dat.kind(), entry.id, bytes);
            if (!record || taken[record->index()]++ >= 2)
                continue;
            const QString name = QString::fromUtf8(recordTypeName(*record).data()) + "_" +
                                 QString::fromStdString(formatDid(entry.id));
            if (!writeSeed(dir, name, record->index(), bytes))
                return false;
        }
    } catch (const DatError& error) {
        std::fprintf(stderr, "make_record_seeds: %s\n", error.what());
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: make_record_seeds OUTPUT_DIR [DAT...]\n");
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!QDir().mkpath(dir.path()) || !writeDefaults(dir) || !writeWorldSeeds(dir) ||
        !writeRegionSeeds(dir))
        return 1;
    for (int i = 2; i < argc; ++i)
        if (!writeDatSeeds(dir, QString::fromLocal8Bit(argv[i])))
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
