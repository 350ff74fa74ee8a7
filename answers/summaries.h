// The summaries of the long commands as JSON documents: `ewn gen --json`, `ewn verify --json`
// (a recomputation, or a comparison with a manifest) and `ewn setup make --json`. Durations are
// milliseconds (`_ms`), sizes bytes, counts of tables `table_count`, the largest piece count a
// run covers `max_pieces`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "generator.h"
#include "json_text.h"
#include "table_conversion.h"
#include "verify.h"
#include "whole_ms.h"

namespace ewn {

// max_pieces, table_count, generated, skipped, positions, took_ms, bytes, memory_budget,
// peak_rss, groups_in_parts, most_parts, groups_rederived; and ranks (each rank's figures) for a
// run by the ranks of an MPI job.
Json gen_answer(const GenSummary& s, int max_pieces, const Json& ranks);

// One rank's figures in gen_answer's ranks.
struct RankSummary {
  int rank = 0;
  std::string host;
  int groups = 0, team_groups = 0;
  uint64_t positions = 0;
  double busy_seconds = 0, cpu_seconds = 0;
  uint64_t peak_rss = 0, exchanged_levels = 0, exchanged_bytes = 0, message_bytes = 0;
};
Json rank_answer(const RankSummary& r);

// directory, max_pieces, complete_up_to (the coverage, as every surface gives it),
// verified_up_to (the same with every check of verify's passed), ok, table_count, positions,
// mismatches, max_difference, tolerance, took_ms, cpu_ms, failed (each failing table),
// other_problems and errors (every problem in the words of `ewn info`).
Json verify_answer(const VerifyReport& r, double seconds, double cpu_seconds);

// directory, manifest, ok, table_count (the manifest's files compared) and errors.
Json manifest_check_answer(const std::string& dir, const std::string& manifest, size_t table_count,
                           const std::vector<std::string>& errors);

// `ewn convert --json`: directory (the source), out (where the converted set went, the same when
// in place), format_version (3), table_count (the source's table files), written_count,
// kept_count (already format 3), derived_count (classes answered by their twin's file),
// removed_count (files the set no longer needs), entries (of the tables rewritten), bytes_before,
// bytes (the converted set's), took_ms, cpu_ms.
Json convert_answer(const std::string& from, const std::string& to, const ConversionReport& r,
                    double seconds, double cpu_seconds);

// What `ewn setup make` did.
struct SetupMakeSummary {
  std::string matrix_file;
  int classes = 0;
  int depth = 0;          // plies, every entry
  uint64_t entries = 0;   // entries this run searched
  uint64_t mirrored = 0;  // entries this run copied from their mirror images
  int rows_resumed = 0;
  double seconds = 0;
  double cpu_seconds = 0;  // the searches' CPU time, the error sample's included
  double mean_nodes = 0;   // a search, the error sample's included
  int error_sample = 0;    // entries searched one ply deeper for the error estimate
  double entry_error = 0;  // the differences' scatter about their mean, probability units
  double depth_bias = 0;   // their mean difference (deeper minus stored)
};

// `ewn train-eval --json`: games, positions, td_error (the mean absolute TD error over the last
// 1000 games), took_ms and out (the network file written).
struct TrainEvalSummary {
  uint64_t games = 0, positions = 0;
  double td_error = 0;
  double seconds = 0;
  std::string out;
};
Json train_eval_answer(const TrainEvalSummary& s);

// matrix_file, rows, columns, depth, entries, mirrored, rows_resumed, took_ms (wall-clock),
// ms_per_entry (the CPU time an entry searched, the error sample's share included, as
// docs/SETUPS.md's table gives it), mean_nodes, error_sample, entry_error, depth_bias.
Json setup_make_answer(const SetupMakeSummary& s);

}  // namespace ewn
