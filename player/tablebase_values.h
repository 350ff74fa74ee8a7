// The tablebases (probe/) as the player's source of exact values (exact_values.h).
#pragma once

#include <filesystem>
#include <memory>

#include "exact_values.h"
#include "tablebase.h"

namespace ewn {

class TablebaseValues : public ExactValues {
 public:
  explicit TablebaseValues(std::shared_ptr<const Tablebase> tables) : tables_(std::move(tables)) {}
  int complete_up_to() const override { return tables_->complete_up_to(); }
  // Also the classes of the next piece count made alone (`ewn gen --class`) with their twins.
  bool has_value_for(const Position& pos) const override { return tables_->has_value_for(pos); }
  // Without a value, nullopt (the search goes on), also where the tablebase would name a damaged
  // table in the way (open_tablebase() refuses a directory with one).
  std::optional<double> value(const Position& pos) const override {
    return has_value_for(pos) ? tables_->value(pos) : std::nullopt;
  }
  std::optional<std::vector<ExactMoveValue>> move_values(const Position& pos,
                                                         int die) const override;
  const Tablebase& tablebase() const { return *tables_; }

 private:
  std::shared_ptr<const Tablebase> tables_;
};

// Opens the tables in `dir` (thread-safe to share). Throws PathError naming the problem when the
// directory is missing, holds no complete set of tables or holds a table that does not open (a
// player told to use the tables fails on it at once rather than plays without them).
//
// The cache of decoded blocks is large by default: a search probes all over the tables (the
// <= 5-piece set decodes to 1.2 GB) and decoding a block again costs about 4 us of 5 or 6
// pieces (512 entries) and 25-40 us of fewer (8192 entries), the time of tens to a hundred
// evaluated nodes.
inline constexpr size_t kPlayerCacheBytes = size_t(1) << 30;
std::shared_ptr<const TablebaseValues> open_tablebase(const std::filesystem::path& dir,
                                                      size_t cache_bytes = kPlayerCacheBytes);

}  // namespace ewn
