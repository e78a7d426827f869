#pragma once

#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// A checked view of one value in a record's JSON form: the JSON twin of ByteCursor. Every read
// names its path ("setup.spheres[1].radius"), so a bad source file fails with the DID and the
// field instead of silently becoming a zero. Missing keys are only allowed through the
// overloads that take a fallback, which is how sources leave out defaults.
class JsonNode {
  public:
    JsonNode(QJsonValue value, std::string path, std::optional<std::uint32_t> did = std::nullopt);

    // An object member; a missing key gives a missing node, which fails on any required read.
    JsonNode operator[](std::string_view key) const;
    // An array element; fails when this is not an array or the index is past its end.
    JsonNode operator[](qsizetype index) const;

    bool isMissing() const { return m_value.isUndefined(); }
    bool has(std::string_view key) const;
    bool isObject() const { return m_value.isObject(); }
    bool isArray() const { return m_value.isArray(); }
    bool isString() const { return m_value.isString(); }
    // The elements of an array (fails unless this is one); a missing node is an empty list.
    std::vector<JsonNode> elements() const;
    // The keys of an object, in the order QJsonObject keeps them (sorted).
    std::vector<std::string> keys() const;

    // Integers are JSON numbers that are whole and in range, or "0x..." hex strings.
    std::uint8_t u8() const;
    std::uint16_t u16() const;
    std::uint32_t u32() const;
    std::int32_t i32() const;
    std::uint64_t u64() const;
    // Reals are JSON numbers or "nan", "inf", "-inf", "-0" (JSON cannot carry those), or a NaN
    // with its bits, "nan(0x7FC01234)" (8 hex digits, a float's) or 16 digits (a double's).
    float f32() const;
    double f64() const;
    bool boolean() const;
    QString string() const;
    // Bytes are a hex string ("0A1B...", whitespace allowed).
    QByteArray hexBytes() const;
    // Bytes as standard base64.
    QByteArray base64Bytes() const;

    std::uint8_t u8(std::uint8_t fallback) const { return isMissing() ? fallback : u8(); }
    std::uint16_t u16(std::uint16_t fallback) const { return isMissing() ? fallback : u16(); }
    std::uint32_t u32(std::uint32_t fallback) const { return isMissing() ? fallback : u32(); }
    std::int32_t i32(std::int32_t fallback) const { return isMissing() ? fallback : i32(); }
    float f32(float fallback) const { return isMissing() ? fallback : f32(); }
    double f64(double fallback) const { return isMissing() ? fallback : f64(); }
    bool boolean(bool fallback) const { return isMissing() ? fallback : boolean(); }
    QString string(const QString& fallback) const { return isMissing() ? fallback : string(); }

    const QJsonValue& value() const { return m_value; }
    const std::string& path() const { return m_path; }
    const std::optional<std::uint32_t>& did() const { return m_did; }

    [[noreturn]] void fail(const std::string& message) const;

  private:
    double number(double min, double max, const char* what) const;

    QJsonValue m_value;
    std::string m_path;
    std::optional<std::uint32_t> m_did;
};

} // namespace portalkit::dat
