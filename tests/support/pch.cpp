// The translation unit behind the suites' shared precompiled header (tests/CMakeLists.txt).
