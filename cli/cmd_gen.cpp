// ewn gen: generate the tables.
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>

#include "commands.h"
#include "failures.h"
#include "file_error.h"
#include "generator.h"
#include "json.h"
#include "memory_budget.h"
#include "output_lock.h"
#include "printable.h"
#include "progress_line.h"
#include "regular_file.h"
#include "summaries.h"
#include "table_format.h"
#include "table_writer.h"
#include "tables_dir.h"
#include "tables_hint.h"
#if EWN_MPI
#include "distributed_gen.h"
#endif

namespace ewn::cli {

namespace {

namespace fs = std::filesystem;

struct GenCommandOptions {
  GenOptions gen;
  std::string only_class;
  std::string max_memory;
  bool json = false;
  bool quiet = false;
};

// Failures that stay until someone acts (frees space, changes permissions): running the same
// command again at once would fail the same way.
bool lasting(int error) {
  for (int e : {ENOSPC, EDQUOT, EFBIG, EROFS, EACCES, EPERM, ENOTDIR, EISDIR, ENAMETOOLONG})
    if (error == e) return true;
  return false;
}

// A FIFO, device, socket, directory or dangling link named like a table or exact-values file
// that the run would have to read or replace: refused before any work.
std::optional<std::string> odd_file(const fs::path& dir) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& p = entry.path();
    if (p.extension() != kTableExtension && p.extension() != ".ewx") continue;  // exact values
    if (auto problem = regular_file_problem(p)) return p.string() + ": " + problem->words;
  }
  if (ec) return dir.string() + ": cannot list: " + ec.message();
  return std::nullopt;
}

// "[12/198 tables] 5 pieces, 12v123   41.0%  2.31M pos/s  ETA 1m05s"; the rate leaves out
// tables found complete on disk, so a resumed run's ETA is not flattered by them.
std::string progress_text(const GenProgress& p, double elapsed) {
  double solved = double(p.work_done - p.work_skipped);
  char buf[200];
  std::snprintf(buf, sizeof buf, "[%d/%d tables] %d pieces, %-14s %5.1f%%  %.2fM pos/s  %s",
                p.tables_done, p.tables_total, p.pieces, p.group.c_str(),
                p.work_total ? 100.0 * double(p.work_done) / double(p.work_total) : 100.0,
                elapsed > 0 ? solved / elapsed / 1e6 : 0.0,
                eta_text(solved, double(p.work_total - p.work_skipped), elapsed).c_str());
  return buf;
}

// What a run reports: the summary, and for a run by the ranks of an MPI job each rank's
// figures (in --json and as lines of text).
struct GenResult {
  GenSummary summary;
  Json ranks = Json::array();
  std::string rank_lines;
};
using GenRunner = std::function<GenResult(const GenOptions&)>;

#if EWN_MPI
GenResult distributed_result(const dist::DistributedSummary& d) {
  GenResult result;
  result.summary = d.run;
  std::ostringstream lines;
  for (const dist::RankFigures& f : d.ranks) {
    result.ranks.push_back(rank_answer({f.rank, f.host, f.jobs, f.team_jobs, f.positions,
                                        f.busy_seconds, f.cpu_seconds, f.peak_rss,
                                        f.exchanged_levels, f.exchanged_bytes, f.message_bytes}));
    lines << "  rank " << f.rank << " (" << printable(f.host) << "): " << f.jobs
          << " group(s) alone, " << f.positions << " positions";
    if (f.team_jobs)
      lines << "; " << f.team_jobs << " group(s) with every rank, "
            << format_memory_size(f.exchanged_bytes) << " of values exchanged in "
            << f.exchanged_levels << " levels";
    char figures[160];
    std::snprintf(figures, sizeof figures, "; busy %.1f s, CPU %.1f s, peak %s\n", f.busy_seconds,
                  f.cpu_seconds, format_memory_size(f.peak_rss).c_str());
    lines << figures;
  }
  result.rank_lines = lines.str();
  return result;
}
#endif

int gen_failed(bool json, Failure failure, const std::string& message) {
  return fail("gen", json, failure, printable(message));
}

// The progress line (timed from the generator's first report, when the solving starts) and the
// notice of an interrupted run's temporary files.
void show_progress(GenOptions& gen, std::optional<ProgressLine>& line) {
  gen.on_progress = [&line](const GenProgress& p) {
    if (!line) line.emplace();
    line->show(progress_text(p, line->elapsed_seconds()));
  };
  gen.on_temporaries_removed = [](int files) {
    std::fprintf(stderr, "removed %d temporary file(s) of an interrupted run\n", files);
  };
}

// The tables' directory made ready to write to (one that is not there yet is made); the exit
// code when it cannot be.
std::optional<int> prepare_tables_directory(const fs::path& out, bool json) {
  if (out.empty())
    return gen_failed(json, Failure::BadUse,
                      "the tables' directory is empty (give one with --tables, e.g. data)");
  if (auto problem = directory_problem(out); problem && problem->kind != ErrorKind::Missing)
    return gen_failed(json, failure_of(problem->kind), out.string() + ": " + problem->words);
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    return gen_failed(json, Failure::Unavailable,
                      out.string() + ": cannot create the directory: " + ec.message());
  if (auto problem = odd_file(out))
    return gen_failed(json, Failure::DamagedTable, *problem + " (move it away)");
  return std::nullopt;
}

// --max-memory and --class into the generator's options; the exit code when one is bad.
std::optional<int> read_max_memory(GenCommandOptions& opt) {
  if (opt.max_memory.empty()) return std::nullopt;
  auto bytes = parse_memory_size(opt.max_memory);
  if (!bytes || *bytes == 0)
    return gen_failed(opt.json, Failure::BadUse,
                      "--max-memory " + opt.max_memory +
                          ": not a size (write a number with K, M, G or T, e.g. 96M or 16G)");
  opt.gen.max_memory = *bytes;
  return std::nullopt;
}
std::optional<int> read_only_class(GenCommandOptions& opt) {
  if (opt.only_class.empty()) return std::nullopt;
  opt.gen.only_class = parse_material_class(opt.only_class);
  if (!opt.gen.only_class)
    return gen_failed(opt.json, Failure::BadUse,
                      "--class " + opt.only_class +
                          ": not a material class (write the mover's piece numbers, 'v', "
                          "the opponent's, each side in its canonical numbering, e.g. 123v1)");
  if (opt.gen.only_class->piece_count() > opt.gen.pieces)
    return gen_failed(opt.json, Failure::BadUse,
                      "--class " + opt.only_class + " has more pieces than --pieces " +
                          std::to_string(opt.gen.pieces));
  return std::nullopt;
}

void print_gen_text(const GenCommandOptions& opt, const GenResult& result) {
  const GenSummary& s = result.summary;
  std::cout << "ewn gen: " << s.tables_total << " tables with up to " << opt.gen.pieces
            << " pieces in " << opt.gen.out.string() << " (" << s.tables_generated << " generated, "
            << s.tables_skipped << " already complete)\n"
            << "  positions solved: " << s.positions << " in " << s.seconds << " s";
  if (s.seconds > 0 && s.positions) std::cout << " (" << s.positions / s.seconds / 1e6 << " M/s)";
  std::cout << "\n  table bytes: " << s.table_bytes << "\n"
            << "  memory: peak " << format_memory_size(s.peak_rss) << " of a budget of "
            << format_memory_size(s.memory_budget);
  if (s.groups_in_parts)
    std::cout << "; " << s.groups_in_parts << " group(s) solved in parts (at most " << s.most_parts
              << ")";
  if (s.groups_rederived)
    std::cout << "; " << s.groups_rederived << " smaller group(s) solved again for exact values";
  std::cout << "\n";
  if (!result.rank_lines.empty()) std::cout << "  ranks of the MPI job:\n" << result.rank_lines;
}

int run_gen(GenCommandOptions opt, const GenRunner& runner) {
  // With a file size limit (ulimit -f) a write past it must fail with EFBIG, not kill us.
  std::signal(SIGXFSZ, SIG_IGN);
  std::optional<ProgressLine> line;
  if (!opt.quiet) show_progress(opt.gen, line);
  if (auto code = prepare_tables_directory(opt.gen.out, opt.json)) return *code;
  if (auto code = read_max_memory(opt)) return *code;
  GenResult result;
  try {
    OutputLock lock(opt.gen.out);
    if (auto code = read_only_class(opt)) return *code;
    result = runner(opt.gen);
    if (line) line->finish();
  } catch (const MemoryBudgetError& e) {
    // The suggestion leaves a MiB to spare: the process's own resident memory, part of what is
    // needed, differs by a fraction of a MiB from run to run (and more under mpirun).
    return gen_failed(opt.json, Failure::BadUse,
                      std::string(e.what()) + " (use --max-memory " +
                          memory_size_argument(e.needed() + (uint64_t(1) << 20)) + " or more)");
  } catch (const DirectoryBusy& e) {
    return gen_failed(opt.json, Failure::Unavailable, e.what());
  } catch (const std::exception& e) {
    // A newline first ends the progress line. The resume hint only where a rerun would help: a
    // full disk or a read-only directory say themselves what to do first.
    auto file_error = dynamic_cast<const FileError*>(&e);
    std::cerr << (opt.quiet ? "" : "\n");
    int code = fail("gen", opt.json, e);
    if (!file_error || !lasting(file_error->error()))
      std::cerr << "Completed tables are kept; run the same command again to resume.\n";
    return code;
  }
  if (opt.json)
    // A run by the ranks of an MPI job: each rank's figures, one more key.
    print_json(gen_answer(result.summary, opt.gen.pieces, result.ranks));
  else
    print_gen_text(opt, result);
  return 0;
}

int run_gen_command(const GenCommandOptions& opt) {
#if EWN_MPI
  // Started by mpirun with several processes: rank 0 runs the command and hands out the jobs,
  // the others solve them. Alone, the program runs as if built without MPI.
  if (dist::launched_ranks() > 1) {
    dist::DistributedGen mpi;
    if (mpi.rank() != 0) return mpi.serve(opt.gen);
    int code =
        run_gen(opt, [&mpi](const GenOptions& gen) { return distributed_result(mpi.run(gen)); });
    mpi.finish(code);
    return code;
  }
#endif
  return run_gen(opt, [](const GenOptions& gen) {
    GenResult result;
    result.summary = generate(gen);
    return result;
  });
}

}  // namespace

void register_gen(CLI::App& app) {
  auto opt = std::make_shared<GenCommandOptions>();
  auto* cmd = app.add_subcommand("gen", "Generate endgame tables (exact win probabilities)");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  cmd->footer(
      "Computes the value of every position with up to N pieces on the board: the probability\n"
      "that the side to move wins with best play by both sides. Tables are written to DIR one\n"
      "material class at a time; an interrupted run resumes where it stopped. One run writes to\n"
      "DIR at a time: a second stops at once. When the run fails the message says whether\n"
      "running the same command again resumes.\n\n"
      "Examples:\n"
      "  ewn gen --pieces 4            all tables with 2..4 pieces into data/ (seconds)\n"
      "  ewn gen --pieces 5 --tables t5  2..5 pieces (minutes, 0.26 GB)\n"
      "  ewn gen --pieces 5 --max-memory 128M  the same tables within 128 MiB of memory\n"
      "  ewn gen --pieces 7 --class 123456v1 --max-memory 16G\n"
      "                                one 7-piece group (and its twin) beside the <= 6 set\n\n"
      "Built with MPI (-DEWN_MPI=ON), 'mpirun -np N ewn gen ...' makes the same tables with N\n"
      "processes on one machine or many, sharing DIR; --max-memory and --threads are then per\n"
      "process (docs/SCALING.md).");
  cmd->add_option("--pieces,-n", opt->gen.pieces, "Largest number of pieces on the board")
      ->check(CLI::Range(2, kMaxGenPieces))
      ->default_val(kSuggestedPieces);
  cmd->add_option("--tables", opt->gen.out,
                  "Directory to write the tables to ($EWN_TABLES or data)")
      ->default_val(default_tables_dir())
      ->type_name("DIR");
  cmd->add_option("--threads,-t", opt->gen.threads, "Worker threads (0: one per core)")
      ->check(CLI::Range(0, 1024))
      ->default_val(0);
  cmd->add_option("--max-memory", opt->max_memory,
                  "Peak memory of the whole process, e.g. 96M or 16G (default: three quarters of "
                  "physical memory); a group that does not fit is solved in parts, with the same "
                  "tables");
  cmd->add_option("--keep-exact", opt->gen.keep_exact_up_to,
                  "Also keep the exact values (.ewx, 8 bytes a position) of the classes with at "
                  "most this many pieces, so that a later, larger run reads them instead of "
                  "solving those classes again (by default a run leaves only the tables)")
      ->check(CLI::Range(0, kMaxGenPieces))
      ->default_val(0);
  cmd->add_option("--class", opt->only_class,
                  "Solve only this material class and its colour-flipped twin, e.g. 12345v1 "
                  "(the smaller classes it reaches by captures are solved again for their exact "
                  "values unless kept, and written where their tables are missing)");
  cmd->add_option("--zstd-level", opt->gen.zstd_level,
                  "Compression level of the tables (1-22): 19 gives ~4% smaller files than the "
                  "default and takes longer than the solving itself")
      ->check(CLI::Range(1, 22))
      ->default_val(kDefaultZstdLevel);
  cmd->add_option("--format", opt->gen.format_version,
                  "Table format written: 3 stores one class of each colour pair and answers the "
                  "other from it (about half the bytes of such pairs); 2 stores every class, for "
                  "an ewn that reads no later format")
      ->check(CLI::Range(2, int(kTableFormatVersion)))
      ->default_val(kTableFormatVersion);
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
  cmd->add_flag("--json", opt->json, "Print the summary as JSON");
  list_exit_codes(cmd, {Failure::NotADirectory, Failure::Unreadable, Failure::DamagedTable,
                        Failure::Unavailable});
  cmd->callback([opt] { set_exit_code(run_gen_command(*opt)); });
}

}  // namespace ewn::cli
