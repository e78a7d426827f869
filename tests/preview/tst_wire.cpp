// The wire layer against retail (docs/retail-behaviour.md#r1, R1-R5 and R16-R18): every
// input is synthetic bytes written here, in the order retail reads, never through the encoder
// under test.

#include "datreader/io/dat_error.h"
#include "preview/wire/freshness.h"
#include "preview/wire/messages.h"
#include "preview/wire/physics_desc.h"
#include "support/cli_run.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <bit>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::wire;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes fromHex(const char* text) {
    QByteArray digits;
    for (const char* c = text; *c; ++c)
        if (std::isxdigit(static_cast<unsigned char>(*c)))
            digits.append(*c);
    const QByteArray bytes = QByteArray::fromHex(digits);
    return Bytes(bytes.begin(), bytes.end());
}

// Writes synthetic bytes and remembers each read the decoder must make: its field name, start
// and size, so a truncation anywhere can be checked against the field that owns that byte.
struct Layout {
    struct Read {
        std::string field;
        std::size_t start;
        std::size_t size;
    };
    dat::ByteWriter out;
    std::vector<Read> reads;

    void note(const char* field, std::size_t size) { reads.push_back({field, out.size(), size}); }
    void u16(const char* field, std::uint16_t v) {
        note(field, 2);
        out.u16(v);
    }
    void u32(const char* field, std::uint32_t v) {
        note(field, 4);
        out.u32(v);
    }
    void f32(const char* field, float v) {
        note(field, 4);
        out.f32(v);
    }
    void vec3(const char* field, Vec3 v) {
        f32(field, v.x);
        f32(field, v.y);
        f32(field, v.z);
    }
    void raw(const char* field, const Bytes& bytes) {
        note(field, bytes.size());
        out.bytes(bytes);
    }
    void align(const char* field) {
        const std::size_t pad = (4 - out.size() % 4) % 4;
        if (pad)
            raw(field, Bytes(pad, 0));
    }
    void stamps(std::uint16_t first) {
        static const char* const names[] = {
            "PhysicsDesc.timestamps.Position",      "PhysicsDesc.timestamps.Movement",
            "PhysicsDesc.timestamps.State",         "PhysicsDesc.timestamps.Vector",
            "PhysicsDesc.timestamps.Teleport",      "PhysicsDesc.timestamps.ServerControlledMove",
            "PhysicsDesc.timestamps.ForcePosition", "PhysicsDesc.timestamps.ObjDesc",
            "PhysicsDesc.timestamps.Instance"};
        for (int i = 0; i < 9; ++i)
            u16(names[i], std::uint16_t(first + i));
    }
    const Bytes& bytes() const { return out.data(); }
};

constexpr std::uint32_t kAllButAnimationFrame =
    descflag::CSetup | descflag::MTable | descflag::Velocity | descflag::Acceleration |
    descflag::Omega | descflag::Parent | descflag::Children | descflag::ObjScale |
    descflag::Friction | descflag::Elasticity | descflag::STable | descflag::PeTable |
    descflag::DefaultScript | descflag::DefaultScriptIntensity | descflag::Position |
    descflag::Movement | descflag::Translucency;

// Every field present, in the R1 order, with values that tell the fields apart. The children
// entries are one region: the count is checked against the bytes left before any is read.
Layout fullDescription() {
    Layout l;
    l.u32("PhysicsDesc.flags", kAllButAnimationFrame);
    l.u32("PhysicsDesc.state", 0x00000341);
    l.u32("PhysicsDesc.movement.length", 3);
    l.raw("PhysicsDesc.movement.bytes", {0xAA, 0xBB, 0xCC});
    l.u32("PhysicsDesc.autonomousMovement", 1);
    l.u32("PhysicsDesc.position.cellId", 0xA9B40019);
    l.vec3("PhysicsDesc.position.origin", {1, 2, 3});
    for (float q : {0.5f, -0.5f, 0.25f, 0.75f})
        l.f32("PhysicsDesc.position.orientation", q);
    l.u32("PhysicsDesc.motionTableId", 0x09000001);
    l.u32("PhysicsDesc.soundTableId", 0x20000001);
    l.u32("PhysicsDesc.physicsScriptTableId", 0x34000004);
    l.u32("PhysicsDesc.setupId", 0x0200040D);
    l.u32("PhysicsDesc.parent.guid", 0x50000001);
    l.u32("PhysicsDesc.parent.locationId", 2);
    l.u32("PhysicsDesc.children.count", 2);
    l.note("PhysicsDesc.children.count", 16);
    for (std::uint32_t child : {0x50000002u, 0x50000003u}) {
        l.out.u32(child);
        l.out.u32(child & 0xF);
    }
    l.f32("PhysicsDesc.objScale", 1.5f);
    l.f32("PhysicsDesc.friction", 0.25f);
    l.f32("PhysicsDesc.elasticity", 0.75f);
    l.f32("PhysicsDesc.translucency", 0.125f);
    l.vec3("PhysicsDesc.velocity", {10, 20, 30});
    l.vec3("PhysicsDesc.acceleration", {0, 0, -9.8f});
    l.vec3("PhysicsDesc.omega", {0.1f, 0.2f, 0.3f});
    l.u32("PhysicsDesc.defaultScriptType", 0x5C);
    l.f32("PhysicsDesc.defaultScriptIntensity", 0.6f);
    l.stamps(0x0101);
    l.align("PhysicsDesc.align");
    return l;
}

PhysicsDesc decodeDesc(const Bytes& bytes, std::size_t* consumed = nullptr) {
    dat::ByteCursor in(bytes);
    PhysicsDesc desc = PhysicsDesc::decode(in);
    if (consumed)
        *consumed = in.position();
    return desc;
}

Bytes encodeDesc(const PhysicsDesc& desc) {
    dat::ByteWriter out;
    desc.encode(out);
    return out.take();
}

Bytes prefix(const Bytes& bytes, std::size_t count) {
    return Bytes(bytes.begin(), bytes.begin() + std::ptrdiff_t(count));
}

// A CreateObject: guid, ModelData with every list (one id in the 4-byte form), the full
// PhysicsDesc, then a weenie description the decoder keeps raw.
Bytes createObjectBytes() {
    dat::ByteWriter out;
    out.u32(opcode::CreateObject);
    out.u32(0x50000042);
    out.u8(0x11);
    out.u8(1);
    out.u8(1);
    out.u8(1);
    out.u16(0x07E7); // base palette 0x040007E7
    out.u16(0x0ABC); // sub-palette 0x04000ABC
    out.u8(8);
    out.u8(16);
    out.u8(3);       // texture change on part 3
    out.u16(0x8001); // old texture 0x05000000 + 0x00012345, 4-byte form
    out.u16(0x2345);
    out.u16(0x1111); // new texture 0x05001111
    out.u8(5);       // part 5 becomes GfxObj 0x01000F00
    out.u16(0x0F00);
    out.align4();
    out.bytes(fullDescription().bytes());
    out.bytes(fromHex("01 02 03 04 05"));
    return out.take();
}

// An F748 in PositionPack::UnPack order: each orientation component only when its
// OrientationHasNo bit is clear, velocity and placement only when given, then the four stamps.
Layout updatePositionLayout(std::uint32_t flags, Quat orientation, std::optional<Vec3> velocity,
                            std::optional<std::uint32_t> placement) {
    Layout l;
    l.u32("opcode", opcode::UpdatePosition);
    l.u32("UpdatePosition.guid", 0x50000042);
    l.u32("PositionPack.flags", flags);
    l.u32("PositionPack.cellId", 0xA9B40019);
    l.vec3("PositionPack.origin", {12.5f, -3, 0.25f});
    if (!(flags & 0x08))
        l.f32("PositionPack.orientation.w", orientation.w);
    if (!(flags & 0x10))
        l.f32("PositionPack.orientation.x", orientation.x);
    if (!(flags & 0x20))
        l.f32("PositionPack.orientation.y", orientation.y);
    if (!(flags & 0x40))
        l.f32("PositionPack.orientation.z", orientation.z);
    if (velocity)
        l.vec3("PositionPack.velocity", *velocity);
    if (placement)
        l.u32("PositionPack.placementId", *placement);
    l.u16("PositionPack.timestamps.Instance", 7);
    l.u16("PositionPack.timestamps.Position", 0x0102);
    l.u16("PositionPack.timestamps.Teleport", 3);
    l.u16("PositionPack.timestamps.ForcePosition", 4);
    return l;
}

// Flag combinations that together take every gated branch of a PositionPack, each both ways.
struct PackCase {
    const char* name;
    std::uint32_t flags;
    std::optional<Vec3> velocity;
    std::optional<std::uint32_t> placement;
    std::size_t size;
};
const PackCase kPackCases[] = {
    {"everything but velocity and placement", 0x00, std::nullopt, std::nullopt, 52},
    {"grounded, velocity, only w and z", 0x35, Vec3(0, 0, -9.5f), std::nullopt, 56},
    {"placement, no orientation at all", 0x7A, std::nullopt, 0x65, 40},
    {"velocity and a present zero placement, only x", 0x6B, Vec3(1, 2, 3), 0, 56},
    {"the smallest: nothing optional", 0x78, std::nullopt, std::nullopt, 36},
    {"the largest: everything", 0x03, Vec3(0, 30, 0), 0x0C, 68},
};

const Quat kPackOrientation(0.5f, -0.5f, 0.25f, 0.75f);

bool failsNaming(const Bytes& bytes, const std::string& field) {
    try {
        decodeMessage(bytes);
        return false;
    } catch (const dat::DatError& error) {
        return error.field() == field;
    }
}

// toJson, through JSON text (as a scenario file holds it), and back.
Message throughJsonText(const Message& message) {
    const QByteArray text = QJsonDocument(toJson(message)).toJson();
    return messageFromJson(QJsonDocument::fromJson(text).object());
}

// The field a DatError from messageFromJson names, or "" when it did not throw.
std::string jsonErrorField(const QJsonObject& json) {
    try {
        messageFromJson(json);
        return {};
    } catch (const dat::DatError& error) {
        return error.field();
    }
}

QJsonObject parseJson(const char* text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in a test: %s", qPrintable(error.errorString()));
    return document.object();
}

} // namespace

class TestWire : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R1
    void physicsDescReadsInSeedOrderWithNineStampsAndAlignment() {
        const Layout layout = fullDescription();
        QCOMPARE(layout.bytes().size(), std::size_t(176)); // 173 bytes of fields + 3 pad
        std::size_t consumed = 0;
        const PhysicsDesc desc = decodeDesc(layout.bytes(), &consumed);
        QCOMPARE(consumed, std::size_t(176));
        QCOMPARE(desc.flags, kAllButAnimationFrame);
        QCOMPARE(desc.state, 0x00000341u);
        QCOMPARE(*desc.movement, Bytes({0xAA, 0xBB, 0xCC}));
        QCOMPARE(*desc.autonomousMovement, 1u);
        QVERIFY(!desc.animationFrame);
        QCOMPARE(desc.position->cellId, 0xA9B40019u);
        QCOMPARE(desc.position->frame.origin, Vec3(1, 2, 3));
        QCOMPARE(desc.position->frame.orientation, Quat(0.5f, -0.5f, 0.25f, 0.75f));
        QCOMPARE(*desc.motionTableId, 0x09000001u);
        QCOMPARE(*desc.soundTableId, 0x20000001u);
        QCOMPARE(*desc.physicsScriptTableId, 0x34000004u);
        QCOMPARE(*desc.setupId, 0x0200040Du);
        QCOMPARE(*desc.parent, (ChildLink{0x50000001, 2}));
        QCOMPARE(*desc.children, (std::vector<ChildLink>{{0x50000002, 2}, {0x50000003, 3}}));
        QCOMPARE(*desc.objScale, 1.5f);
        QCOMPARE(*desc.friction, 0.25f);
        QCOMPARE(*desc.elasticity, 0.75f);
        QCOMPARE(*desc.translucency, 0.125f);
        QCOMPARE(*desc.velocity, Vec3(10, 20, 30));
        QCOMPARE(*desc.acceleration, Vec3(0, 0, -9.8f));
        QCOMPARE(*desc.omega, Vec3(0.1f, 0.2f, 0.3f));
        QCOMPARE(*desc.defaultScriptType, 0x5Cu);
        QCOMPARE(*desc.defaultScriptIntensity, 0.6f);
        // Nine stamps in the retail order, Position first and Instance last.
        for (std::size_t i = 0; i < kChannelCount; ++i)
            QCOMPARE(desc.timestamps[i], std::uint16_t(0x0101 + i));
        QCOMPARE(desc.stamp(Channel::Position), std::uint16_t(0x0101));
        QCOMPARE(desc.stamp(Channel::Instance), std::uint16_t(0x0109));

        // The pad is part of the description: without its last byte the decode fails there.
        try {
            decodeDesc(prefix(layout.bytes(), 175));
            QFAIL("a missing pad byte was accepted");
        } catch (const dat::DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), QString("PhysicsDesc.align"));
        }
        // Flags alone decide: with nothing gated the description is 8 + 18 bytes, padded to 28.
        Layout bare;
        bare.u32("PhysicsDesc.flags", 0x00000400); // ACE's "Timestamp" bit gates nothing
        bare.u32("PhysicsDesc.state", 0x00400C08);
        bare.stamps(7);
        bare.align("PhysicsDesc.align");
        QCOMPARE(bare.bytes().size(), std::size_t(28));
        decodeDesc(bare.bytes(), &consumed);
        QCOMPARE(consumed, std::size_t(28));
    }

    // oracle: R2
    void movementLengthGatesAutonomousAndAnimationFrameNeedsMovementAbsent() {
        // Length 0: no autonomous u32; the stamps follow the length at once.
        Layout empty;
        empty.u32("PhysicsDesc.flags", descflag::Movement);
        empty.u32("PhysicsDesc.state", 0);
        empty.u32("PhysicsDesc.movement.length", 0);
        empty.stamps(1);
        empty.align("PhysicsDesc.align");
        std::size_t consumed = 0;
        PhysicsDesc desc = decodeDesc(empty.bytes(), &consumed);
        QCOMPARE(consumed, empty.bytes().size());
        QVERIFY(desc.movement && desc.movement->empty());
        QVERIFY(!desc.autonomousMovement);
        QCOMPARE(desc.stamp(Channel::Position), std::uint16_t(1));

        // Length > 0: the bytes, then the autonomous u32.
        Layout some;
        some.u32("PhysicsDesc.flags", descflag::Movement);
        some.u32("PhysicsDesc.state", 0);
        some.u32("PhysicsDesc.movement.length", 2);
        some.raw("PhysicsDesc.movement.bytes", {0x12, 0x34});
        some.u32("PhysicsDesc.autonomousMovement", 0xDEADBEEF);
        some.stamps(1);
        some.align("PhysicsDesc.align");
        desc = decodeDesc(some.bytes(), &consumed);
        QCOMPARE(consumed, some.bytes().size());
        QCOMPARE(*desc.movement, Bytes({0x12, 0x34}));
        QCOMPARE(*desc.autonomousMovement, 0xDEADBEEFu);

        // Movement and AnimationFrame both set: the frame is not read.
        Layout both;
        both.u32("PhysicsDesc.flags", descflag::Movement | descflag::AnimationFrame);
        both.u32("PhysicsDesc.state", 0);
        both.u32("PhysicsDesc.movement.length", 0);
        both.stamps(0x20);
        both.align("PhysicsDesc.align");
        desc = decodeDesc(both.bytes(), &consumed);
        QCOMPARE(consumed, both.bytes().size());
        QVERIFY(!desc.animationFrame);
        QCOMPARE(desc.stamp(Channel::Position), std::uint16_t(0x20));
        QCOMPARE(encodeDesc(desc), both.bytes());

        // AnimationFrame alone: read.
        Layout frame;
        frame.u32("PhysicsDesc.flags", descflag::AnimationFrame);
        frame.u32("PhysicsDesc.state", 0);
        frame.u32("PhysicsDesc.animationFrame", 0x65);
        frame.stamps(1);
        frame.align("PhysicsDesc.align");
        desc = decodeDesc(frame.bytes(), &consumed);
        QCOMPARE(consumed, frame.bytes().size());
        QCOMPARE(*desc.animationFrame, 0x65u);
        QVERIFY(!desc.movement);
    }

    // oracle: R3
    void absentPeTableIsNotAPresentZero() {
        Layout absent;
        absent.u32("PhysicsDesc.flags", 0);
        absent.u32("PhysicsDesc.state", 0);
        absent.stamps(1);
        absent.align("PhysicsDesc.align");
        Layout zero;
        zero.u32("PhysicsDesc.flags", descflag::PeTable);
        zero.u32("PhysicsDesc.state", 0);
        zero.u32("PhysicsDesc.physicsScriptTableId", 0);
        zero.stamps(1);
        zero.align("PhysicsDesc.align");

        const PhysicsDesc a = decodeDesc(absent.bytes());
        const PhysicsDesc z = decodeDesc(zero.bytes());
        QVERIFY(!a.physicsScriptTableId.has_value());
        QVERIFY(z.physicsScriptTableId.has_value());
        QCOMPARE(*z.physicsScriptTableId, 0u);
        // Each re-encodes as it was read, four bytes apart.
        QCOMPARE(encodeDesc(a), absent.bytes());
        QCOMPARE(encodeDesc(z), zero.bytes());
        // And the JSON keeps the difference.
        QVERIFY(!toJson(a).contains("physicsScriptTableId"));
        QCOMPARE(toJson(z)["physicsScriptTableId"].toString(), QString("0x00000000"));
        // A hand-built zero survives syncFlags as present.
        PhysicsDesc built;
        built.physicsScriptTableId = 0;
        built.syncFlags();
        QCOMPARE(built.flags, descflag::PeTable);
    }

    // oracle: R4
    void truncationAtEveryGatedCursorNamesTheField() {
        const Layout layout = fullDescription();
        const Bytes& full = layout.bytes();
        for (std::size_t cut = 0; cut < full.size(); ++cut) {
            const Layout::Read* owner = nullptr;
            for (const auto& read : layout.reads)
                if (read.start <= cut && cut < read.start + read.size)
                    owner = &read;
            QVERIFY2(owner, qPrintable(QString("no read owns byte %1").arg(cut)));
            try {
                decodeDesc(prefix(full, cut));
                QFAIL(qPrintable(QString("a cut at %1 bytes decoded").arg(cut)));
            } catch (const dat::DatError& error) {
                QCOMPARE(error.field(), owner->field);
                QCOMPARE(error.offset(), std::uint64_t(owner->start));
            }
        }
        // The same inside a CreateObject, where ModelData comes first: every cut up to the end
        // of the PhysicsDesc fails naming a field (the weenie tail after it is raw).
        const Bytes message = createObjectBytes();
        const std::size_t descEnd = message.size() - 5;
        for (std::size_t cut = 0; cut < descEnd; ++cut) {
            try {
                decodeMessage(prefix(message, cut));
                QFAIL(qPrintable(QString("a CreateObject cut at %1 bytes decoded").arg(cut)));
            } catch (const dat::DatError& error) {
                QVERIFY(!error.field().empty());
                QVERIFY(error.offset() <= cut);
            }
        }
        // A children count the bytes cannot hold fails at the count, before any allocation.
        Layout greedy;
        greedy.u32("PhysicsDesc.flags", descflag::Children);
        greedy.u32("PhysicsDesc.state", 0);
        greedy.u32("PhysicsDesc.children.count", 0xFFFFFFFF);
        greedy.stamps(1);
        try {
            decodeDesc(greedy.bytes());
            QFAIL("an impossible children count decoded");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.field(), std::string("PhysicsDesc.children.count"));
        }
    }

    // oracle: R5
    void seedPlayScriptFixturesKeepExactLengthRawTypeAndFloatBits() {
        const Bytes f754 = fromHex("54 F7 00 00 | 42 00 00 50 | 99 00 00 33");
        const Message direct = decodeMessage(f754);
        const auto& id = std::get<PlayScriptId>(direct);
        QCOMPARE(id.guid, 0x50000042u);
        QCOMPARE(id.scriptId, 0x33000099u);
        QCOMPARE(encodeMessage(direct), f754);

        const Bytes f755 = fromHex("55 F7 00 00 | 42 00 00 50 | A5 A5 A5 A5 | 34 12 C0 7F");
        const Message typed = decodeMessage(f755);
        const auto& type = std::get<PlayScriptType>(typed);
        QCOMPARE(type.guid, 0x50000042u);
        QCOMPARE(type.scriptType, 0xA5A5A5A5u); // a type no table has, kept
        QCOMPARE(type.intensityBits, 0x7FC01234u);
        QVERIFY(std::isnan(type.intensity()));
        QCOMPARE(std::bit_cast<std::uint32_t>(type.intensity()), 0x7FC01234u);
        QCOMPARE(encodeMessage(typed), f755);
        const QJsonObject json = toJson(typed);
        QCOMPARE(json["intensity"].toString(), QString("nan"));
        QCOMPARE(json["intensityBits"].toString(), QString("0x7FC01234"));
        QCOMPARE(json["scriptType"].toString(), QString("0xA5A5A5A5"));

        // Exactly 12 and 16 bytes: one short names the last field, one long is an error too.
        const auto fails = [](const Bytes& bytes, const std::string& field) {
            try {
                decodeMessage(bytes);
                return false;
            } catch (const dat::DatError& error) {
                return error.field() == field;
            }
        };
        QVERIFY(fails(prefix(f754, 11), "PlayScriptId.scriptId"));
        QVERIFY(fails(prefix(f755, 15), "PlayScriptType.intensity"));
        Bytes longer = f754;
        longer.push_back(0);
        QVERIFY(fails(longer, "PlayScriptId"));
        longer = f755;
        longer.push_back(0);
        QVERIFY(fails(longer, "PlayScriptType"));
    }

    void setStateAndVectorUpdateLayouts() {
        dat::ByteWriter state;
        state.u32(opcode::SetState);
        state.u32(0x50000042);
        state.u32(0x00004000);
        state.u16(3);
        state.u16(0x8000);
        const Message decoded = decodeMessage(state.data());
        QCOMPARE(std::get<SetState>(decoded), (SetState{0x50000042, 0x00004000, 3, 0x8000}));
        QCOMPARE(encodeMessage(decoded), state.data());
        Bytes shortState = prefix(state.data(), 15);
        QVERIFY_THROWS_EXCEPTION(dat::DatError, decodeMessage(shortState));

        dat::ByteWriter vector;
        vector.u32(opcode::VectorUpdate);
        vector.u32(0x50000042);
        for (float v : {1.f, 2.f, 3.f, 0.f, 0.f, 0.5f})
            vector.f32(v);
        vector.u16(3);
        vector.u16(9);
        QCOMPARE(vector.size(), VectorUpdate::kSize);
        const Message update = decodeMessage(vector.data());
        const auto& v = std::get<VectorUpdate>(update);
        QCOMPARE(v.velocity, Vec3(1, 2, 3));
        QCOMPARE(v.omega, Vec3(0, 0, 0.5f));
        QCOMPARE(v.instanceStamp, std::uint16_t(3));
        QCOMPARE(v.vectorStamp, std::uint16_t(9));
        QCOMPARE(encodeMessage(update), vector.data());

        // An opcode this layer does not decode is named as such.
        try {
            decodeMessage(fromHex("49 F7 00 00 42 00 00 50"));
            QFAIL("F749 decoded");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.field(), std::string("opcode"));
        }
    }

    void createObjectDecodesModelDataAndPhysicsAndKeepsTheWeenieRaw() {
        const Bytes bytes = createObjectBytes();
        const Message message = decodeMessage(bytes);
        const auto& create = std::get<CreateObject>(message);
        QCOMPARE(create.guid, 0x50000042u);
        QCOMPARE(create.model.basePalette->id(kPaletteType), 0x040007E7u);
        QCOMPARE(create.model.subPalettes.size(), std::size_t(1));
        QCOMPARE(create.model.subPalettes[0].paletteId.id(kPaletteType), 0x04000ABCu);
        QCOMPARE(create.model.subPalettes[0].colorCount, std::uint8_t(16));
        QCOMPARE(create.model.textureChanges[0].oldTexture.id(kTextureType), 0x05012345u);
        QVERIFY(create.model.textureChanges[0].oldTexture.longForm);
        QCOMPARE(create.model.textureChanges[0].newTexture.id(kTextureType), 0x05001111u);
        QCOMPARE(create.model.animPartChanges[0].partIndex, std::uint8_t(5));
        QCOMPARE(create.model.animPartChanges[0].partId.id(kGfxObjType), 0x01000F00u);
        QCOMPARE(*create.physics.setupId, 0x0200040Du);
        QCOMPARE(create.weenieDescription, fromHex("01 02 03 04 05"));
        QCOMPARE(encodeMessage(message), bytes);
        const QJsonObject json = toJson(message);
        QCOMPARE(json["name"].toString(), QString("CreateObject"));
        QCOMPARE(json["physics"].toObject()["setupId"].toString(), QString("0x0200040D"));
    }

    void roundTripsKeepNanBitsPadBytesAndRejectInconsistentDescriptions() {
        // A NaN scale and non-zero pad bytes come back byte for byte.
        Layout odd;
        odd.u32("PhysicsDesc.flags", descflag::ObjScale | descflag::Movement);
        odd.u32("PhysicsDesc.state", 0);
        odd.u32("PhysicsDesc.movement.length", 1);
        odd.raw("PhysicsDesc.movement.bytes", {0x7E});
        odd.u32("PhysicsDesc.autonomousMovement", 0);
        odd.u32("PhysicsDesc.objScale", 0x7F800001); // a signalling NaN
        odd.stamps(0xFFF0);
        odd.raw("PhysicsDesc.align", {0xEE}); // 39 bytes of fields, one pad byte
        const PhysicsDesc desc = decodeDesc(odd.bytes());
        QCOMPARE(std::bit_cast<std::uint32_t>(*desc.objScale), 0x7F800001u);
        QCOMPARE(encodeDesc(desc), odd.bytes());
        QCOMPARE(toJson(desc)["objScaleBits"].toString(), QString("0x7F800001"));

        // Built by hand, encoded, decoded: the same description.
        PhysicsDesc built;
        built.state = 0x00000341;
        built.setupId = 0x0200040D;
        built.velocity = Vec3(0, 30, 0);
        built.defaultScriptIntensity = 0.5f;
        built.timestamps = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        built.syncFlags();
        QCOMPARE(built.flags,
                 descflag::CSetup | descflag::Velocity | descflag::DefaultScriptIntensity);
        const PhysicsDesc back = decodeDesc(encodeDesc(built));
        QCOMPARE(*back.setupId, *built.setupId);
        QCOMPARE(*back.velocity, *built.velocity);
        QCOMPARE(back.timestamps, built.timestamps);
        QCOMPARE(encodeDesc(back), encodeDesc(built));

        // A flag without its field (or the reverse) cannot be encoded.
        PhysicsDesc broken = built;
        broken.flags |= descflag::PeTable;
        QVERIFY_THROWS_EXCEPTION(dat::DatError, encodeDesc(broken));
        broken = built;
        broken.omega = Vec3();
        QVERIFY_THROWS_EXCEPTION(dat::DatError, encodeDesc(broken));
    }

    void deleteObjectIsTwelveBytesAndKeepsItsPad() {
        const Bytes f747 = fromHex("47 F7 00 00 | 42 00 00 50 | 07 00 | 00 00");
        const Message message = decodeMessage(f747);
        QCOMPARE(std::get<DeleteObject>(message), (DeleteObject{0x50000042, 7, {0, 0}}));
        QCOMPARE(opcodeOf(message), 0xF747u);
        QCOMPARE(guidOf(message), 0x50000042u);
        QCOMPARE(encodeMessage(message), f747);
        const QJsonObject json = toJson(message);
        QCOMPARE(json["name"].toString(), QString("DeleteObject"));
        QCOMPARE(json["instanceStamp"].toInt(), 7);
        QVERIFY(!json.contains("alignPad")); // zero pads go unsaid

        // Pad bytes are skipped unread, so any values decode, and they re-encode as read.
        const Bytes odd = fromHex("47 F7 00 00 | 42 00 00 50 | FF FF | AB CD");
        const Message padded = decodeMessage(odd);
        QCOMPARE(std::get<DeleteObject>(padded).instanceStamp, std::uint16_t(0xFFFF));
        QCOMPARE(encodeMessage(padded), odd);
        QCOMPARE(toJson(padded)["alignPad"].toString(), QString("abcd"));

        // Each cut names the field it falls in; one byte over names the message.
        QVERIFY(failsNaming(prefix(f747, 3), "opcode"));
        QVERIFY(failsNaming(prefix(f747, 7), "DeleteObject.guid"));
        QVERIFY(failsNaming(prefix(f747, 9), "DeleteObject.instanceStamp"));
        QVERIFY(failsNaming(prefix(f747, 10), "DeleteObject.align"));
        QVERIFY(failsNaming(prefix(f747, 11), "DeleteObject.align"));
        Bytes longer = f747;
        longer.push_back(0);
        try {
            decodeMessage(longer);
            QFAIL("a 13-byte DeleteObject decoded");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.field(), std::string("DeleteObject"));
            QCOMPARE(error.offset(), std::uint64_t(12));
            QVERIFY(error.message().find("exactly 12 bytes") != std::string::npos);
        }
    }

    void updatePositionSeedOrderFixtures() {
        // Every orientation component omitted, nothing optional: 36 bytes, the smallest F748.
        const Bytes smallest = fromHex("48 F7 00 00 | 42 00 00 50 | 78 00 00 00 | 19 00 B4 A9 |"
                                       "00 00 80 3F | 00 00 00 40 | 00 00 40 40 |"
                                       "07 00 | 02 01 | 03 00 | 04 00");
        Message message = decodeMessage(smallest);
        const PositionPack& bare = std::get<UpdatePosition>(message).position;
        QCOMPARE(bare.flags, 0x78u);
        QCOMPARE(bare.cellId, 0xA9B40019u);
        QCOMPARE(bare.frame.origin, Vec3(1, 2, 3));
        QCOMPARE(bare.frame.orientation, Quat(0, 0, 0, 0)); // omitted is zero, w included
        QCOMPARE(bare.instanceStamp, std::uint16_t(7));
        QCOMPARE(bare.positionStamp, std::uint16_t(0x0102));
        QCOMPARE(bare.teleportStamp, std::uint16_t(3));
        QCOMPARE(bare.forcePositionStamp, std::uint16_t(4));
        QCOMPARE(encodeMessage(message), smallest);

        // Grounded, with velocity, NoX and NoY: w then z, then the velocity, then the stamps.
        const Bytes moving = fromHex("48 F7 00 00 | 42 00 00 50 | 35 00 00 00 | 19 00 B4 A9 |"
                                     "00 00 48 41 | 00 00 40 C0 | 00 00 80 3E |"
                                     "00 00 00 3F | 00 00 00 BF |"
                                     "00 00 00 00 | 00 00 00 00 | 00 00 18 C1 |"
                                     "07 00 | 02 01 | 03 00 | 04 00");
        message = decodeMessage(moving);
        const PositionPack& pack = std::get<UpdatePosition>(message).position;
        QVERIFY(pack.grounded());
        QCOMPARE(pack.frame.origin, Vec3(12.5f, -3, 0.25f));
        QCOMPARE(pack.frame.orientation, Quat(0.5f, 0, 0, -0.5f));
        QCOMPARE(*pack.velocity, Vec3(0, 0, -9.5f));
        QVERIFY(!pack.placementId);
        QCOMPARE(pack.forcePositionStamp, std::uint16_t(4));
        QCOMPARE(encodeMessage(message), moving);
        const QJsonObject json = toJson(message)["position"].toObject();
        QCOMPARE(json["flags"].toString(), QString("0x00000035"));
        QCOMPARE(json["grounded"].toBool(), true);
        QCOMPARE(json["timestamps"].toObject()["Teleport"].toInt(), 3);
        QVERIFY(!json.contains("placementId"));
    }

    // oracle: R3
    void updatePositionKeepsPresenceAndDefaultsAbsentFieldsToZero() {
        for (const PackCase& c : kPackCases) {
            const Layout layout =
                updatePositionLayout(c.flags, kPackOrientation, c.velocity, c.placement);
            QCOMPARE(layout.bytes().size(), c.size);
            const Message message = decodeMessage(layout.bytes());
            const PositionPack& pack = std::get<UpdatePosition>(message).position;
            QCOMPARE(pack.flags, c.flags);
            QCOMPARE(pack.velocity, c.velocity);
            QCOMPARE(pack.placementId, c.placement);
            // What retail installs: absent is zero, present is the value sent (even zero).
            QCOMPARE(pack.velocityOrZero(), c.velocity.value_or(Vec3{}));
            QCOMPARE(pack.placementOrZero(), c.placement.value_or(0u));
            QCOMPARE(pack.grounded(), (c.flags & 0x04) != 0);
            const Quat& q = pack.frame.orientation;
            QCOMPARE(q.w, (c.flags & 0x08) ? 0.f : kPackOrientation.w);
            QCOMPARE(q.x, (c.flags & 0x10) ? 0.f : kPackOrientation.x);
            QCOMPARE(q.y, (c.flags & 0x20) ? 0.f : kPackOrientation.y);
            QCOMPARE(q.z, (c.flags & 0x40) ? 0.f : kPackOrientation.z);
            QCOMPARE(encodeMessage(message), layout.bytes());
            // The JSON keeps presence too: an absent velocity is no key, a present zero is one.
            const QJsonObject json = toJson(message)["position"].toObject();
            QCOMPARE(json.contains("velocity"), c.velocity.has_value());
            QCOMPARE(json.contains("placementId"), c.placement.has_value());
        }
    }

    // oracle: R4
    void updatePositionTruncationNamesTheFieldAndOverlongIsAnError() {
        for (const PackCase& c : kPackCases) {
            const Layout layout =
                updatePositionLayout(c.flags, kPackOrientation, c.velocity, c.placement);
            const Bytes& full = layout.bytes();
            for (std::size_t cut = 0; cut < full.size(); ++cut) {
                const Layout::Read* owner = nullptr;
                for (const auto& read : layout.reads)
                    if (read.start <= cut && cut < read.start + read.size)
                        owner = &read;
                try {
                    decodeMessage(prefix(full, cut));
                    QFAIL(qPrintable(QString("%1: a cut at %2 decoded").arg(c.name).arg(cut)));
                } catch (const dat::DatError& error) {
                    QCOMPARE(error.field(), owner->field);
                    QCOMPARE(error.offset(), std::uint64_t(owner->start));
                }
            }
            Bytes longer = full;
            longer.push_back(0);
            try {
                decodeMessage(longer);
                QFAIL(qPrintable(QString("%1: one byte over decoded").arg(c.name)));
            } catch (const dat::DatError& error) {
                QCOMPARE(error.field(), std::string("UpdatePosition"));
                QCOMPARE(error.offset(), std::uint64_t(full.size()));
                QVERIFY(error.message().find("exactly " + std::to_string(full.size())) !=
                        std::string::npos);
            }
        }
    }

    void positionPackEncodeRefusesWhatItsFlagsWouldMisread() {
        PositionPack pack;
        pack.cellId = 0xA9B40019;
        pack.velocity = Vec3(0, 0, 0); // present zero
        pack.placementId = 0x65;
        pack.syncFlags();
        QCOMPARE(pack.flags, posflag::HasVelocity | posflag::HasPlacementId);
        pack.flags |= posflag::IsGrounded | posflag::OrientationHasNoX;
        pack.frame.orientation = Quat(1, 0, 0, 0);
        const Bytes bytes = encodeMessage(UpdatePosition{0x50000042, pack});
        QCOMPARE(bytes.size(), std::size_t(64)); // 68 less the omitted x
        QCOMPARE(std::get<UpdatePosition>(decodeMessage(bytes)).position, pack);
        // syncFlags leaves the omissions and IsGrounded as they were.
        pack.velocity.reset();
        pack.syncFlags();
        QCOMPARE(pack.flags,
                 posflag::HasPlacementId | posflag::IsGrounded | posflag::OrientationHasNoX);

        const auto refuses = [](const PositionPack& broken, const std::string& field) {
            try {
                encodeMessage(UpdatePosition{1, broken});
                return false;
            } catch (const dat::DatError& error) {
                return error.field() == field;
            }
        };
        PositionPack broken = pack;
        broken.flags |= posflag::HasVelocity;
        QVERIFY(refuses(broken, "PositionPack.velocity"));
        broken = pack;
        broken.placementId.reset();
        QVERIFY(refuses(broken, "PositionPack.placementId"));
        // An omitted component must be +0: anything else (-0 included) would decode as +0.
        broken = pack;
        broken.frame.orientation.x = 0.5f;
        QVERIFY(refuses(broken, "PositionPack.orientation.x"));
        broken.frame.orientation.x = -0.0f;
        QVERIFY(refuses(broken, "PositionPack.orientation.x"));
        broken = pack;
        broken.flags |= posflag::OrientationHasNoW; // w is 1
        QVERIFY(refuses(broken, "PositionPack.orientation.w"));
    }

    void everyMessageComesBackFromItsJson() {
        std::vector<Bytes> samples{
            fromHex("54 F7 00 00 | 42 00 00 50 | 99 00 00 33"),
            fromHex("55 F7 00 00 | 42 00 00 50 | A5 A5 A5 A5 | 34 12 C0 7F"), // NaN payload
            fromHex("55 F7 00 00 | 42 00 00 50 | 5C 00 00 00 | 00 00 00 80"), // -0
            fromHex("4B F7 00 00 | 42 00 00 50 | 00 40 00 00 | 03 00 | 00 80"),
            fromHex("47 F7 00 00 | 42 00 00 50 | 07 00 | AB CD"),
            createObjectBytes(),
        };
        // VectorUpdate: a signalling NaN, infinity and -0 in the velocity.
        dat::ByteWriter vector;
        vector.u32(opcode::VectorUpdate);
        vector.u32(0x50000042);
        for (std::uint32_t bits : {0x7F800001u, 0x7F800000u, 0x80000000u, 0u, 0u, 0x3F000000u})
            vector.u32(bits);
        vector.u16(3);
        vector.u16(9);
        samples.push_back(vector.take());
        for (const PackCase& c : kPackCases)
            samples.push_back(
                updatePositionLayout(c.flags, kPackOrientation, c.velocity, c.placement).bytes());
        // An F748 whose orientation holds a NaN with a payload: it travels as orientationBits.
        Layout nanPack = updatePositionLayout(0x10, kPackOrientation, std::nullopt, std::nullopt);
        nanPack.out.patchU32(28, 0xFFC0BEEF);
        samples.push_back(nanPack.bytes());
        // A CreateObject with a NaN scale, odd pad bytes and a small id in the 4-byte form, and
        // one with a NaN in its position's orientation.
        {
            dat::ByteWriter out;
            out.u32(opcode::CreateObject);
            out.u32(0x50000043);
            out.u8(0x11);
            out.u8(0);
            out.u8(0);
            out.u8(1);
            out.u8(2);
            out.u16(0x8000); // GfxObj 0x01000042 spelled in four bytes
            out.u16(0x0042);
            out.bytes(fromHex("EE EE EE")); // pad to 12
            out.u32(descflag::ObjScale | descflag::Position | descflag::AnimationFrame);
            out.u32(0x00400C08);
            out.u32(0x65); // animation frame
            out.u32(0xA9B40019);
            for (std::uint32_t bits :
                 {0x3F800000u, 0x40000000u, 0x40400000u, 0x7FC0ABCDu, 0u, 0u, 0x80000000u})
                out.u32(bits);
            out.u32(0x7F800001); // objScale
            for (std::uint16_t i = 0; i < 9; ++i)
                out.u16(std::uint16_t(0xFFF0 + i));
            out.bytes(fromHex("01 02")); // pad to 4
            samples.push_back(out.take());
        }
        for (const Bytes& bytes : samples) {
            const Message message = decodeMessage(bytes);
            const QString what =
                QString::fromLatin1(opcodeName(opcodeOf(message)).data()) + " " +
                QString::fromLatin1(
                    QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))
                        .toHex(' '));
            QVERIFY2(encodeMessage(messageFromJson(toJson(message))) == bytes, qPrintable(what));
            QVERIFY2(encodeMessage(throughJsonText(message)) == bytes, qPrintable(what));
            // And the JSON of the result is the same JSON.
            QVERIFY2(toJson(messageFromJson(toJson(message))) == toJson(message), qPrintable(what));
        }
        // The R5 F755 fixture keeps its exact NaN through JSON text.
        const Message typed = throughJsonText(decodeMessage(samples[1]));
        QCOMPARE(std::get<PlayScriptType>(typed).intensityBits, 0x7FC01234u);
        QCOMPARE(std::get<PlayScriptType>(typed).scriptType, 0xA5A5A5A5u);
        // The full CreateObject comes back field for field.
        const Message create = throughJsonText(decodeMessage(createObjectBytes()));
        const PhysicsDesc& physics = std::get<CreateObject>(create).physics;
        QCOMPARE(physics.flags, kAllButAnimationFrame);
        QCOMPARE(*physics.children, (std::vector<ChildLink>{{0x50000002, 2}, {0x50000003, 3}}));
        QCOMPARE(*physics.movement, Bytes({0xAA, 0xBB, 0xCC}));
        QCOMPARE(physics.stamp(Channel::Instance), std::uint16_t(0x0109));
        QVERIFY(std::get<CreateObject>(create).model.textureChanges[0].oldTexture.longForm);
    }

    void handWrittenJsonMayLeaveOutFlagsStampsAndUseNames() {
        // The opcode by name, a plain-number guid, only "intensity": the bits of 0.5f.
        Message message = messageFromJson(parseJson(
            R"({"opcode": "PlayScriptType", "guid": 1342177346, "scriptType": "0x5C",
                "intensity": 0.5})"));
        QCOMPARE(std::get<PlayScriptType>(message),
                 (PlayScriptType{0x50000042, 0x5C, std::bit_cast<std::uint32_t>(0.5f)}));
        // A plain number is exact, so it wins over bits left beside it (a merged default);
        // the bits speak only for a "nan".
        message = messageFromJson(parseJson(
            R"({"opcode": "PlayScriptType", "guid": 1, "scriptType": 4, "intensity": 0.5,
                "intensityBits": "0x00000000"})"));
        QCOMPARE(std::get<PlayScriptType>(message).intensity(), 0.5f);
        message = messageFromJson(parseJson(
            R"({"opcode": "VectorUpdate", "guid": 1, "velocity": [1, "nan", 3],
                "velocityBits": ["0x00000000", "0xFFC00001", "0x00000000"]})"));
        QCOMPARE(std::bit_cast<std::uint32_t>(std::get<VectorUpdate>(message).velocity.y),
                 0xFFC00001u);
        QCOMPARE(std::get<VectorUpdate>(message).velocity.x, 1.f);
        // Only a name; stamps left out are zero.
        message = messageFromJson(
            parseJson(R"({"name": "SetState", "guid": "0x50000042", "state": "0x00004000"})"));
        QCOMPARE(std::get<SetState>(message), (SetState{0x50000042, 0x4000, 0, 0}));
        message = messageFromJson(
            parseJson(R"({"opcode": "DeleteObject", "guid": "0x50000042", "instanceStamp": 7})"));
        QCOMPARE(encodeMessage(message), fromHex("47 F7 00 00 | 42 00 00 50 | 07 00 | 00 00"));
        message = messageFromJson(
            parseJson(R"({"opcode": "0x0000F74E", "guid": "0x50000042", "velocity": [0, 30, 0]})"));
        QCOMPARE(std::get<VectorUpdate>(message).omega, Vec3(0, 0, 0));

        // A CreateObject with no flags, partial stamps, no model and no weenie bytes: the flags
        // come from the fields present.
        message = messageFromJson(parseJson(R"({
            "opcode": "CreateObject", "guid": "0x50000042",
            "physics": {"state": "0x00000341", "setupId": "0x0200040D",
                        "physicsScriptTableId": "0x00000000", "velocity": [0, 30, 0],
                        "position": {"cellId": "0xA9B40019", "origin": [1, 2, 3]},
                        "timestamps": {"Instance": 7, "Position": 2}}})"));
        const auto& create = std::get<CreateObject>(message);
        QCOMPARE(create.physics.flags,
                 descflag::CSetup | descflag::PeTable | descflag::Velocity | descflag::Position);
        QCOMPARE(*create.physics.physicsScriptTableId, 0u); // a present zero stays present
        QCOMPARE(create.physics.position->frame.orientation, Quat()); // identity by default
        QCOMPARE(create.physics.timestamps, (Timestamps{2, 0, 0, 0, 0, 0, 0, 0, 7}));
        QCOMPARE(create.model.marker, std::uint8_t(0x11));
        QVERIFY(create.weenieDescription.empty());
        const Bytes createBytes = encodeMessage(message);
        QCOMPARE(encodeMessage(decodeMessage(createBytes)), createBytes);

        // An UpdatePosition with no flags: every orientation component written, "grounded" and
        // the velocity set their bits.
        message = messageFromJson(parseJson(R"({
            "opcode": "UpdatePosition", "guid": "0x50000042",
            "position": {"cellId": "0xA9B40019", "origin": [1, 2, 3],
                         "orientation": [1, 0, 0, 0], "velocity": [0, 0, -1],
                         "grounded": true, "timestamps": {"Position": 3}}})"));
        const PositionPack& pack = std::get<UpdatePosition>(message).position;
        QCOMPARE(pack.flags, posflag::HasVelocity | posflag::IsGrounded);
        QCOMPARE(pack.positionStamp, std::uint16_t(3));
        QCOMPARE(pack.instanceStamp, std::uint16_t(0));
        QCOMPARE(encodeMessage(message).size(), std::size_t(64));

        // Raw bytes, '|' and spaces allowed.
        message = messageFromJson(
            parseJson(R"({"hex": "55 F7 00 00 | 42 00 00 50 | A5 A5 A5 A5 | 34 12 C0 7F"})"));
        QCOMPARE(std::get<PlayScriptType>(message).intensityBits, 0x7FC01234u);
    }

    void jsonErrorsNameTheKeyPath() {
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "PlayScriptId", "scriptId": 1})")),
                 std::string("guid"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "PlayScriptId", "guid": true,
                                              "scriptId": 1})")),
                 std::string("guid"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "PlayScriptIdd", "guid": 1})")),
                 std::string("opcode"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "0x0000F749", "guid": 1})")),
                 std::string("opcode"));
        QCOMPARE(jsonErrorField(parseJson(R"({"guid": 1})")), std::string("opcode"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "0x0000F754", "name": "PlayScriptType",
                                              "guid": 1, "scriptId": 1})")),
                 std::string("name"));
        // A misspelt stamp channel is refused rather than read as zero.
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "CreateObject", "guid": 1,
                                              "physics": {"state": 0,
                                                          "timestamps": {"Instanse": 3}}})")),
                 std::string("physics.timestamps.Instanse"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "CreateObject", "guid": 1})")),
                 std::string("physics"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "UpdatePosition", "guid": 1,
                                              "position": {"origin": [1, 2, 3]}})")),
                 std::string("position.cellId"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "UpdatePosition", "guid": 1,
                                              "position": {"cellId": 1, "origin": [1, 2]}})")),
                 std::string("position.origin"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "UpdatePosition", "guid": 1,
                                              "position": {"cellId": 1, "flags": "0x00000000",
                                                           "grounded": true}})")),
                 std::string("position.grounded"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "CreateObject", "guid": 1,
                                              "model": {"basePalette": {"id": "0x00001234"}},
                                              "physics": {"state": 0}})")),
                 std::string("model.basePalette.id"));
        QCOMPARE(jsonErrorField(parseJson(R"({"hex": "55 F7 00"})")), std::string("opcode"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "PlayScriptType", "guid": 1,
                                              "scriptType": 4, "intensity": "nan",
                                              "intensityBits": "0x3F000000"})")),
                 std::string("intensityBits"));
        QCOMPARE(jsonErrorField(parseJson(R"({"opcode": "PlayScriptType", "guid": 1,
                                              "scriptType": 4})")),
                 std::string("intensity"));
        // Explicit flags that disagree with the fields fail as the encoder would, with context.
        try {
            messageFromJson(parseJson(R"({"opcode": "CreateObject", "guid": 1,
                                          "physics": {"flags": "0x00001000", "state": 0}})"));
            QFAIL("a PeTable bit without its field was accepted");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.field(), std::string("PhysicsDesc.physicsScriptTableId"));
            QVERIFY(!error.context().empty());
        }
        // A caller's path prefixes every key, as in a scenario file.
        try {
            messageFromJson(dat::JsonNode(parseJson(R"({"opcode": "CreateObject", "guid": 1,
                              "physics": {"state": 0, "setupId": "0x0200040G"}})"),
                                          "timeline[2].message"));
            QFAIL("a bad setupId was accepted");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.field(), std::string("timeline[2].message.physics.setupId"));
        }
    }

    void positionNeedsTheLiveInstanceANewerStampAndNoStaleTeleport() {
        ObjectTimestamps object;
        QCOMPARE(object.onPosition(7, 1, 0), (PositionDecision{{false, Gate::NoLiveObject}}));
        //                      Pos Mov Sta Vec Tel SCM FP  ObD Ins
        object.onCreateObject({10, 20, 30, 40, 5, 60, 70, 80, 7});
        const Timestamps created = *object.stamps();

        // Not the exact live Instance: rejected before any stamp is looked at.
        QCOMPARE(object.onPosition(8, 11, 5), (PositionDecision{{false, Gate::InstanceMismatch}}));
        QCOMPARE(object.onPosition(6, 11, 5), (PositionDecision{{false, Gate::InstanceMismatch}}));
        // Equal and older Position stamps are stale.
        QCOMPARE(object.onPosition(7, 10, 5), (PositionDecision{{false, Gate::ChannelStamp}}));
        QCOMPARE(object.onPosition(7, 9, 6), (PositionDecision{{false, Gate::ChannelStamp}}));
        QCOMPARE(*object.stamps(), created);

        // A newer Position with an older Teleport: rejected, and the Position stamp restored...
        QCOMPARE(object.onPosition(7, 11, 4), (PositionDecision{{false, Gate::StaleTeleport}}));
        QCOMPARE(*object.stamps(), created);
        // ...so the same Position stamp with the current Teleport is still fresh.
        QCOMPARE(object.onPosition(7, 11, 5), (PositionDecision{{true, Gate::ChannelStamp}}));
        QCOMPARE(stamp(*object.stamps(), Channel::Position), std::uint16_t(11));
        QCOMPARE(stamp(*object.stamps(), Channel::Teleport), std::uint16_t(5));

        // A newer Teleport is stored and reported.
        QCOMPARE(object.onPosition(7, 12, 6), (PositionDecision{{true, Gate::ChannelStamp}, true}));
        QCOMPARE(stamp(*object.stamps(), Channel::Teleport), std::uint16_t(6));
        QCOMPARE(object.onPosition(7, 13, 5), (PositionDecision{{false, Gate::StaleTeleport}}));
        QCOMPARE(stamp(*object.stamps(), Channel::Position), std::uint16_t(12));
        // Only Position and Teleport ever moved.
        Timestamps expected = created;
        stamp(expected, Channel::Position) = 12;
        stamp(expected, Channel::Teleport) = 6;
        QCOMPARE(*object.stamps(), expected);
        // Teleport wraps like every stamp: 0x0000 is newer than 0xFFFF.
        ObjectTimestamps wrapped;
        wrapped.onCreateObject({1, 0, 0, 0, 0xFFFF, 0, 0, 0, 3});
        QCOMPARE(wrapped.onPosition(3, 2, 0x0000),
                 (PositionDecision{{true, Gate::ChannelStamp}, true}));
        QCOMPARE(gateName(Gate::StaleTeleport), std::string_view("stale-teleport"));

        // The stamps come straight from a decoded F748 (ForcePosition is parsed, not gated).
        const Message update = decodeMessage(
            updatePositionLayout(0x00, kPackOrientation, std::nullopt, std::nullopt).bytes());
        const PositionPack& pack = std::get<UpdatePosition>(update).position;
        ObjectTimestamps live;
        live.onCreateObject({0x0101, 0, 0, 0, 3, 0, 0, 0, 7});
        QCOMPARE(live.onPosition(pack.instanceStamp, pack.positionStamp, pack.teleportStamp),
                 (PositionDecision{{true, Gate::ChannelStamp}}));
    }

    // oracle: R16
    void isNewerMatchesRetailAtTheHalfRangeBoundary() {
        static_assert(isNewer(1, 0));
        // Distance 0x7FFF: the numerically higher stamp wins.
        QVERIFY(isNewer(0x7FFF, 0x0000));
        QVERIFY(!isNewer(0x0000, 0x7FFF));
        QVERIFY(isNewer(0xFFFF, 0x8000));
        // Distance exactly 0x8000: the numerically lower stamp wins.
        QVERIFY(!isNewer(0x8000, 0x0000));
        QVERIFY(isNewer(0x0000, 0x8000));
        QVERIFY(isNewer(0x7FFF, 0xFFFF));
        QVERIFY(!isNewer(0xFFFF, 0x7FFF));
        // Equal is stale, everywhere.
        for (std::uint16_t s : {0x0000, 0x0001, 0x7FFF, 0x8000, 0xFFFF})
            QVERIFY(!isNewer(s, s));
        // Wrap: 0x0000 follows 0xFFFF, and 0x0005 follows 0xFFFB.
        QVERIFY(isNewer(0x0000, 0xFFFF));
        QVERIFY(!isNewer(0xFFFF, 0x0000));
        QVERIFY(isNewer(0x0005, 0xFFFB));
        QVERIFY(!isNewer(0xFFFB, 0x0005));
    }

    // oracle: R17
    void createObjectGenerations() {
        ObjectTimestamps object;
        const Timestamps first{10, 20, 30, 40, 50, 60, 70, 80, 5};
        CreateDecision d = object.onCreateObject(first);
        QCOMPARE(d.result, (GateResult{true, Gate::FirstGeneration}));
        QCOMPARE(*object.stamps(), first); // all nine taken wholesale

        // A newer Instance starts a new generation and replaces all nine, older channels too.
        const Timestamps next{1, 2, 3, 4, 5, 6, 7, 8, 6};
        d = object.onCreateObject(next);
        QCOMPARE(d.result, (GateResult{true, Gate::NewerInstance}));
        QCOMPARE(*object.stamps(), next);

        // An older Instance is rejected and changes nothing.
        const Timestamps stale{900, 900, 900, 900, 900, 900, 900, 900, 5};
        d = object.onCreateObject(stale);
        QCOMPARE(d.result, (GateResult{false, Gate::StaleInstance}));
        QCOMPARE(*object.stamps(), next);

        // The same Instance: each branch through its own gate, nothing authorised wholesale.
        const Timestamps same{9, 1, 4, 4, 99, 99, 99, 9, 6};
        d = object.onCreateObject(same);
        QCOMPARE(d.result, (GateResult{true, Gate::SameInstance}));
        QVERIFY(d.branchAccepted(Channel::Position));  // 1 -> 9
        QVERIFY(!d.branchAccepted(Channel::Movement)); // 2 -> 1 is older
        QVERIFY(d.branchAccepted(Channel::State));     // 3 -> 4
        QVERIFY(!d.branchAccepted(Channel::Vector));   // 4 -> 4 is equal, stale
        QVERIFY(d.branchAccepted(Channel::ObjDesc));   // 8 -> 9
        const Timestamps merged{9, 2, 4, 4, 5, 6, 7, 9, 6};
        QCOMPARE(*object.stamps(), merged); // Teleport etc. were not taken from the snapshot

        // A same-Instance snapshot with nothing newer is rejected as a whole.
        d = object.onCreateObject(merged);
        QCOMPARE(d.result, (GateResult{false, Gate::SameInstance}));

        // Instance wraps like every stamp: 0x0000 is newer than 0xFFFF.
        ObjectTimestamps wrapped;
        wrapped.onCreateObject({0, 0, 0, 0, 0, 0, 0, 0, 0xFFFF});
        QCOMPARE(wrapped.onCreateObject({0, 0, 0, 0, 0, 0, 0, 0, 0x0000}).result.gate,
                 Gate::NewerInstance);
        // After a delete there is no live generation: the next create is a first one again.
        QCOMPARE(wrapped.onDelete(0x0000), (GateResult{true, Gate::InstanceMatch}));
        QVERIFY(!wrapped.live());
        QCOMPARE(wrapped.onCreateObject(stale).result.gate, Gate::FirstGeneration);
    }

    // oracle: R18
    void channelUpdatesNeedTheExactInstanceAndAStrictlyNewerStamp() {
        for (Channel channel :
             {Channel::State, Channel::Vector, Channel::Movement, Channel::ObjDesc}) {
            ObjectTimestamps object;
            QCOMPARE(object.onChannelUpdate(channel, 7, 1),
                     (GateResult{false, Gate::NoLiveObject}));
            object.onCreateObject({10, 10, 10, 10, 10, 10, 10, 10, 7});
            // Not the exact live Instance, newer or older: rejected before the stamp is looked at.
            QCOMPARE(object.onChannelUpdate(channel, 8, 11),
                     (GateResult{false, Gate::InstanceMismatch}));
            QCOMPARE(object.onChannelUpdate(channel, 6, 11),
                     (GateResult{false, Gate::InstanceMismatch}));
            QCOMPARE(stamp(*object.stamps(), channel), std::uint16_t(10));
            // Equal and older stamps are stale.
            QCOMPARE(object.onChannelUpdate(channel, 7, 10),
                     (GateResult{false, Gate::ChannelStamp}));
            QCOMPARE(object.onChannelUpdate(channel, 7, 9),
                     (GateResult{false, Gate::ChannelStamp}));
            // Strictly newer passes and is stored; only that channel moves.
            QCOMPARE(object.onChannelUpdate(channel, 7, 11),
                     (GateResult{true, Gate::ChannelStamp}));
            QCOMPARE(stamp(*object.stamps(), channel), std::uint16_t(11));
            for (std::size_t i = 0; i < kChannelCount; ++i)
                if (Channel(i) != channel && Channel(i) != Channel::Instance)
                    QCOMPARE((*object.stamps())[i], std::uint16_t(10));
            QCOMPARE(object.onChannelUpdate(channel, 7, 11),
                     (GateResult{false, Gate::ChannelStamp}));
            // 0x8000 away is the wrap half: numerically higher is older.
            QCOMPARE(object.onChannelUpdate(channel, 7, 11 + 0x8000),
                     (GateResult{false, Gate::ChannelStamp}));
        }
        QCOMPARE(gateName(Gate::ChannelStamp), std::string_view("channel-stamp"));
    }

    void cliDecodesToJsonAndTreeAndReportsMalformedInput() {
        using testing::runPortalkit;
        auto run =
            runPortalkit({"wire", "decode", "--hex",
                          "55 F7 00 00 | 42 00 00 50 | A5 A5 A5 A5 | 34 12 C0 7F", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json["opcode"].toString(), QString("0x0000F755"));
        QCOMPARE(json["name"].toString(), QString("PlayScriptType"));
        QCOMPARE(json["guid"].toString(), QString("0x50000042"));
        QCOMPARE(json["intensity"].toString(), QString("nan"));
        QCOMPARE(json["intensityBits"].toString(), QString("0x7FC01234"));

        run = runPortalkit({"wire", "decode", "--hex", "54F70000 42000050 99000033"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("name: PlayScriptId"));
        QVERIFY(run.out.contains("scriptId: 0x33000099"));

        // From a file of raw bytes: the CreateObject, all the way to the stamps.
        QTemporaryDir dir;
        const QString path = dir.filePath("create.bin");
        const Bytes create = createObjectBytes();
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(reinterpret_cast<const char*>(create.data()), qint64(create.size()));
        }
        run = runPortalkit({"wire", "decode", "--file", path, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject physics = QJsonDocument::fromJson(run.out).object()["physics"].toObject();
        QCOMPARE(physics["timestamps"].toObject()["Instance"].toInt(), 0x0109);

        // Malformed: exit 1, naming the field and the offset.
        run = runPortalkit({"wire", "decode", "--hex", "55 F7 00 00 42 00 00 50 A5 A5 A5 A5 34"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("PlayScriptType.intensity"), run.err.constData());
        QVERIFY2(run.err.contains("offset 0xC"), run.err.constData());
        run = runPortalkit({"wire", "decode", "--hex", "54 F7 00 00 42 00 00 50 99 00 00 33 00"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("exactly 12 bytes"), run.err.constData());

        // The position and delete messages decode through the CLI too.
        run = runPortalkit({"wire", "decode", "--json", "--hex",
                            "48 F7 00 00 | 42 00 00 50 | 78 00 00 00 | 19 00 B4 A9 |"
                            "00 00 80 3F | 00 00 00 40 | 00 00 40 40 | 07 00 02 01 03 00 04 00"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject position =
            QJsonDocument::fromJson(run.out).object()["position"].toObject();
        QCOMPARE(position["cellId"].toString(), QString("0xA9B40019"));
        QCOMPARE(position["timestamps"].toObject()["Position"].toInt(), 0x0102);
        run = runPortalkit({"wire", "decode", "--hex", "47F70000 42000050 0700 0000"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("name: DeleteObject"));
        QVERIFY(run.out.contains("instanceStamp: 7"));

        // Usage: exit 2.
        QCOMPARE(runPortalkit({"wire", "decode"}).exitCode, 2);
        QCOMPARE(runPortalkit({"wire", "decode", "--hex", "54F"}).exitCode, 2);
        QCOMPARE(runPortalkit({"wire", "encode", "--hex", "00"}).exitCode, 2);
        QCOMPARE(runPortalkit({"wire", "decode", "--hex", "00", "--file", path}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestWire)
#include "tst_wire.moc"
