#include "inventory_answer.h"

#include "printable.h"

namespace ewn {

namespace {

Json table_json(const TableInspection& c, bool checked) {
  Json cj;
  cj["class"] = c.material.name();
  cj["present"] = c.present;
  cj["derived"] = c.derived;
  if (c.format_version) cj["format_version"] = c.format_version;
  if (c.present || c.derived) {
    cj["entries"] = c.entries;
    cj["positions"] = c.positions;
    cj["bytes"] = c.bytes;  // 0 when derived: it has no file
  }
  // Unchecked, a table whose header passed is neither right nor wrong yet: null, not a claim.
  cj["ok"] = c.problem ? Json(false) : checked ? Json(true) : Json(nullptr);
  cj["problem"] = c.problem ? Json(printable(*c.problem)) : Json(nullptr);
  return cj;
}

}  // namespace

Json inventory_answer(const std::filesystem::path& dir, const DirectoryInspection& found,
                      bool checked) {
  Json errors = Json::array();
  for (const auto& e : found.problems) errors.push_back(printable(e));
  Json partial = Json::array();
  for (MaterialClass mc : found.coverage.partial_classes) partial.push_back(mc.name());
  Json j;
  j["directory"] = printable(dir.string());
  j["complete_up_to"] = found.coverage.complete_up_to;
  j["partial_classes"] = std::move(partial);
  j["format_versions"] = found.format_versions;
  j["checked"] = checked;
  j["bytes"] = found.bytes;
  j["positions"] = found.positions;
  j["failing"] = found.failing;
  // A problem found is a fact; no problem found is one only when every table was checked.
  j["ok"] = !errors.empty() ? Json(false) : checked ? Json(true) : Json(nullptr);
  j["errors"] = std::move(errors);
  j["piece_counts"] = Json::array();
  for (const auto& g : found.piece_counts) {
    Json gj;
    gj["pieces"] = g.pieces;
    gj["classes"] = g.classes;
    gj["present_count"] = g.present;  // a count: a table's "present" is whether it is there
    gj["derived_count"] = g.derived;  // a count: a table's "derived" is a boolean
    gj["failing"] = g.failing;
    gj["entries"] = g.entries;
    gj["positions"] = g.positions;
    gj["bytes"] = g.bytes;
    gj["tables"] = Json::array();
    for (const auto& c : found.tables)
      if (c.material.piece_count() == g.pieces) gj["tables"].push_back(table_json(c, checked));
    j["piece_counts"].push_back(std::move(gj));
  }
  return j;
}

Json server_info_answer(Json inventory, const std::string& directory, const ServerEngine& engine) {
  inventory["directory"] = directory;
  inventory["engine"] = {{"searches", engine.searches},
                         {"max_movetime_ms", engine.max_movetime_ms},
                         {"uses_tables", engine.uses_tables}};
  return inventory;
}

}  // namespace ewn
