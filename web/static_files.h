// The page's files (web/static), compiled into the program by web/embed_files.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace ewn::web {

struct StaticFile {
  std::string_view path;          // "/index.html"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view body;
};

const std::vector<StaticFile>& static_files();

}  // namespace ewn::web
