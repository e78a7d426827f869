#include "preview/wire/effect_messages.h"

#include <bit>

namespace portalkit::preview::wire {

float PlayScriptType::intensity() const {
    return std::bit_cast<float>(intensityBits);
}

} // namespace portalkit::preview::wire
