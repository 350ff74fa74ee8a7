#include "table_conversion.h"

#include <algorithm>
#include <map>
#include <optional>

#include "error_kind.h"
#include "file_error.h"
#include "file_io.h"
#include "index.h"
#include "read_entries.h"
#include "regular_file.h"
#include "table_directory.h"
#include "table_file.h"
#include "table_format.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// A table file of the source, its header read.
struct SourceTable {
  MaterialClass material;
  fs::path path;
  TableHeader header;
  uint64_t bytes = 0;
};

// The source's table files by colour pair (keyed by the pair's class with the smaller slot),
// each pair's files in slot order. Opening a file checks its header and block index.
std::map<int, std::vector<SourceTable>> source_pairs(const fs::path& dir) {
  std::map<int, std::vector<SourceTable>> pairs;
  for (const std::string& name : scan_table_directory(dir).names) {
    const fs::path path = dir / name;
    const MaterialClass mc = *parse_material_class(path.stem().string());
    TableFile file(path, mc);
    const int key = std::min(class_slot(mc), class_slot(mc.flipped()));
    pairs[key].push_back({mc, path, file.header(), file.file_bytes()});
  }
  for (auto& [key, tables] : pairs)
    std::sort(tables.begin(), tables.end(), [](const SourceTable& a, const SourceTable& b) {
      return class_slot(a.material) < class_slot(b.material);
    });
  return pairs;
}

// One colour pair's conversion: reads the old files, writes the new one.
struct PairConversion {
  const ConversionOptions& opt;
  const fs::path& to;
  ConversionReport& report;

  bool in_place() const { return report.in_place; }
  fs::path target(MaterialClass mc) const { return to / table_file_name(mc); }

  void write(MaterialClass mc, const std::function<void(const fs::path&)>& make) const {
    write_checked(target(mc), make, [](const fs::path& tmp) { return check_table(tmp); });
    report.bytes_after += fs::file_size(target(mc));
  }
  // A file already in format 3: kept, or copied unchanged.
  void keep(const SourceTable& t) const {
    ++report.tables_kept;
    if (in_place()) {
      report.bytes_after += t.bytes;
      return;
    }
    write(t.material, [&](const fs::path& tmp) {
      std::error_code ec;
      fs::copy_file(t.path, tmp, fs::copy_options::overwrite_existing, ec);
      if (ec)
        throw FileError(tmp.string() + ": cannot copy " + t.path.string() + ": " + ec.message(),
                        ec.value());
    });
  }
  // A class whose twin's file answers for it: its old file goes (in place), and so does a file
  // of its name in another destination, which would otherwise be read instead of the twin's.
  void drop(const SourceTable& t) const {
    ++report.removed;
    std::error_code ec;
    fs::remove(target(t.material), ec);
    if (ec)
      throw FileError(target(t.material).string() + ": cannot remove: " + ec.message(), ec.value());
  }
  // A class's values and the entries a probe reads (worked out once: the estimate and the
  // table both need them).
  struct ClassValues {
    std::vector<uint16_t> values;
    std::vector<uint8_t> read;
  };
  ClassValues values_of(const SourceTable& t) const {
    ClassValues out{read_table(t.path, t.material, opt.threads),
                    read_entry_flags(PositionIndex(t.material))};
    report.entries += out.values.size();
    return out;
  }
  WriteOptions write_options(const ClassValues& c) const {
    WriteOptions w;
    w.zstd_level = opt.zstd_level;
    w.threads = opt.threads;
    w.read_entries = c.read;
    return w;
  }
  // Writes the table of `t`'s class, as `ewn gen` writes it.
  void write_table_of(const SourceTable& t, const ClassValues& c, const WriteOptions& w) const {
    write(t.material, [&](const fs::path& tmp) { write_table(tmp, t.material, c.values, w); });
    ++report.tables_written;
  }

  void convert(const std::vector<SourceTable>& tables) const {
    report.tables_read += int(tables.size());
    // A format-3 file that derives its twin already answers the pair: a file beside it for the
    // twin is the leftover of an interrupted conversion.
    for (const SourceTable& t : tables)
      if (t.header.derives_twin) {
        keep(t);
        ++report.derived;
        for (const SourceTable& other : tables)
          if (&other != &t) drop(other);
        return;
      }
    if (tables.size() == 1 && tables[0].header.format_version == kTableFormatVersion)
      return keep(tables[0]);
    if (tables.size() == 1) {
      const ClassValues only = values_of(tables[0]);
      return write_table_of(tables[0], only, write_options(only));
    }
    // Both classes' sizes estimated, only the one stored compressed whole (as ewn gen does).
    const ClassValues first = values_of(tables[0]), second = values_of(tables[1]);
    const TableEstimate first_size = estimate_table(target(tables[0].material), tables[0].material,
                                                    first.values, write_options(first));
    const TableEstimate second_size = estimate_table(target(tables[1].material), tables[1].material,
                                                     second.values, write_options(second));
    const bool first_stored = class_to_store(first_size, second_size) == tables[0].material;
    const ClassValues& stored = first_stored ? first : second;
    WriteOptions w = write_options(stored);
    write_as_estimated(first_stored ? first_size : second_size, w);
    w.derives_twin = true;
    write_table_of(tables[first_stored ? 0 : 1], stored, w);
    ++report.derived;
    drop(tables[first_stored ? 1 : 0]);
  }
};

}  // namespace

ConversionReport convert_tables(const ConversionOptions& opt) {
  const fs::path to = opt.to.empty() ? opt.from : opt.to;
  if (auto problem = directory_problem(to)) throw PathError(to, *problem);
  ConversionReport report;
  // The same directory however it is named ("data", "./data/"): in place.
  std::error_code ec;
  report.in_place = opt.to.empty() || fs::equivalent(opt.from, to, ec);
  remove_stale_temporaries(to);
  const auto pairs = source_pairs(opt.from);
  ConversionProgress progress;
  for (const auto& [key, tables] : pairs)
    for (const SourceTable& t : tables) {
      ++progress.tables_total;
      progress.entries_total += t.header.entry_count;
      report.bytes_before += t.bytes;
    }
  const PairConversion pair{opt, to, report};
  for (const auto& [key, tables] : pairs) {
    progress.current = tables.front().material;
    if (opt.on_progress) opt.on_progress(progress);
    pair.convert(tables);
    for (const SourceTable& t : tables) {
      ++progress.tables_done;
      progress.entries_done += t.header.entry_count;
    }
  }
  if (opt.on_progress) opt.on_progress(progress);
  sync_filesystem(to);
  return report;
}

}  // namespace ewn
