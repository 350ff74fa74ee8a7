#include "table_info.h"

#include <filesystem>

#include "index.h"
#include "material.h"
#include "table_file.h"

namespace ewn::web {

Json tables_info(const Tablebase& tb) {
  Json pieces = Json::array();
  uint64_t total = 0;
  for (int n = 2; n <= kMaxPieces; ++n) {
    Json tables = Json::array();
    uint64_t bytes = 0;
    int classes = 0;
    for (MaterialClass mc : material_classes(n)) {
      ++classes;
      std::error_code ec;
      auto path = tb.path_of(mc);
      if (!std::filesystem::is_regular_file(path, ec)) continue;
      uint64_t size = std::filesystem::file_size(path, ec);
      Json t{{"class", mc.name()}, {"bytes", size}};
      try {
        t["entries"] = TableFile(path, mc).entry_count();
      } catch (const TableError& e) {
        t["problem"] = e.what();
      }
      tables.push_back(std::move(t));
      bytes += size;
    }
    if (tables.empty()) continue;
    total += bytes;
    pieces.push_back({{"pieces", n},
                      {"classes", classes},
                      {"present", tables.size()},
                      {"bytes", bytes},
                      {"tables", std::move(tables)}});
  }
  Json partial = Json::array();
  for (MaterialClass mc : tb.partial_classes()) partial.push_back(mc.name());
  Json j;
  j["directory"] = tb.directory().string();
  j["complete_up_to"] = tb.max_pieces();
  j["partial_classes"] = std::move(partial);
  j["bytes"] = total;
  j["pieces"] = std::move(pieces);
  return j;
}

}  // namespace ewn::web
