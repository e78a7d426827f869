# Debian packages (`cpack -G DEB` in the build tree, docs/development.md#packaging): portalkit
# (the runtime component: programs, data, desktop files, man pages, completion) and portalkit-dev
# (the dev component: static libraries, headers, the CMake package).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME portalkit)
set(CPACK_PACKAGE_VENDOR PortalKit)
set(CPACK_PACKAGE_CONTACT "PortalKit <dev@portalkit.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put it before each package's own synopsis.
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
# The build tree is RelWithDebInfo; the packages carry no debug info.
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL runtime dev)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# The programs' library dependencies come from dpkg-shlibdeps (dpkg-dev). Qt's platform, image,
# Qt 3D renderer and multimedia plugins the programs load live in those same library packages.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME portalkit)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
# Qt SQL's drivers are plugins, which dpkg-shlibdeps cannot see: the weenie index needs the
# SQLite one; reading a live ace_world needs the MySQL one, which only server teams want.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SUGGESTS "libqt6sql6-mysql")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
    "reader, checker and effect player for Asheron's Call DAT files
portalkit reads, verifies, unpacks, builds, audits and compares the DAT files of
Asheron's Call, and plays their effects headless on a deterministic clock;
portalkit-studio browses them and plays effects in a Qt 3D view. A demo DAT
built from PortalKit's own sources, its manifests and scenarios are included.")

# Static libraries have no shlibs: the -dev packages their CMake package finds are listed here.
# qt6-base-dev and the libraries it links are enough for the default component; the `ui`
# component (PortalKit::ui, PortalKit::render) needs the recommended ones too.
set(CPACK_DEBIAN_DEV_PACKAGE_NAME portalkit-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "qt6-base-dev (>= 6.4), libssl-dev, zlib1g-dev, libsquish-dev")
set(CPACK_DEBIAN_DEV_PACKAGE_RECOMMENDS "qt6-3d-dev, qt6-multimedia-dev, libqt6opengl6-dev")
set(CPACK_DEBIAN_DEV_DESCRIPTION
    "static libraries, headers and CMake package of PortalKit
find_package(PortalKit) gives PortalKit::datreader (the DAT container and record
codecs), PortalKit::audit, PortalKit::preview (the effect runtime),
PortalKit::portalkit_export and, with COMPONENTS ui, PortalKit::ui and
PortalKit::render.")

include(CPack)
