// A property a fuzz target insists on: when it fails, say which and abort, so that libFuzzer
// keeps the input as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition, ...)                                                                \
  do {                                                                                            \
    if (!(condition)) {                                                                           \
      std::fprintf(stderr, "fuzz property failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__); \
      std::fprintf(stderr, __VA_ARGS__);                                                          \
      std::fputc('\n', stderr);                                                                   \
      std::abort();                                                                               \
    }                                                                                             \
  } while (0)
