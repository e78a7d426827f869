# PORTALKIT_GIT_DESCRIBE: `git describe --tags --always --dirty` of the source tree, taken when
# CMake configures (reconfigure to refresh it); empty when the sources are not a git checkout of
# their own (a tarball, or git missing), so `--version` falls back to the project version.
set(PORTALKIT_GIT_DESCRIBE "")
find_package(Git QUIET)
if(GIT_FOUND)
    execute_process(
        COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
        OUTPUT_VARIABLE _portalkit_git_top OUTPUT_STRIP_TRAILING_WHITESPACE
        RESULT_VARIABLE _portalkit_git_result ERROR_QUIET)
    # Only the project's own checkout counts, not a repository the sources happen to sit in.
    if(_portalkit_git_result EQUAL 0)
        file(REAL_PATH "${_portalkit_git_top}" _portalkit_git_top)
        file(REAL_PATH "${PROJECT_SOURCE_DIR}" _portalkit_source_real)
    endif()
    if(_portalkit_git_result EQUAL 0 AND _portalkit_git_top STREQUAL _portalkit_source_real)
        execute_process(
            COMMAND ${GIT_EXECUTABLE} describe --tags --always --dirty
            WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
            OUTPUT_VARIABLE PORTALKIT_GIT_DESCRIBE OUTPUT_STRIP_TRAILING_WHITESPACE
            RESULT_VARIABLE _portalkit_git_result ERROR_QUIET)
        if(NOT _portalkit_git_result EQUAL 0)
            set(PORTALKIT_GIT_DESCRIBE "")
        endif()
    endif()
endif()
if(PORTALKIT_GIT_DESCRIBE)
    message(STATUS "PortalKit ${PROJECT_VERSION} (git ${PORTALKIT_GIT_DESCRIBE})")
endif()
