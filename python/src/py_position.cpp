#include "py_position.h"

#include <pybind11/stl.h>

#include <vector>

#include "py_errors.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

const char* side_letter(int side) {
  return side == EWN_RED ? "r" : "b";
}

}  // namespace

std::string PyPosition::text() const {
  char buf[EWN_POSITION_TEXT_MAX];
  check(ewn_position_format(&data, buf, sizeof buf));
  return buf;
}

std::string position_text(py::handle position) {
  if (py::isinstance<py::str>(position)) return position.cast<std::string>();
  if (py::isinstance<PyPosition>(position)) return position.cast<const PyPosition&>().text();
  throw py::type_error(
      "a position is a str in the notation of `ewn probe` or an ewn.Position, not " +
      std::string(py::str(py::type::of(position).attr("__name__"))));
}

int die_number(const py::object& die) {
  return die.is_none() ? 0 : die.cast<int>();
}

void register_position(py::module_& m) {
  py::class_<PyPosition>(m, "Position",
                         "A position in the notation of `ewn probe`, e.g. "
                         "'r1r23/5/2b3b41/5/5 r' (ranks 5 to 1, the side to move, optionally "
                         "the rolled die). Raises ValueError when malformed.")
      .def(py::init([](const std::string& text) {
             PyPosition p;
             check(ewn_position_parse(text.c_str(), &p.data));
             return p;
           }),
           py::arg("text"))
      .def("__str__", &PyPosition::text)
      .def("__repr__",
           [](const PyPosition& p) {
             char buf[EWN_POSITION_TEXT_MAX];
             if (ewn_position_format(&p.data, buf, sizeof buf) == EWN_OK)
               return "ewn.Position('" + std::string(buf) + "')";
             // Won by taking the last piece: no notation for it (str() says so).
             return std::string("<ewn.Position: ") + ewn_last_error() + ">";
           })
      .def("__eq__", [](const PyPosition& a, const PyPosition& b) { return a.text() == b.text(); })
      .def("__hash__", [](const PyPosition& p) { return py::hash(py::str(p.text())); })
      .def_property_readonly(
          "side", [](const PyPosition& p) { return side_letter(p.data.side); },
          "The side to move: 'r' or 'b'.")
      .def_property_readonly(
          "die",
          [](const PyPosition& p) -> py::object {
            return p.data.die ? py::int_(p.data.die) : py::object(py::none());
          },
          "The rolled die the position names, or None.")
      .def_property_readonly(
          "winner",
          [](const PyPosition& p) -> py::object {
            int w = -1;
            check(ewn_position_winner(&p.data, &w));
            return w < 0 ? py::object(py::none()) : py::str(side_letter(w));
          },
          "'r' or 'b' once the game is decided, else None.")
      .def_property_readonly(
          "board",
          [](const PyPosition& p) { return std::vector<int>(p.data.board, p.data.board + 25); },
          "The 25 squares a5..e5, a4..e4, ..., a1..e1: 0 empty, 1..6 red piece n, 7..12 blue "
          "piece n - 6.")
      .def(
          "legal_moves",
          [](const PyPosition& p, const py::object& die) {
            char moves[EWN_MAX_DIE_MOVES][EWN_MOVE_TEXT_MAX];
            int n = 0;
            check(ewn_position_moves(&p.data, die_number(die), moves, &n));
            return std::vector<std::string>(moves, moves + n);
          },
          py::arg("die") = py::none(),
          "The legal moves ('a5b4') for a die (None: the position's die); [] once decided.")
      .def(
          "play",
          [](const PyPosition& p, const std::string& move) {
            PyPosition next = p;
            check(ewn_position_play(&next.data, move.c_str()));
            return next;
          },
          py::arg("move"),
          "The position after a move legal for the position's die (or for some die when it "
          "names none), the other side to move and no die.");
}

}  // namespace ewn_python
