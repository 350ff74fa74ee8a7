// The C API's setup advisor: ewn_setups_* over setups/, the answers of `ewn setup --json`.
#include <memory>
#include <mutex>
#include <stdexcept>

#include "c_errors.h"
#include "json_text.h"
#include "printable.h"
#include "setup_advice.h"
#include "setup_answers.h"

// The advisor solves its equilibrium once, on the first call that asks: callers on other
// threads wait for it.
struct ewn_setups {
  std::mutex mutex;
  std::unique_ptr<ewn::SetupAdvisor> advisor;
};

namespace ewn::api {

namespace {

int no_setups() {
  return fail(EWN_E_ARGUMENT, "no setup matrix (a null pointer)");
}

int put_document(const Json& j, char* buf, size_t len, size_t* needed) {
  return put_text(json_text(j), buf, len, needed);
}

}  // namespace

}  // namespace ewn::api

using namespace ewn;
using namespace ewn::api;

extern "C" {

ewn_setups* ewn_setups_open(const char* matrix, int* code, char* err, size_t err_len) {
  std::unique_ptr<ewn_setups> setups;
  int rc = guarded([&]() -> int {
    if (!matrix) return fail(EWN_E_ARGUMENT, "no setup matrix file (a null pointer)");
    try {
      auto advisor = std::make_unique<SetupAdvisor>(read_setup_matrix(matrix));
      setups = std::make_unique<ewn_setups>();
      setups->advisor = std::move(advisor);
    } catch (const PathError& e) {
      return fail(EWN_E_TABLE,
                  printable(std::string(e.what()) + " (" + setup_matrix_hint(matrix) + ")"));
    }
    return EWN_OK;
  });
  if (code) *code = rc;
  copy_text(rc ? ewn_last_error() : "", err, err_len);
  return rc ? nullptr : setups.release();
}

void ewn_setups_close(ewn_setups* setups) {
  delete setups;
}

int ewn_setups_reply_json(ewn_setups* setups, const char* arrangement, int count, char* buf,
                          size_t len, size_t* needed) {
  return guarded([&]() -> int {
    if (!setups) return no_setups();
    if (!arrangement) return fail(EWN_E_ARGUMENT, "no arrangement (a null pointer)");
    std::string error;
    auto theirs = parse_arrangement(arrangement, &error);
    if (!theirs) return fail(EWN_E_ARGUMENT, printable(error));
    std::lock_guard lock(setups->mutex);
    try {
      return put_document(setup_reply_answer(*setups->advisor, *theirs, count), buf, len, needed);
    } catch (const std::out_of_range& e) {
      return fail(EWN_E_ARGUMENT, e.what());
    }
  });
}

int ewn_setups_best_json(ewn_setups* setups, int count, char* buf, size_t len, size_t* needed) {
  return guarded([&]() -> int {
    if (!setups) return no_setups();
    std::lock_guard lock(setups->mutex);
    return put_document(setup_best_answer(*setups->advisor, count), buf, len, needed);
  });
}

int ewn_setups_equilibrium_json(ewn_setups* setups, char* buf, size_t len, size_t* needed) {
  return guarded([&]() -> int {
    if (!setups) return no_setups();
    std::lock_guard lock(setups->mutex);
    return put_document(setup_equilibrium_answer(*setups->advisor), buf, len, needed);
  });
}

}  // extern "C"
