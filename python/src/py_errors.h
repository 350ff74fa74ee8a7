// The C API's error codes as Python exceptions.
#pragma once

#include <pybind11/pybind11.h>

namespace ewn_python {

// Adds ewn.NotCoveredError (a LookupError) to the module.
void register_errors(pybind11::module_& m);
// The class NotCoveredError.
PyObject* not_covered_error();

// Raises the exception of `code` with the message of the call that failed on this thread
// (ewn_last_error): a malformed position, argument or game text ValueError, a position the tables
// do not cover NotCoveredError, a damaged or missing table file OSError (the message names it), a
// missing table directory FileNotFoundError, a file given for it NotADirectoryError. Call it
// holding the GIL.
[[noreturn]] void raise_error(int code);
[[noreturn]] void raise_error(int code, const std::string& message);

inline void check(int code) {
  if (code != 0) raise_error(code);
}

}  // namespace ewn_python
