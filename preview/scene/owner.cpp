#include "preview/scene/owner.h"

namespace portalkit::preview {

std::vector<Frame> Owner::partWorldFrames() const {
    std::vector<Frame> frames;
    frames.reserve(parts.size());
    for (const OwnerPart& part : parts)
        frames.push_back(part.world);
    return frames;
}

} // namespace portalkit::preview
