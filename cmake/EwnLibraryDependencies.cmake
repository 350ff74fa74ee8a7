# What the libraries core/ and probe/ link against, found once for the main build and for the
# fuzz project (fuzz/), which builds those libraries again with its own flags.
find_package(zstd REQUIRED)
find_package(OpenMP REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
# zstd's package config names the shared library, or only the static one where that alone exists.
if(TARGET zstd::libzstd_shared)
  set(EWN_ZSTD zstd::libzstd_shared)
else()
  set(EWN_ZSTD zstd::libzstd_static)
endif()
