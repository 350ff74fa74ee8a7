#include "tablebase_values.h"

#include <stdexcept>
#include <system_error>

#include "error_kind.h"
#include "regular_file.h"
#include "tables_hint.h"

namespace ewn {

std::optional<std::vector<ExactMoveValue>> TablebaseValues::move_values(const Position& pos,
                                                                        int die) const {
  if (!has_value_for(pos)) return std::nullopt;
  auto moves = tables_->best_moves(pos, die);
  if (!moves) return std::nullopt;
  std::vector<ExactMoveValue> out;
  out.reserve(moves->size());
  for (const auto& m : *moves) out.push_back(ExactMoveValue{m.move, m.value, m.wins});
  return out;
}

std::shared_ptr<const TablebaseValues> open_tablebase(const std::filesystem::path& dir,
                                                      size_t cache_bytes) {
  // Every caller names its directory by an option of its own; the fix is the same for all.
  std::string fix = " (" + make_tables_hint(kSuggestedPieces, dir) + ")";
  // Thrown with its kind, by which every surface chooses its code (no directory, not one, ...).
  if (auto problem = directory_problem(dir))
    throw PathError(problem->kind, "tables: '" + dir.string() + "': " + problem->words +
                                       (problem->kind == ErrorKind::Missing ? fix : ""));
  auto tables = std::make_shared<const Tablebase>(dir, cache_bytes);
  if (!tables->coverage().damaged.empty()) {
    MaterialClass first = tables->coverage().damaged.front();
    try {
      tables->file(first);
    } catch (const TableError& e) {
      throw PathError(ErrorKind::Damaged, "tables: " + std::string(e.what()));
    }
  }
  if (tables->complete_up_to() < 2)
    throw PathError(ErrorKind::Damaged,
                    "tables: '" + dir.string() + "' holds no complete set of tables" + fix);
  return std::make_shared<TablebaseValues>(std::move(tables));
}

}  // namespace ewn
