// Writes the fuzz_wire seed corpus: one synthetic message body per file, built byte by byte in
// the retail field order (no captured server bytes): the two R5 fixtures, SetState,
// VectorUpdate, DeleteObject, UpdatePositions from the smallest to the largest PositionPack, and
// CreateObjects from bare to every PhysicsDesc field.
// Usage: make_wire_seeds OUT_DIR

#include "datreader/io/byte_writer.h"

#include <QDir>
#include <QFile>
#include <cstdio>
#include <functional>
#include <vector>

using portalkit::dat::ByteWriter;

namespace {

void stamps(ByteWriter& out, std::uint16_t first) {
    for (std::uint16_t i = 0; i < 9; ++i)
        out.u16(std::uint16_t(first + i));
}

void createHeader(ByteWriter& out, bool withLists) {
    out.u32(0xF745);
    out.u32(0x50000042);
    out.u8(0x11);
    if (!withLists) {
        out.zeros(3);
        return;
    }
    out.u8(1);
    out.u8(1);
    out.u8(1);
    out.u16(0x07E7); // base palette
    out.u16(0x0ABC); // sub-palette, offset, colours
    out.u8(0);
    out.u8(8);
    out.u8(2); // texture change: part, old (4-byte form), new
    out.u16(0x8001);
    out.u16(0x2345);
    out.u16(0x1111);
    out.u8(4); // part change
    out.u16(0x0F00);
    out.align4();
}

void fullPhysics(ByteWriter& out) {
    out.u32(0x0005FFFF & ~0x00020400u); // every field bit but AnimationFrame and 0x400
    out.u32(0x00000341);                // Missile | AlignPath | PathClipped | Static
    out.u32(3);
    out.u8(1);
    out.u8(2);
    out.u8(3);
    out.u32(1);
    out.u32(0xA9B40019);
    for (float v : {1.f, 2.f, 3.f, 1.f, 0.f, 0.f, 0.f})
        out.f32(v);
    for (std::uint32_t id : {0x09000001u, 0x20000001u, 0x34000004u, 0x0200040Du})
        out.u32(id);
    out.u32(0x50000001);
    out.u32(2);
    out.u32(1);
    out.u32(0x50000002);
    out.u32(3);
    for (float v : {1.5f, 0.25f, 0.75f, 0.125f, 0.f, 30.f, 0.f, 0.f, 0.f, -9.8f, 0.f, 0.f, 1.f})
        out.f32(v);
    out.u32(0x5C);
    out.f32(0.6f);
    stamps(out, 0x7FFE);
    out.align4();
}

// An F748: each orientation component only when its OrientationHasNo bit (0x8 << i) is clear,
// the velocity when HasVelocity (0x1), the placement when HasPlacementID (0x2), four stamps.
void updatePosition(ByteWriter& out, std::uint32_t flags) {
    out.u32(0xF748);
    out.u32(0x50000042);
    out.u32(flags);
    out.u32(0xA9B40019);
    for (float v : {12.5f, -3.f, 0.25f})
        out.f32(v);
    const float orientation[4] = {0.5f, -0.5f, 0.25f, 0.75f};
    for (std::uint32_t i = 0; i < 4; ++i)
        if ((flags & (0x8u << i)) == 0)
            out.f32(orientation[i]);
    if (flags & 0x1)
        for (float v : {0.f, 30.f, -9.5f})
            out.f32(v);
    if (flags & 0x2)
        out.u32(0x65);
    for (std::uint16_t stamp : {7, 0x0102, 3, 4})
        out.u16(stamp);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_wire_seeds OUT_DIR\n");
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!dir.mkpath("."))
        return 2;
    const std::vector<std::pair<const char*, std::function<void(ByteWriter&)>>> seeds{
        {"f754_seed_fixture",
         [](ByteWriter& out) {
             out.u32(0xF754);
             out.u32(0x50000042);
             out.u32(0x33000099);
         }},
        {"f755_seed_fixture",
         [](ByteWriter& out) {
             out.u32(0xF755);
             out.u32(0x50000042);
             out.u32(0xA5A5A5A5);
             out.u32(0x7FC01234);
         }},
        {"set_state",
         [](ByteWriter& out) {
             out.u32(0xF74B);
             out.u32(0x50000042);
             out.u32(0x00004000);
             out.u16(3);
             out.u16(0x8000);
         }},
        {"vector_update",
         [](ByteWriter& out) {
             out.u32(0xF74E);
             out.u32(0x50000042);
             for (float v : {0.f, 30.f, 0.f, 0.f, 0.f, 1.f})
                 out.f32(v);
             out.u16(3);
             out.u16(9);
         }},
        {"delete_object",
         [](ByteWriter& out) {
             out.u32(0xF747);
             out.u32(0x50000042);
             out.u16(7);
             out.zeros(2);
         }},
        {"update_position_full_orientation", [](ByteWriter& out) { updatePosition(out, 0x00); }},
        {"update_position_smallest", [](ByteWriter& out) { updatePosition(out, 0x78); }},
        {"update_position_grounded_velocity_wz",
         [](ByteWriter& out) { updatePosition(out, 0x35); }},
        {"update_position_placement_only_x", [](ByteWriter& out) { updatePosition(out, 0x6A); }},
        {"update_position_largest", [](ByteWriter& out) { updatePosition(out, 0x03); }},
        {"create_bare",
         [](ByteWriter& out) {
             createHeader(out, false);
             out.u32(0);
             out.u32(0x00400C08);
             stamps(out, 1);
             out.align4();
         }},
        {"create_animation_frame",
         [](ByteWriter& out) {
             createHeader(out, false);
             out.u32(0x00021000); // AnimationFrame | PeTable
             out.u32(0x00400C08);
             out.u32(0x65);
             out.u32(0);
             stamps(out, 0xFFFC);
             out.align4();
             out.u32(0xDEADBEEF); // a weenie description, kept raw
         }},
        {"create_full",
         [](ByteWriter& out) {
             createHeader(out, true);
             fullPhysics(out);
             out.u32(0x00000001);
         }},
    };
    for (const auto& [name, build] : seeds) {
        ByteWriter out;
        build(out);
        QFile file(dir.filePath(QString::fromLatin1(name)));
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(reinterpret_cast<const char*>(out.data().data()), qint64(out.size())) !=
                qint64(out.size()))
            return 2;
    }
    return 0;
}
