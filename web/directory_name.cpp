#include "directory_name.h"

#include <algorithm>
#include <filesystem>

#include "json_text.h"

namespace ewn::web {

DirectoryName::DirectoryName(const std::string& given) : shown_(given) {
  std::filesystem::path p(given);
  if (!p.is_absolute()) return;
  std::filesystem::path name = p.lexically_normal();  // "/srv/t/" has an empty last part
  while (name.filename().empty() && name != name.root_path()) name = name.parent_path();
  shown_ = name.filename().empty() ? "." : name.filename().string();
  for (const std::string& form : {given, name.string()}) {
    std::string escaped = json_text(Json(form));
    escaped = escaped.substr(1, escaped.size() - 2);
    if (std::find(hidden_.begin(), hidden_.end(), escaped) == hidden_.end())
      hidden_.push_back(escaped);
  }
  // Longest first, so that a form is never replaced inside a longer one's replacement.
  std::sort(hidden_.begin(), hidden_.end(),
            [](const auto& a, const auto& b) { return a.size() > b.size(); });
}

bool DirectoryName::apply(std::string& body) const {
  bool changed = false;
  for (const std::string& h : hidden_)
    for (size_t at = 0; (at = body.find(h, at)) != std::string::npos; at += shown_.size()) {
      body.replace(at, h.size(), shown_);
      changed = true;
    }
  return changed;
}

}  // namespace ewn::web
