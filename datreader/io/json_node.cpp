#include "datreader/io/json_node.h"

#include <QJsonArray>
#include <QJsonObject>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

namespace portalkit::dat {
namespace {

const char* typeName(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Bool:
        return "a boolean";
    case QJsonValue::Double:
        return "a number";
    case QJsonValue::String:
        return "a string";
    case QJsonValue::Array:
        return "an array";
    case QJsonValue::Object:
        return "an object";
    case QJsonValue::Undefined:
        break;
    }
    return "missing";
}

} // namespace

JsonNode::JsonNode(QJsonValue value, std::string path, std::optional<std::uint32_t> did)
    : m_value(std::move(value)), m_path(std::move(path)), m_did(did) {}

JsonNode JsonNode::operator[](std::string_view key) const {
    const std::string path = m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
    if (isMissing())
        return JsonNode(QJsonValue::Undefined, path, m_did);
    if (!m_value.isObject())
        fail(std::string("expected an object, found ") + typeName(m_value));
    return JsonNode(m_value.toObject().value(QLatin1StringView(key.data(), key.size())), path,
                    m_did);
}

JsonNode JsonNode::operator[](qsizetype index) const {
    if (!m_value.isArray())
        fail(std::string("expected an array, found ") + typeName(m_value));
    const QJsonArray array = m_value.toArray();
    if (index < 0 || index >= array.size())
        fail("no element " + std::to_string(index) + " in an array of " +
             std::to_string(array.size()));
    return JsonNode(array.at(index), m_path + "[" + std::to_string(index) + "]", m_did);
}

bool JsonNode::has(std::string_view key) const {
    return m_value.isObject() &&
           m_value.toObject().contains(QLatin1StringView(key.data(), key.size()));
}

std::vector<JsonNode> JsonNode::elements() const {
    if (isMissing())
        return {};
    if (!m_value.isArray())
        fail(std::string("expected an array, found ") + typeName(m_value));
    const QJsonArray array = m_value.toArray();
    std::vector<JsonNode> result;
    result.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i)
        result.emplace_back(array.at(i), m_path + "[" + std::to_string(i) + "]", m_did);
    return result;
}

std::vector<std::string> JsonNode::keys() const {
    if (!m_value.isObject())
        fail(std::string("expected an object, found ") + typeName(m_value));
    std::vector<std::string> result;
    for (const QString& key : m_value.toObject().keys())
        result.push_back(key.toStdString());
    return result;
}

double JsonNode::number(double min, double max, const char* what) const {
    double value = 0;
    if (m_value.isDouble()) {
        value = m_value.toDouble();
    } else if (m_value.isString() && m_value.toString().startsWith("0x", Qt::CaseInsensitive)) {
        bool ok = false;
        const qulonglong parsed = m_value.toString().mid(2).toULongLong(&ok, 16);
        if (!ok)
            fail("'" + m_value.toString().toStdString() + "' is not a hex number");
        value = double(parsed);
    } else {
        fail(std::string("expected ") + what + ", found " + typeName(m_value));
    }
    if (value != std::floor(value) || value < min || value > max)
        fail(QString::number(value, 'g', 17).toStdString() + " is not " + what);
    return value;
}

std::uint8_t JsonNode::u8() const {
    return std::uint8_t(number(0, 0xFF, "an integer in 0..255"));
}

std::uint16_t JsonNode::u16() const {
    return std::uint16_t(number(0, 0xFFFF, "an integer in 0..65535"));
}

std::uint32_t JsonNode::u32() const {
    return std::uint32_t(number(0, 0xFFFFFFFFu, "an unsigned 32-bit integer"));
}

std::int32_t JsonNode::i32() const {
    // Hex spellings of negative values ("0xFFFFFFFF") read as their two's complement; a plain
    // number must be in range, so a width of 3000000000 is an error, not a negative width.
    if (m_value.isDouble())
        return std::int32_t(number(std::numeric_limits<std::int32_t>::min(),
                                   std::numeric_limits<std::int32_t>::max(),
                                   "a signed 32-bit integer"));
    const double value = number(0, 0xFFFFFFFFu, "a 32-bit integer");
    return std::int32_t(std::uint32_t(value));
}

std::uint64_t JsonNode::u64() const {
    // Above 2^53 a JSON number can no longer hold every integer, so only exact values pass.
    return std::uint64_t(number(0, 9007199254740992.0, "an unsigned integer up to 2^53"));
}

namespace {
// The bits of a "nan(0x...)" spelling with `digits` hex digits, as exactJson writes it.
std::optional<std::uint64_t> nanBits(const QString& text, int digits) {
    if (text.size() != 7 + digits || !text.startsWith("nan(0x") || !text.endsWith(')'))
        return std::nullopt;
    bool ok = false;
    const std::uint64_t bits = text.mid(6, digits).toULongLong(&ok, 16);
    return ok ? std::optional(bits) : std::nullopt;
}
} // namespace

double JsonNode::f64() const {
    if (m_value.isDouble())
        return m_value.toDouble();
    if (m_value.isString()) {
        const QString text = m_value.toString().toLower();
        if (text == "nan")
            return std::numeric_limits<double>::quiet_NaN();
        if (text == "inf" || text == "+inf")
            return std::numeric_limits<double>::infinity();
        if (text == "-inf")
            return -std::numeric_limits<double>::infinity();
        if (text == "-0")
            return -0.0;
        if (const auto bits = nanBits(text, 16))
            return std::bit_cast<double>(*bits);
        if (const auto bits = nanBits(text, 8))
            return double(std::bit_cast<float>(std::uint32_t(*bits)));
    }
    fail(std::string(
             "expected a number (or \"nan\", \"nan(0x...)\", \"inf\", \"-inf\", \"-0\"), found ") +
         typeName(m_value));
}

float JsonNode::f32() const {
    // A float NaN's bits go straight to the float: through a double a signalling NaN turns quiet.
    if (m_value.isString())
        if (const auto bits = nanBits(m_value.toString().toLower(), 8))
            return std::bit_cast<float>(std::uint32_t(*bits));
    const double value = f64();
    if (std::isfinite(value) && std::fabs(value) > std::numeric_limits<float>::max())
        fail(QString::number(value, 'g', 17).toStdString() + " does not fit a 32-bit float");
    return float(value);
}

bool JsonNode::boolean() const {
    if (!m_value.isBool())
        fail(std::string("expected true or false, found ") + typeName(m_value));
    return m_value.toBool();
}

QString JsonNode::string() const {
    if (!m_value.isString())
        fail(std::string("expected a string, found ") + typeName(m_value));
    return m_value.toString();
}

QByteArray JsonNode::hexBytes() const {
    QString text = string();
    text.remove(' ').remove('\n').remove('\t');
    static const QString digits = "0123456789abcdefABCDEF";
    if (text.size() % 2 != 0 ||
        !std::all_of(text.begin(), text.end(), [](QChar c) { return digits.contains(c); }))
        fail("expected hex digits in pairs");
    return QByteArray::fromHex(text.toLatin1());
}

QByteArray JsonNode::base64Bytes() const {
    const auto decoded = QByteArray::fromBase64Encoding(string().toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        fail("not valid base64");
    return *decoded;
}

void JsonNode::fail(const std::string& message) const {
    throw DatError(m_path.empty() ? "(root)" : m_path,
                   isMissing() && message.starts_with("expected") ? "missing (" + message + ")"
                                                                  : message,
                   0, OffsetKind::Source, m_did);
}

} // namespace portalkit::dat
