// Where a run's files are: tables and kept exact values in the output directory; working files
// (exact values only larger classes read, levels of groups solved in parts) under its working
// directory, removed when no longer needed.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <vector>

#include "exact_file.h"
#include "generator.h"
#include "table_file.h"
#include "table_format.h"

namespace ewn {

inline constexpr const char* kWorkDirName = ".ewn-work";

struct RunFiles {
  std::filesystem::path out, work_root;
  int keep_exact_up_to = 0;
  uint32_t format_version = kTableFormatVersion;

  explicit RunFiles(const GenOptions& opt)
      : out(opt.out),
        work_root(opt.out / kWorkDirName),
        keep_exact_up_to(opt.keep_exact_up_to),
        format_version(opt.format_version) {}
  // Whether one class of a colour pair is stored and the other derived from it (format 3).
  bool pairs_share_a_file() const { return format_version >= 3; }
  // The group's classes whose tables are missing or damaged. In format 3 a pair is written
  // together (one class is stored, the other derived from it), so both or none.
  std::set<MaterialClass> tables_to_write(const std::vector<MaterialClass>& members) const {
    std::set<MaterialClass> missing;
    for (MaterialClass mc : members)
      if (check_class(out, mc)) missing.insert(mc);
    if (pairs_share_a_file() && !missing.empty()) missing.insert(members.begin(), members.end());
    return missing;
  }
  bool keep_exact(int pieces) const { return pieces <= keep_exact_up_to; }
  std::filesystem::path table(MaterialClass mc) const { return out / table_file_name(mc); }
  std::filesystem::path kept_exact(MaterialClass mc) const { return out / exact_file_name(mc); }
  std::filesystem::path working_exact(MaterialClass mc) const {
    return work_root / exact_file_name(mc);
  }
  // Where the exact values of `mc` are written when some group reads them.
  std::filesystem::path exact(MaterialClass mc) const {
    return keep_exact(mc.piece_count()) ? kept_exact(mc) : working_exact(mc);
  }
  // Where the exact values of `mc` can be read now: kept, or left by an interrupted run.
  std::optional<std::filesystem::path> readable_exact(MaterialClass mc) const {
    std::error_code ec;
    for (const std::filesystem::path& p : {kept_exact(mc), working_exact(mc)}) {
      if (!std::filesystem::is_regular_file(p, ec)) continue;
      try {
        ExactFile(p, mc, false);
        return p;
      } catch (const std::exception&) {
      }
    }
    return std::nullopt;
  }
};

}  // namespace ewn
