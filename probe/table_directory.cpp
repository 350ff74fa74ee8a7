#include "table_directory.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "index.h"
#include "regular_file.h"
#include "table_format.h"

namespace ewn {

namespace fs = std::filesystem;

bool table_present(const fs::path& dir, MaterialClass mc) {
  std::error_code ec;
  return fs::symlink_status(dir / table_file_name(mc), ec).type() != fs::file_type::not_found;
}

std::string default_tables_dir() {
  const char* env = std::getenv("EWN_TABLES");
  return env && *env ? std::string(env) : std::string("data");
}

TableDirectory scan_table_directory(const fs::path& dir) {
  if (auto problem = directory_problem(dir)) throw PathError(dir, *problem);
  TableDirectory out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != kTableExtension) continue;
    if (auto mc = parse_material_class(entry.path().stem().string())) {
      out.largest = std::max(out.largest, mc->piece_count());
      out.names.push_back(entry.path().filename().string());
    } else {
      out.strays.push_back(entry.path().string() +
                           ": the name is no material class (expected e.g. 12v3.ewt)");
    }
  }
  if (ec) throw PathError(dir, {ErrorKind::Unreadable, "cannot list: " + ec.message()});
  std::sort(out.names.begin(), out.names.end());
  std::sort(out.strays.begin(), out.strays.end());
  return out;
}

bool TableDirectory::expects(const fs::path& dir, MaterialClass mc) const {
  if (mc.piece_count() < largest) return true;
  // A class of a colour pair made at the largest count may have no file of its own: format 3
  // stores one class of the pair (its twin's file answers for it, table_inspection.h).
  return mc.piece_count() == largest &&
         (table_present(dir, mc) || table_present(dir, mc.flipped()));
}

}  // namespace ewn
