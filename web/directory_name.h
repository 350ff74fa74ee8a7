// How `ewn serve`'s answers name the table directory: as the user gave it when that is a
// relative path, else by its last component, so that no answer shows where on this machine the
// tables are.
#pragma once

#include <string>
#include <vector>

namespace ewn::web {

class DirectoryName {
 public:
  explicit DirectoryName(const std::string& given);

  // The name answers show.
  const std::string& shown() const { return shown_; }
  // Replaces each JSON-escaped form of the directory in `body` by shown(); returns whether the
  // body changed.
  bool apply(std::string& body) const;

 private:
  std::string shown_;
  std::vector<std::string> hidden_;  // longest first
};

}  // namespace ewn::web
