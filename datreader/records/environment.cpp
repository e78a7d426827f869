#include "datreader/records/environment.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/world_common.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {
// Key, three counts, vertex type and count, the smallest cell BSP (a leaf), the smallest physics
// BSP leaf, hasDrawingBsp.
constexpr std::size_t kSmallestCell = 4 + 12 + 8 + 8 + 32 + 4;
} // namespace

Environment Environment::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Environment environment;
    environment.id = readOwnId(in, did);
    const std::uint32_t count = readCount(in, "environment.cells", kSmallestCell);
    environment.cells.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        Cell cell;
        cell.key = in.u32("environment.cells.key");
        try {
            cell.structure = readCellStruct(in);
        } catch (DatError& error) {
            error.withContext("reading cell struct " + std::to_string(cell.key));
            throw;
        }
        environment.cells.push_back(std::move(cell));
    }
    environment.trailing = readTrailing(in);
    return environment;
}

std::vector<std::uint8_t> Environment::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(std::uint32_t(cells.size()));
    for (const Cell& cell : cells) {
        out.u32(cell.key);
        writeCellStruct(out, cell.structure);
    }
    out.bytes(trailing);
    return out.take();
}

QJsonObject Environment::toJson() const {
    QJsonArray list;
    for (const Cell& cell : cells) {
        QJsonObject object = cellStructToJson(cell.structure);
        object["key"] = qint64(cell.key);
        list.append(object);
    }
    QJsonObject object{{"id", didJson(id)}, {"cells", list}};
    putTrailing(object, trailing);
    return object;
}

Environment Environment::fromJson(const JsonNode& node, std::uint32_t did) {
    Environment environment;
    environment.id = ownIdFromJson(node, did);
    const std::vector<JsonNode> cells = node["cells"].elements();
    for (std::size_t i = 0; i < cells.size(); ++i)
        environment.cells.push_back(
            {cells[i]["key"].u32(std::uint32_t(i)), cellStructFromJson(cells[i])});
    environment.trailing = bytesFromJson(node["trailing"]);
    return environment;
}

} // namespace portalkit::dat
