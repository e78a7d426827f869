#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace portalkit::dat {

// Where a faulty byte sits: an absolute position in the DAT file, or a position inside one
// entry's (reassembled, inflated) payload. Source errors come from a record's JSON form, where
// the field path ("setup.spheres[1].radius") is the position and there is no byte offset.
enum class OffsetKind { File, Entry, Source };

// The one error type of the reader and writer. It names the DID when known, the offset and the
// field, and gathers "while ..." context as it propagates (xoreos style), so the final message
// reads like a short stack of what was being done.
class DatError : public std::exception {
  public:
    DatError(std::string field, std::string message, std::uint64_t offset,
             OffsetKind kind = OffsetKind::File, std::optional<std::uint32_t> did = std::nullopt);

    DatError& withDid(std::uint32_t did);
    DatError& withContext(std::string context);

    const std::optional<std::uint32_t>& did() const { return m_did; }
    std::uint64_t offset() const { return m_offset; }
    OffsetKind offsetKind() const { return m_kind; }
    const std::string& field() const { return m_field; }
    const std::string& message() const { return m_message; }
    const std::vector<std::string>& context() const { return m_context; }

    const char* what() const noexcept override { return m_what.c_str(); }

  private:
    void compose();

    std::string m_field;
    std::string m_message;
    std::uint64_t m_offset;
    OffsetKind m_kind;
    std::optional<std::uint32_t> m_did;
    std::vector<std::string> m_context;
    std::string m_what;
};

// "0x0200012A": the one spelling of ids used in messages, listings and JSON.
std::string formatDid(std::uint32_t did);
std::string formatOffset(std::uint64_t offset);

} // namespace portalkit::dat
