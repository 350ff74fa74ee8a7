#include "engine_pool.h"

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

std::optional<EnginePool::Lease> EnginePool::acquire(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  if (!freed_.wait_for(lock, wait, [&] { return !free_.empty(); })) return std::nullopt;
  std::unique_ptr<Search> search = std::move(free_.back());
  free_.pop_back();
  return Lease(*this, std::move(search));
}

}  // namespace ewn::web
