// ewn.Setups: the setup advisor over a setup matrix file, answering as `ewn setup --json` does.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "ewn/ewn.h"
#include "py_errors.h"
#include "py_handle.h"
#include "py_results.h"

namespace py = pybind11;

namespace ewn_python {

namespace {

class PySetups {
 public:
  explicit PySetups(const std::string& matrix) {
    int code = EWN_OK;
    char err[2048];
    ewn_setups* s;
    {
      py::gil_scoped_release release;
      s = ewn_setups_open(matrix.c_str(), &code, err, sizeof err);
    }
    if (!s) raise_error(code, err);
    setups_.reset(s);
  }
  void close() { setups_.close(); }

  // One of the C API's documents as the typed answer `type`: `ask(handle, buffer, length,
  // needed)`.
  template <class Ask>
  py::object document(const char* type, Ask ask) {
    auto setups = setups_.get();
    std::string text(4096, '\0');
    size_t needed = 0;
    int code;
    {
      py::gil_scoped_release release;
      code = ask(setups.get(), text.data(), text.size(), &needed);
      if (code == EWN_E_BUFFER) {
        text.assign(needed, '\0');
        code = ask(setups.get(), text.data(), text.size(), &needed);
      }
    }
    check(code);
    text.resize(needed ? needed - 1 : 0);
    return typed_document(type, text);
  }

 private:
  Handle<ewn_setups, ewn_setups_close> setups_{"the setup matrix is closed"};
};

}  // namespace

void register_setups(py::module_& m) {
  py::class_<PySetups>(m, "Setups",
                       R"(Which free-setup arrangements win: the setup matrix of `ewn setup make`.

    with ewn.Setups("data/setup-matrix.ewns") as setups:
        setups.reply("162534")      # your best arrangements against 162534
        setups.best()               # against a uniformly random arrangement
        setups.equilibrium()        # both mixes and the first mover's value

Each answer is the document `ewn setup reply|best|equilibrium --json` prints, typed:
ewn.SetupReply, ewn.SetupBest, ewn.SetupEquilibrium (.to_dict() the dict, .to_json() the line);
every value is the win probability of the side the answer is for. A missing or damaged file raises OSError naming
it and the command that makes it; an arrangement that is none, ValueError.)")
      .def(py::init([](const py::object& matrix) {
             return std::make_unique<PySetups>(
                 py::str(py::module_::import("os").attr("fspath")(matrix)));
           }),
           py::arg("matrix"))
      .def(
          "reply",
          [](PySetups& s, const std::string& arrangement, int count) {
            return s.document(
                "SetupReply", [&](ewn_setups* h, char* buf, size_t len, size_t* needed) {
                  return ewn_setups_reply_json(h, arrangement.c_str(), count, buf, len, needed);
                });
          },
          py::arg("arrangement"), py::arg("count") = 5,
          "Your best arrangements against `arrangement` (six digits), moving first and second.")
      .def(
          "best",
          [](PySetups& s, int count) {
            return s.document("SetupBest",
                              [&](ewn_setups* h, char* buf, size_t len, size_t* needed) {
                                return ewn_setups_best_json(h, count, buf, len, needed);
                              });
          },
          py::arg("count") = 5,
          "The best arrangements against a uniformly random one, moving first and second.")
      .def(
          "equilibrium",
          [](PySetups& s) {
            return s.document("SetupEquilibrium",
                              [&](ewn_setups* h, char* buf, size_t len, size_t* needed) {
                                return ewn_setups_equilibrium_json(h, buf, len, needed);
                              });
          },
          "The mixed strategies neither side can improve on and the first mover's value.")
      .def("close", &PySetups::close, "Frees the matrix; later calls raise ValueError.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PySetups& s, const py::args&) { s.close(); });
}

}  // namespace ewn_python
