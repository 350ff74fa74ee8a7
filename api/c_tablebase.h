// The C API's tables handle, shared by the files that answer with the tables: the probes
// (c_tablebase.cpp) and the analysis of a game (c_analysis.cpp).
#pragma once

#include <cstddef>

#include "tablebase.h"

// The handle is the Tablebase itself: it is safe to share between threads (tablebase.h).
struct ewn_tablebase {
  explicit ewn_tablebase(const char* dir, size_t cache_bytes) : tb(dir, cache_bytes) {}
  ewn::Tablebase tb;
};
