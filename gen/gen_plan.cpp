// The plan of a run: which groups are solved, for what, in which order, within which memory.
#include "gen_plan.h"

#include <omp.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "file_io.h"
#include "index.h"
#include "memory_budget.h"
#include "part_solver.h"
#include "run_files.h"
#include "solve_class.h"
#include "table_file.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// What the process needs besides the working sets the plan counts: code and libraries, index
// tables, thread stacks, compression contexts and allocator slack (measured in
// docs/BENCHMARKS.md, "Memory budget").
constexpr uint64_t kReserveBytes = uint64_t(16) << 20;
// The largest group solved on one thread beside others (GenJob::side_by_side): every group of
// up to 5 pieces (at most about 100 MiB), none of 6 (a gigabyte and more, which would raise the
// run's peak; they keep both threads busy within each level anyway).
constexpr uint64_t kSideBySideBytes = uint64_t(256) << 20;
// Writing one class's table: 16-bit values (2 bytes an entry), read flags (1) and the
// compressed blocks (at most about 2).
constexpr uint64_t kTableWriteBytesPerEntry = 5;

void check_options(const GenOptions& opt) {
  if (opt.pieces < 2 || opt.pieces > kMaxGenPieces)
    throw std::invalid_argument("generate: pieces must be between 2 and " +
                                std::to_string(kMaxGenPieces) + ", not " +
                                std::to_string(opt.pieces));
  if (opt.only_class && opt.only_class->piece_count() > opt.pieces)
    throw std::invalid_argument("generate: class " + opt.only_class->name() + " has more than " +
                                std::to_string(opt.pieces) + " pieces");
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

uint64_t positions_of(const ClassGroup& g) {
  uint64_t work = 0;
  for (MaterialClass mc : g.members()) work += PositionIndex(mc).canonical_count();
  return work;
}

}  // namespace

uint64_t GenJob::positions() const {
  return positions_of(group);
}

namespace {

// The jobs, by the group's first class: every incomplete group asked for, and every group whose
// exact values one of them reads when they are nowhere to be read.
std::map<MaterialClass, GenJob> plan_jobs(const RunFiles& files,
                                          const std::vector<ClassGroup>& groups, int max_pieces,
                                          GenSummary& summary, uint64_t& skipped_work) {
  std::map<MaterialClass, GenJob> jobs;
  std::map<MaterialClass, fs::path> exact_at;  // where each class read is read from
  for (const ClassGroup& g : groups) {
    auto members = g.members();
    summary.tables_total += int(members.size());
    // A complete table is kept even when its twin must be solved again: nothing done is redone.
    std::set<MaterialClass> missing = files.tables_to_write(members);
    bool exact_missing = false;
    for (MaterialClass mc : members)
      if (files.keep_exact(g.pieces()) && check_exact_file(files.kept_exact(mc), mc))
        exact_missing = true;
    summary.tables_skipped += int(members.size() - missing.size());
    if (missing.empty() && !exact_missing) {
      skipped_work += positions_of(g);
      continue;
    }
    GenJob& job = jobs[g.first];
    job.group = g;
    job.tables = missing;
    if (files.keep_exact(g.pieces()))
      for (MaterialClass mc : members) job.exact_out[mc] = files.kept_exact(mc);
  }
  for (int pieces = max_pieces; pieces >= 3; --pieces) {
    std::vector<MaterialClass> at_pieces;
    for (auto& [first, job] : jobs)
      if (job.group.pieces() == pieces) at_pieces.push_back(first);
    for (MaterialClass first : at_pieces) {
      std::set<MaterialClass> reads;
      for (MaterialClass mc : jobs[first].group.members())
        for (MaterialClass child : capture_children(mc)) reads.insert(child);
      for (MaterialClass child : reads) {
        if (!exact_at.count(child)) {
          if (auto p = files.readable_exact(child)) {
            exact_at[child] = *p;
          } else {
            ClassGroup cg = group_of(child);
            GenJob& derive = jobs[cg.first];
            if (derive.group.pieces() == 0) {
              derive.group = cg;
              // Tables that are missing or damaged are written too, since they are solved anyway.
              derive.tables = files.tables_to_write(cg.members());
              summary.tables_total += int(derive.tables.size());
            }
            derive.exact_out[child] = files.exact(child);
            exact_at[child] = files.exact(child);
          }
        }
        jobs[first].reads[child] = exact_at[child];
      }
    }
  }
  return jobs;
}

// The memory plan: each job whole in memory where it fits, else in parts. Throws
// MemoryBudgetError when some job does not fit even in parts.
void plan_memory(std::vector<GenJob>& jobs, const GenOptions& opt, GenSummary& summary) {
  uint64_t budget = opt.max_memory ? opt.max_memory : default_memory_budget();
  uint64_t reserve = current_rss_bytes() + kReserveBytes;
  uint64_t working =
      opt.working_memory ? opt.working_memory : (budget > reserve ? budget - reserve : 0);
  summary.memory_budget = opt.working_memory ? opt.working_memory : budget;
  uint64_t most_needed = 0;
  const GenJob* neediest = nullptr;
  for (GenJob& job : jobs) {
    uint64_t children_bytes = 0;
    for (const auto& [child, path] : job.reads)
      children_bytes += PositionIndex(child).size() * sizeof(double);
    uint64_t largest = 0;
    for (MaterialClass mc : job.group.members())
      largest = std::max(largest, PositionIndex(mc).size());
    uint64_t writing = job.tables.empty() ? 0 : largest * kTableWriteBytesPerEntry;
    uint64_t whole = children_bytes + whole_group_bytes(job.group.first);
    uint64_t parted = std::max(children_bytes + min_part_bytes(job.group.first),
                               writing + read_solved_class_bytes(job.group.first));
    bool whole_possible = job.group.pieces() <= kMaxWholeGroupPieces;
    job.whole = whole_possible && whole <= working;
    job.side_by_side = omp_get_max_threads() > 1 && job.whole && whole <= kSideBySideBytes &&
                       whole * uint64_t(omp_get_max_threads()) <= working;
    job.part_budget = working > children_bytes ? working - children_bytes : 0;
    if (!job.whole)
      job.parts =
          int(plan_parts(job.group.first, job.part_budget, 8 * job.group.pieces() + 1).size());
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
                                " needs at least " + format_memory_size(needed),
                            needed);
  }
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

GenPlan::GenPlan(const GenOptions& opt) : opt_(opt), work_root_(opt.out / kWorkDirName) {
  check_options(opt);
  std::error_code ec;
  fs::create_directories(opt.out, ec);
  if (ec) throw std::runtime_error(opt.out.string() + ": cannot create directory: " + ec.message());
  const RunFiles files(opt);
  int stale = remove_stale_temporaries(opt.out, kWorkDirName);
  if (stale && opt.on_temporaries_removed) opt.on_temporaries_removed(stale);

  groups_ = groups_asked(opt);
  auto by_first = plan_jobs(files, groups_, opt.pieces, summary_, work_skipped_);
  // Smallest groups first: the exact values a group reads are written before it is solved.
  std::map<MaterialClass, size_t> writer_of;
  for (const ClassGroup& order : class_groups(opt.pieces)) {
    auto found = by_first.find(order.first);
    if (found == by_first.end()) continue;
    for (const auto& [mc, path] : found->second.exact_out) writer_of[mc] = jobs_.size();
    jobs_.push_back(std::move(found->second));
  }
  plan_memory(jobs_, opt, summary_);
  work_total_ = work_skipped_;
  for (const GenJob& job : jobs_) {
    std::set<size_t> needs;
    for (const auto& [child, path] : job.reads) {
      ++readers_[child];
      if (auto w = writer_of.find(child); w != writer_of.end()) needs.insert(w->second);
    }
    needs_.emplace_back(needs.begin(), needs.end());
    work_total_ += job.positions();
  }
}

void GenPlan::job_done(size_t i, const JobOutcome& outcome) {
  const GenJob& job = jobs_[i];
  summary_.tables_generated += outcome.tables_written;
  if (!job.whole) {
    summary_.groups_in_parts += 1;
    summary_.most_parts = std::max(summary_.most_parts, outcome.parts);
  }
  if (job.tables.empty()) summary_.groups_rederived += 1;
  summary_.positions += job.positions();
  // Exact values no job still to come reads are removed, unless kept.
  std::error_code ec;
  for (const auto& [child, path] : job.reads)
    if (--readers_[child] == 0 && path.parent_path() == work_root_) fs::remove(path, ec);
}

GenSummary GenPlan::finish() {
  // Working exact values (also any an interrupted run left) and an empty working directory do
  // not outlive the run.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(work_root_, ec))
    if (entry.path().extension() == ".ewx") fs::remove(entry.path(), ec);
  if (fs::is_empty(work_root_, ec)) fs::remove(work_root_, ec);
  summary_.table_bytes = table_bytes(RunFiles(opt_), groups_);
  sync_filesystem(opt_.out);
  return summary_;
}

}  // namespace ewn
