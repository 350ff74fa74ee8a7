#include "py_errors.h"

#include <string>
#include <vector>

#include "ewn/ewn.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

// One exception class of the ewn module: its name (answers/failure.h's Python column, which
// python/tests/test_errors.py checks this table against through docs/API.md), the built-in class
// it also is, so that code catching the built-in one keeps working, and the C codes it stands
// for.
struct ErrorClass {
  const char* name;
  PyObject* builtin;
  std::vector<int> codes;
  const char* doc;
  PyObject* type = nullptr;
};

PyObject* base_error = nullptr;

std::vector<ErrorClass>& error_classes() {
  static std::vector<ErrorClass> classes{
      {"ArgumentError",
       PyExc_ValueError,
       {EWN_E_ARGUMENT},
       "A bad argument (a die outside 1..6, an illegal move, a bad limit)."},
      {"PositionError",
       PyExc_ValueError,
       {EWN_E_POSITION},
       "A malformed position (SPEC section 3)."},
      {"GameTextError",
       PyExc_ValueError,
       {EWN_E_GAME},
       "A game text that cannot be read (the message names the line)."},
      {"GameOverError",
       PyExc_ValueError,
       {EWN_E_GAME_OVER},
       "The position is decided: there is no move to make."},
      {"NotCoveredError",
       PyExc_KeyError,
       {EWN_E_NOT_COVERED},
       "The tables do not cover the position (a KeyError, as python-chess's MissingTableError)."},
      {"DirectoryNotFoundError",
       PyExc_FileNotFoundError,
       {EWN_E_DIRECTORY},
       "The table directory is not there."},
      {"NotATableDirectoryError",
       PyExc_NotADirectoryError,
       {EWN_E_NOT_DIRECTORY},
       "The table directory's name is a file."},
      {"UnreadableError",
       PyExc_OSError,
       {EWN_E_UNREADABLE},
       "The table directory or a file cannot be read."},
      {"TableError",
       PyExc_OSError,
       {EWN_E_TABLE},
       "A table (or setup matrix) file missing or damaged; the message names it."},
      {"OutOfMemoryError", PyExc_MemoryError, {EWN_E_MEMORY}, "Memory ran out."},
      {"UnavailableError",
       PyExc_OSError,
       {EWN_E_UNAVAILABLE},
       "The run failed for its surroundings (a file not read or written, no file descriptors "
       "left); trying again later may help."},
      {"InternalError",
       PyExc_RuntimeError,
       {EWN_E_INTERNAL, EWN_E_BUFFER},
       "A bug: please report it with the message."},
  };
  return classes;
}

PyObject* exception_of(int code) {
  for (const ErrorClass& c : error_classes())
    for (int member : c.codes)
      if (member == code) return c.type;
  return base_error;
}

PyObject* find(const char* name) {
  for (const ErrorClass& c : error_classes())
    if (std::string(c.name) == name) return c.type;
  return nullptr;
}

}  // namespace

void register_errors(py::module_& m) {
  base_error = PyErr_NewExceptionWithDoc("ewn.Error", "The base of every error of the ewn module.",
                                         PyExc_Exception, nullptr);
  if (!base_error) throw py::error_already_set();
  m.attr("Error") = py::handle(base_error);
  // KeyError's str() is the repr of its message (quoted); the message alone, as every other.
  py::object plain_str = py::handle(PyExc_BaseException).attr("__str__");
  for (ErrorClass& c : error_classes()) {
    py::tuple bases = py::make_tuple(py::handle(base_error), py::handle(c.builtin));
    py::dict members;
    if (c.builtin == PyExc_KeyError) members["__str__"] = plain_str;
    std::string qualified = std::string("ewn.") + c.name;
    c.type = PyErr_NewExceptionWithDoc(qualified.c_str(), c.doc, bases.ptr(), members.ptr());
    if (!c.type) throw py::error_already_set();
    m.attr(c.name) = py::handle(c.type);
  }
}

PyObject* not_covered_error() {
  return find("NotCoveredError");
}

PyObject* table_error() {
  return find("TableError");
}

void raise_error(int code) {
  raise_error(code, ewn_last_error());
}

void raise_error(int code, const std::string& message) {
  PyErr_SetString(exception_of(code), message.c_str());
  throw py::error_already_set();
}

}  // namespace ewn_python
