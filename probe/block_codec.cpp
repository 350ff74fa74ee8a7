#include "block_codec.h"

#include <zstd.h>

#include <bit>
#include <memory>

namespace ewn {

namespace {

struct CCtxFree {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct DCtxFree {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// Contexts are reused per thread: creating one costs more than decompressing a small block.
ZSTD_CCtx* thread_cctx() {
  thread_local std::unique_ptr<ZSTD_CCtx, CCtxFree> cctx(ZSTD_createCCtx());
  return cctx.get();
}
ZSTD_DCtx* thread_dctx() {
  thread_local std::unique_ptr<ZSTD_DCtx, DCtxFree> dctx(ZSTD_createDCtx());
  return dctx.get();
}

// The file stores u16 values little-endian; swap on a big-endian machine.
void to_little_endian(uint16_t* v, size_t n) {
  if constexpr (std::endian::native == std::endian::big)
    for (size_t i = 0; i < n; ++i) v[i] = uint16_t((v[i] >> 8) | (v[i] << 8));
}

}  // namespace

std::vector<uint8_t> compress_block(std::span<const uint16_t> values, BlockFilter filter,
                                    int zstd_level) {
  (void)filter;  // BlockFilter::None is the only filter (see docs/BENCHMARKS.md)
  std::vector<uint16_t> plain(values.begin(), values.end());
  to_little_endian(plain.data(), plain.size());
  size_t bytes = plain.size() * sizeof(uint16_t);
  std::vector<uint8_t> out(ZSTD_compressBound(bytes));
  size_t n =
      ZSTD_compressCCtx(thread_cctx(), out.data(), out.size(), plain.data(), bytes, zstd_level);
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

std::optional<std::string> decompress_block(std::span<const uint8_t> data, BlockFilter filter,
                                            uint16_t* out, size_t count) {
  (void)filter;
  size_t bytes = count * sizeof(uint16_t);
  unsigned long long declared = ZSTD_getFrameContentSize(data.data(), data.size());
  if (declared == ZSTD_CONTENTSIZE_ERROR) return "not a zstd frame";
  if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != bytes)
    return "block holds " + std::to_string(declared) + " bytes, expected " + std::to_string(bytes);
  size_t n = ZSTD_decompressDCtx(thread_dctx(), out, bytes, data.data(), data.size());
  if (ZSTD_isError(n)) return std::string("zstd: ") + ZSTD_getErrorName(n);
  if (n != bytes)
    return "block decompressed to " + std::to_string(n) + " bytes, expected " +
           std::to_string(bytes);
  to_little_endian(out, count);
  return std::nullopt;
}

}  // namespace ewn
