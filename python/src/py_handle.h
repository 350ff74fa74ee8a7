// A C API handle that Python code may close while other threads still use it: each call takes
// a share of it (holding the GIL) and uses that share without the GIL; close() drops the
// object's share, and the handle is closed when the last call using it returns.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "ewn/ewn.h"
#include "py_errors.h"

namespace ewn_python {

template <class T, void (*Close)(T*)>
class Handle {
 public:
  explicit Handle(const char* closed_message) : closed_message_(closed_message) {}
  void reset(T* handle) { handle_.reset(handle, Close); }
  void close() { handle_.reset(); }
  // The handle for one call; once closed, bad use: ewn.ArgumentError, an ewn.Error and a
  // ValueError, as for a closed file.
  std::shared_ptr<T> get() const {
    if (!handle_) raise_error(EWN_E_ARGUMENT, closed_message_);
    return handle_;
  }

 private:
  const char* closed_message_;
  std::shared_ptr<T> handle_;
};

}  // namespace ewn_python
