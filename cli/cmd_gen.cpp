// ewn gen: generate the tables.
#include <csignal>
#include <iostream>

#include "commands.h"
#include "generator.h"
#include "json.h"
#include "memory_budget.h"

namespace ewn::cli {

namespace {

struct GenCommandOptions {
  GenOptions gen;
  std::string max_memory;
  bool json = false;
  bool quiet = false;
};

int run_gen(GenCommandOptions opt) {
  // With a file size limit (ulimit -f) a write past it must fail with EFBIG, not kill us.
  std::signal(SIGXFSZ, SIG_IGN);
  opt.gen.progress = !opt.quiet;
  if (!opt.max_memory.empty()) {
    auto bytes = parse_memory_size(opt.max_memory);
    if (!bytes || *bytes == 0) {
      std::cerr << "ewn gen: --max-memory " << opt.max_memory
                << ": not a size (write a number with K, M, G or T, e.g. 96M or 16G)\n";
      return 2;
    }
    opt.gen.max_memory = *bytes;
  }
  GenSummary s;
  try {
    s = generate(opt.gen);
  } catch (const MemoryBudgetError& e) {
    std::cerr << "ewn gen: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    // A newline first ends the progress line.
    std::cerr << (opt.gen.progress ? "\n" : "") << "ewn gen: " << e.what() << "\n"
              << "Completed tables are kept; run the same command again to resume.\n";
    return 1;
  }
  if (opt.json) {
    JsonWriter j;
    j.begin_object()
        .key("pieces")
        .value(opt.gen.pieces)
        .key("tables")
        .value(s.tables_total)
        .key("generated")
        .value(s.tables_generated)
        .key("skipped")
        .value(s.tables_skipped)
        .key("positions")
        .value((unsigned long long)s.positions)
        .key("seconds")
        .value(s.seconds)
        .key("bytes")
        .value((unsigned long long)s.table_bytes)
        .key("memory_budget")
        .value((unsigned long long)s.memory_budget)
        .key("peak_rss")
        .value((unsigned long long)s.peak_rss)
        .key("groups_in_parts")
        .value(s.groups_in_parts)
        .key("most_parts")
        .value(s.most_parts)
        .key("groups_rederived")
        .value(s.groups_rederived)
        .end_object();
    std::cout << j.str() << "\n";
  } else {
    std::cout << "ewn gen: " << s.tables_total << " tables with up to " << opt.gen.pieces
              << " pieces in " << opt.gen.out.string() << " (" << s.tables_generated
              << " generated, " << s.tables_skipped << " already complete)\n"
              << "  positions solved: " << s.positions << " in " << s.seconds << " s";
    if (s.seconds > 0 && s.positions) std::cout << " (" << s.positions / s.seconds / 1e6 << " M/s)";
    std::cout << "\n  table bytes: " << s.table_bytes << "\n"
              << "  memory: peak " << format_memory_size(s.peak_rss) << " of a budget of "
              << format_memory_size(s.memory_budget);
    if (s.groups_in_parts)
      std::cout << "; " << s.groups_in_parts << " group(s) solved in parts (at most "
                << s.most_parts << ")";
    if (s.groups_rederived)
      std::cout << "; " << s.groups_rederived << " smaller group(s) solved again for exact values";
    std::cout << "\n";
  }
  return 0;
}

}  // namespace

void register_gen(CLI::App& app) {
  auto opt = std::make_shared<GenCommandOptions>();
  auto* cmd = app.add_subcommand("gen", "Generate endgame tables (exact win probabilities)");
  cmd->description(
      "Computes the value of every position with up to N pieces on the board: the probability\n"
      "that the side to move wins with best play by both sides. Tables are written to DIR one\n"
      "material class at a time; an interrupted run resumes where it stopped.");
  cmd->footer(
      "Examples:\n"
      "  ewn gen --pieces 4            all tables with 2..4 pieces into data/ (seconds)\n"
      "  ewn gen --pieces 5 --out t5   2..5 pieces (minutes, 0.5 GB)\n"
      "  ewn gen --pieces 5 --max-memory 96M   the same within 96 MiB of memory\n"
      "  ewn gen --pieces 7 --class 123456v1 --max-memory 16G\n"
      "                                one 7-piece group (and its twin) beside the <= 6 set");
  cmd->add_option("--pieces,-n", opt->gen.pieces, "Largest number of pieces on the board")
      ->check(CLI::Range(2, 7))
      ->default_val(4);
  cmd->add_option("--out,-o", opt->gen.out, "Output directory")->default_val("data");
  cmd->add_option("--threads,-t", opt->gen.threads, "Worker threads (0: one per core)")
      ->check(CLI::NonNegativeNumber)
      ->default_val(0);
  cmd->add_option("--max-memory", opt->max_memory,
                  "Peak memory of the whole process, e.g. 96M or 16G (default: three quarters of "
                  "physical memory); a group that does not fit is solved in parts, with the same "
                  "tables");
  cmd->add_option("--keep-exact", opt->gen.keep_exact_up_to,
                  "Also keep the exact values (.ewx, 8 bytes a position) of the classes with at "
                  "most this many pieces, so that a later, larger run reads them instead of "
                  "solving those classes again (by default a run leaves only the tables)")
      ->default_val(0);
  cmd->add_option("--class", opt->gen.only_class,
                  "Solve only this material class and its colour-flipped twin, e.g. 12345v1 "
                  "(the smaller classes it reaches by captures are solved again for their exact "
                  "values unless kept, and written where their tables are missing)");
  cmd->add_option("--zstd-level", opt->gen.zstd_level,
                  "Compression level of the tables (1-22): 19 gives ~4% smaller files than the "
                  "default and takes longer than the solving itself")
      ->check(CLI::Range(1, 22))
      ->default_val(9);
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
  cmd->add_flag("--json", opt->json, "Print the summary as JSON");
  cmd->callback([opt] { set_exit_code(run_gen(*opt)); });
}

}  // namespace ewn::cli
