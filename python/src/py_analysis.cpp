// ewn.analyse and ewn.analyse_game: a played game judged turn by turn, the document of
// `ewn analyse --json` (ewn_analyse_json), analysed without the GIL.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_results.h"
#include "py_tablebase.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

// The document of `ewn analyse --json` as an ewn.Analysis.
py::object analysis_document(const std::string& text, const py::object& tables, int64_t nodes,
                             const py::object& game, const py::object& threads) {
  // The C API reads the text to its first NUL: a NUL in it would cut the game short unseen.
  if (size_t nul = text.find('\0'); nul != std::string::npos)
    raise_error(EWN_E_ARGUMENT, "text: a NUL character at offset " + std::to_string(nul));
  // The C API's 0 (the default, the last game, one thread per core) is None here.
  if (nodes <= 0)
    raise_error(EWN_E_ARGUMENT, "nodes " + std::to_string(nodes) + ": give " +
                                    std::to_string(EWN_ANALYSIS_NODES_MIN) + " to " +
                                    std::to_string(EWN_ANALYSIS_NODES_MAX));
  int game_number = game.is_none() ? 0 : game.cast<int>();
  if (!game.is_none() && game_number < 1)
    raise_error(EWN_E_ARGUMENT, "game " + std::to_string(game_number) +
                                    ": give 1 or more (None: the "
                                    "text's last)");
  int thread_count = threads.is_none() ? 0 : threads.cast<int>();
  if (!threads.is_none() && thread_count < 1)
    raise_error(EWN_E_ARGUMENT, "threads " + std::to_string(thread_count) +
                                    ": give 1 or more (None: one per core)");
  // As `ewn analyse`: None the default directory when it is there, "none" none.
  std::shared_ptr<ewn_tablebase> tb;
  if (tables.is_none()) {
    std::string dir = player_tables_dir(tables);
    if (!dir.empty()) tb = tablebase_handle(py::str(dir));
  } else if (!(py::isinstance<py::str>(tables) && tables.cast<std::string>() == "none")) {
    tb = tablebase_handle(tables);
  }
  std::string document(size_t(64) << 10, '\0');
  size_t needed = 0;
  int code;
  {
    py::gil_scoped_release release;
    auto analyse = [&] {
      return ewn_analyse_json(tb.get(), text.c_str(), game_number, uint64_t(nodes), thread_count,
                              document.data(), document.size(), &needed);
    };
    code = analyse();
    if (code == EWN_E_BUFFER) {  // the library kept the document: this only copies it
      document.resize(needed);
      code = analyse();
    }
  }
  check(code);
  document.resize(needed - 1);
  return typed_document("Analysis", document);
}

constexpr const char* kArguments =
    "text: the game's text (what the page of `ewn serve` copies, a log of `ewn play`, `ewn "
    "connect` or `ewn match`, or a plain list: a setup line, then one turn a line, 'r 3 a5b4'); "
    "tables: an ewn.Tablebase or a table directory (str or path-like), \"none\" for none (every "
    "value the engine's estimate), None for $EWN_TABLES or data when it is there, as `ewn "
    "analyse` (else none); nodes: the engine's budget for each position the tables do "
    "not cover (1000 to 20000000); game: which game of a log (None: its last); threads: turns "
    "analysed at once (None: one per core; the answer is the same). Raises ValueError naming the "
    "line for a game text that cannot be read, and as Tablebase for the tables.";

}  // namespace

void register_analysis(py::module_& m) {
  std::string game_doc =
      std::string(
          "A played game judged turn by turn, an ewn.Analysis: the document `ewn analyse "
          "--json` prints (format, game, games, players, start, winner, game_end, "
          "node_budget, turns, sides, notes; .to_dict() the dict, .to_json() the line).\n\n") +
      kArguments;
  std::string turns_doc =
      std::string(
          "The turns of analyse_game(), a list of ewn.Turn, one a turn with the fields of "
          "`ewn analyse --json`'s turns (turn, line, side, position, die, move, move_value, "
          "best_move, die_value, value, luck, error, mark, ...).\n\n") +
      kArguments;
  auto [text, tables, nodes, game, threads] =
      std::make_tuple(py::arg("text"), py::arg("tables") = py::none(),
                      py::arg("nodes") = int64_t(EWN_ANALYSIS_NODES_DEFAULT),
                      py::arg("game") = py::none(), py::arg("threads") = py::none());
  m.def("analyse_game", &analysis_document, text, tables, nodes, game, threads, game_doc.c_str());
  m.def(
      "analyse",
      [](const std::string& t, const py::object& tb, int64_t n, const py::object& g,
         const py::object& th) -> py::object {
        return py::list(analysis_document(t, tb, n, g, th).attr("turns"));
      },
      text, tables, nodes, game, threads, turns_doc.c_str());
}

}  // namespace ewn_python
