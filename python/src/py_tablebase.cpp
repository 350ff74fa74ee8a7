// ewn.Tablebase: the tables of a directory, probed without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_position.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

class PyTablebase {
 public:
  PyTablebase(const std::string& path, size_t cache_mb) : path_(path) {
    int code = EWN_OK;
    char err[2048];
    ewn_tablebase* tb;
    {
      py::gil_scoped_release release;
      tb = ewn_tb_open_ex(path.c_str(), cache_mb << 20, &code, err, sizeof err);
    }
    if (!tb) raise_error(code, err);
    tb_.reset(tb);
  }
  const std::string& path() const { return path_; }
  int max_pieces() const { return ewn_tb_max_pieces(tb_.get()); }

  // The document of `ewn probe --json`, parsed by Python's json module as a reader of the
  // program's output would parse it.
  py::object probe(py::handle position) const {
    std::string text = position_text(position);
    char small[4096];
    std::string large;
    size_t needed = 0;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_probe_json(tb_.get(), text.c_str(), small, sizeof small, &needed);
      if (code == EWN_E_BUFFER) {
        large.resize(needed);
        code = ewn_tb_probe_json(tb_.get(), text.c_str(), large.data(), needed, &needed);
      }
    }
    check(code);
    // Kept for the life of the process: never released after the interpreter is gone.
    static const py::object* loads = new py::object(py::module_::import("json").attr("loads"));
    return (*loads)(large.empty() ? py::str(small) : py::str(large.c_str()));
  }

  double value(py::handle position) const {
    std::string text = position_text(position);
    double v = 0;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_probe(tb_.get(), text.c_str(), &v);
    }
    check(code);
    return v;
  }

  py::list moves(py::handle position, const py::object& die) const {
    std::string text = position_text(position);
    int d = die_number(die);
    ewn_move_value mv[EWN_MAX_DIE_MOVES];
    int n = 0, code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_moves(tb_.get(), text.c_str(), d, mv, &n);
    }
    check(code);
    py::list out;
    for (int i = 0; i < n; ++i) out.append(move_dict(mv[i]));
    return out;
  }

  py::dict best_move(py::handle position, const py::object& die) const {
    std::string text = position_text(position);
    int d = die_number(die);
    ewn_move_value mv;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_best_move(tb_.get(), text.c_str(), d, &mv);
    }
    check(code);
    return move_dict(mv);
  }

 private:
  // As in the "moves" of probe()'s document.
  static py::dict move_dict(const ewn_move_value& mv) {
    py::dict d;
    d["move"] = mv.move;
    d["value"] = mv.value;
    d["wins"] = mv.wins != 0;
    return d;
  }
  struct Close {
    void operator()(ewn_tablebase* tb) const { ewn_tb_close(tb); }
  };
  std::string path_;
  std::unique_ptr<ewn_tablebase, Close> tb_;
};

}  // namespace

void register_tablebase(py::module_& m) {
  py::class_<PyTablebase>(m, "Tablebase",
                          "The tables in a directory (as made by `ewn gen`). Any number of "
                          "threads may probe one Tablebase at once; probes release the GIL. "
                          "Raises FileNotFoundError when the directory is missing.")
      .def(py::init([](const py::object& path, size_t cache_mb) {
             return std::make_unique<PyTablebase>(
                 py::str(py::module_::import("os").attr("fspath")(path)), cache_mb);
           }),
           py::arg("path"), py::arg("cache_mb") = 64,
           "path: the tables' directory (str or path-like); cache_mb: the cache of "
           "decompressed blocks, shared by all threads.")
      .def_property_readonly("path", &PyTablebase::path)
      .def_property_readonly("max_pieces", &PyTablebase::max_pieces,
                             "Every position with up to this many pieces is covered.")
      .def("probe", &PyTablebase::probe, py::arg("position"),
           "The dict `ewn probe --json` prints for the position: value (the side to move's win "
           "probability before the roll), red_value, side, pieces, material or winner, die and "
           "die_value when the position names a die, and dice: every die's moves, best first, "
           "with value and wins. Raises ValueError (malformed position), NotCoveredError, "
           "OSError (a damaged or missing table file, named in the message).")
      .def("value", &PyTablebase::value, py::arg("position"),
           "The side to move's win probability before its roll.")
      .def("moves", &PyTablebase::moves, py::arg("position"), py::arg("die") = py::none(),
           "The moves for a die (None: the position's die) as dicts of move, value (the mover's "
           "win probability after it) and wins, best first; [] once the game is decided.")
      .def("best_move", &PyTablebase::best_move, py::arg("position"), py::arg("die") = py::none(),
           "The first of moves(position, die).");
}

}  // namespace ewn_python
