#include "py_errors.h"

#include <string>

#include "ewn/ewn.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

PyObject* not_covered = nullptr;

// The exception class of each C code, itself chosen by the library from the error's kind
// (api/c_errors.cpp): never from the words of the message.
PyObject* exception_of(int code) {
  switch (code) {
    case EWN_E_POSITION:
    case EWN_E_ARGUMENT:
    case EWN_E_GAME_OVER:
    case EWN_E_GAME:
      return PyExc_ValueError;
    case EWN_E_NOT_COVERED:
      return not_covered;
    case EWN_E_MEMORY:
      return PyExc_MemoryError;
    case EWN_E_TABLE:
    case EWN_E_UNREADABLE:
      return PyExc_OSError;
    case EWN_E_DIRECTORY:
      return PyExc_FileNotFoundError;
    case EWN_E_NOT_DIRECTORY:
      return PyExc_NotADirectoryError;
    default:
      return PyExc_RuntimeError;
  }
}

}  // namespace

void register_errors(py::module_& m) {
  static py::exception<std::exception> e(m, "NotCoveredError", PyExc_LookupError);
  e.doc() = "The tables do not cover the position (more pieces than they were made for).";
  not_covered = e.ptr();
}

PyObject* not_covered_error() {
  return not_covered;
}

void raise_error(int code) {
  raise_error(code, ewn_last_error());
}

void raise_error(int code, const std::string& message) {
  PyErr_SetString(exception_of(code), message.c_str());
  throw py::error_already_set();
}

}  // namespace ewn_python
