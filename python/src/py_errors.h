// The C API's error codes as Python exceptions.
#pragma once

#include <pybind11/pybind11.h>

namespace ewn_python {

// Adds ewn.Error and its subclasses, one for each failure (answers/failure.h's Python column),
// each also the built-in class code catching it used to see: PositionError, ArgumentError,
// GameTextError and GameOverError ValueErrors, NotCoveredError a KeyError (as python-chess's
// MissingTableError), DirectoryNotFoundError a FileNotFoundError, NotATableDirectoryError a
// NotADirectoryError, TableError and UnreadableError OSErrors, OutOfMemoryError a MemoryError,
// UnavailableError an OSError, InternalError a RuntimeError.
void register_errors(pybind11::module_& m);
// The classes NotCoveredError and TableError.
PyObject* not_covered_error();
PyObject* table_error();

// Raises the exception of `code` with the message of the call that failed on this thread
// (ewn_last_error); a table file's failure names the file. Call it holding the GIL.
[[noreturn]] void raise_error(int code);
[[noreturn]] void raise_error(int code, const std::string& message);

inline void check(int code) {
  if (code != 0) raise_error(code);
}

}  // namespace ewn_python
