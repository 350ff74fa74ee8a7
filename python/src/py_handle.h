// A C API handle that Python code may close while other threads still use it: each call takes
// a share of it (holding the GIL) and uses that share without the GIL; close() drops the
// object's share, and the handle is closed when the last call using it returns.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

namespace ewn_python {

template <class T, void (*Close)(T*)>
class Handle {
 public:
  explicit Handle(const char* closed_message) : closed_message_(closed_message) {}
  void reset(T* handle) { handle_.reset(handle, Close); }
  void close() { handle_.reset(); }
  // The handle for one call; ValueError once closed, as for a closed file.
  std::shared_ptr<T> get() const {
    if (!handle_) throw pybind11::value_error(closed_message_);
    return handle_;
  }

 private:
  const char* closed_message_;
  std::shared_ptr<T> handle_;
};

}  // namespace ewn_python
