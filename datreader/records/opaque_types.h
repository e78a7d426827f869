#pragma once

// Why an entry has no decoded form: the types the client's DID table names but no public source
// shows in a client DAT (ACE lists them, with no reader anywhere), the types whose layout is
// nowhere documented, and ids outside every range (docs/formats.md#opaque-types). The CLI, the
// inspector and decode-all say this instead of a bare "no decoder".

#include <string>
#include <string_view>

namespace portalkit::dat {

// One sentence, without the id; empty when `typeName` has a decoder.
std::string whyOpaque(std::string_view typeName);

} // namespace portalkit::dat
