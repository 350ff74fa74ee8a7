#include "py_errors.h"

#include <string>

#include "ewn/ewn.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

PyObject* not_covered_error = nullptr;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

void register_errors(py::module_& m) {
  static py::exception<std::exception> e(m, "NotCoveredError", PyExc_LookupError);
  e.doc() = "The tables do not cover the position (more pieces than they were made for).";
  not_covered_error = e.ptr();
}

void raise_error(int code) {
  raise_error(code, ewn_last_error());
}

void raise_error(int code, const std::string& message) {
  switch (code) {
    case EWN_E_POSITION:
    case EWN_E_ARGUMENT:
    case EWN_E_GAME_OVER:
      throw py::value_error(message);
    case EWN_E_NOT_COVERED:
      PyErr_SetString(not_covered_error, message.c_str());
      break;
    case EWN_E_MEMORY:
      PyErr_SetString(PyExc_MemoryError, message.c_str());
      break;
    case EWN_E_TABLE:
      PyErr_SetString(PyExc_OSError, message.c_str());
      break;
    case EWN_E_DIRECTORY:
      // The library's message ends with the problem (regular_file.h: directory_problem).
      PyErr_SetString(ends_with(message, "no such directory") ? PyExc_FileNotFoundError
                      : ends_with(message, "not a directory") ? PyExc_NotADirectoryError
                                                              : PyExc_OSError,
                      message.c_str());
      break;
    default:
      PyErr_SetString(PyExc_RuntimeError, message.c_str());
      break;
  }
  throw py::error_already_set();
}

}  // namespace ewn_python
