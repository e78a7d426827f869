#pragma once

// The version both executables print: `portalkit --version` and `portalkit-studio --version`.
// PORTALKIT_VERSION and PORTALKIT_GIT_DESCRIBE come from src/CMakeLists.txt, which gives the
// describe to the two main.cpp files only, so a new commit recompiles just those.

#include <QString>

#ifndef PORTALKIT_GIT_DESCRIBE
#define PORTALKIT_GIT_DESCRIBE ""
#endif

namespace portalkit {

// "0.1.0 (git 77548af)": the project version and the `git describe` CMake saw when it
// configured; the project version alone when the sources were not a git checkout.
inline QString versionText() {
    const QString describe = QStringLiteral(PORTALKIT_GIT_DESCRIBE);
    return describe.isEmpty() ? QStringLiteral(PORTALKIT_VERSION)
                              : QStringLiteral(PORTALKIT_VERSION " (git %1)").arg(describe);
}

} // namespace portalkit
