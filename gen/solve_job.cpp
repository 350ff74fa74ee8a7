// Solving one job of a run: its group whole or in parts, then its tables and exact values.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "exact_file.h"
#include "file_io.h"
#include "gen_plan.h"
#include "index.h"
#include "part_solver.h"
#include "read_entries.h"
#include "run_files.h"
#include "solve_class.h"
#include "table_file.h"
#include "table_writer.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// 16-bit values and read flags of one class, filled in index order from its exact values. Both
// arrays are written whole before they are read: their pages come as the group's arrays do,
// maybe the group before's (KeptPages), not zeroed.
struct StoredClass {
  std::vector<uint16_t, UninitializedAllocator<uint16_t>> values;
  std::vector<uint8_t, UninitializedAllocator<uint8_t>> read;
  uint64_t at = 0;
  uint16_t last = 0;
  const SolvedClass* copied_from = nullptr;
  bool flags_from_values = true;

  StoredClass() = default;  // no values (a class whose table is not written)
  // `copied`: the class's copied twins, when solved whole (else nullptr).
  StoredClass(MaterialClass mc, const SolvedClass* copied)
      : values(PositionIndex(mc).size()), copied_from(copied) {
    // The entries a probe reads: the solved (valid) ones, less the renumbering twins whose value
    // was copied (known when solved whole); this spares the writer unranking every entry.
    flags_from_values = !has_renumber_twins(mc) || copied;
    if (flags_from_values) {
      read.resize(values.size());
    } else {
      const std::vector<uint8_t> flags = read_entry_flags(PositionIndex(mc));
      read.assign(flags.begin(), flags.end());
    }
  }
  // Waste entries repeat the previous value: they are never read and compress to nothing.
  // Chunks are encoded in parallel, each repeating its own last value; the waste that leads a
  // chunk takes the value before the chunk afterwards.
  void append(std::span<const double> exact) {
    constexpr int64_t kChunk = int64_t(1) << 16;
    const int64_t count = int64_t(exact.size()), chunks = (count + kChunk - 1) / kChunk;
    uint16_t* out = values.data() + at;
    uint8_t* flags = flags_from_values ? read.data() + at : nullptr;
    std::vector<int64_t> first_solved(size_t(chunks), kChunk);  // in each chunk
#pragma omp parallel for schedule(static) if (chunks > 1)
    for (int64_t q = 0; q < chunks; ++q) {
      const int64_t begin = q * kChunk, end = std::min(count, begin + kChunk);
      bool seen = false;
      uint16_t last_here = 0;
      for (int64_t i = begin; i < end; ++i) {
        const bool solved = !std::isnan(exact[size_t(i)]);
        if (flags) flags[i] = solved && !(copied_from && copied_from->copied(at + uint64_t(i)));
        if (solved) {
          last_here = encode_value(exact[size_t(i)]);
          if (!seen) first_solved[size_t(q)] = i - begin;
          seen = true;
        }
        out[i] = last_here;  // waste before the chunk's first solved entry is set below
      }
    }
    for (int64_t q = 0; q < chunks; ++q) {
      const int64_t begin = q * kChunk, end = std::min(count, begin + kChunk);
      const int64_t lead = std::min(first_solved[size_t(q)], end - begin);
      std::fill(out + begin, out + begin + lead, last);
      if (lead < end - begin) last = out[end - 1];
    }
    at += uint64_t(count);
  }
};

// Where a job's results go: its exact-values files and its tables, each written through a
// temporary file and checked before it takes its place.
struct JobOutputs {
  const GenJob& job;
  const GenOptions& opt;
  const RunFiles& files;
  JobOutcome& outcome;

  void write_exact(MaterialClass mc, const std::function<void(const fs::path&)>& write) const {
    write_checked(job.exact_out.at(mc), write,
                  [&](const fs::path& tmp) { return check_exact_file(tmp, mc); });
  }
  // In format 3 the first class of a colour pair waits here, its table's size estimated, for
  // its twin.
  std::map<MaterialClass, TableEstimate>& pending;

  WriteOptions write_options(const StoredClass& stored) const {
    WriteOptions w;
    w.zstd_level = opt.zstd_level;
    w.read_entries = stored.read;
    w.format_version = files.format_version;
    return w;
  }
  void write_file(MaterialClass mc, const StoredClass& stored, WriteOptions w) const {
    write_checked(
        files.table(mc), [&](const fs::path& tmp) { write_table(tmp, mc, stored.values, w); },
        [&](const fs::path& tmp) { return check_table(tmp); });
  }
  // The table of `mc`. In format 3 the sizes of both classes of a pair are estimated (a sample
  // of blocks compressed), and only the class class_to_store picks is compressed whole and
  // written; it derives the other, whose file (of an earlier run or format) is removed. `reload`
  // gives the 16-bit values of the class that waited, should it be the one stored; those of `mc`
  // are let go first, so that one class's values are held at a time (kTableWriteBytesPerEntry).
  void write_tables(MaterialClass mc, StoredClass stored,
                    const std::function<StoredClass(MaterialClass)>& reload) const {
    WriteOptions w = write_options(stored);
    if (!files.pairs_share_a_file() || mc.flipped() == mc) {
      write_file(mc, stored, w);
      outcome.tables_written += 1;
      return;
    }
    TableEstimate estimate = estimate_table(files.table(mc), mc, stored.values, w);
    auto twin = pending.find(mc.flipped());
    if (twin == pending.end()) {
      pending.emplace(mc, std::move(estimate));
      return;
    }
    const MaterialClass keep = class_to_store(estimate, twin->second);
    if (keep == mc) {
      write_as_estimated(estimate, w);
      w.derives_twin = true;
      write_file(mc, stored, w);
    } else {
      stored = StoredClass();
      const StoredClass waited = reload(keep);
      WriteOptions tw = write_options(waited);
      write_as_estimated(twin->second, tw);
      tw.derives_twin = true;
      write_file(keep, waited, tw);
    }
    std::error_code ec;
    fs::remove(files.table(keep.flipped()), ec);
    pending.erase(twin);
    outcome.tables_written += 2;
  }
};

// A class's 16-bit values and read flags, from its values solved whole.
StoredClass stored_class(const SolvedClass& sc) {
  StoredClass stored(sc.material, &sc);
  stored.append(sc.values);
  return stored;
}

// The outputs of a group solved whole, from its values in memory.
void write_whole_group(const std::vector<SolvedClass>& solved, const JobOutputs& out) {
  auto reload = [&](MaterialClass mc) {
    for (const SolvedClass& sc : solved)
      if (sc.material == mc) return stored_class(sc);
    throw std::logic_error("write_whole_group: " + mc.name() + " is not in the group");
  };
  for (const SolvedClass& sc : solved) {
    if (out.job.exact_out.count(sc.material))
      out.write_exact(sc.material,
                      [&](const fs::path& tmp) { write_exact_file(tmp, sc.material, sc.values); });
    if (out.job.tables.count(sc.material)) out.write_tables(sc.material, stored_class(sc), reload);
  }
}

// A class's 16-bit values and read flags, streamed from its level files in `dir`; `writer`,
// when given, gets its exact values on the way.
StoredClass stream_class(MaterialClass mc, const fs::path& dir, bool table,
                         ExactFileWriter* writer) {
  StoredClass stored = table ? StoredClass(mc, nullptr) : StoredClass();
  read_solved_class(mc, dir, [&](std::span<const double> values) {
    if (table) stored.append(values);
    if (writer) writer->append(values);
  });
  return stored;
}

// The outputs of a group solved in parts, each class streamed from its level files in `dir`
// once, into its exact-values file and its table alike (a second time only for the class of a
// format-3 pair that waited for its twin and is the one stored).
void write_parted_group(const std::vector<MaterialClass>& members, const fs::path& dir,
                        const JobOutputs& out) {
  auto reload = [&](MaterialClass mc) { return stream_class(mc, dir, true, nullptr); };
  for (MaterialClass mc : members) {
    bool exact = out.job.exact_out.count(mc) > 0;
    bool table = out.job.tables.count(mc) > 0;
    if (!exact && !table) continue;
    StoredClass stored;
    if (exact)
      out.write_exact(mc, [&](const fs::path& tmp) {
        ExactFileWriter writer(tmp, mc);
        stored = stream_class(mc, dir, table, &writer);
        writer.close();
      });
    else
      stored = stream_class(mc, dir, table, nullptr);
    if (table) out.write_tables(mc, std::move(stored), reload);
  }
}

}  // namespace

std::string GenJob::label() const {
  return group.first.name() + (tables.empty() ? " (exact)" : "");
}

uint64_t kept_pages_limit(const GenJob& job) {
  return job.whole ? group_values_bytes(job.group.first) : 0;
}

JobOutcome solve_job(const GenJob& job, const GenOptions& opt, const JobProgress& progress,
                     const PartSharing* sharing) {
  const RunFiles files(opt);
  const ClassGroup& g = job.group;
  std::error_code ec;
  auto children = std::make_unique<std::map<MaterialClass, ExactFile>>();
  SolvedValues child_values;
  for (const auto& [child, path] : job.reads) {
    auto& file = (*children)[child] = ExactFile(path, child, false);
    child_values[child] = file.values();
  }
  // The label says what a long group is doing: its levels file first when in parts, then
  // solving, then writing its tables.
  const std::string label = job.label();
  auto phase = [&](const std::string& doing) {
    if (progress.phase) progress.phase(doing);
  };
  phase(label + (job.whole ? "" : " levels"));
  auto on_level = [&](uint64_t done) {
    if (done == 0 || !job.whole) phase(label);
    if (progress.solved) progress.solved(done);
  };
  fs::create_directories(files.work_root, ec);

  JobOutcome outcome;
  std::map<MaterialClass, TableEstimate> pending;
  const JobOutputs outputs{job, opt, files, outcome, pending};
  if (job.whole) {
    auto solved = solve_group(g.first, child_values, on_level);
    children.reset();  // unmapped before the tables are written
    phase(label + " writing");
    write_whole_group(solved, outputs);
    return outcome;
  }
  fs::path dir = files.work_root / g.first.name();
  PartedSolve parted =
      solve_group_in_parts(g.first, child_values, dir, job.part_budget, on_level, sharing);
  children.reset();
  outcome.parts = parted.parts;
  if (sharing && !sharing->leader()) return outcome;
  phase(label + " writing");
  write_parted_group(g.members(), dir, outputs);
  fs::remove_all(dir, ec);
  return outcome;
}

}  // namespace ewn
