#include "block_codec.h"

// Frames without magic number (ZSTD_f_zstd1_magicless) and dictionaries used in place
// (ZSTD_createDDict_byReference) are in zstd's advanced API; both save work or bytes per block.
// So is ZSTD_decompressBegin_usingDDict (begin_warm below).
#define ZSTD_STATIC_LINKING_ONLY
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

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
// One per frame format: the format is a parameter of the context.
ZSTD_DCtx* thread_dctx(bool magic) {
  auto make = [](ZSTD_format_e format) {
    ZSTD_DCtx* d = ZSTD_createDCtx();
    if (d) ZSTD_DCtx_setParameter(d, ZSTD_d_format, format);
    return d;
  };
  thread_local std::unique_ptr<ZSTD_DCtx, DCtxFree> magicless(make(ZSTD_f_zstd1_magicless));
  thread_local std::unique_ptr<ZSTD_DCtx, DCtxFree> with_magic(make(ZSTD_f_zstd1));
  return magic ? with_magic.get() : magicless.get();
}

// Prepares `d` so that its next frame with `ddict` takes the decoder every other frame takes.
// zstd (ZSTD_decompressBegin_usingDDict) marks a context "cold" when it begins a frame with a
// DDict other than the one its previous frame used, and decodes sequences with a prefetching
// decoder while the mark is set. Only a compressed block with sequences clears the mark, in that
// frame or any later one, with a dictionary or without: frames of raw blocks and frames that fail
// earlier leave it set, and ZSTD_DCtx_reset does not clear it. Up to zstd 1.5.5 the prefetching
// decoder does not check that a block's sequence bits are all used, so a damaged block decoded or
// not depending on what the thread had decoded before (the full check passed a file that
// read_table then refused). Here the first beginning makes `ddict` the context's last, the second
// clears the mark, and the frame's own beginning then finds `ddict` warm. Frames without a
// dictionary need nothing: only frames begun with a DDict set the mark, and these leave it clear.
void begin_warm(ZSTD_DCtx* d, const ZSTD_DDict* ddict) {
  ZSTD_decompressBegin_usingDDict(d, ddict);
  ZSTD_decompressBegin_usingDDict(d, ddict);
}

// The file stores u16 values little-endian.
std::vector<uint8_t> little_endian_bytes(std::span<const uint16_t> values) {
  std::vector<uint8_t> out(2 * values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    out[2 * i] = uint8_t(values[i]);
    out[2 * i + 1] = uint8_t(values[i] >> 8);
  }
  return out;
}
void from_little_endian(uint16_t* v, size_t n) {
  if constexpr (std::endian::native == std::endian::big)
    for (size_t i = 0; i < n; ++i) v[i] = uint16_t((v[i] >> 8) | (v[i] << 8));
}

}  // namespace

BlockEncoder::BlockEncoder(std::span<const uint8_t> dictionary, int zstd_level)
    : level_(zstd_level) {
  if (dictionary.empty()) return;
  cdict_ = ZSTD_createCDict(dictionary.data(), dictionary.size(), zstd_level);
  if (!cdict_) throw std::runtime_error("zstd: cannot load the dictionary");
}

BlockEncoder::~BlockEncoder() {
  ZSTD_freeCDict(cdict_);
}

std::vector<uint8_t> BlockEncoder::encode(std::span<const uint16_t> values) const {
  std::vector<uint8_t> plain = little_endian_bytes(values);
  std::vector<uint8_t> out(ZSTD_compressBound(plain.size()));
  ZSTD_CCtx* c = thread_cctx();
  ZSTD_CCtx_reset(c, ZSTD_reset_session_and_parameters);
  ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level_);
  // The file's block index and header say what the magic number, the dictionary id and a
  // checksum would: they are left out.
  ZSTD_CCtx_setParameter(c, ZSTD_c_format, ZSTD_f_zstd1_magicless);
  ZSTD_CCtx_setParameter(c, ZSTD_c_dictIDFlag, 0);
  ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 0);
  // Literals stay raw: a Huffman-coded block carries a tree of its own (zstd never reuses the
  // dictionary's for these blocks), and building the decoding table from it was most of a 6-piece
  // block's decoding, for 1.2% of the <= 6 set's bytes (docs/BENCHMARKS.md, "Raw literals").
  ZSTD_CCtx_setParameter(c, ZSTD_c_literalCompressionMode, ZSTD_ps_disable);
  if (cdict_) ZSTD_CCtx_refCDict(c, cdict_);
  size_t n = ZSTD_compress2(c, out.data(), out.size(), plain.data(), plain.size());
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

std::shared_ptr<const BlockDecoder> BlockDecoder::shared(std::span<const uint8_t> dictionary,
                                                         bool magic) {
  static std::mutex mutex;
  // Keyed by the bytes' hash; a key's decoder is used only when its bytes are the same. Entries
  // whose decoder is gone are replaced, so the map holds at most one per dictionary ever seen.
  static std::multimap<uint64_t, std::weak_ptr<const BlockDecoder>> decoders;
  uint64_t key = XXH3_64bits(dictionary.data(), dictionary.size()) ^ uint64_t(magic);
  std::lock_guard lock(mutex);
  auto [first, last] = decoders.equal_range(key);
  for (auto it = first; it != last;) {
    std::shared_ptr<const BlockDecoder> alive = it->second.lock();
    if (!alive) {
      it = decoders.erase(it);
      continue;
    }
    if (alive->magic_ == magic && std::ranges::equal(alive->dictionary_, dictionary)) return alive;
    ++it;
  }
  auto made = std::make_shared<const BlockDecoder>(dictionary, magic);
  decoders.emplace(key, made);
  return made;
}

BlockDecoder::BlockDecoder(std::span<const uint8_t> dictionary, bool magic)
    : dictionary_(dictionary.begin(), dictionary.end()), magic_(magic) {
  if (dictionary_.empty()) return;
  ddict_ = ZSTD_createDDict_byReference(dictionary_.data(), dictionary_.size());
  if (!ddict_) throw std::runtime_error("not a zstd dictionary");
}

BlockDecoder::~BlockDecoder() {
  ZSTD_freeDDict(ddict_);
}

std::optional<std::string> BlockDecoder::decode(std::span<const uint8_t> data, uint16_t* out,
                                                size_t count) const {
  size_t bytes = count * sizeof(uint16_t);
  ZSTD_DCtx* d = thread_dctx(magic_);
  if (!d) return "zstd: out of memory";
  ZSTD_frameHeader frame;
  if (ZSTD_getFrameHeader_advanced(&frame, data.data(), data.size(),
                                   magic_ ? ZSTD_f_zstd1 : ZSTD_f_zstd1_magicless) != 0)
    return "not a zstd frame";
  if (frame.frameContentSize != ZSTD_CONTENTSIZE_UNKNOWN && frame.frameContentSize != bytes)
    return "block holds " + std::to_string(frame.frameContentSize) + " bytes, expected " +
           std::to_string(bytes);
  // A block's frame is whole in itself, with or without the table's dictionary.
  size_t n;
  if (ddict_) {
    begin_warm(d, ddict_);
    n = ZSTD_decompress_usingDDict(d, out, bytes, data.data(), data.size(), ddict_);
  } else {
    n = ZSTD_decompressDCtx(d, out, bytes, data.data(), data.size());
  }
  if (ZSTD_isError(n)) return std::string("zstd: ") + ZSTD_getErrorName(n);
  if (n != bytes)
    return "block decompressed to " + std::to_string(n) + " bytes, expected " +
           std::to_string(bytes);
  from_little_endian(out, count);
  return std::nullopt;
}

}  // namespace ewn
