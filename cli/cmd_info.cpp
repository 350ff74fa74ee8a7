// ewn info: which tables a directory holds, their sizes, and whether they pass their checks.
#include <algorithm>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "inventory_answer.h"
#include "json.h"
#include "printable.h"
#include "regular_file.h"
#include "table_inspection.h"
#include "tables_dir.h"
#include "tables_hint.h"

namespace ewn::cli {

namespace {

struct InfoOptions {
  std::string dir;
  bool json = false;
  bool quick = false;
  bool classes = false;
};

std::string ratio(uint64_t bytes, uint64_t positions) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", positions ? double(bytes) / double(positions) : 0.0);
  return buf;
}

// " (format 3)", " (formats 2 and 3)": what the directory's files are written in.
std::string format_words(const std::vector<uint32_t>& versions) {
  if (versions.empty()) return "";
  std::string out = versions.size() == 1 ? " (format " : " (formats ";
  for (size_t k = 0; k < versions.size(); ++k)
    out += (k == 0 ? "" : k + 1 == versions.size() ? " and " : ", ") + std::to_string(versions[k]);
  return out + ")";
}

int run_info(const InfoOptions& opt) {
  std::filesystem::path dir = opt.dir;
  DirectoryInspection found;
  try {
    found = inspect_tables(dir, opt.quick);
  } catch (const PathError& e) {
    std::string message = printable(e.what());
    // Making tables there helps only where a directory can be made.
    if (e.kind() == ErrorKind::Missing)
      message += " (" + make_tables_hint(kSuggestedPieces, dir) + ")";
    return fail("info", opt.json, failure_of(e.kind()), message);
  }
  const std::vector<TableInspection>& infos = found.tables;
  const std::vector<PieceCountInspection>& groups = found.piece_counts;
  std::vector<std::string> errors = found.problems;
  for (auto& e : errors) e = printable(e);

  if (opt.json) {
    print_json(inventory_answer(dir, found, !opt.quick));
  } else {
    std::cout << "Tables in " << printable(dir.string()) << format_words(found.format_versions)
              << ": complete up to " << found.coverage.complete_up_to << " pieces"
              << (opt.quick ? " (headers only, checksums not verified)" : "") << "\n";
    std::cout << "  pieces  classes  files       entries     positions         bytes  bytes/pos  "
                 "checks\n";
    for (const auto& g : groups) {
      char line[160];
      std::snprintf(line, sizeof line, "  %6d  %3d/%-3d  %5d  %12llu  %12llu  %12llu  %9s  %s\n",
                    g.pieces, g.present + g.derived, g.classes, g.present,
                    (unsigned long long)g.entries, (unsigned long long)g.positions,
                    (unsigned long long)g.bytes, ratio(g.bytes, g.positions).c_str(),
                    g.failing   ? (std::to_string(g.failing) + " failing").c_str()
                    : opt.quick ? "-"
                                : "ok");
      std::cout << line;
      if (g.present + g.derived < g.classes) {
        std::cout << "          missing:";
        for (MaterialClass mc : material_classes(g.pieces))
          if (std::none_of(infos.begin(), infos.end(), [&](const TableInspection& c) {
                return c.material == mc && (c.present || c.derived);
              }))
            std::cout << " " << mc.name();
        std::cout << "\n";
      }
      if (opt.classes)
        for (const auto& c : infos) {
          if (c.material.piece_count() != g.pieces || !(c.present || c.derived)) continue;
          std::snprintf(line, sizeof line, "    %-12s  %12llu  %12llu  %12llu  %9s  %s\n",
                        c.material.name().c_str(), (unsigned long long)c.entries,
                        (unsigned long long)c.positions, (unsigned long long)c.bytes,
                        ratio(c.bytes, c.positions).c_str(),
                        c.problem   ? "FAILED"
                        : c.derived ? "derived from its twin"
                        : opt.quick ? "-"
                                    : "ok");
          std::cout << line;
        }
    }
    if (groups.empty())
      std::cout << "  no table files\n";
    else
      std::cout << "  all: " << found.bytes << " bytes for " << found.positions << " positions, "
                << ratio(found.bytes, found.positions) << " bytes/pos\n";
  }
  for (const auto& e : errors) std::cerr << "ewn info: " << e << "\n";
  // A table missing from a group, damaged, odd or wrong, a stray name, no tables at all.
  return errors.empty() ? 0 : ways_of(Failure::DamagedTable).exit_code;
}

}  // namespace

void register_info(CLI::App& app) {
  auto opt = std::make_shared<InfoOptions>();
  auto* cmd = app.add_subcommand("info", "List the tables of a directory and check them");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  cmd->footer(
      "For each piece count: classes answered (a file of their own, or in format 3 derived from\n"
      "their colour twin's file), files, entries, file bytes, bytes per unique position\n"
      "and the result of the full check of every file (header, block and file checksums).\n"
      "Reports the same facts as ewn verify (missing, damaged or stray files, \"complete up to\"\n"
      "counting only tables that pass) without recomputing values. Names each problem and\n"
      "exits as for a damaged table when there is one.\n\n"
      "Example:\n"
      "  ewn info --tables data --classes");
  add_tables_option(cmd, opt->dir, "Directory of table files");
  cmd->add_flag("--json", opt->json, "Machine-readable output");
  cmd->add_flag("--quick", opt->quick, "Read the headers only, skip the checksums");
  cmd->add_flag("--classes", opt->classes, "One line per class");
  list_exit_codes(cmd, table_failures());
  cmd->callback([opt] { set_exit_code(run_info(*opt)); });
}

}  // namespace ewn::cli
