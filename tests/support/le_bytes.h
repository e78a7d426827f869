#pragma once

// Hand-written fixtures: a little-endian byte builder independent of ByteWriter, so tests of
// decoders do not lean on the encoders they check, plus helpers for expected DatErrors.

#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <QString>
#include <QTest>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace portalkit::testing {

struct Bytes {
    std::vector<std::uint8_t> data;
    Bytes& u8(std::uint8_t v) {
        data.push_back(v);
        return *this;
    }
    Bytes& u16(std::uint16_t v) {
        data.push_back(std::uint8_t(v));
        data.push_back(std::uint8_t(v >> 8));
        return *this;
    }
    Bytes& u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            data.push_back(std::uint8_t(v >> (8 * i)));
        return *this;
    }
    Bytes& i32(std::int32_t v) { return u32(std::uint32_t(v)); }
    Bytes& f32(float v) {
        std::uint32_t bits;
        std::memcpy(&bits, &v, 4);
        return u32(bits);
    }
    Bytes& f64(double v) {
        std::uint64_t bits;
        std::memcpy(&bits, &v, 8);
        u32(std::uint32_t(bits));
        return u32(std::uint32_t(bits >> 32));
    }
    // A BSP tag as its four letters in reading order.
    Bytes& tag(const char (&text)[5]) {
        data.insert(data.end(), text, text + 4);
        return *this;
    }
    Bytes& raw(const std::vector<std::uint8_t>& bytes) {
        data.insert(data.end(), bytes.begin(), bytes.end());
        return *this;
    }
    QByteArray bytes() const {
        return QByteArray(reinterpret_cast<const char*>(data.data()), qsizetype(data.size()));
    }
};

// The DatError `fn` throws, or nothing when it does not throw.
template <typename Fn> std::optional<dat::DatError> errorFrom(Fn&& fn) {
    try {
        fn();
    } catch (const dat::DatError& error) {
        return error;
    }
    return std::nullopt;
}

// The DatError `fn` must throw; throws std::runtime_error, failing the test, when it does not.
template <typename Fn> dat::DatError expectDatError(Fn&& fn) {
    if (auto error = errorFrom(std::forward<Fn>(fn)))
        return *error;
    throw std::runtime_error("accepted bytes that should have been rejected");
}

inline bool mentions(const dat::DatError& error, const std::string& text) {
    return std::string(error.what()).find(text) != std::string::npos;
}

// What every decode error must say: the field, the entry offset, the DID and, when given, the
// context it gathered on the way up.
inline void checkEntryError(const std::optional<dat::DatError>& error, const QString& field,
                            std::uint64_t offset, std::uint32_t did, const QString& context = {}) {
    QVERIFY(error);
    QCOMPARE(QString::fromStdString(error->field()), field);
    QCOMPARE(error->offset(), offset);
    QCOMPARE(error->offsetKind(), dat::OffsetKind::Entry);
    QCOMPARE(*error->did(), did);
    if (!context.isEmpty())
        QVERIFY2(mentions(*error, context.toStdString()), error->what());
}

} // namespace portalkit::testing
