// The searches behind /api/move and /api/estimate: a fixed number of expectimax searches
// (search.h), each with its own transposition table, lent to one request at a time. Bounding
// them bounds the server's CPU and memory, however many requests arrive: a request that finds
// no search free within a short wait is told the engine is busy, so the server's threads stay
// free for probes and the page.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "exact_values.h"
#include "search.h"

namespace ewn::web {

class EnginePool {
 public:
  EnginePool(const SearchOptions& options, std::shared_ptr<const ExactValues> tables, int searches);

  // A search lent to the holder; back in the pool when the lease ends.
  class Lease {
   public:
    Lease(EnginePool& pool, std::unique_ptr<Search> search)
        : pool_(&pool), search_(std::move(search)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Search& search() { return *search_; }

   private:
    EnginePool* pool_;
    std::unique_ptr<Search> search_;
  };

  // A free search, waiting at most `wait` for one; nullopt when all stay busy, or when
  // `give_up` (if not null) is set meanwhile (it is looked at every 50 ms).
  std::optional<Lease> acquire(std::chrono::milliseconds wait,
                               const std::atomic<bool>* give_up = nullptr);
  int size() const { return size_; }
  const std::shared_ptr<const ExactValues>& tables() const { return tables_; }

 private:
  std::shared_ptr<const ExactValues> tables_;
  int size_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<Search>> free_;
};

}  // namespace ewn::web
