// The messages of a distributed run, on a communicator of their own: ranks report to rank 0's
// coordinator (kReportTag) and rank 0 orders them (kOrderTag). Every message starts with its
// kind.
#pragma once

#include <cstdint>

#include "distributed_gen.h"
#include "mpi_wire.h"

namespace ewn::dist {

constexpr int kReportTag = 1;
constexpr int kOrderTag = 2;

enum class Report : uint8_t {
  kReady,     // job done (or -1: none, or a team job's non-leading share), outcome, figures
  kProgress,  // job, what it is doing, positions of its group solved
  kFailed,    // job, the error message
};

enum class Order : uint8_t {
  kSolve,  // job index, team or alone, the job
  kStop,   // exit code
};

inline void put_figures(WireWriter& w, const RankFigures& f) {
  w.put(f.rank);
  w.put_string(f.host);
  w.put(f.jobs);
  w.put(f.team_jobs);
  w.put(f.positions);
  w.put(f.busy_seconds);
  w.put(f.cpu_seconds);
  w.put(f.peak_rss);
  w.put(f.exchanged_levels);
  w.put(f.exchanged_bytes);
  w.put(f.message_bytes);
}

inline RankFigures get_figures(WireReader& r) {
  RankFigures f;
  f.rank = r.get<int>();
  f.host = r.get_string();
  f.jobs = r.get<int>();
  f.team_jobs = r.get<int>();
  f.positions = r.get<uint64_t>();
  f.busy_seconds = r.get<double>();
  f.cpu_seconds = r.get<double>();
  f.peak_rss = r.get<uint64_t>();
  f.exchanged_levels = r.get<uint64_t>();
  f.exchanged_bytes = r.get<uint64_t>();
  f.message_bytes = r.get<uint64_t>();
  return f;
}

}  // namespace ewn::dist
