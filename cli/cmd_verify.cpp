// ewn verify: check every table's checksums and recompute every stored value from its children.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "file_io.h"
#include "json.h"
#include "manifest.h"
#include "material.h"
#include "memory_budget.h"
#include "notation.h"
#include "printable.h"
#include "progress_line.h"
#include "regular_file.h"
#include "summaries.h"
#include "table_format.h"
#include "tables_dir.h"
#include "verify.h"

namespace ewn::cli {

namespace {

struct VerifyCommandOptions {
  std::string dir;
  int pieces = 0;
  std::string only_class;
  int threads = 0;
  int list = 10;
  bool json = false;
  bool quiet = false;
  std::string manifest;        // compare with it instead of recomputing
  std::string write_manifest;  // after a verification that passes
};

// "[3/198 tables] 12v123   41.0%  2.31M entries/s  ETA 1m05s"
std::string progress_text(const VerifyProgress& p, double elapsed) {
  double rate = elapsed > 0 ? double(p.entries_done) / elapsed : 0;
  char buf[160];
  std::snprintf(buf, sizeof buf, "[%d/%d tables] %-14s %5.1f%%  %.2fM entries/s  %s", p.tables_done,
                p.tables_total, p.current.name().c_str(),
                p.entries_total ? 100.0 * double(p.entries_done) / double(p.entries_total) : 100.0,
                rate / 1e6,
                eta_text(double(p.entries_done), double(p.entries_total), elapsed).c_str());
  return buf;
}

std::string fixed(double v, int digits = 6) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// A difference in units of the stored precision kValueStep, written "<units>/<kValueScale>".
std::string in_units(double difference) {
  return fixed(difference * kValueScale, 3) + "/" + std::to_string(kValueScale);
}

void print_text(const VerifyReport& r, double seconds, double cpu) {
  int failed = 0;
  for (const TableReport& t : r.tables) {
    if (t.ok()) continue;
    ++failed;
    std::cout << "FAILED " << t.material.name() << " (" << printable(t.file.string()) << "): ";
    if (!t.problem.empty()) {
      std::cout << t.problem << "\n";
      continue;
    }
    std::cout << t.mismatches << " of " << t.positions
              << " stored values differ from their children by more than the rounding allows\n";
    for (const ValueMismatch& m : t.listed)
      std::cout << "  entry " << m.entry << ": " << format_position(m.position) << "  stored "
                << fixed(decode_value(m.stored)) << " (" << m.stored << "/" << kValueScale
                << "), recomputed " << fixed(m.recomputed) << ", off by "
                << in_units(std::abs(m.recomputed - decode_value(m.stored))) << "\n";
    if (t.mismatches > t.listed.size())
      std::cout << "  ... and " << t.mismatches - t.listed.size() << " more\n";
  }
  for (const std::string& p : r.other_problems) std::cout << "FAILED " << printable(p) << "\n";
  std::cout << "ewn verify: " << printable(r.dir.string()) << ": " << r.tables.size()
            << " tables with 2.." << r.max_pieces << " pieces";
  if (!r.absent.empty())
    std::cout << " (" << r.absent.size() << " classes of " << r.max_pieces << " pieces not made)";
  std::cout << ", complete up to " << r.complete_up_to << " pieces";
  if (r.verified_up_to != r.complete_up_to)
    std::cout << " (verified up to " << r.verified_up_to << ")";
  int derived = 0;
  for (const TableReport& t : r.tables) derived += t.derived;
  if (derived > 0)
    std::cout << "\n  " << derived
              << " of them derived from their colour twin's file (format 3): computed from it, "
                 "and it recomputed through them";
  std::cout << "\n"
            << "  " << r.positions << " positions recomputed from their children in "
            << fixed(seconds, 1) << " s (CPU " << fixed(cpu, 1) << " s)\n"
            << "  largest difference " << in_units(r.max_difference) << ", allowed "
            << in_units(r.tolerance) << "\n";
  if (r.ok())
    std::cout << "OK: every table passes its checksums and every stored value agrees with its "
                 "children\n";
  else
    std::cout << "FAILED: " << failed << " of " << r.tables.size() << " tables"
              << (r.other_problems.empty()
                      ? std::string()
                      : " and " + std::to_string(r.other_problems.size()) + " other files")
              << "\n";
}

// `ewn verify DIR --manifest FILE`: every file the manifest lists, by size and digest.
int run_manifest_check(const VerifyCommandOptions& opt) {
  auto failed = [&](Failure failure, const std::string& message) {
    return fail("verify", opt.json, failure, message);
  };
  std::vector<ManifestEntry> entries;
  try {
    if (auto problem = directory_problem(opt.dir))
      return failed(failure_of(problem->kind), printable(opt.dir + ": " + problem->words));
    entries = read_manifest(opt.manifest);
  } catch (const std::runtime_error& e) {
    // A manifest that cannot be read is a file given that cannot be used.
    return failed(Failure::BadUse, printable(e.what()));
  }
  // --pieces N: the part of the manifest a set of up to N pieces holds.
  if (opt.pieces)
    std::erase_if(entries, [&](const ManifestEntry& e) {
      auto mc = parse_material_class(std::filesystem::path(e.file).stem().string());
      return mc && mc->piece_count() > opt.pieces;
    });
  std::vector<std::string> errors = compare_with_manifest(opt.dir, entries);
  for (auto& e : errors) e = printable(e);
  if (opt.json) {
    print_json(manifest_check_answer(opt.dir, opt.manifest, entries.size(), errors));
  } else {
    for (const auto& e : errors) std::cout << "FAILED " << e << "\n";
    std::cout << "ewn verify: " << printable(opt.dir) << ": " << entries.size()
              << " files compared with " << printable(opt.manifest) << "\n";
    if (errors.empty())
      std::cout << "OK: every file has the size and digest the manifest lists\n";
    else
      std::cout << "FAILED: " << errors.size() << " of " << entries.size() << " files\n";
  }
  return errors.empty() ? 0 : ways_of(Failure::DamagedTable).exit_code;
}

int run_verify(const VerifyCommandOptions& opt) {
  if (!opt.manifest.empty()) return run_manifest_check(opt);
  auto started = std::chrono::steady_clock::now();
  double cpu_started = process_cpu_seconds();
  ProgressLine progress;
  VerifyOptions v;
  v.max_pieces = opt.pieces;
  v.threads = opt.threads;
  v.list_limit = opt.list;
  if (!opt.only_class.empty()) {
    v.only_class = parse_material_class(opt.only_class);
    if (!v.only_class)
      return fail("verify", opt.json, Failure::BadUse,
                  "--class " + printable(opt.only_class) +
                      ": not a material class (e.g. 123v1: the mover's piece numbers, 'v', the "
                      "opponent's, each side in its canonical numbering)");
  }
  if (!opt.quiet)
    v.on_progress = [&](const VerifyProgress& p) {
      progress.show(progress_text(p, progress.elapsed_seconds()));
    };
  VerifyReport report;
  try {
    report = verify_tables(opt.dir, v);
  } catch (const std::exception& e) {
    progress.finish();
    return fail("verify", opt.json, e);
  }
  progress.finish();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  double cpu = process_cpu_seconds() - cpu_started;
  if (opt.json)
    print_json(verify_answer(report, seconds, cpu));
  else
    print_text(report, seconds, cpu);
  if (report.ok() && !opt.write_manifest.empty()) {
    try {
      // Format 3 answers a derived class from its twin's file: fewer files than tables.
      size_t files = 0;
      for (const TableReport& t : report.tables) files += !t.derived;
      std::string text = manifest_of(
          opt.dir, "# The " + std::to_string(files) + " files (" +
                       std::to_string(report.tables.size()) +
                       " tables) of a verified set: XXH3-128, bytes, name. Check a copy with: "
                       "ewn verify DIR --manifest FILE\n");
      std::string tmp = opt.write_manifest + ".tmp";
      OutputFile out(tmp);
      out.write(text.data(), text.size());
      out.close();
      commit_file(tmp, opt.write_manifest);
    } catch (const std::exception& e) {
      return fail("verify", e);
    }
  }
  if (report.ok()) return 0;
  return fail("verify", Failure::DamagedTable,
              printable(report.dir.string()) + " has problems (see above)");
}

}  // namespace

void register_verify(CLI::App& app) {
  auto opt = std::make_shared<VerifyCommandOptions>();
  auto* cmd = app.add_subcommand("verify", "Check that every stored value is right");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  cmd->footer(
      "Checks every table file of the --tables directory (header, block and whole-file\n"
      "checksums), then recomputes every stored value from the stored values of its children,\n"
      "one expectimax step, and compares. A stored value and its children are each within\n"
      "1/131070 of the exact value, so they must agree within 1/65535. A table missing,\n"
      "damaged or wrong is named, with an offending position, and exits as a damaged table.\n\n"
      "Examples:\n"
      "  ewn verify --tables data            every table in data/\n"
      "  ewn verify --pieces 4               only the tables with up to 4 pieces\n"
      "  ewn verify --class 12v1             only 12v1 and its twin 1v12 (one group, e.g. made\n"
      "                                      by gen --class), against the tables its captures\n"
      "                                      reach\n"
      "  ewn verify --pieces 4 --manifest docs/tables-5.manifest\n"
      "                                      copied tables against the published ones, in\n"
      "                                      seconds");
  add_tables_option(cmd, opt->dir, "Directory of table files");
  cmd->add_option("--pieces,-n", opt->pieces,
                  "Verify the classes with up to N pieces (default: the most found)")
      ->check(CLI::Range(2, 12));
  cmd->add_option("--class", opt->only_class,
                  "Verify only this material class and its colour-flipped twin, e.g. 123456v1");
  cmd->add_option("--threads,-t", opt->threads, "Worker threads (0: one per core)")
      ->check(CLI::Range(0, 1024))
      ->default_val(0);
  cmd->add_option("--list", opt->list, "Differing entries listed per table (all are counted)")
      ->check(CLI::Range(0, 1'000'000))
      ->default_val(10);
  cmd->add_option("--manifest", opt->manifest,
                  "Instead of recomputing, compare the size and digest of every file this "
                  "manifest lists (e.g. docs/tables-5.manifest, the published <= 5 set); with "
                  "--pieces, only its tables with up to that many pieces");
  cmd->add_option("--write-manifest", opt->write_manifest,
                  "After a verification that passes, write the size and digest of every table "
                  "to this file");
  cmd->add_flag("--json", opt->json, "Print the report as JSON");
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);  // --write-manifest FILE cannot be written
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_verify(*opt)); });
}

}  // namespace ewn::cli
