#include "table_inspection.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "index.h"
#include "regular_file.h"
#include "table_directory.h"
#include "table_file.h"
#include "table_format.h"

namespace ewn {

namespace {

// A class without a file of its own: answered by its twin's file when that opens and derives
// it (format 3), else missing; the words say when the twin's file could derive it but does not
// open.
void inspect_derived(TableInspection& c, const std::filesystem::path& dir) {
  MaterialClass twin = c.material.flipped();
  std::string why;
  if (twin != c.material && table_present(dir, twin)) {
    try {
      TableFile file(dir / table_file_name(twin), twin);
      if (file.header().derives_twin) {
        c.missing = false;
        c.derived = c.opens = true;
        c.format_version = file.header().format_version;
        c.entries = PositionIndex(c.material).size();
        c.problem.reset();
        return;
      }
    } catch (const TableError&) {
      why = " (" + table_file_name(twin) + ", which may answer for it, does not open)";
    }
  }
  if (c.problem) *c.problem += why;
}

void inspect(TableInspection& c, const std::filesystem::path& dir, bool headers_only) {
  auto path = dir / table_file_name(c.material);
  std::error_code ec;
  c.positions = PositionIndex(c.material).canonical_count();
  // The same words as the table reader's (a FIFO named like a table is never opened).
  if (auto problem = regular_file_problem(path)) {
    c.missing = problem->kind == ErrorKind::Missing && problem->words == "missing";
    c.problem = path.string() + ": " + (c.missing ? "missing table file" : problem->words);
    if (c.missing) inspect_derived(c, dir);
    return;
  }
  c.present = true;
  c.bytes = std::filesystem::file_size(path, ec);
  try {
    TableFile file(path, c.material);
    c.opens = true;
    c.format_version = file.header().format_version;
    c.entries = file.entry_count();
    if (!headers_only) c.problem = check_table(path);
  } catch (const TableError& e) {
    c.problem = e.what();
  }
}

// Each table on the first free thread.
void inspect_all(std::vector<TableInspection>& tables, const std::filesystem::path& dir,
                 bool headers_only, int threads) {
  std::atomic<size_t> next = 0;
  auto work = [&] {
    for (size_t i; (i = next++) < tables.size();) inspect(tables[i], dir, headers_only);
  };
  unsigned n = threads > 0 ? unsigned(threads) : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < n; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
}

// The one computation of complete_up_to (TableCoverage): from which of the inspected tables open.
TableCoverage coverage_of(const std::vector<TableInspection>& tables, int largest) {
  TableCoverage out;
  out.largest = largest;
  auto opens = [&](MaterialClass mc) {
    return std::any_of(tables.begin(), tables.end(),
                       [&](const TableInspection& c) { return c.material == mc && c.opens; });
  };
  for (int n = 2; n <= largest; ++n) {
    const auto& classes = material_classes(n);
    if (!std::all_of(classes.begin(), classes.end(), opens)) break;
    out.complete_up_to = n;
  }
  if (out.complete_up_to >= 2 && out.complete_up_to < kMaxPieces)
    for (MaterialClass mc : material_classes(out.complete_up_to + 1))
      if (opens(mc) && opens(mc.flipped())) out.partial_classes.push_back(mc);
  for (const TableInspection& c : tables) {
    if (!c.opens && !c.missing) out.damaged.push_back(c.material);
    if (c.derived) out.derived.push_back(c.material);
  }
  return out;
}

}  // namespace

TableCoverage table_coverage(const std::filesystem::path& dir) {
  if (directory_problem(dir)) return {};
  try {
    return inspect_tables(dir, /*headers_only=*/true, /*threads=*/1).coverage;
  } catch (const PathError&) {
    return {};  // it could not be listed after all
  }
}

DirectoryInspection inspect_tables(const std::filesystem::path& dir, bool headers_only,
                                   int threads) {
  TableDirectory found = scan_table_directory(dir);
  DirectoryInspection out;
  for (int n = 2; n <= found.largest; ++n)
    for (MaterialClass mc : material_classes(n))
      if (found.expects(dir, mc)) out.tables.push_back(TableInspection{mc});
  inspect_all(out.tables, dir, headers_only, threads);

  for (int n = 2; n <= found.largest; ++n) {
    PieceCountInspection g{n};
    g.classes = int(material_classes(n).size());
    for (const auto& c : out.tables) {
      if (c.material.piece_count() != n) continue;
      if (c.problem) ++g.failing;
      if (c.derived) ++g.derived;
      if (c.format_version && std::find(out.format_versions.begin(), out.format_versions.end(),
                                        c.format_version) == out.format_versions.end())
        out.format_versions.push_back(c.format_version);
      if (!c.present && !c.derived) continue;
      g.present += c.present;
      g.entries += c.entries;
      g.positions += c.positions;
      g.bytes += c.bytes;
    }
    out.failing += g.failing;
    out.bytes += g.bytes;
    out.positions += g.positions;
    out.piece_counts.push_back(g);
  }
  std::sort(out.format_versions.begin(), out.format_versions.end());
  out.coverage = coverage_of(out.tables, found.largest);
  out.problems = found.strays;
  if (found.largest == 0)
    out.problems.push_back(dir.string() + ": no table files (*" + kTableExtension + ")");
  for (const auto& c : out.tables)
    if (c.problem) out.problems.push_back(*c.problem);
  return out;
}

}  // namespace ewn
