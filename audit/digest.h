#pragma once

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <span>

namespace portalkit::audit {

// SHA-256 through OpenSSL EVP: the digest behind every length + hash pin.
QByteArray sha256(std::span<const std::uint8_t> bytes);
QString sha256Hex(std::span<const std::uint8_t> bytes);

} // namespace portalkit::audit
