#pragma once

// The demo DATs the build makes behind preview::Assets, as the world builders read them; opened
// once per suite. A suite that includes this links preview and defines the paths it uses.

#include "datreader/container/dat_file.h"
#include "preview/core/assets.h"

#include <memory>

namespace portalkit::testing {

inline std::shared_ptr<const preview::Assets> demoAssets(const char* path) {
    return std::make_shared<preview::Assets>(
        std::make_shared<const dat::DatFile>(dat::DatFile::open(path)));
}

#ifdef PORTALKIT_DEMO_DAT
inline const preview::Assets& demoPortalAssets() {
    static const auto assets = demoAssets(PORTALKIT_DEMO_DAT);
    return *assets;
}
#endif
#ifdef PORTALKIT_DEMO_CELL_DAT
inline const preview::Assets& demoCellAssets() {
    static const auto assets = demoAssets(PORTALKIT_DEMO_CELL_DAT);
    return *assets;
}
#endif

} // namespace portalkit::testing
