// ewn.Engine: the expectimax engine of `ewn play`, searching without the GIL.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_handle.h"
#include "py_position.h"
#include "py_results.h"
#include "py_tablebase.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

class PyEngine {
 public:
  PyEngine(const std::string& tables, int movetime_ms) {
    int code = EWN_OK;
    char err[2048];
    ewn_engine* e;
    {
      py::gil_scoped_release release;
      e = ewn_engine_open(tables.c_str(), movetime_ms, &code, err, sizeof err);
    }
    if (!e) raise_error(code, err);
    engine_.reset(e);
  }
  void close() { engine_.close(); }

  ewn_engine_choice search(py::handle position, const py::object& die) {
    std::string text = position_text(position);
    int d = die_number(die);
    auto engine = engine_.get();
    ewn_engine_choice c;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_engine_search(engine.get(), text.c_str(), d, &c);
    }
    check(code);
    return c;
  }

 private:
  Handle<ewn_engine, ewn_engine_close> engine_{"the engine is closed"};
};

// Raises the TypeError of a call to Engine() that matches no signature.
std::unique_ptr<PyEngine> engine_usage_error(const py::args& args, const py::kwargs& kwargs) {
  std::string what;
  for (const auto& [key, value] : kwargs) {
    std::string name = py::str(key);
    if (name != "tables" && name != "movetime_ms") {
      what = "unexpected keyword argument '" + name + "'";
      break;
    }
  }
  if (what.empty())
    what = args.size() > 2 ? std::to_string(args.size()) + " positional arguments (at most 2)"
                           : "an argument of the wrong type";
  throw py::type_error(
      "Engine() got " + what +
      "; it takes tables (a directory: str or path-like, \"none\", or None) and movetime_ms (a "
      "whole number of milliseconds), e.g. ewn.Engine(\"data\", movetime_ms=100)");
}

}  // namespace

void register_engine(py::module_& m) {
  py::class_<PyEngine>(m, "Engine", R"(The expectimax engine of `ewn play`.

    with ewn.Engine("data", movetime_ms=100) as engine:
        engine.best_move("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", 6)

tables: a directory of tables (str or path-like), "none" for none, or None: $EWN_TABLES or data
when that directory is there, else none (as `ewn play`); movetime_ms: milliseconds a move (it
keeps a margin). Searches release the GIL; one engine searches for one thread at a time (make
one per thread to search in parallel).)")
      .def(py::init([](const py::object& tables, int movetime_ms) {
             return std::make_unique<PyEngine>(player_tables_dir(tables), movetime_ms);
           }),
           py::arg("tables") = py::none(), py::arg("movetime_ms") = EWN_MOVETIME_MS_DEFAULT)
      // Any other call: a TypeError that names the wrong keyword or argument and the right
      // ones, rather than pybind11's list of "incompatible constructor arguments".
      .def(py::init([](const py::args& args, const py::kwargs& kwargs) {
        return engine_usage_error(args, kwargs);
      }))
      .def(
          "best_move",
          [](PyEngine& e, py::handle position, const py::object& die) {
            return std::string(e.search(position, die).move);
          },
          py::arg("position"), py::arg("die") = py::none(),
          "The engine's move ('a5b4') for a die (None: the position's die), as "
          "Tablebase.best_move gives the tables' move.")
      .def(
          "search",
          [](PyEngine& e, py::handle position, const py::object& die) {
            ewn_engine_choice c = e.search(position, die);
            py::object move_value =
                c.move_value < 0 ? py::object(py::none()) : py::float_(c.move_value);
            return result_class("EngineChoice")(std::string(c.move), move_value, c.exact != 0,
                                                c.depth, c.nodes);
          },
          py::arg("position"), py::arg("die") = py::none(),
          "The move with what the search says of it, an ewn.EngineChoice: move, move_value (the "
          "mover's win probability after the move, None when nothing was searched), exact, "
          "depth, nodes.")
      .def("close", &PyEngine::close,
           "Frees the engine (a search running in another thread finishes first); later calls "
           "raise ValueError.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyEngine& e, const py::args&) { e.close(); });
}

}  // namespace ewn_python
