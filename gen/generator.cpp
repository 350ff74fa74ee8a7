#include "generator.h"

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
#include "omp_threads.h"
#include "part_solver.h"
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

// Where a run's files are: tables and kept exact values in the output directory, working exact
// values in its working directory.
struct RunFiles {
  fs::path out, work_root;
  int keep_exact_up_to = 0;

  explicit RunFiles(const GenOptions& opt)
      : out(opt.out), work_root(opt.out / kWorkDirName), keep_exact_up_to(opt.keep_exact_up_to) {}
  bool keep_exact(int pieces) const { return pieces <= keep_exact_up_to; }
  fs::path table(MaterialClass mc) const { return out / table_file_name(mc); }
  fs::path kept_exact(MaterialClass mc) const { return out / exact_file_name(mc); }
  fs::path working_exact(MaterialClass mc) const { return work_root / exact_file_name(mc); }
  // Where the exact values of `mc` are written when some group reads them.
  fs::path exact(MaterialClass mc) const {
    return keep_exact(mc.piece_count()) ? kept_exact(mc) : working_exact(mc);
  }
  // Where the exact values of `mc` can be read now: kept, or left by an interrupted run.
  std::optional<fs::path> readable_exact(MaterialClass mc) const {
    std::error_code ec;
    for (const fs::path& p : {kept_exact(mc), working_exact(mc)}) {
      if (!fs::is_regular_file(p, ec)) continue;
      try {
        ExactFile(p, mc, false);
        return p;
      } catch (const std::exception&) {
      }
    }
    return std::nullopt;
  }
};

// A group to solve: for its tables, for the exact values other groups read, or both.
struct Job {
  ClassGroup group;
  bool tables = false;
  std::map<MaterialClass, fs::path> exact_out;  // members whose exact values are written, where
  std::set<MaterialClass> reads;                // classes whose exact values it reads
  bool whole = true;                            // solved whole in memory, else in parts
  uint64_t children_bytes = 0;
};

// What a run does: its jobs, where the exact values they read are, and how many jobs still
// read each.
struct Plan {
  std::map<MaterialClass, Job> jobs;           // by the group's first class
  std::map<MaterialClass, fs::path> exact_at;  // where each class read is read from
  std::map<MaterialClass, int> readers;        // jobs still to read it
  uint64_t skipped_work = 0;                   // positions of the tables found complete
  uint64_t working = 0;                        // bytes for the groups' working sets
};

void check_options(const GenOptions& opt) {
  if (opt.pieces < 2 || opt.pieces > kMaxGenPieces)
    throw std::invalid_argument("generate: pieces must be between 2 and " +
                                std::to_string(kMaxGenPieces) + ", not " +
                                std::to_string(opt.pieces));
  if (opt.only_class && opt.only_class->piece_count() > opt.pieces)
    throw std::invalid_argument("generate: class " + opt.only_class->name() + " has more than " +
                                std::to_string(opt.pieces) + " pieces");
}

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

// The groups asked for: all up to opt.pieces, or the one of opt.only_class.
std::vector<ClassGroup> groups_asked(const GenOptions& opt) {
  std::vector<ClassGroup> groups = class_groups(opt.pieces);
  if (opt.only_class) {
    ClassGroup only = group_of(*opt.only_class);
    std::erase_if(groups, [&](const ClassGroup& g) { return g.first != only.first; });
  }
  return groups;
}

// The jobs: every incomplete group asked for, and every group whose exact values one of them
// reads when they are nowhere to be read.
Plan plan_jobs(const RunFiles& files, const std::vector<ClassGroup>& groups, int max_pieces,
               GenSummary& summary) {
  Plan plan;
  for (const ClassGroup& g : groups) {
    auto members = g.members();
    summary.tables_total += int(members.size());
    bool complete = true;
    for (MaterialClass mc : members)
      if (check_table(files.table(mc)) ||
          (files.keep_exact(g.pieces()) && check_exact_file(files.kept_exact(mc), mc)))
        complete = false;
    if (complete) {
      summary.tables_skipped += int(members.size());
      for (MaterialClass mc : members) plan.skipped_work += PositionIndex(mc).canonical_count();
      continue;
    }
    Job& job = plan.jobs[g.first];
    job.group = g;
    job.tables = true;
    if (files.keep_exact(g.pieces()))
      for (MaterialClass mc : members) job.exact_out[mc] = files.kept_exact(mc);
  }
  for (int pieces = max_pieces; pieces >= 3; --pieces) {
    std::vector<MaterialClass> at_pieces;
    for (auto& [first, job] : plan.jobs)
      if (job.group.pieces() == pieces) at_pieces.push_back(first);
    for (MaterialClass first : at_pieces) {
      std::set<MaterialClass> reads;
      for (MaterialClass mc : plan.jobs[first].group.members())
        for (MaterialClass child : capture_children(mc)) reads.insert(child);
      for (MaterialClass child : reads) {
        ++plan.readers[child];
        if (plan.exact_at.count(child)) continue;
        if (auto p = files.readable_exact(child)) {
          plan.exact_at[child] = *p;
          continue;
        }
        ClassGroup cg = group_of(child);
        Job& derive = plan.jobs[cg.first];
        if (derive.group.pieces() == 0) {
          derive.group = cg;
          // Tables that are missing or damaged are written too, since they are solved anyway.
          for (MaterialClass mc : cg.members())
            if (check_table(files.table(mc))) derive.tables = true;
          if (derive.tables) summary.tables_total += int(cg.members().size());
        }
        derive.exact_out[child] = files.exact(child);
        plan.exact_at[child] = files.exact(child);
      }
      plan.jobs[first].reads = std::move(reads);
    }
  }
  return plan;
}

// The memory plan: each job whole in memory where it fits, else in parts. Throws
// MemoryBudgetError when some job does not fit even in parts.
void plan_memory(Plan& plan, const GenOptions& opt, GenSummary& summary) {
  uint64_t budget = opt.max_memory ? opt.max_memory : default_memory_budget();
  uint64_t reserve = current_rss_bytes() + kReserveBytes;
  plan.working =
      opt.working_memory ? opt.working_memory : (budget > reserve ? budget - reserve : 0);
  summary.memory_budget = opt.working_memory ? opt.working_memory : budget;
  uint64_t most_needed = 0;
  const Job* neediest = nullptr;
  for (auto& [first, job] : plan.jobs) {
    for (MaterialClass child : job.reads)
      job.children_bytes += PositionIndex(child).size() * sizeof(double);
    uint64_t largest = 0;
    for (MaterialClass mc : job.group.members())
      largest = std::max(largest, PositionIndex(mc).size());
    uint64_t writing = job.tables ? largest * kTableWriteBytesPerEntry : 0;
    uint64_t whole = job.children_bytes + whole_group_bytes(job.group.first);
    uint64_t parted = std::max(job.children_bytes + min_part_bytes(job.group.first),
                               writing + read_solved_class_bytes(job.group.first));
    bool whole_possible = job.group.pieces() <= kMaxWholeGroupPieces;
    job.whole = whole_possible && whole <= plan.working;
    uint64_t needed = whole_possible ? std::min(whole, parted) : parted;
    if (needed > most_needed) {
      most_needed = needed;
      neediest = &job;
    }
  }
  if (neediest && most_needed > plan.working) {
    uint64_t needed = opt.working_memory ? most_needed : most_needed + reserve;
    throw MemoryBudgetError("a memory budget of " + format_memory_size(summary.memory_budget) +
                                " is too small: group " + neediest->group.first.name() +
                                " needs at least " + format_memory_size(needed),
                            needed);
  }
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

// Solves one job's group, whole or in parts, and writes its tables and the exact values others
// read.
void solve_job(const Job& job, const Plan& plan, const RunFiles& files, const GenOptions& opt,
               ProgressReporter& progress, GenSummary& summary) {
  const ClassGroup& g = job.group;
  auto members = g.members();
  std::error_code ec;
  auto children = std::make_unique<std::map<MaterialClass, ExactFile>>();
  SolvedValues child_values;
  for (MaterialClass child : job.reads) {
    auto& file = (*children)[child] = ExactFile(plan.exact_at.at(child), child, false);
    child_values[child] = file.values();
  }
  // The label says what a long group is doing: its levels file first when in parts, then
  // solving, then writing its tables.
  const std::string label = g.first.name() + (job.tables ? "" : " (exact)");
  progress.begin_group(label + (job.whole ? "" : " levels"), g.pieces());
  uint64_t base = progress.done_work();
  auto on_level = [&](uint64_t done) {
    if (done == 0 || !job.whole) progress.begin_group(label, g.pieces());
    progress.update(base + done);
  };
  auto writing = [&] { progress.begin_group(label + " writing", g.pieces()); };
  fs::create_directories(files.work_root, ec);

  auto write_exact = [&](MaterialClass mc, const std::function<void(const fs::path&)>& write) {
    write_checked(job.exact_out.at(mc), write,
                  [&](const fs::path& tmp) { return check_exact_file(tmp, mc); });
  };
  auto write_tables = [&](MaterialClass mc, const StoredClass& stored) {
    write_checked(
        files.table(mc),
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
    fs::path dir = files.work_root / g.first.name();
    PartedSolve parted = solve_group_in_parts(g.first, child_values, dir,
                                              plan.working - job.children_bytes, on_level);
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
}

uint64_t group_work(const ClassGroup& g) {
  uint64_t work = 0;
  for (MaterialClass mc : g.members()) work += PositionIndex(mc).canonical_count();
  return work;
}

// Every job is done: working exact values (also any an interrupted run left) and an empty
// working directory do not outlive the run.
void remove_working_files(const fs::path& work_root) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(work_root, ec))
    if (entry.path().extension() == ".ewx") fs::remove(entry.path(), ec);
  if (fs::is_empty(work_root, ec)) fs::remove(work_root, ec);
}

// Bytes of the table files of the groups asked for.
uint64_t table_bytes(const RunFiles& files, const std::vector<ClassGroup>& groups) {
  uint64_t total = 0;
  std::error_code ec;
  for (const ClassGroup& g : groups)
    for (MaterialClass mc : g.members()) {
      auto bytes = fs::file_size(files.table(mc), ec);
      if (!ec) total += bytes;
    }
  return total;
}

}  // namespace

GenSummary generate(const GenOptions& opt) {
  check_options(opt);
  auto started = std::chrono::steady_clock::now();
  OmpThreadsScope threads(opt.threads);
  std::error_code ec;
  fs::create_directories(opt.out, ec);
  if (ec) throw std::runtime_error(opt.out.string() + ": cannot create directory: " + ec.message());
  const RunFiles files(opt);
  int stale = remove_stale_temporaries(opt.out);
  if (stale && opt.on_temporaries_removed) opt.on_temporaries_removed(stale);

  GenSummary summary;
  std::vector<ClassGroup> groups = groups_asked(opt);
  Plan plan = plan_jobs(files, groups, opt.pieces, summary);
  plan_memory(plan, opt, summary);

  uint64_t work_total = plan.skipped_work;
  for (const auto& [first, job] : plan.jobs) work_total += group_work(job.group);
  ProgressReporter progress(opt.on_progress, summary.tables_total, work_total);
  progress.skip(summary.tables_skipped, plan.skipped_work);

  // Smallest groups first: the exact values a group reads are written before it is solved.
  for (const ClassGroup& order : class_groups(opt.pieces)) {
    auto found = plan.jobs.find(order.first);
    if (found == plan.jobs.end()) continue;
    const Job& job = found->second;
    solve_job(job, plan, files, opt, progress, summary);
    if (!job.tables) summary.groups_rederived += 1;
    summary.positions += group_work(job.group);
    progress.end_group(job.tables ? int(job.group.members().size()) : 0);

    // Exact values no job still to come reads are removed, unless kept.
    for (MaterialClass child : job.reads)
      if (--plan.readers[child] == 0 && plan.exact_at[child].parent_path() == files.work_root)
        fs::remove(plan.exact_at[child], ec);
  }
  remove_working_files(files.work_root);
  summary.table_bytes = table_bytes(files, groups);
  sync_filesystem(opt.out);
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.peak_rss = peak_rss_bytes();
  return summary;
}

}  // namespace ewn
