# Where PortalKit installs (docs/development.md#packaging). Two install components: `runtime`
# (programs, data, desktop files, man pages, completion) and `dev` (static libraries, headers,
# the CMake package), packaged as portalkit and portalkit-dev.

# The static libraries have short names (libaudit.a, libui.a) that other packages use too, so
# they get a folder of their own; consumers link the CMake targets, never the file names.
set(PORTALKIT_INSTALL_LIBDIR ${CMAKE_INSTALL_LIBDIR}/portalkit)
# Headers keep their library prefix below include/portalkit, which consumers get as include
# path: #include "datreader/records/setup.h" reads include/portalkit/datreader/records/setup.h.
set(PORTALKIT_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/portalkit)
set(PORTALKIT_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/portalkit)
set(PORTALKIT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/PortalKit)

# The programs find their data at ../share/portalkit beside their bin/ folder (see
# preview/timeline/scenario.h); other directory choices would hide it from them.
file(RELATIVE_PATH _portalkit_bin_to_data ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_DATADIR})
if(NOT _portalkit_bin_to_data STREQUAL "../share")
    message(WARNING "PortalKit's programs look for their data in ../share/portalkit; with "
                    "BINDIR=${CMAKE_INSTALL_BINDIR} and DATADIR=${CMAKE_INSTALL_DATADIR} an "
                    "installed studio will not find its demo DAT or scenarios")
endif()

# Installs one of our static libraries into an export set (PortalKitTargets unless EXPORT says
# otherwise), with every header among its sources at its source-tree path below
# include/portalkit.
function(portalkit_install_library target)
    cmake_parse_arguments(arg "" "EXPORT" "" ${ARGN})
    if(NOT arg_EXPORT)
        set(arg_EXPORT PortalKitTargets)
    endif()
    install(TARGETS ${target} EXPORT ${arg_EXPORT}
            ARCHIVE DESTINATION ${PORTALKIT_INSTALL_LIBDIR} COMPONENT dev
            INCLUDES DESTINATION ${PORTALKIT_INSTALL_INCLUDEDIR})
    # `--strip` (and CPack) strip programs only; a RelWithDebInfo archive is mostly debug info.
    if(CMAKE_STRIP)
        install(CODE "if(CMAKE_INSTALL_DO_STRIP)
                execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug
                    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${PORTALKIT_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${target}>\")
            endif()"
                COMPONENT dev)
    endif()
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    foreach(source IN LISTS sources)
        if(NOT source MATCHES "\\.h$")
            continue()
        endif()
        cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${source_dir} NORMALIZE)
        cmake_path(RELATIVE_PATH source BASE_DIRECTORY ${PROJECT_SOURCE_DIR} OUTPUT_VARIABLE relative)
        cmake_path(GET relative PARENT_PATH folder)
        install(FILES ${source} DESTINATION ${PORTALKIT_INSTALL_INCLUDEDIR}/${folder}
                COMPONENT dev)
    endforeach()
endfunction()
