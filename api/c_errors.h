// The C API's side of errors: return codes with a message kept per thread, and the one place
// where exceptions from the library become codes (nothing may cross the C boundary).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "error_kind.h"
#include "ewn/ewn.h"

namespace ewn::api {

// Records `message` as this thread's last error and returns `code`.
int fail(int code, std::string message);

// The C code of an error of `kind` (for a path: the table directory's), by the one map of
// answers/failure.h.
int error_code(ErrorKind kind);

// EWN_OK when `dir` is a directory to read tables from, else its problem's code and message.
int check_directory(const char* dir);

// Copies `text` into a caller's buffer of `len` bytes (none when buf is null or len is 0),
// cut short if need be, always NUL-terminated.
void copy_text(const std::string& text, char* buf, size_t len);

// Puts a whole document (`what`: "the document", "the position's text") into a caller's buffer:
// *needed (when not null) gets its size with the NUL; a buffer too small (or null) is
// EWN_E_BUFFER, saying both sizes, and is left alone.
int put_text(const std::string& text, char* buf, size_t len, size_t* needed,
             const char* what = "the document");

// Runs `body` (which returns a code, calling fail() for its failures) and turns whatever it
// throws into a code with its message, by the one classifier and map of answers/failure.h
// (failure_of_exception): a table file's problem EWN_E_TABLE, a path's its kind's code, a bad
// position EWN_E_POSITION, running out of memory EWN_E_MEMORY, ...
int guarded_call(int (*body)(void*), void* context) noexcept;

template <class Body>
int guarded(Body&& body) noexcept {
  using Callable = std::remove_reference_t<Body>;
  return guarded_call([](void* b) { return (*static_cast<Callable*>(b))(); }, &body);
}

}  // namespace ewn::api
