// ewn convert: rewrite a table directory in format 3 without generating it again.

#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "file_error.h"
#include "json.h"
#include "memory_budget.h"
#include "output_lock.h"
#include "printable.h"
#include "progress_line.h"
#include "regular_file.h"
#include "summaries.h"
#include "table_conversion.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

namespace fs = std::filesystem;

struct ConvertCommandOptions {
  std::string dir;
  std::string out;  // empty: in place
  int threads = 0;
  int zstd_level = kDefaultZstdLevel;
  bool json = false;
  bool quiet = false;
};

// "[12/318 tables] 126v15   41.0%  52.1M entries/s  ETA 1m05s"
std::string progress_text(const ConversionProgress& p, double elapsed) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "[%d/%d tables] %-14s %5.1f%%  %.1fM entries/s  %s", p.tables_done,
                p.tables_total, p.current.name().c_str(),
                p.entries_total ? 100.0 * double(p.entries_done) / double(p.entries_total) : 100.0,
                elapsed > 0 ? double(p.entries_done) / elapsed / 1e6 : 0.0,
                eta_text(double(p.entries_done), double(p.entries_total), elapsed).c_str());
  return buf;
}

void print_text(const std::string& from, const std::string& to, const ConversionReport& r,
                double seconds) {
  std::cout << "ewn convert: " << printable(from);
  if (!r.in_place) std::cout << " -> " << printable(to);
  std::cout << ": " << r.tables_read << " table files read, " << r.tables_written
            << " written in format " << kTableFormatVersion << ", " << r.tables_kept
            << " already in it\n"
            << "  " << r.derived << " classes now answered by their colour twin's file ("
            << r.removed << " files " << (r.in_place ? "removed" : "not copied") << ")\n";
  char figures[160];
  std::snprintf(figures, sizeof figures, "  %.3f GB -> %.3f GB (%.1f%%) in %.1f s\n",
                double(r.bytes_before) / 1e9, double(r.bytes_after) / 1e9,
                r.bytes_before ? 100.0 * double(r.bytes_after) / double(r.bytes_before) : 100.0,
                seconds);
  std::cout << figures;
}

// The destination made ready (made when missing); the exit code when it cannot be.
std::optional<int> prepare_destination(const ConvertCommandOptions& opt, const std::string& to) {
  if (auto problem = directory_problem(opt.dir))
    return fail("convert", opt.json, failure_of(problem->kind),
                printable(opt.dir + ": " + problem->words));
  if (auto problem = directory_problem(to); problem && problem->kind != ErrorKind::Missing)
    return fail("convert", opt.json, failure_of(problem->kind),
                printable(to + ": " + problem->words));
  std::error_code ec;
  fs::create_directories(to, ec);
  if (ec)
    return fail("convert", opt.json, Failure::Unavailable,
                printable(to + ": cannot create the directory: " + ec.message()));
  return std::nullopt;
}

int run_convert(const ConvertCommandOptions& opt) {
  const std::string to = opt.out.empty() ? opt.dir : opt.out;
  if (auto code = prepare_destination(opt, to)) return *code;
  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = process_cpu_seconds();
  ProgressLine progress;
  ConversionOptions c;
  c.from = opt.dir;
  c.to = to;
  c.threads = opt.threads;
  c.zstd_level = opt.zstd_level;
  if (!opt.quiet)
    c.on_progress = [&](const ConversionProgress& p) {
      progress.show(progress_text(p, progress.elapsed_seconds()));
    };
  ConversionReport report;
  try {
    // One writer of a directory at a time: `ewn gen` takes the same lock.
    OutputLock lock(to);
    report = convert_tables(c);
  } catch (const std::exception& e) {
    progress.finish();
    int code = fail("convert", opt.json, e);
    std::cerr << "The tables converted so far are kept; run the same command again to finish.\n";
    return code;
  }
  progress.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (opt.json)
    print_json(convert_answer(opt.dir, to, report, seconds, process_cpu_seconds() - cpu_started));
  else
    print_text(opt.dir, to, report, seconds);
  return 0;
}

}  // namespace

void register_convert(CLI::App& app) {
  auto opt = std::make_shared<ConvertCommandOptions>();
  auto* cmd = app.add_subcommand("convert", "Rewrite a table directory in the current format");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  cmd->footer(
      "Rewrites the tables of formats 1 and 2 in format 3 without generating them again: of\n"
      "each colour pair (12v3 and 3v12) only the smaller file is kept, and it answers for the\n"
      "other class by one expectimax ply (about half the bytes; the stored values are the old\n"
      "file's, the other class's within one step of 1/65535). Files already in format 3 are\n"
      "kept. In place, each pair's new file is written, checked and renamed before the old\n"
      "one is removed: an interrupted run loses nothing, and the same command finishes it.\n\n"
      "Examples:\n"
      "  ewn convert --tables data            data/ in place\n"
      "  ewn convert --tables data --out v3   a converted copy in v3/, data/ untouched");
  add_tables_option(cmd, opt->dir, "Directory of the table files to convert");
  cmd->add_option("--out", opt->out,
                  "Write the converted set to this directory instead (made if missing); the "
                  "source is left as it is");
  cmd->add_option("--threads,-t", opt->threads, "Worker threads (0: one per core)")
      ->check(CLI::Range(0, 1024))
      ->default_val(0);
  cmd->add_option("--zstd-level", opt->zstd_level,
                  "Compression level of the rewritten tables (1-22), as ewn gen's")
      ->check(CLI::Range(1, 22))
      ->default_val(kDefaultZstdLevel);
  cmd->add_flag("--json", opt->json, "Print the summary as JSON");
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);  // the destination cannot be written, or is busy
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_convert(*opt)); });
}

}  // namespace ewn::cli
