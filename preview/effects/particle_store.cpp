#include "preview/effects/particle_store.h"

#include <algorithm>

namespace portalkit::preview {

ParticleStore::ParticleStore(std::size_t capacity)
    : live(capacity, 0), stamp(capacity), lifetime(capacity), lifespan(capacity), offset(capacity),
      a(capacity), b(capacity), c(capacity), startOrigin(capacity), startOrientation(capacity),
      startScale(capacity), finalScale(capacity), startTrans(capacity), finalTrans(capacity),
      position(capacity), orientation(capacity), scale(capacity), trans(capacity) {}

std::size_t ParticleStore::firstFree() const {
    for (std::size_t slot = 0; slot < live.size(); ++slot)
        if (!live[slot])
            return slot;
    return live.size();
}

void ParticleStore::occupy(std::size_t slot) {
    live[slot] = 1;
    ++count;
}

void ParticleStore::kill(std::size_t slot) {
    live[slot] = 0;
    --count;
}

void ParticleStore::clear() {
    std::fill(live.begin(), live.end(), std::uint8_t(0));
    count = 0;
}

} // namespace portalkit::preview
