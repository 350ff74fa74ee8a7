#include "c_errors.h"

#include <cstring>
#include <optional>

#include "failure.h"
#include "printable.h"
#include "regular_file.h"

namespace ewn::api {

// ewn.h's codes are the map's (answers/failure.h).
static_assert(EWN_OK == c_code::kOk && EWN_E_POSITION == c_code::kPosition &&
              EWN_E_NOT_COVERED == c_code::kNotCovered && EWN_E_TABLE == c_code::kTable &&
              EWN_E_ARGUMENT == c_code::kArgument && EWN_E_BUFFER == c_code::kBuffer &&
              EWN_E_DIRECTORY == c_code::kDirectory && EWN_E_GAME_OVER == c_code::kGameOver &&
              EWN_E_MEMORY == c_code::kMemory && EWN_E_INTERNAL == c_code::kInternal &&
              EWN_E_NOT_DIRECTORY == c_code::kNotDirectory &&
              EWN_E_UNREADABLE == c_code::kUnreadable && EWN_E_GAME == c_code::kGame &&
              EWN_E_UNAVAILABLE == c_code::kUnavailable);

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
  } catch (...) {
    // The one classifier of every surface (answers/failure.h).
    try {
      return fail(ways_of(failure_of_current_exception()).c_code, message_of_current_exception());
    } catch (...) {
      return fail(EWN_E_MEMORY, "out of memory");
    }
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
