// ewn.Engine: the expectimax engine of `ewn play`, searching without the GIL.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_position.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

class PyEngine {
 public:
  PyEngine(const std::string& tables, double movetime) {
    int code = EWN_OK;
    char err[2048];
    ewn_engine* e;
    {
      py::gil_scoped_release release;
      e = ewn_engine_open(tables.c_str(), movetime, &code, err, sizeof err);
    }
    if (!e) raise_error(code, err);
    engine_.reset(e);
  }

  ewn_engine_choice choose(py::handle position, const py::object& die) {
    std::string text = position_text(position);
    int d = die_number(die);
    ewn_engine_choice c;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_engine_best_move(engine_.get(), text.c_str(), d, &c);
    }
    check(code);
    return c;
  }

 private:
  struct Close {
    void operator()(ewn_engine* e) const { ewn_engine_close(e); }
  };
  std::unique_ptr<ewn_engine, Close> engine_;
};

}  // namespace

void register_engine(py::module_& m) {
  py::class_<PyEngine>(m, "Engine",
                       "The expectimax engine of `ewn play`. tables: a directory of tables "
                       "(str or path-like) or None; movetime: seconds a move (it keeps a "
                       "margin). Searches release the GIL; one engine searches for one thread at "
                       "a time (make one per thread to search in parallel).")
      .def(py::init([](const py::object& tables, double movetime) {
             std::string dir;
             if (!tables.is_none()) dir = py::str(py::module_::import("os").attr("fspath")(tables));
             return std::make_unique<PyEngine>(dir, movetime);
           }),
           py::kw_only(), py::arg("tables") = py::none(), py::arg("movetime") = 1.0)
      .def(
          "best_move",
          [](PyEngine& e, py::handle position, const py::object& die) {
            return std::string(e.choose(position, die).move);
          },
          py::arg("position"), py::arg("die") = py::none(),
          "The engine's move ('a5b4') for a die (None: the position's die).")
      .def(
          "search",
          [](PyEngine& e, py::handle position, const py::object& die) {
            ewn_engine_choice c = e.choose(position, die);
            py::dict d;
            d["move"] = c.move;
            d["value"] = c.value < 0 ? py::object(py::none()) : py::float_(c.value);
            d["exact"] = c.exact != 0;
            d["depth"] = c.depth;
            d["nodes"] = c.nodes;
            return d;
          },
          py::arg("position"), py::arg("die") = py::none(),
          "The move with what the search says of it: value (the mover's win probability after "
          "the move, None when nothing was searched), exact, depth, nodes.");
}

}  // namespace ewn_python
