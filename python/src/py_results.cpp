// The typed answers: documents of the C API read by ewn/_results.py's classes.
#include "py_results.h"

#include <map>
#include <string>

namespace py = pybind11;

namespace ewn_python {

py::handle result_class(const char* name) {
  // Never released: the classes stay valid until the interpreter is gone, and are not touched
  // after that. Only called holding the GIL, so the map needs no lock of its own.
  static auto* classes = new std::map<std::string, py::object>;
  auto it = classes->find(name);
  if (it == classes->end())
    it = classes->emplace(name, py::module_::import("ewn._results").attr(name)).first;
  return it->second;
}

py::object typed_document(const char* name, const std::string& json_text) {
  static const py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return result_class(name).attr("from_dict")((*loads)(py::str(json_text)));
}

}  // namespace ewn_python
