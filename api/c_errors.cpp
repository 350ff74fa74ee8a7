#include "c_errors.h"

#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>

#include "failure.h"
#include "printable.h"
#include "regular_file.h"
#include "table_format.h"

namespace ewn::api {

namespace {

// Per thread, so that threads sharing a handle each read the message of their own call.
thread_local std::string last_error;

}  // namespace

int fail(int code, std::string message) {
  last_error = std::move(message);
  return code;
}

int error_code(ErrorKind kind) {
  return ways_of(failure_of(kind)).c_code;
}

int check_directory(const char* dir) {
  if (!dir) return fail(EWN_E_ARGUMENT, "no table directory (a null pointer)");
  if (auto problem = directory_problem(dir))
    return fail(error_code(problem->kind), printable(dir) + ": " + problem->words);
  return EWN_OK;
}

void copy_text(const std::string& text, char* buf, size_t len) {
  if (!buf || len == 0) return;
  size_t n = std::min(text.size(), len - 1);
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}

int put_text(const std::string& text, char* buf, size_t len, size_t* needed, const char* what) {
  if (needed) *needed = text.size() + 1;
  if (!buf || len <= text.size())
    return fail(EWN_E_BUFFER, std::string(what) + " needs " + std::to_string(text.size() + 1) +
                                  " bytes, the buffer has " + std::to_string(buf ? len : 0));
  copy_text(text, buf, len);
  return EWN_OK;
}

int guarded_call(int (*body)(void*), void* context) noexcept {
  try {
    return body(context);
  } catch (const TableError& e) {
    return fail(EWN_E_TABLE, printable(e.what()));
  } catch (const PathError& e) {
    return fail(error_code(e.kind()), printable(e.what()));
  } catch (const std::bad_alloc&) {
    return fail(EWN_E_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(EWN_E_INTERNAL, printable(e.what()));
  } catch (...) {
    return fail(EWN_E_INTERNAL, "unknown exception");
  }
}

}  // namespace ewn::api

using namespace ewn::api;

extern "C" {

const char* ewn_version(void) {
  return EWN_VERSION_STRING;
}

// The map's words for the failure of the code (answers/failure.h), as --help and docs/API.md
// give them: one text per failure kind on every surface.
const char* ewn_strerror(int code) {
  if (code == EWN_OK) return "success";
  std::optional<ewn::Failure> failure = ewn::failure_of_c_code(code);
  return failure ? ewn::ways_of(*failure).meaning : "unknown error code";
}

const char* ewn_last_error(void) {
  return last_error.c_str();
}

}  // extern "C"
