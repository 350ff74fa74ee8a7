#include "summaries.h"

#include <cmath>

#include "notation.h"
#include "printable.h"
#include "table_format.h"

namespace ewn {

Json train_eval_answer(const TrainEvalSummary& s) {
  return {{"games", s.games},
          {"positions", s.positions},
          {"td_error", s.td_error},
          {"took_ms", whole_ms(s.seconds)},
          {"out", printable(s.out)}};
}

namespace {

Json failed_table(const TableReport& t) {
  Json f;
  f["class"] = t.material.name();
  f["file"] = printable(t.file.string());
  f["problem"] = t.problem.empty() ? Json(nullptr) : Json(printable(t.problem));
  f["positions"] = t.positions;
  f["mismatches"] = t.mismatches;
  f["max_difference"] = t.max_difference;
  f["listed"] = Json::array();
  for (const ValueMismatch& m : t.listed)
    f["listed"].push_back({{"entry", m.entry},
                           {"position", format_position(m.position)},
                           {"stored", decode_value(m.stored)},
                           {"stored_raw", m.stored},
                           {"recomputed", m.recomputed}});
  return f;
}

}  // namespace

Json gen_answer(const GenSummary& s, int max_pieces, const Json& ranks) {
  Json j = {{"max_pieces", max_pieces},        {"table_count", s.tables_total},
            {"generated", s.tables_generated}, {"skipped", s.tables_skipped},
            {"positions", s.positions},        {"took_ms", whole_ms(s.seconds)},
            {"bytes", s.table_bytes},          {"memory_budget", s.memory_budget},
            {"peak_rss", s.peak_rss},          {"groups_in_parts", s.groups_in_parts},
            {"most_parts", s.most_parts},      {"groups_rederived", s.groups_rederived}};
  if (!ranks.empty()) j["ranks"] = ranks;
  return j;
}

Json convert_answer(const std::string& from, const std::string& to, const ConversionReport& r,
                    double seconds, double cpu_seconds) {
  return {{"directory", printable(from)},
          {"out", printable(to)},
          {"format_version", kTableFormatVersion},
          {"table_count", r.tables_read},
          {"written_count", r.tables_written},
          {"kept_count", r.tables_kept},
          {"derived_count", r.derived},
          {"removed_count", r.removed},
          {"entries", r.entries},
          {"bytes_before", r.bytes_before},
          {"bytes", r.bytes_after},
          {"took_ms", whole_ms(seconds)},
          {"cpu_ms", whole_ms(cpu_seconds)}};
}

Json rank_answer(const RankSummary& r) {
  return {{"rank", r.rank},
          {"host", printable(r.host)},
          {"groups", r.groups},
          {"team_groups", r.team_groups},
          {"positions", r.positions},
          {"busy_ms", whole_ms(r.busy_seconds)},
          {"cpu_ms", whole_ms(r.cpu_seconds)},
          {"peak_rss", r.peak_rss},
          {"exchanged_levels", r.exchanged_levels},
          {"exchanged_bytes", r.exchanged_bytes},
          {"message_bytes", r.message_bytes}};
}

Json verify_answer(const VerifyReport& r, double seconds, double cpu_seconds) {
  Json j;
  j["directory"] = printable(r.dir.string());
  j["max_pieces"] = r.max_pieces;
  j["complete_up_to"] = r.complete_up_to;
  j["verified_up_to"] = r.verified_up_to;
  j["ok"] = r.ok();
  j["table_count"] = r.tables.size();
  j["positions"] = r.positions;
  j["mismatches"] = r.mismatches;
  j["max_difference"] = r.max_difference;
  j["tolerance"] = r.tolerance;
  j["took_ms"] = whole_ms(seconds);
  j["cpu_ms"] = whole_ms(cpu_seconds);
  Json& failed = j["failed"] = Json::array();
  for (const TableReport& t : r.tables)
    if (!t.ok()) failed.push_back(failed_table(t));
  j["other_problems"] = Json::array();
  for (const std::string& p : r.other_problems) j["other_problems"].push_back(printable(p));
  // Every problem in one list, in the words `ewn info` uses.
  Json& errors = j["errors"] = Json::array();
  for (const TableReport& t : r.tables)
    if (!t.problem.empty())
      errors.push_back(printable(t.file.string() + ": " + t.problem));
    else if (t.mismatches)
      errors.push_back(printable(t.file.string() + ": " + std::to_string(t.mismatches) +
                                 " stored values differ from their children"));
  for (const std::string& p : r.other_problems) errors.push_back(printable(p));
  return j;
}

Json manifest_check_answer(const std::string& dir, const std::string& manifest, size_t table_count,
                           const std::vector<std::string>& errors) {
  Json list = Json::array();
  for (const std::string& e : errors) list.push_back(printable(e));
  return {{"directory", printable(dir)},
          {"manifest", printable(manifest)},
          {"ok", errors.empty()},
          {"table_count", table_count},
          {"errors", std::move(list)}};
}

Json setup_make_answer(const SetupMakeSummary& s) {
  return {{"matrix_file", printable(s.matrix_file)},
          {"rows", s.classes},
          {"columns", s.classes},
          {"depth", s.depth},
          {"entries", s.entries},
          {"mirrored", s.mirrored},
          {"rows_resumed", s.rows_resumed},
          {"took_ms", whole_ms(s.seconds)},
          {"ms_per_entry", s.entries ? 1000 * s.cpu_seconds / double(s.entries) : 0.0},
          {"mean_nodes", s.mean_nodes},
          {"error_sample", s.error_sample},
          {"entry_error", s.entry_error},
          {"depth_bias", s.depth_bias}};
}

}  // namespace ewn
