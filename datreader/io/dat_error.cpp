#include "datreader/io/dat_error.h"

#include <cstdio>

namespace portalkit::dat {

DatError::DatError(std::string field, std::string message, std::uint64_t offset, OffsetKind kind,
                   std::optional<std::uint32_t> did)
    : m_field(std::move(field)), m_message(std::move(message)), m_offset(offset), m_kind(kind),
      m_did(did) {
    compose();
}

DatError& DatError::withDid(std::uint32_t did) {
    if (!m_did) {
        m_did = did;
        compose();
    }
    return *this;
}

DatError& DatError::withContext(std::string context) {
    m_context.push_back(std::move(context));
    compose();
    return *this;
}

void DatError::compose() {
    m_what.clear();
    if (m_did)
        m_what += "DID " + formatDid(*m_did) + ", ";
    if (m_kind != OffsetKind::Source)
        m_what += (m_kind == OffsetKind::File ? "file offset " : "entry offset ") +
                  formatOffset(m_offset) + ", ";
    m_what += "field " + m_field + ": " + m_message;
    for (const auto& context : m_context)
        m_what += " (while " + context + ")";
}

std::string formatDid(std::uint32_t did) {
    char text[11];
    std::snprintf(text, sizeof text, "0x%08X", did);
    return text;
}

std::string formatOffset(std::uint64_t offset) {
    char text[19];
    std::snprintf(text, sizeof text, "0x%llX", static_cast<unsigned long long>(offset));
    return text;
}

} // namespace portalkit::dat
