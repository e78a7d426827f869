#include "audit/digest.h"

#include <openssl/evp.h>
#include <stdexcept>

namespace portalkit::audit {

QByteArray sha256(std::span<const std::uint8_t> bytes) {
    QByteArray digest(EVP_MAX_MD_SIZE, '\0');
    unsigned int length = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), reinterpret_cast<unsigned char*>(digest.data()),
                   &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("EVP_Digest(SHA-256) failed");
    digest.resize(length);
    return digest;
}

QString sha256Hex(std::span<const std::uint8_t> bytes) {
    return QString::fromLatin1(sha256(bytes).toHex());
}

} // namespace portalkit::audit
