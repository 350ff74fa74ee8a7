// ewn.Tablebase, and the tables argument of the functions that take one (ewn.analyse).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>

#include "ewn/ewn.h"

namespace ewn_python {

// The cache of decompressed blocks a Tablebase has unless told otherwise.
inline constexpr size_t kDefaultCacheBytes = size_t(64) << 20;

void register_tablebase(pybind11::module_& m);

// The tables of a `tables` argument: an ewn.Tablebase's (ValueError once it is closed), or
// those of a directory (str or path-like) opened for the caller, closed with its last share.
// Raises as ewn.Tablebase(tables) does.
std::shared_ptr<ewn_tablebase> tablebase_handle(const pybind11::object& tables);

}  // namespace ewn_python
