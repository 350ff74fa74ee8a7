#include "engine_pool.h"

#include <algorithm>

namespace ewn::web {

EnginePool::EnginePool(const SearchOptions& options, std::shared_ptr<const ExactValues> tables,
                       int searches)
    : tables_(std::move(tables)), size_(searches) {
  for (int i = 0; i < searches; ++i) free_.push_back(std::make_unique<Search>(options, tables_));
}

EnginePool::Lease::~Lease() {
  if (!search_) return;  // moved from
  {
    std::lock_guard lock(pool_->mutex_);
    pool_->free_.push_back(std::move(search_));
  }
  pool_->freed_.notify_one();
}

std::optional<EnginePool::Lease> EnginePool::acquire(std::chrono::milliseconds wait,
                                                     const std::atomic<bool>* give_up) {
  constexpr std::chrono::milliseconds kLook{50};
  auto until = std::chrono::steady_clock::now() + wait;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (give_up && give_up->load()) return std::nullopt;
    auto now = std::chrono::steady_clock::now();
    if (now >= until) return std::nullopt;
    auto slice = std::min<std::chrono::steady_clock::duration>(until - now, kLook);
    if (freed_.wait_for(lock, slice, [&] { return !free_.empty(); })) break;
  }
  std::unique_ptr<Search> search = std::move(free_.back());
  free_.pop_back();
  return Lease(*this, std::move(search));
}

}  // namespace ewn::web
