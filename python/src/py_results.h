// The module's answers as the typed classes of ewn/_results.py (ewn.Probe, ewn.Analysis, ...).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace ewn_python {

// The class `name` of ewn._results (imported once, kept for the life of the process).
pybind11::handle result_class(const char* name);
// The answer of class `name` made from a document the C API wrote (`name`.from_dict of
// json.loads, the dict a reader of the program's output makes). Call it holding the GIL.
pybind11::object typed_document(const char* name, const std::string& json_text);

}  // namespace ewn_python
