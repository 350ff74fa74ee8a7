#include "probe_answer.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "generator.h"
#include "index.h"
#include "notation.h"
#include "position_answer.h"
#include "printable.h"
#include "regular_file.h"
#include "tables_hint.h"

namespace ewn {

namespace {

// What the tables of `tb` cover and, up to `pieces`, which files are missing.
std::string coverage(const Tablebase& tb, int pieces) {
  std::string dir = printable(tb.directory().string());
  std::string out = tb.complete_up_to() == 0
                        ? "there are no complete tables in " + dir
                        : "the tables in " + dir + " cover positions with up to " +
                              std::to_string(tb.complete_up_to()) + " pieces";
  if (!tb.partial_classes().empty())
    out += " and the " + std::to_string(tb.partial_classes().size()) + " classes of " +
           std::to_string(tb.complete_up_to() + 1) + " pieces made one by one";
  std::vector<std::string> missing;
  for (int n = std::max(2, tb.complete_up_to() + 1); n <= pieces; ++n)
    for (MaterialClass mc : material_classes(n)) {
      std::error_code ec;
      // A class derived from its twin's file (format 3) has none of its own.
      if (!tb.is_derived(mc) && std::filesystem::symlink_status(tb.path_of(mc), ec).type() ==
                                    std::filesystem::file_type::not_found)
        missing.push_back(table_file_name(mc));
    }
  if (missing.empty()) return out;
  out += "; missing " + missing[0];
  if (missing.size() > 1) out += " and " + std::to_string(missing.size() - 1) + " more";
  return out;
}

Answer failure(Failure f, std::string_view text, const std::string& message) {
  return Answer{f, error_answer(f, message, text)};
}

}  // namespace

std::string not_covered_message(const Tablebase& tb, const Position& pos, std::optional<int> die) {
  std::string written = format_position(pos, die);
  int n = pos.piece_count();
  std::string dir = printable(tb.directory().string());
  std::string head = written + ": " + std::to_string(n) + " pieces, but ";
  if (auto problem = directory_problem(tb.directory());
      problem && problem->kind != ErrorKind::Missing)
    return head + dir + " holds no tables: " + problem->words +
           " (give the tables' directory with --tables)";
  if (n > kMaxGenPieces)
    return head + coverage(tb, kMaxGenPieces) + " (tables can be made for up to " +
           std::to_string(kMaxGenPieces) + " pieces)";
  // One class can be made alone once the smaller set is complete (the exact values its
  // captures lead to are solved again where they were not kept).
  std::string make_one;
  if (n == tb.complete_up_to() + 1)
    make_one = "; or only this position's class: " +
               gen_command(n, tb.directory(), canonical_key(pos).material.name());
  return head + coverage(tb, n) + " (" + make_tables_hint(n, tb.directory()) + make_one + ")";
}

Answer probe_answer(const Tablebase& tb, std::string_view text) {
  ParsedPosition parsed;
  try {
    parsed = parse_position(text);
  } catch (const ParseError& e) {
    return failure(Failure::BadPosition, text, bad_position_message(e));
  }
  const Position& pos = parsed.position;
  ValuedPosition valued{pos, parsed.die, 0, {}};
  try {
    std::optional<double> value = tb.value(pos);
    if (!value) return failure(Failure::NotCovered, text, not_covered_message(tb, pos, parsed.die));
    valued.value = *value;
    if (!pos.winner())
      for (int d = 1; d <= 6; ++d) {
        if (parsed.die && *parsed.die != d) continue;
        std::vector<Tablebase::MoveValue> best = *tb.best_moves(pos, d);
        DieMoves& die = valued.dice.emplace_back(DieMoves{d, {}});
        for (const auto& mv : best) die.moves.push_back({mv.move, mv.value, mv.wins});
      }
  } catch (const TableError& e) {
    return failure(failure_of_table(e.kind()), text, printable(e.what()));
  }
  return Answer{std::nullopt, position_answer(valued, ValueSource::Tables)};
}

}  // namespace ewn
