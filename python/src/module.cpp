// The Python module `ewn`: the tables, positions and the engine through the C API (ewn.h).
#include <pybind11/pybind11.h>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_position.h"

namespace py = pybind11;

namespace ewn_python {
void register_tablebase(py::module_& m);
void register_engine(py::module_& m);
void register_analysis(py::module_& m);
void register_setups(py::module_& m);
}  // namespace ewn_python

PYBIND11_MODULE(_ewn, m) {
  m.doc() =
      "Exact endgame tables and the engine of EinStein wuerfelt nicht! (the ewn program's "
      "library): ewn.Tablebase(tables).probe(position) answers as `ewn probe --json` does, "
      "ewn.analyse(text, tables) as `ewn analyse --json`.";
  m.attr("__version__") = ewn_version();
  ewn_python::register_errors(m);
  ewn_python::register_position(m);
  ewn_python::register_tablebase(m);
  ewn_python::register_engine(m);
  ewn_python::register_analysis(m);
  ewn_python::register_setups(m);
}
