// ewn.Position: a position parsed and checked by the library.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "ewn/ewn.h"

namespace ewn_python {

struct PyPosition {
  ewn_position data{};
  std::string text() const;
};

void register_position(pybind11::module_& m);

// The text of a position argument: a str as it is (the library checks it), or an ewn.Position.
std::string position_text(pybind11::handle position);

// A die argument: None for 0 (the position's own die), else the number as given.
int die_number(const pybind11::object& die);

}  // namespace ewn_python
