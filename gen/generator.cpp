#include "generator.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include "exact_file.h"
#include "file_io.h"
#include "index.h"
#include "memory_budget.h"
#include "part_solver.h"
#include "progress.h"
#include "read_entries.h"
#include "solve_class.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// Working files of a run (exact values only larger classes read, levels of groups solved in
// parts) live here, under the output directory, and are removed when no longer needed.
constexpr const char* kWorkDirName = ".ewn-work";
// What the process needs besides the working sets the plan counts: code and libraries, index
// tables, thread stacks, compression contexts and allocator slack (measured in
// docs/BENCHMARKS.md, "Memory budget").
constexpr uint64_t kReserveBytes = uint64_t(16) << 20;
// Writing one class's table: 16-bit values (2 bytes an entry), read flags (1) and the
// compressed blocks (at most about 2).
constexpr uint64_t kTableWriteBytesPerEntry = 5;

// A class and its colour-flipped twin, solved together.
struct Group {
  MaterialClass first;
  int pieces = 0;
  std::vector<MaterialClass> members() const {
    if (first.flipped() == first) return {first};
    return {first, first.flipped()};
  }
};

Group group_of(MaterialClass mc) {
  return Group{std::min(mc, mc.flipped()), mc.piece_count()};
}

std::vector<Group> plan_groups(int max_pieces) {
  std::vector<Group> groups;
  for (int n = 2; n <= max_pieces; ++n)
    for (MaterialClass mc : material_classes(n))
      if (mc <= mc.flipped()) groups.push_back({mc, n});
  return groups;
}

// A group to solve: for its tables, for the exact values other groups read, or both.
struct Job {
  Group group;
  bool tables = false;
  std::map<MaterialClass, fs::path> exact_out;  // members whose exact values are written, where
  std::set<MaterialClass> reads;                // classes whose exact values it reads
  bool whole = true;                            // solved whole in memory, else in parts
  uint64_t children_bytes = 0;
};

// Removes temporary files left by an interrupted run, in `dir` and its working directories.
int remove_stale_temporaries(const fs::path& dir) {
  int removed = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it.depth() == 0 && it->is_directory() && name != kWorkDirName)
      it.disable_recursion_pending();
    if (name.size() > 1 && name[0] == '.' && name.find(".tmp.") != std::string::npos &&
        it->is_regular_file()) {
      std::error_code rm;
      if (fs::remove(it->path(), rm)) ++removed;
    }
  }
  return removed;
}

// Writes `path` through a temporary file, checks it with `check`, renames it into place.
template <class Write, class Check>
void write_checked(const fs::path& path, Write write, Check check) {
  fs::path tmp = temporary_path(path);
  try {
    write(tmp);
    if (auto problem = check(tmp)) throw std::runtime_error(*problem);
    commit_file(tmp, path);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

// 16-bit values and read flags of one class, filled in index order from its exact values.
struct StoredClass {
  std::vector<uint16_t> values;
  std::vector<uint8_t> read;
  uint64_t at = 0;
  uint16_t last = 0;
  bool flags_from_values = true;

  explicit StoredClass(MaterialClass mc) : values(PositionIndex(mc).size()) {
    // The entries a probe reads: the solved (valid) ones, unless renumbering twins hide some;
    // this spares the writer unranking every entry to find them.
    flags_from_values = !has_renumber_twins(mc);
    if (flags_from_values)
      read.resize(values.size());
    else
      read = read_entry_flags(PositionIndex(mc));
  }
  void append(std::span<const double> exact) {
    for (double v : exact) {
      // Waste entries repeat the previous value: they are never read and compress to nothing.
      if (!std::isnan(v)) last = encode_value(v);
      if (flags_from_values) read[at] = !std::isnan(v);
      values[at++] = last;
    }
  }
};

}  // namespace

GenSummary generate(const GenOptions& opt) {
  if (opt.pieces < 2 || opt.pieces > 7)
    throw std::invalid_argument("--pieces must be between 2 and 7");
  auto started = std::chrono::steady_clock::now();
  if (opt.threads > 0) omp_set_num_threads(opt.threads);
  std::error_code ec;
  fs::create_directories(opt.out, ec);
  if (ec) throw std::runtime_error(opt.out.string() + ": cannot create directory: " + ec.message());
  const fs::path work_root = opt.out / kWorkDirName;
  int stale = remove_stale_temporaries(opt.out);
  if (stale && opt.progress)
    std::fprintf(stderr, "removed %d temporary file(s) of an interrupted run\n", stale);

  std::vector<Group> groups = plan_groups(opt.pieces);
  if (!opt.only_class.empty()) {
    auto mc = parse_material_class(opt.only_class);
    if (!mc)
      throw std::invalid_argument(
          "--class " + opt.only_class +
          ": not a material class (write the mover's piece numbers, 'v', "
          "the opponent's, each side in its canonical numbering, e.g. 123v1)");
    std::erase_if(groups,
                  [&](const Group& g) { return g.first != *mc && g.first != mc->flipped(); });
    if (groups.empty())
      throw std::invalid_argument("--class " + opt.only_class + " has more pieces than --pieces " +
                                  std::to_string(opt.pieces));
  }

  auto keep_exact = [&](int pieces) { return pieces <= opt.keep_exact_up_to; };
  auto table_path = [&](MaterialClass mc) { return opt.out / table_file_name(mc); };
  auto kept_exact_path = [&](MaterialClass mc) { return opt.out / exact_file_name(mc); };
  auto working_exact_path = [&](MaterialClass mc) { return work_root / exact_file_name(mc); };
  auto exact_path = [&](MaterialClass mc) {
    return keep_exact(mc.piece_count()) ? kept_exact_path(mc) : working_exact_path(mc);
  };
  // Where the exact values of `mc` can be read now: kept, or left by an interrupted run.
  auto readable_exact = [&](MaterialClass mc) -> std::optional<fs::path> {
    for (const fs::path& p : {kept_exact_path(mc), working_exact_path(mc)}) {
      if (!fs::is_regular_file(p, ec)) continue;
      try {
        ExactFile(p, mc, false);
        return p;
      } catch (const std::exception&) {
      }
    }
    return std::nullopt;
  };

  // The jobs: every incomplete group asked for, and every group whose exact values one of them
  // reads when they are nowhere to be read.
  GenSummary summary;
  std::map<MaterialClass, Job> jobs;  // by the group's first class
  uint64_t skipped_work = 0;
  for (const Group& g : groups) {
    auto members = g.members();
    summary.tables_total += int(members.size());
    bool complete = true;
    for (MaterialClass mc : members)
      if (check_table(table_path(mc)) ||
          (keep_exact(g.pieces) && check_exact_file(kept_exact_path(mc), mc)))
        complete = false;
    if (complete) {
      summary.tables_skipped += int(members.size());
      for (MaterialClass mc : members) skipped_work += PositionIndex(mc).canonical_count();
      continue;
    }
    Job& job = jobs[g.first];
    job.group = g;
    job.tables = true;
    if (keep_exact(g.pieces))
      for (MaterialClass mc : members) job.exact_out[mc] = kept_exact_path(mc);
  }
  std::map<MaterialClass, fs::path> exact_at;  // where each class read is read from
  std::map<MaterialClass, int> readers;        // jobs still to read it
  for (int pieces = opt.pieces; pieces >= 3; --pieces) {
    std::vector<MaterialClass> at_pieces;
    for (auto& [first, job] : jobs)
      if (job.group.pieces == pieces) at_pieces.push_back(first);
    for (MaterialClass first : at_pieces) {
      std::set<MaterialClass> reads;
      for (MaterialClass mc : jobs[first].group.members())
        for (MaterialClass child : capture_children(mc)) reads.insert(child);
      for (MaterialClass child : reads) {
        ++readers[child];
        if (exact_at.count(child)) continue;
        if (auto p = readable_exact(child)) {
          exact_at[child] = *p;
          continue;
        }
        Group cg = group_of(child);
        Job& derive = jobs[cg.first];
        if (derive.group.pieces == 0) {
          derive.group = cg;
          // Tables that are missing or damaged are written too, since they are solved anyway.
          for (MaterialClass mc : cg.members())
            if (check_table(table_path(mc))) derive.tables = true;
          if (derive.tables) summary.tables_total += int(cg.members().size());
        }
        derive.exact_out[child] = exact_path(child);
        exact_at[child] = exact_path(child);
      }
      jobs[first].reads = std::move(reads);
    }
  }

  // The memory plan: each job whole in memory where it fits, else in parts.
  uint64_t budget = opt.max_memory ? opt.max_memory : default_memory_budget();
  uint64_t reserve = current_rss_bytes() + kReserveBytes;
  uint64_t working =
      opt.working_memory ? opt.working_memory : (budget > reserve ? budget - reserve : 0);
  summary.memory_budget = opt.working_memory ? opt.working_memory : budget;
  uint64_t most_needed = 0;
  const Job* neediest = nullptr;
  for (auto& [first, job] : jobs) {
    for (MaterialClass child : job.reads)
      job.children_bytes += PositionIndex(child).size() * sizeof(double);
    uint64_t largest = 0;
    for (MaterialClass mc : job.group.members())
      largest = std::max(largest, PositionIndex(mc).size());
    uint64_t writing = job.tables ? largest * kTableWriteBytesPerEntry : 0;
    uint64_t whole = job.children_bytes + whole_group_bytes(job.group.first);
    uint64_t parted = std::max(job.children_bytes + min_part_bytes(job.group.first),
                               writing + read_solved_class_bytes(job.group.first));
    bool whole_possible = job.group.pieces <= kMaxWholeGroupPieces;
    job.whole = whole_possible && whole <= working;
    uint64_t needed = whole_possible ? std::min(whole, parted) : parted;
    if (needed > most_needed) {
      most_needed = needed;
      neediest = &job;
    }
  }
  if (neediest && most_needed > working) {
    uint64_t needed = opt.working_memory ? most_needed : most_needed + reserve;
    throw MemoryBudgetError("a memory budget of " + format_memory_size(summary.memory_budget) +
                                " is too small: group " + neediest->group.first.name() +
                                " needs at least " + format_memory_size(needed) +
                                " (use --max-memory " + memory_size_argument(needed) + " or more)",
                            needed);
  }

  uint64_t work_total = skipped_work;
  for (const auto& [first, job] : jobs)
    for (MaterialClass mc : job.group.members()) work_total += PositionIndex(mc).canonical_count();
  Progress progress(opt.progress, summary.tables_total, work_total);
  progress.skip(summary.tables_skipped, skipped_work);

  for (const Group& order : plan_groups(opt.pieces)) {
    auto found = jobs.find(order.first);
    if (found == jobs.end()) continue;
    const Job& job = found->second;
    const Group& g = job.group;
    auto members = g.members();
    uint64_t group_work = 0;
    for (MaterialClass mc : members) group_work += PositionIndex(mc).canonical_count();

    auto children = std::make_unique<std::map<MaterialClass, ExactFile>>();
    SolvedValues child_values;
    for (MaterialClass child : job.reads) {
      auto& file = (*children)[child] = ExactFile(exact_at.at(child), child, false);
      child_values[child] = file.values();
    }
    // The label says what a long group is doing: its levels file first when in parts, then
    // solving, then writing its tables.
    const std::string label = g.first.name() + (job.tables ? "" : " (exact)");
    progress.begin_group(label + (job.whole ? "" : " levels"), g.pieces);
    uint64_t base = progress.done_work();
    auto on_level = [&](uint64_t done) {
      if (done == 0 || !job.whole) progress.begin_group(label, g.pieces);
      progress.update(base + done);
    };
    auto writing = [&] { progress.begin_group(label + " writing", g.pieces); };
    fs::create_directories(work_root, ec);

    auto write_exact = [&](MaterialClass mc, const std::function<void(const fs::path&)>& write) {
      write_checked(job.exact_out.at(mc), write,
                    [&](const fs::path& tmp) { return check_exact_file(tmp, mc); });
    };
    auto write_tables = [&](MaterialClass mc, const StoredClass& stored) {
      write_checked(
          table_path(mc),
          [&](const fs::path& tmp) {
            WriteOptions w;
            w.zstd_level = opt.zstd_level;
            w.read_entries = stored.read;
            write_table(tmp, mc, stored.values, w);
          },
          [&](const fs::path& tmp) { return check_table(tmp); });
      summary.tables_generated += 1;
    };

    if (job.whole) {
      auto solved = solve_group(g.first, child_values, on_level);
      children.reset();  // unmapped before the tables are written
      writing();
      for (const SolvedClass& sc : solved) {
        if (job.exact_out.count(sc.material))
          write_exact(sc.material,
                      [&](const fs::path& tmp) { write_exact_file(tmp, sc.material, sc.values); });
        if (!job.tables) continue;
        StoredClass stored(sc.material);
        stored.append(sc.values);
        write_tables(sc.material, stored);
      }
    } else {
      fs::path dir = work_root / g.first.name();
      PartedSolve parted =
          solve_group_in_parts(g.first, child_values, dir, working - job.children_bytes, on_level);
      children.reset();
      writing();
      summary.groups_in_parts += 1;
      summary.most_parts = std::max(summary.most_parts, parted.parts);
      for (MaterialClass mc : members) {
        bool exact = job.exact_out.count(mc) > 0;
        if (!exact && !job.tables) continue;
        std::optional<StoredClass> stored;
        if (job.tables) stored.emplace(mc);
        auto stream = [&](ExactFileWriter* writer) {
          read_solved_class(mc, dir, [&](std::span<const double> values) {
            if (stored) stored->append(values);
            if (writer) writer->append(values);
          });
        };
        if (exact)
          write_exact(mc, [&](const fs::path& tmp) {
            ExactFileWriter writer(tmp, mc);
            stream(&writer);
            writer.close();
          });
        else
          stream(nullptr);
        if (stored) write_tables(mc, *stored);
      }
      fs::remove_all(dir, ec);
    }
    if (!job.tables) summary.groups_rederived += 1;
    summary.positions += group_work;
    progress.end_group(job.tables ? int(members.size()) : 0, group_work);

    // Exact values no job still to come reads are removed, unless kept.
    for (MaterialClass child : job.reads)
      if (--readers[child] == 0 && exact_at[child].parent_path() == work_root)
        fs::remove(exact_at[child], ec);
  }
  // Every job is done: working exact values (also any an interrupted run left) and an empty
  // working directory do not outlive the run.
  for (const auto& entry : fs::directory_iterator(work_root, ec))
    if (entry.path().extension() == ".ewx") fs::remove(entry.path(), ec);
  if (fs::is_empty(work_root, ec)) fs::remove(work_root, ec);

  for (const Group& g : groups)
    for (MaterialClass mc : g.members()) {
      auto bytes = fs::file_size(table_path(mc), ec);
      if (!ec) summary.table_bytes += bytes;
    }
  sync_filesystem(opt.out);
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.peak_rss = peak_rss_bytes();
  progress.finish();
  return summary;
}

}  // namespace ewn
