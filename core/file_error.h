// A failed file operation with its errno, which tells the caller whether trying again can help
// (a full disk or a read-only directory stays so until someone acts).
#pragma once

#include <stdexcept>
#include <string>

namespace ewn {

class FileError : public std::runtime_error {
 public:
  FileError(const std::string& message, int error) : std::runtime_error(message), error_(error) {}
  int error() const { return error_; }

 private:
  int error_;
};

}  // namespace ewn
