// ewn.Tablebase: the tables of a directory, probed without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

class PyTablebase {
 public:
  PyTablebase(const std::string& tables, size_t cache_bytes) : tables_(tables) {
    int code = EWN_OK;
    char err[2048];
    ewn_tablebase* tb;
    {
      py::gil_scoped_release release;
      tb = ewn_tb_open_ex(tables.c_str(), cache_bytes, &code, err, sizeof err);
    }
    if (!tb) raise_error(code, err);
    tb_.reset(tb);
  }
  const std::string& tables() const { return tables_; }
  int complete_up_to() const { return ewn_tb_complete_up_to(tb_.get().get()); }
  void close() { tb_.close(); }
  std::shared_ptr<ewn_tablebase> handle() const { return tb_.get(); }

  // The document of `ewn probe --json` as an ewn.Probe.
  py::object probe(py::handle position) const {
    std::string text = position_text(position);
    auto tb = tb_.get();
    char small[4096];
    std::string large;
    size_t needed = 0;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_probe_json(tb.get(), text.c_str(), small, sizeof small, &needed);
      if (code == EWN_E_BUFFER) {
        large.resize(needed);
        code = ewn_tb_probe_json(tb.get(), text.c_str(), large.data(), needed, &needed);
      }
    }
    check(code);
    return typed_document("Probe", large.empty() ? std::string(small) : std::string(large.c_str()));
  }

  double value(py::handle position) const {
    std::string text = position_text(position);
    auto tb = tb_.get();
    double v = 0;
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_value(tb.get(), text.c_str(), &v);
    }
    check(code);
    return v;
  }

  py::list moves(py::handle position, const py::object& die) const {
    std::string text = position_text(position);
    int d = die_number(die);
    auto tb = tb_.get();
    ewn_move_value mv[EWN_MAX_DIE_MOVES];
    int n = 0, code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_moves(tb.get(), text.c_str(), d, mv, &n);
    }
    check(code);
    py::handle valued_move = result_class("ValuedMove");  // as in probe()'s dice
    py::list out;
    for (int i = 0; i < n; ++i)
      out.append(valued_move(std::string(mv[i].move), mv[i].move_value, mv[i].wins != 0));
    return out;
  }

  std::string best_move(py::handle position, const py::object& die) const {
    std::string text = position_text(position);
    int d = die_number(die);
    auto tb = tb_.get();
    char move[EWN_MOVE_TEXT_MAX];
    int code;
    {
      py::gil_scoped_release release;
      code = ewn_tb_best_move(tb.get(), text.c_str(), d, move);
    }
    check(code);
    return move;
  }

 private:
  std::string tables_;
  Handle<ewn_tablebase, ewn_tb_close> tb_{"the tablebase is closed"};
};

// The answer of `call`, or `default_` where the tables cannot answer: a position they do not
// cover, a table file missing or damaged (as python-chess's get_wdl where a table is missing).
template <class Call>
py::object or_default(Call call, const py::object& default_) {
  try {
    return call();
  } catch (py::error_already_set& e) {
    if (!e.matches(not_covered_error()) && !e.matches(table_error())) throw;
    return default_;
  }
}

std::string fspath(const py::object& path) {
  return py::str(py::module_::import("os").attr("fspath")(path));
}

std::unique_ptr<PyTablebase> open_tablebase(const py::object& tables, size_t cache_bytes) {
  return std::make_unique<PyTablebase>(tables.is_none() ? default_tables_dir() : fspath(tables),
                                       cache_bytes);
}

}  // namespace

std::string default_tables_dir() {
  py::object dir = py::module_::import("os").attr("environ").attr("get")("EWN_TABLES", "");
  std::string text = py::str(dir);
  return text.empty() ? "data" : text;
}

std::string player_tables_dir(const py::object& tables) {
  if (!tables.is_none()) {
    std::string dir = fspath(tables);
    return dir == "none" ? "" : dir;
  }
  std::string dir = default_tables_dir();
  bool there = py::module_::import("os").attr("path").attr("isdir")(dir).cast<bool>();
  return there ? dir : "";
}

std::shared_ptr<ewn_tablebase> tablebase_handle(const py::object& tables) {
  if (py::isinstance<PyTablebase>(tables)) return tables.cast<const PyTablebase&>().handle();
  return open_tablebase(tables, kDefaultCacheBytes)->handle();
}

void register_tablebase(py::module_& m) {
  py::class_<PyTablebase>(m, "Tablebase", R"(The tables of a directory, as made by `ewn gen`.

    with ewn.Tablebase("data") as tb:
        tb.probe("r1r23/5/5/5/4b1 r").value

Any number of threads may probe one Tablebase at once; probes release the GIL. Raises
DirectoryNotFoundError (a FileNotFoundError) when the directory is missing,
NotATableDirectoryError (a NotADirectoryError) when it is a file; every error is an ewn.Error.)")
      .def(py::init(&open_tablebase), py::arg("tables") = py::none(),
           py::arg("cache_bytes") = kDefaultCacheBytes,
           "tables: the tables' directory (str or path-like; None: $EWN_TABLES, or data, as "
           "the ewn program); cache_bytes: the size of the "
           "cache of decompressed blocks, shared by all threads.")
      .def_property_readonly("tables", &PyTablebase::tables, "The tables' directory.")
      .def_property_readonly("complete_up_to", &PyTablebase::complete_up_to,
                             "Every position with up to this many pieces is covered.")
      .def("probe", &PyTablebase::probe, py::arg("position"),
           "The probe, an ewn.Probe: the document `ewn probe --json` prints for the position "
           "(.to_dict() the dict, .to_json() the line): value (the side to move's win "
           "probability before the roll), red_value, side, pieces, material and winner, die "
           "and die_value (None without a die), source, and dice: every die's moves, best "
           "first, ewn.ValuedMove(move, move_value, wins). Raises PositionError (a ValueError: "
           "malformed position), NotCoveredError (a KeyError), TableError (an OSError: a damaged "
           "or missing table file, named in the message).")
      .def(
          "get_probe",
          [](const PyTablebase& tb, py::handle position, const py::object& default_) {
            return or_default([&] { return tb.probe(position); }, default_);
          },
          py::arg("position"), py::arg("default") = py::none(),
          "probe(position), or `default` where the tables cannot answer (NotCoveredError, "
          "TableError).")
      .def("value", &PyTablebase::value, py::arg("position"),
           "The value: the side to move's win probability before its roll (raises as probe).")
      .def(
          "get_value",
          [](const PyTablebase& tb, py::handle position, const py::object& default_) {
            return or_default([&] { return py::object(py::float_(tb.value(position))); }, default_);
          },
          py::arg("position"), py::arg("default") = py::none(),
          "value(position), or `default` where the tables cannot answer (NotCoveredError, "
          "TableError).")
      .def("moves", &PyTablebase::moves, py::arg("position"), py::arg("die") = py::none(),
           "The moves for a die (None: the position's die), a list of ewn.ValuedMove: move, "
           "move_value (the mover's win probability after it) and wins, best first, as in "
           "probe()'s dice; [] once the game is decided.")
      .def("best_move", &PyTablebase::best_move, py::arg("position"), py::arg("die") = py::none(),
           "The best move ('a5b4') for a die (None: the position's die), as Engine.best_move "
           "gives the engine's; its value is moves(position, die)[0]. Raises ValueError once the "
           "game is decided.")
      .def("close", &PyTablebase::close,
           "Closes the tables (probes running in other threads finish first); later calls "
           "raise ValueError. Closing twice is fine.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyTablebase& tb, const py::args&) { tb.close(); })
      .def("__repr__", [](const PyTablebase& tb) {
        return "ewn.Tablebase(" + std::string(py::repr(py::str(tb.tables()))) + ")";
      });
}

}  // namespace ewn_python
