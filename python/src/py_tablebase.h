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

// The table directory the ewn program reads without --tables: $EWN_TABLES, or data.
std::string default_tables_dir();

// The directory of a `tables` argument of a player (Engine, analyse), as `ewn play` and `ewn
// analyse` choose theirs: None the default directory when it is there, else none; "none" none;
// otherwise the directory (str or path-like). An empty string is none.
std::string player_tables_dir(const pybind11::object& tables);

}  // namespace ewn_python
