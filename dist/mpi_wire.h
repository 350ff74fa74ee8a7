// What ranks say to each other: messages as bytes (numbers and strings appended in order), the
// jobs of a run in that form, and waiting for MPI without spinning.
//
// Open MPI's blocking calls poll at full speed: a rank waiting for its next job or for the other
// ranks' slices would take a core from the ranks that work. Every wait here tests its request and
// sleeps a little between tests instead.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "gen_plan.h"

namespace ewn::dist {

class WireWriter {
 public:
  template <class T>
  void put(T value) {
    append(&value, sizeof value);
  }
  void put_string(const std::string& s) {
    put(uint64_t(s.size()));
    append(s.data(), s.size());
  }
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  void append(const void* data, size_t n) {
    size_t at = bytes_.size();
    bytes_.resize(at + n);
    if (n) std::memcpy(bytes_.data() + at, data, n);
  }
  std::vector<char> bytes_;
};

class WireReader {
 public:
  explicit WireReader(const std::vector<char>& bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    T value;
    need(sizeof value);
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  std::string get_string() {
    uint64_t n = get<uint64_t>();
    need(n);
    std::string s(bytes_.data() + at_, n);
    at_ += n;
    return s;
  }

 private:
  void need(uint64_t n) const {
    if (bytes_.size() - at_ < n) throw std::runtime_error("a message between ranks is truncated");
  }
  const std::vector<char>& bytes_;
  size_t at_ = 0;
};

void put_job(WireWriter& w, const GenJob& job);
GenJob get_job(WireReader& r);

// Waits until `request` completes, sleeping between tests.
void wait_quietly(MPI_Request& request);
// Waits until every one of `requests` completes, sleeping between tests.
void wait_quietly(std::span<MPI_Request> requests);
// Sends `bytes` to `dest` (returns when the buffer may be reused).
void send_bytes(MPI_Comm comm, int dest, int tag, const std::vector<char>& bytes);
// Receives the next message with `tag` from `source` (MPI_ANY_SOURCE: any) into `bytes`, waiting
// quietly; returns its source.
int receive_bytes(MPI_Comm comm, int source, int tag, std::vector<char>& bytes);

}  // namespace ewn::dist
