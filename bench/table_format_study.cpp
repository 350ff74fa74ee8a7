// table_format_study: how table size and block decode time depend on the format's choices.
//
//   table_format_study --tables DIR --pieces N [--every K] [--blocks 4096,8192]
//                      [--levels 3,19] [--variants plain,rawlit,dict]
//
// Reads the tables with <= N pieces (every K-th class only, to keep it quick on big sets),
// re-encodes them in each variant and prints bytes per unique position (counting the header and
// the 16-byte block index entry of each block) and the median CPU time to decode one block.
// Variants: plain (the format's default: u16 little-endian, one zstd frame per block),
// split (high bytes then low bytes), delta (difference to the previous value, then split),
// rawlit (zstd with uncompressed literals: faster decoding), dict (a zstd dictionary trained on
// the file's own blocks, stored in the file). A suffix -m<N> sets zstd's minimum match length.
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_literalCompressionMode (experimental parameter)
#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "index.h"
#include "table_format.h"

using namespace ewn;

namespace {

std::vector<int> parse_list(const std::string& s) {
  std::vector<int> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}
std::vector<std::string> parse_words(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

std::vector<uint8_t> filtered(const uint16_t* v, size_t n, const std::string& variant) {
  std::vector<uint8_t> out(2 * n);
  if (variant.rfind("split", 0) == 0 || variant.rfind("delta", 0) == 0) {
    for (size_t i = 0; i < n; ++i) {
      uint16_t x = variant.rfind("delta", 0) == 0 && i > 0 ? uint16_t(v[i] - v[i - 1]) : v[i];
      out[i] = uint8_t(x >> 8);
      out[n + i] = uint8_t(x);
    }
  } else {
    for (size_t i = 0; i < n; ++i) {
      out[2 * i] = uint8_t(v[i]);
      out[2 * i + 1] = uint8_t(v[i] >> 8);
    }
  }
  return out;
}

struct Result {
  uint64_t bytes = 0;
  std::vector<double> decode_ns;
};

void encode_table(const std::vector<uint16_t>& values, int block, int level,
                  const std::string& variant, Result& r) {
  ZSTD_CCtx* c = ZSTD_createCCtx();
  ZSTD_DCtx* d = ZSTD_createDCtx();
  std::vector<std::vector<uint8_t>> blocks;
  for (size_t b = 0; b < values.size(); b += size_t(block))
    blocks.push_back(
        filtered(values.data() + b, std::min<size_t>(block, values.size() - b), variant));
  ZSTD_CDict* cdict = nullptr;
  ZSTD_DDict* ddict = nullptr;
  r.bytes += kHeaderBytes;
  if (variant.rfind("dict", 0) == 0 && blocks.size() >= 16) {
    std::vector<uint8_t> samples;
    std::vector<size_t> sizes;
    for (const auto& b : blocks) {
      samples.insert(samples.end(), b.begin(), b.end());
      sizes.push_back(b.size());
    }
    std::vector<uint8_t> dict(std::min<size_t>(16384, samples.size() / 16));
    size_t n = ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(),
                                     unsigned(sizes.size()));
    if (!ZDICT_isError(n)) {
      cdict = ZSTD_createCDict(dict.data(), n, level);
      ddict = ZSTD_createDDict(dict.data(), n);
      r.bytes += n;
    }
  }
  ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level);
  // "<variant>-m<N>": zstd's minimum match length N (longer matches decode faster).
  if (auto m = variant.find("-m"); m != std::string::npos)
    ZSTD_CCtx_setParameter(c, ZSTD_c_minMatch, std::stoi(variant.substr(m + 2)));
  if (variant.rfind("rawlit", 0) == 0)
    ZSTD_CCtx_setParameter(c, ZSTD_c_literalCompressionMode, ZSTD_ps_disable);
  if (cdict) ZSTD_CCtx_refCDict(c, cdict);
  std::vector<uint8_t> back;
  for (const auto& b : blocks) {
    std::vector<uint8_t> out(ZSTD_compressBound(b.size()));
    size_t n = ZSTD_compress2(c, out.data(), out.size(), b.data(), b.size());
    if (ZSTD_isError(n)) throw std::runtime_error(ZSTD_getErrorName(n));
    r.bytes += n + 16;
    back.resize(b.size());
    double t0 = thread_ns();
    size_t m = ddict ? ZSTD_decompress_usingDDict(d, back.data(), back.size(), out.data(), n, ddict)
                     : ZSTD_decompressDCtx(d, back.data(), back.size(), out.data(), n);
    r.decode_ns.push_back(thread_ns() - t0);
    if (m != b.size() || back != b) throw std::runtime_error("round trip failed");
  }
  ZSTD_freeCDict(cdict);
  ZSTD_freeDDict(ddict);
  ZSTD_freeCCtx(c);
  ZSTD_freeDCtx(d);
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, variants = "plain";
  int pieces = 4, every = 1;
  std::vector<int> blocks = {4096, 8192}, levels = {19};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i], v = argv[i + 1];
    if (a == "--tables")
      dir = v;
    else if (a == "--pieces")
      pieces = std::stoi(v);
    else if (a == "--every")
      every = std::stoi(v);
    else if (a == "--blocks")
      blocks = parse_list(v);
    else if (a == "--levels")
      levels = parse_list(v);
    else if (a == "--variants")
      variants = v;
    else {
      std::fprintf(stderr, "table_format_study: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (dir.empty()) {
    std::fprintf(stderr, "usage: table_format_study --tables DIR --pieces N [--every K] ...\n");
    return 2;
  }
  try {
    std::vector<std::pair<MaterialClass, std::vector<uint16_t>>> tables;
    uint64_t positions = 0, entries = 0;
    int k = 0;
    for (int n = 2; n <= pieces; ++n)
      for (MaterialClass mc : material_classes(n)) {
        if (k++ % every != 0) continue;
        auto path = std::filesystem::path(dir) / table_file_name(mc);
        if (!std::filesystem::exists(path)) {
          std::printf("skipping %s: missing\n", path.c_str());
          continue;
        }
        tables.emplace_back(mc, read_table(path, mc));
        positions += PositionIndex(mc).canonical_count();
        entries += tables.back().second.size();
      }
    std::printf("%zu tables, %llu entries, %llu unique positions\n", tables.size(),
                (unsigned long long)entries, (unsigned long long)positions);
    std::printf("%-8s %6s %5s %10s %14s\n", "variant", "block", "level", "bytes/pos",
                "decode ns/blk");
    for (const std::string& variant : parse_words(variants))
      for (int level : levels)
        for (int block : blocks) {
          Result r;
          for (const auto& [mc, values] : tables) encode_table(values, block, level, variant, r);
          std::sort(r.decode_ns.begin(), r.decode_ns.end());
          std::printf("%-8s %6d %5d %10.3f %14.0f\n", variant.c_str(), block, level,
                      double(r.bytes) / double(positions), r.decode_ns[r.decode_ns.size() / 2]);
          std::fflush(stdout);
        }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "table_format_study: %s\n", e.what());
    return 1;
  }
  return 0;
}
