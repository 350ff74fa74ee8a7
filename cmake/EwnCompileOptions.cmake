# The language level and the compile options of every build of the libraries: the main build,
# and the Python module's (python/), which builds the libraries again from its own project.
# The same options there give the same values bit for bit.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

add_compile_options(-Wall -Wextra)
# Everything is position-independent: the shared libewn (api/) is made of the same objects as
# the program. No semantic interposition: calls within a library stay as fast as in a program.
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_compile_options($<$<CXX_COMPILER_ID:GNU>:-fno-semantic-interposition>)
# GCC 12 reports false -Wrestrict positives inside std::string (GCC bug 105329).
add_compile_options($<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
if(CMAKE_BUILD_TYPE STREQUAL "Release")
  add_compile_options(-O3)
endif()

# x86-64-v2 (2009 and later) brings the POPCNT instruction the position index lives on.
option(EWN_NATIVE "Tune for the build machine (-march=native)" OFF)
if(EWN_NATIVE)
  add_compile_options(-march=native)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  add_compile_options(-march=x86-64-v2)
endif()
# No fused multiply-add contraction: table values stay bit-identical whatever the -march.
add_compile_options(-ffp-contract=off)

