#include "generator.h"

#include <omp.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

#include "exact_file.h"
#include "file_io.h"
#include "index.h"
#include "progress.h"
#include "read_entries.h"
#include "solve_class.h"
#include "table_format.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// A class and its colour-flipped twin, solved together.
struct Group {
  MaterialClass first;
  int pieces = 0;
  std::vector<MaterialClass> members() const {
    if (first.flipped() == first) return {first};
    return {first, first.flipped()};
  }
};

std::vector<Group> plan_groups(int max_pieces) {
  std::vector<Group> groups;
  for (int n = 2; n <= max_pieces; ++n)
    for (MaterialClass mc : material_classes(n))
      if (mc <= mc.flipped()) groups.push_back({mc, n});
  return groups;
}

std::string temp_name(const fs::path& final_path) {
  return "." + final_path.filename().string() + ".tmp." + std::to_string(getpid());
}

// Removes temporary files left by an interrupted run.
int remove_stale_temporaries(const fs::path& dir) {
  int removed = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (name.size() > 1 && name[0] == '.' && name.find(".tmp.") != std::string::npos) {
      std::error_code ec;
      if (fs::remove(entry.path(), ec)) ++removed;
    }
  }
  return removed;
}

uint16_t quantize(double v) {
  return uint16_t(std::lround(v * 65535.0));
}

// Writes `path` through a temporary file, checks it with `check`, renames it into place.
template <class Write, class Check>
void write_checked(const fs::path& path, Write write, Check check) {
  fs::path tmp = path.parent_path() / temp_name(path);
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

}  // namespace

GenSummary generate(const GenOptions& opt) {
  if (opt.pieces < 2 || opt.pieces > 6)
    throw std::invalid_argument("--pieces must be between 2 and 6");
  auto started = std::chrono::steady_clock::now();
  if (opt.threads > 0) omp_set_num_threads(opt.threads);
  std::error_code ec;
  fs::create_directories(opt.out, ec);
  if (ec) throw std::runtime_error(opt.out.string() + ": cannot create directory: " + ec.message());
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
  GenSummary summary;
  uint64_t work_total = 0;
  for (const Group& g : groups)
    for (MaterialClass mc : g.members()) {
      ++summary.tables_total;
      work_total += PositionIndex(mc).canonical_count();
    }

  auto keep_exact = [&](int pieces) {
    return pieces < opt.pieces || pieces <= opt.keep_exact_up_to;
  };
  auto table_path = [&](MaterialClass mc) { return opt.out / table_file_name(mc); };
  auto exact_path = [&](MaterialClass mc) { return opt.out / exact_file_name(mc); };

  Progress progress(opt.progress, summary.tables_total, work_total);
  std::map<MaterialClass, ExactFile> exact;  // opened exact values of smaller classes
  for (const Group& g : groups) {
    auto members = g.members();
    uint64_t group_work = 0;
    for (MaterialClass mc : members) group_work += PositionIndex(mc).canonical_count();

    bool complete = true;
    for (MaterialClass mc : members) {
      if (check_table(table_path(mc)))
        complete = false;
      else if (keep_exact(g.pieces) && check_exact_file(exact_path(mc), mc))
        complete = false;
    }
    if (complete) {
      summary.tables_skipped += int(members.size());
      progress.skip(int(members.size()), group_work);
      continue;
    }

    SolvedValues children;
    for (MaterialClass mc : members)
      for (MaterialClass child : capture_children(mc)) {
        if (!exact.count(child)) {
          fs::path p = exact_path(child);
          if (!fs::exists(p))
            throw std::invalid_argument(p.string() + ": missing; class " + g.first.name() +
                                     " needs the exact values of " + child.name() +
                                     " (run ewn gen --pieces " + std::to_string(g.pieces - 1) +
                                     " --keep-exact " + std::to_string(g.pieces - 1) + " --out " +
                                     opt.out.string() + " first)");
          exact.emplace(child, ExactFile(p, child, false));
        }
        children[child] = exact.at(child).values();
      }

    progress.begin_group(g.first.name(), g.pieces);
    uint64_t base = progress.done_work();
    auto solved =
        solve_group(g.first, children, [&](uint64_t done) { progress.update(base + done); });

    for (const SolvedClass& sc : solved) {
      std::vector<uint16_t> stored(sc.values.size());
      uint16_t last = 0;
      for (size_t i = 0; i < stored.size(); ++i) {
        // Waste entries repeat the previous value: they are never read and compress to nothing.
        if (!std::isnan(sc.values[i])) last = quantize(sc.values[i]);
        stored[i] = last;
      }
      // The entries a probe reads: the solved (valid) ones, unless renumbering twins hide some;
      // this spares the writer unranking every entry to find them.
      std::vector<uint8_t> read;
      if (has_renumber_twins(sc.material)) {
        read = read_entry_flags(PositionIndex(sc.material));
      } else {
        read.resize(sc.values.size());
        for (size_t i = 0; i < read.size(); ++i) read[i] = !std::isnan(sc.values[i]);
      }
      if (keep_exact(g.pieces)) {
        fs::path p = exact_path(sc.material);
        write_checked(
            p, [&](const fs::path& tmp) { write_exact_file(tmp, sc.material, sc.values); },
            [&](const fs::path& tmp) { return check_exact_file(tmp, sc.material); });
      }
      fs::path p = table_path(sc.material);
      write_checked(
          p,
          [&](const fs::path& tmp) {
            WriteOptions w;
            w.zstd_level = opt.zstd_level;
            w.read_entries = read;
            write_table(tmp, sc.material, stored, w);
          },
          [&](const fs::path& tmp) { return check_table(tmp); });
      summary.tables_generated += 1;
      summary.positions += PositionIndex(sc.material).canonical_count();
    }
    progress.end_group(int(members.size()), group_work);
  }
  for (const Group& g : groups)
    for (MaterialClass mc : g.members()) {
      auto bytes = fs::file_size(table_path(mc), ec);
      if (!ec) summary.table_bytes += bytes;
    }
  sync_filesystem(opt.out);
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.finish();
  return summary;
}

}  // namespace ewn
