// libFuzzer target for the wire layer: the input is one game message body. Whatever the bytes,
// decoding must not crash, hang or allocate without bound; a message that decodes must encode
// back to exactly the same bytes, and so must the message read back from its JSON form.

#include "datreader/io/dat_error.h"
#include "preview/wire/messages.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace portalkit;
using namespace portalkit::preview::wire;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Message message;
    try {
        message = decodeMessage({data, size});
    } catch (const dat::DatError&) {
        return 0; // malformed input is rejected, which is the point
    }
    const std::vector<std::uint8_t> again = encodeMessage(message);
    if (again.size() != size || std::memcmp(again.data(), data, size) != 0) {
        std::fprintf(stderr, "re-encoded %zu bytes differ from the %zu decoded\n", again.size(),
                     size);
        std::abort();
    }
    if (encodeMessage(messageFromJson(toJson(message))) != again) {
        std::fprintf(stderr, "the message read back from its JSON encodes differently\n");
        std::abort();
    }
    ObjectTimestamps stamps;
    if (const auto* create = std::get_if<CreateObject>(&message)) {
        stamps.onCreateObject(create->physics.timestamps);
        stamps.onCreateObject(create->physics.timestamps);
    } else if (const auto* update = std::get_if<UpdatePosition>(&message)) {
        const PositionPack& pack = update->position;
        stamps.onCreateObject({0, 0, 0, 0, 0, 0, 0, 0, pack.instanceStamp});
        stamps.onPosition(pack.instanceStamp, pack.positionStamp, pack.teleportStamp);
    } else if (const auto* remove = std::get_if<DeleteObject>(&message)) {
        stamps.onDelete(remove->instanceStamp);
    }
    return 0;
}
