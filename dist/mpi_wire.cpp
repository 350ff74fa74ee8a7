#include "mpi_wire.h"

#include <chrono>
#include <thread>

namespace ewn::dist {

namespace {

// Between two tests of a request: short against a job's seconds, long enough to leave the core.
constexpr auto kPollPause = std::chrono::microseconds(500);

void put_class(WireWriter& w, MaterialClass mc) {
  w.put(mc.mover);
  w.put(mc.opponent);
}

MaterialClass get_class(WireReader& r) {
  MaterialClass mc;
  mc.mover = r.get<uint8_t>();
  mc.opponent = r.get<uint8_t>();
  return mc;
}

void put_paths(WireWriter& w, const std::map<MaterialClass, std::filesystem::path>& paths) {
  w.put(uint32_t(paths.size()));
  for (const auto& [mc, path] : paths) {
    put_class(w, mc);
    w.put_string(path.string());
  }
}

std::map<MaterialClass, std::filesystem::path> get_paths(WireReader& r) {
  std::map<MaterialClass, std::filesystem::path> paths;
  for (uint32_t n = r.get<uint32_t>(); n > 0; --n) {
    MaterialClass mc = get_class(r);
    paths[mc] = r.get_string();
  }
  return paths;
}

}  // namespace

void put_job(WireWriter& w, const GenJob& job) {
  put_class(w, job.group.first);
  w.put(uint32_t(job.tables.size()));
  for (MaterialClass mc : job.tables) put_class(w, mc);
  w.put(uint8_t(job.whole));
  w.put(job.part_budget);
  w.put(job.parts);
  put_paths(w, job.exact_out);
  put_paths(w, job.reads);
}

GenJob get_job(WireReader& r) {
  GenJob job;
  job.group.first = get_class(r);
  for (uint32_t n = r.get<uint32_t>(); n > 0; --n) job.tables.insert(get_class(r));
  job.whole = r.get<uint8_t>() != 0;
  job.part_budget = r.get<uint64_t>();
  job.parts = r.get<int>();
  job.exact_out = get_paths(r);
  job.reads = get_paths(r);
  return job;
}

void wait_quietly(std::span<MPI_Request> requests) {
  for (;;) {
    int done = 0;
    MPI_Testall(int(requests.size()), requests.data(), &done, MPI_STATUSES_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kPollPause);
  }
}

void wait_quietly(MPI_Request& request) { wait_quietly(std::span<MPI_Request>(&request, 1)); }

void send_bytes(MPI_Comm comm, int dest, int tag, const std::vector<char>& bytes) {
  MPI_Request request;
  MPI_Isend(bytes.data(), int(bytes.size()), MPI_BYTE, dest, tag, comm, &request);
  wait_quietly(request);
}

namespace {

int receive_probed(MPI_Comm comm, const MPI_Status& status, std::vector<char>& bytes) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  bytes.resize(size_t(count));
  MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm,
           MPI_STATUS_IGNORE);
  return status.MPI_SOURCE;
}

}  // namespace

int receive_bytes(MPI_Comm comm, int source, int tag, std::vector<char>& bytes) {
  for (;;) {
    int there = 0;
    MPI_Status status;
    MPI_Iprobe(source, tag, comm, &there, &status);
    if (there) return receive_probed(comm, status, bytes);
    std::this_thread::sleep_for(kPollPause);
  }
}

}  // namespace ewn::dist
