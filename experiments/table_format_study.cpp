// table_format_study: how table size and block decode time depend on the format's choices. An
// experiment: built with -DEWN_EXPERIMENTS=ON, results in docs/BENCHMARKS.md ("Table format").
//
//   table_format_study --tables DIR --pieces N [--every K] [--blocks 4096,8192] [--levels 19]
//                      [--variants best+fill+plain,index+gen+plain,...]
//   table_format_study --tables DIR --pieces N --rewrite OUT
//   table_format_study ... --variants best+fill+plain+lean+shared+dk64 --save-dictionary FILE
//
// Reads the tables of every K-th class with exactly N pieces and rebuilds what the generator
// hands to the writer (every valid entry with its value, waste repeating the previous value).
// Then, for each variant, block size and zstd level, it lays the values out and compresses them
// block by block, and prints bytes per unique position (canonical_count; counting the 128-byte
// header and the 16 bytes of block index per block), the median CPU time to compress, to
// decompress and to checksum (block_checksum_of) one block, and the CPU time spent training
// dictionaries. A variant joins options with '+':
//   order:   index (PositionIndex order) | best (the writer's choice, order_choice.h) | vbest
//            (the order in which the value coder's blocks are smallest, every order tried)
//   unread:  gen (entries no probe reads keep the generator's values) | fill (the writer's filler)
//   bytes:   plain (u16 little-endian) | split (high bytes, then low bytes) | delta (difference to
//            the previous value, then split)
//   extras:  rawlit (zstd stores literals uncompressed: faster decoding) | dict (a zstd dictionary
//            of up to 16 KiB trained on the table's own blocks, stored in the file) | dk<N> (the
//            same, up to N KiB) | lean (frames without magic number, dictionary id and content
//            size) | m<N> (zstd minimum match N) | shared (with dict/dk<N>: one dictionary for all
//            the tables, trained on up to 8 MiB of their blocks, counted once)
//   coder:   rans | huff: the value coder of value_coder.h instead of zstd, its model per table
//            (or, with shared, one for all the tables, counted once), each block decoded and
//            compared with its values; its options: none | left | up | median | recent | fifo |
//            rup (the predictor; by default the best of none, left, up and median per block),
//            ctx<N> (N contexts: 1, 2, 3, 4, 5, 10 or 20), p<N> (rANS precision, <= 11 bits),
//            x2 (Huffman in two interleaved streams)
//   repeats: prints how often a value repeats one before it in its block instead of encoding
// The default variant "best+fill+plain" at the default block size and level is what write_table
// does. --rewrite instead writes every table with <= N pieces again with the current writer and
// default options into OUT, and prints the total size.
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_literalCompressionMode (an experimental parameter)
#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "entry_order.h"
#include "index.h"
#include "order_choice.h"
#include "read_entries.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"
#include "value_coder.h"

using namespace ewn;

namespace {

std::vector<std::string> split_list(const std::string& s, char separator) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, separator);) out.push_back(item);
  return out;
}
std::vector<int> parse_numbers(const std::string& s) {
  std::vector<int> out;
  for (const auto& item : split_list(s, ',')) out.push_back(std::stoi(item));
  return out;
}

double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

struct Variant {
  int best_order = 0;  // 0: PositionIndex order, 1: the writer's choice, 2: the value coder's
  bool fill = false, rawlit = false, dict = false, lean = false;
  bool shared = false;   // one dictionary or model for all tables of the piece count
  bool repeats = false;  // only print how often a value repeats one before it in its block
  std::string bytes = "plain";
  int min_match = 0;
  size_t dict_bytes = 16384;
  // The value coder (value_coder.h) instead of zstd: "rans" or "huff"; its predictor (fixed,
  // or chosen per block when not given), contexts and rANS precision.
  std::string coder;
  bool fixed_predictor = false;
  study::Predictor predictor = study::Predictor::left;
  int contexts = 1, precision = 11, streams = 1;
};

Variant parse_variant(const std::string& text) {
  Variant v;
  for (const auto& option : split_list(text, '+')) {
    if (option == "index")
      v.best_order = 0;
    else if (option == "best")
      v.best_order = 1;
    else if (option == "vbest")
      v.best_order = 2;
    else if (option == "gen")
      v.fill = false;
    else if (option == "fill")
      v.fill = true;
    else if (option == "plain" || option == "split" || option == "delta")
      v.bytes = option;
    else if (option == "rawlit")
      v.rawlit = true;
    else if (option == "dict")
      v.dict = true;
    else if (option.size() > 2 && option.substr(0, 2) == "dk") {
      v.dict = true;
      v.dict_bytes = size_t(std::stoi(option.substr(2))) * 1024;
    } else if (option == "lean")
      v.lean = true;
    else if (option == "shared")
      v.shared = true;
    else if (option == "repeats")
      v.repeats = true;
    else if (option == "rans" || option == "huff")
      v.coder = option;
    else if (option == "none" || option == "left" || option == "up" || option == "median" ||
             option == "recent" || option == "fifo" || option == "rup") {
      v.fixed_predictor = true;
      v.predictor = option == "none"     ? study::Predictor::none
                    : option == "left"   ? study::Predictor::left
                    : option == "up"     ? study::Predictor::up
                    : option == "median" ? study::Predictor::median
                    : option == "recent" ? study::Predictor::recent
                    : option == "fifo"   ? study::Predictor::fifo
                                         : study::Predictor::recent_up;
    } else if (option.size() > 3 && option.substr(0, 3) == "ctx")
      v.contexts = std::stoi(option.substr(3));
    else if (option == "x2")
      v.streams = 2;
    else if (option.size() > 1 && option[0] == 'p')
      v.precision = std::stoi(option.substr(1));
    else if (option.size() > 1 && option[0] == 'm')
      v.min_match = std::stoi(option.substr(1));
    else
      throw std::runtime_error("unknown variant option '" + option + "'");
  }
  return v;
}

struct Table {
  MaterialClass mc;
  std::vector<uint16_t> values;  // as the generator passes them to write_table
  std::vector<uint8_t> read;     // read_entry_flags
};

// What the generator passed to write_table: a valid entry that no probe reads (the larger twin)
// has the value of its twin, which the file keeps; waste repeats the previous valid value.
std::vector<uint16_t> generator_values(MaterialClass mc, const std::vector<uint16_t>& stored) {
  PositionIndex index(mc);
  std::vector<uint16_t> out(stored.size());
  SquareList sq{};
  uint16_t last = 0;
  for (uint64_t i = 0; i < index.size(); ++i) {
    if (index.unrank(i, sq)) last = stored[canonical_key(position_from_squares(mc, sq)).index];
    out[i] = last;
  }
  return out;
}

std::vector<uint8_t> as_bytes(const std::vector<uint16_t>& v, const std::string& how) {
  size_t n = v.size();
  std::vector<uint8_t> out(2 * n);
  for (size_t i = 0; i < n; ++i) {
    uint16_t x = how == "delta" && i > 0 ? uint16_t(v[i] - v[i - 1]) : v[i];
    if (how == "plain") {
      out[2 * i] = uint8_t(x);
      out[2 * i + 1] = uint8_t(x >> 8);
    } else {
      out[i] = uint8_t(x >> 8);
      out[n + i] = uint8_t(x);
    }
  }
  return out;
}

struct Result {
  uint64_t bytes = 0;
  std::vector<double> compress_ns, decode_ns, checksum_ns;
  double train_ns = 0;
};

// A table laid out for one block size: its blocks' values in file order and the period of the
// fastest-varying index digit in that order (the value coder's "up" neighbour).
struct Layout {
  std::vector<std::vector<uint16_t>> blocks;
  uint32_t period = 1;
};

// Bits the value coder (recent_up, 20 contexts) would spend on `blocks`, from their symbol
// counts (the model's own bytes left out): what its choice of entry order minimizes.
double value_coder_bits(const std::vector<std::vector<uint16_t>>& blocks, uint32_t period) {
  study::Histogram h(20);
  for (const auto& b : blocks) study::count_symbols(b, study::Predictor::recent_up, period, h);
  double bits = 0;
  for (const auto& counts : h.counts) {
    uint64_t total = 0;
    for (uint64_t c : counts) total += c;
    for (int s = 0; s < study::kSymbols; ++s)
      if (uint64_t c = counts[size_t(s)])
        bits += double(c) * (std::log2(double(total) / double(c)) + study::symbol_raw_bits(s));
  }
  return bits;
}

// The entry order for the value coder: every order, judged on up to 64 evenly spaced blocks.
std::vector<uint8_t> value_coder_order(const PositionIndex& index, const Table& t,
                                       std::span<const uint8_t> read, uint32_t block) {
  const int digits = EntryOrder(index).digits();
  uint64_t blocks = (index.size() + block - 1) / block, step = std::max<uint64_t>(1, blocks / 64);
  std::vector<uint8_t> best;
  double best_bits = INFINITY;
  // Every word of `digits` digits in base `digits` that uses each digit once.
  int words = 1;
  for (int d = 0; d < digits; ++d) words *= digits;
  for (int w = 0; w < words; ++w) {
    std::vector<uint8_t> order;
    unsigned used = 0;
    for (int d = 0, rest = w; d < digits; ++d, rest /= digits) {
      order.push_back(uint8_t(rest % digits));
      used |= 1u << (rest % digits);
    }
    if (used != (1u << digits) - 1) continue;
    EntryOrder candidate(index, order);
    std::vector<std::vector<uint16_t>> sample;
    for (uint64_t b = 0; b < blocks; b += step) {
      uint64_t begin = b * block;
      size_t count = size_t(std::min<uint64_t>(block, index.size() - begin));
      sample.push_back(block_in_file_order(candidate, t.values, read, begin, count));
    }
    double bits = value_coder_bits(sample, index_radices(index)[order.back()]);
    if (bits < best_bits) best_bits = bits, best = order;
  }
  return best;
}

// best_order: 1 = the writer's choice (for zstd), 2 = the value coder's choice.
Layout lay_out(const Table& t, int best_order, bool fill, uint32_t block) {
  PositionIndex index(t.mc);
  std::vector<uint8_t> all_read(t.read.size(), 1);
  std::span<const uint8_t> read = fill ? std::span<const uint8_t>(t.read) : all_read;
  EntryOrder order(index);
  if (best_order == 1)
    order = EntryOrder(index, choose_entry_order(index, t.values, t.read, block, 1));
  else if (best_order == 2)
    order = EntryOrder(index, value_coder_order(index, t, read, block));
  Layout out;
  out.period = index_radices(index)[order.order().back()];
  for (uint64_t b = 0; b < index.size(); b += block) {
    size_t count = size_t(std::min<uint64_t>(block, index.size() - b));
    out.blocks.push_back(block_in_file_order(order, t.values, read, b, count));
  }
  return out;
}

// A zstd dictionary trained on evenly spaced blocks of all tables (up to 8 MiB of them).
std::string save_dictionary_to;  // --save-dictionary: where the last shared dictionary goes

std::vector<uint8_t> shared_dictionary(const std::vector<const Layout*>& tables, const Variant& v,
                                       Result& r) {
  size_t total = 0;
  for (const Layout* t : tables) total += t->blocks.size();
  size_t step = std::max<size_t>(1, total * 2 * tables[0]->blocks[0].size() / (size_t(8) << 20));
  std::vector<uint8_t> samples;
  std::vector<size_t> sizes;
  size_t k = 0;
  for (const Layout* t : tables)
    for (const auto& b : t->blocks)
      if (k++ % step == 0) {
        auto bytes = as_bytes(b, v.bytes);
        samples.insert(samples.end(), bytes.begin(), bytes.end());
        sizes.push_back(bytes.size());
      }
  std::vector<uint8_t> dict(v.dict_bytes);
  double t0 = thread_ns();
  size_t n = ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(),
                                   unsigned(sizes.size()));
  r.train_ns += thread_ns() - t0;
  if (ZDICT_isError(n)) throw std::runtime_error(ZDICT_getErrorName(n));
  dict.resize(n);
  r.bytes += n;
  if (!save_dictionary_to.empty()) {
    std::FILE* f = std::fopen(save_dictionary_to.c_str(), "wb");
    if (!f || std::fwrite(dict.data(), 1, n, f) != n || std::fclose(f) != 0)
      throw std::runtime_error("cannot write " + save_dictionary_to);
  }
  return dict;
}

void encode_table(const Layout& layout, const Variant& v, int level,
                  const std::vector<uint8_t>& shared_dict, Result& r) {
  std::vector<std::vector<uint8_t>> blocks;
  for (const auto& b : layout.blocks) blocks.push_back(as_bytes(b, v.bytes));
  r.bytes += kHeaderBytes;
  ZSTD_CCtx* c = ZSTD_createCCtx();
  ZSTD_DCtx* d = ZSTD_createDCtx();
  ZSTD_CDict* cdict = nullptr;
  ZSTD_DDict* ddict = nullptr;
  if (v.shared) {
    cdict = ZSTD_createCDict(shared_dict.data(), shared_dict.size(), level);
    ddict = ZSTD_createDDict(shared_dict.data(), shared_dict.size());
  } else if (v.dict && blocks.size() >= 16) {
    std::vector<uint8_t> samples;
    std::vector<size_t> sizes;
    for (const auto& b : blocks) {
      samples.insert(samples.end(), b.begin(), b.end());
      sizes.push_back(b.size());
    }
    std::vector<uint8_t> dict(std::min<size_t>(v.dict_bytes, samples.size() / 16));
    double t0 = thread_ns();
    size_t n = ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(),
                                     unsigned(sizes.size()));
    r.train_ns += thread_ns() - t0;
    if (!ZDICT_isError(n)) {
      cdict = ZSTD_createCDict(dict.data(), n, level);
      ddict = ZSTD_createDDict(dict.data(), n);
      r.bytes += n;
    }
  }
  ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level);
  if (v.min_match) ZSTD_CCtx_setParameter(c, ZSTD_c_minMatch, v.min_match);
  if (v.rawlit) ZSTD_CCtx_setParameter(c, ZSTD_c_literalCompressionMode, ZSTD_ps_disable);
  if (cdict) ZSTD_CCtx_refCDict(c, cdict);
  if (v.lean) {
    // No magic number, dictionary id or content size: the file's block index says all that.
    ZSTD_CCtx_setParameter(c, ZSTD_c_format, ZSTD_f_zstd1_magicless);
    ZSTD_CCtx_setParameter(c, ZSTD_c_dictIDFlag, 0);
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, 0);
    ZSTD_DCtx_setParameter(d, ZSTD_d_format, ZSTD_f_zstd1_magicless);
  }
  std::vector<uint8_t> back;
  for (const auto& b : blocks) {
    std::vector<uint8_t> out(ZSTD_compressBound(b.size()));
    double t0 = thread_ns();
    size_t n = ZSTD_compress2(c, out.data(), out.size(), b.data(), b.size());
    r.compress_ns.push_back(thread_ns() - t0);
    if (ZSTD_isError(n)) throw std::runtime_error(ZSTD_getErrorName(n));
    r.bytes += n + 16;
    back.resize(b.size());
    t0 = thread_ns();
    volatile uint64_t sum = block_checksum_of(kTableFormatVersion, out.data(), n);
    (void)sum;
    r.checksum_ns.push_back(thread_ns() - t0);
    t0 = thread_ns();
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

// How often an entry's value equals the entry before it, the entry one period before it, one
// of the 32 or 256 before it, or any before it in its block; and distinct values per table.
void print_repeats(const std::vector<Layout>& tables, int block) {
  uint64_t n = 0, left = 0, up = 0, near32 = 0, near256 = 0, earlier = 0, distinct = 0;
  uint64_t top256 = 0, top4096 = 0;
  double palette_bits = 0, escape_bits = 0, all_bits = 0;
  uint64_t escapes = 0;
  for (const Layout& t : tables) {
    // How often each value occurs in the table: what a per-table palette would code by.
    std::vector<uint64_t> count(65536, 0);
    uint64_t entries = 0;
    for (const auto& b : t.blocks)
      for (uint16_t v : b) ++count[v], ++entries;
    std::vector<uint64_t> sorted = count;
    std::sort(sorted.rbegin(), sorted.rend());
    uint64_t at256 = sorted[255], at4096 = sorted[4095];
    std::vector<uint8_t> in_block(65536, 0);
    for (const auto& b : t.blocks) {
      std::fill(in_block.begin(), in_block.end(), 0);
      for (size_t i = 0; i < b.size(); ++i) {
        ++n;
        left += i > 0 && b[i] == b[i - 1];
        up += i >= t.period && b[i] == b[i - t.period];
        size_t back = 1;
        while (back <= std::min<size_t>(i, 256) && b[i - back] != b[i]) ++back;
        near32 += back <= std::min<size_t>(i, 32);
        near256 += back <= std::min<size_t>(i, 256);
        earlier += in_block[b[i]];
        if (!in_block[b[i]]) {
          top256 += count[b[i]] > 0 && count[b[i]] >= at256 && at256 > 0;
          top4096 += count[b[i]] > 0 && count[b[i]] >= at4096 && at4096 > 0;
          palette_bits += std::log2(double(entries) / double(count[b[i]]));
        }
        in_block[b[i]] = 1;
      }
    }
    for (uint64_t c : count) distinct += c > 0;
    // What the value coder (recent_up, 20 contexts) spends, and on new values (residuals).
    study::Histogram h(20);
    for (const auto& b : t.blocks)
      study::count_symbols(b, study::Predictor::recent_up, t.period, h);
    for (const auto& counts : h.counts) {
      uint64_t total = 0;
      for (uint64_t c : counts) total += c;
      for (int sym = 0; sym < study::kSymbols; ++sym)
        if (uint64_t c = counts[size_t(sym)]) {
          double bits =
              double(c) * (std::log2(double(total) / double(c)) + study::symbol_raw_bits(sym));
          all_bits += bits;
          if (sym < study::kResidualSymbols) escape_bits += bits, escapes += c;
        }
    }
  }
  auto share = [&](uint64_t k) { return double(k) / double(n); };
  const uint64_t first = n - earlier;
  std::printf(
      "repeats, blocks of %d: equal to the entry before %.3f, one period before %.3f, "
      "one of the 32 before %.3f, of the 256 before %.3f, any before in the block %.3f; "
      "%.0f distinct values per table\n",
      block, share(left), share(up), share(near32), share(near256), share(earlier),
      double(distinct) / double(tables.size()));
  std::printf(
      "  first in their block: %.3f of the entries; among the table's 256 most frequent values "
      "%.3f of them, among 4096 %.3f; by the table's value frequencies %.1f bits each\n",
      share(first), double(top256) / double(first), double(top4096) / double(first),
      palette_bits / double(first));
  std::printf(
      "  value coder (rup, 20 contexts): %.2f bits an entry, of which new values %.3f of the "
      "entries at %.1f bits each (%.0f%% of the bits)\n",
      all_bits / double(n), share(escapes), escape_bits / double(escapes),
      100 * escape_bits / all_bits);
}

// The value coder on every table: a model per table (or one for all, counted once), each block
// with its predictor, encoded, decoded and compared with its values.
void encode_with_value_coder(const std::vector<const Layout*>& tables, const Variant& v,
                             Result& r) {
  auto predictors_of = [&](const Layout& t) {
    std::vector<study::Predictor> out;
    for (const auto& b : t.blocks)
      out.push_back(v.fixed_predictor ? v.predictor : study::choose_predictor(b, t.period));
    return out;
  };
  std::vector<std::vector<study::Predictor>> predictors;
  study::Histogram all(v.contexts);
  all.streams = v.streams;
  for (const Layout* t : tables) {
    predictors.push_back(predictors_of(*t));
    for (size_t b = 0; b < t->blocks.size(); ++b)
      study::count_symbols(t->blocks[b], predictors.back()[b], t->period, all);
  }
  const bool huffman = v.coder == "huff";
  std::optional<study::Model> shared;
  if (v.shared) {
    shared = study::make_model(all, huffman, v.precision);
    shared->streams = v.streams;
    r.bytes += study::model_bytes(*shared);
  }
  std::vector<uint16_t> back;
  for (size_t k = 0; k < tables.size(); ++k) {
    const Layout& t = *tables[k];
    r.bytes += kHeaderBytes;
    study::Model model;
    if (shared) {
      model = *shared;
    } else {
      study::Histogram h(v.contexts);
      h.streams = v.streams;
      for (size_t b = 0; b < t.blocks.size(); ++b)
        study::count_symbols(t.blocks[b], predictors[k][b], t.period, h);
      model = study::make_model(h, huffman, v.precision);
      model.streams = v.streams;
      r.bytes += study::model_bytes(model);
    }
    study::Decoder decoder(model);
    for (size_t b = 0; b < t.blocks.size(); ++b) {
      const auto& values = t.blocks[b];
      double t0 = thread_ns();
      std::vector<uint8_t> code = study::encode_block(values, predictors[k][b], t.period, model);
      r.compress_ns.push_back(thread_ns() - t0);
      r.bytes += code.size() + 16;
      size_t code_bytes = code.size();
      code.resize(code_bytes + 8);  // the decoder may load 8 bytes past the end
      back.assign(values.size(), 0);
      t0 = thread_ns();
      bool ok =
          decoder.decode(std::span(code.data(), code_bytes), t.period, back.data(), back.size());
      r.decode_ns.push_back(thread_ns() - t0);
      if (!ok || back != values) throw std::runtime_error("value coder: round trip failed");
    }
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

int rewrite_all(const std::string& dir, int pieces, const std::string& out) {
  std::filesystem::create_directories(out);
  uint64_t bytes = 0, positions = 0;
  auto started = std::chrono::steady_clock::now();
  for (int n = 2; n <= pieces; ++n)
    for (MaterialClass mc : material_classes(n)) {
      auto from = std::filesystem::path(dir) / table_file_name(mc);
      auto to = std::filesystem::path(out) / table_file_name(mc);
      if (!std::filesystem::exists(from)) continue;
      write_table(to, mc, generator_values(mc, read_table(from, mc)));
      bytes += std::filesystem::file_size(to);
      positions += PositionIndex(mc).canonical_count();
    }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("rewrote <= %d pieces into %s: %llu bytes, %.3f bytes/position, %.0f s\n", pieces,
              out.c_str(), (unsigned long long)bytes, double(bytes) / double(positions), seconds);
  return 0;
}

// Every `every`-th table of `pieces` pieces in `dir` (those there: a partial set is studied as
// far as it goes); `positions` gets their unique positions.
std::vector<Table> load_tables(const std::string& dir, int pieces, int every, uint64_t& positions) {
  std::vector<Table> tables;
  uint64_t entries = 0;
  int k = 0;
  for (MaterialClass mc : material_classes(pieces)) {
    if (k++ % every != 0) continue;
    if (!std::filesystem::exists(std::filesystem::path(dir) / table_file_name(mc))) continue;
    auto stored = read_table(std::filesystem::path(dir) / table_file_name(mc), mc);
    PositionIndex index(mc);
    tables.push_back(Table{mc, generator_values(mc, stored), read_entry_flags(index)});
    positions += index.canonical_count();
    entries += index.size();
  }
  std::printf("%zu tables with %d pieces, %llu entries, %llu unique positions\n", tables.size(),
              pieces, (unsigned long long)entries, (unsigned long long)positions);
  return tables;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, variants = "best+fill+plain", rewrite;
  int pieces = 4, every = 1;
  std::vector<int> blocks = {int(default_block_entries(5))}, levels = {kDefaultZstdLevel};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i], v = argv[i + 1];
    if (a == "--tables")
      dir = v;
    else if (a == "--pieces")
      pieces = std::stoi(v);
    else if (a == "--every")
      every = std::stoi(v);
    else if (a == "--blocks")
      blocks = parse_numbers(v);
    else if (a == "--levels")
      levels = parse_numbers(v);
    else if (a == "--variants")
      variants = v;
    else if (a == "--rewrite")
      rewrite = v;
    else if (a == "--save-dictionary")
      save_dictionary_to = v;
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
    if (!rewrite.empty()) return rewrite_all(dir, pieces, rewrite);
    uint64_t positions = 0;
    std::vector<Table> tables = load_tables(dir, pieces, every, positions);
    std::printf("%-24s %6s %5s %10s %16s %14s %14s %10s\n", "variant", "block", "level",
                "bytes/pos", "compress ns/blk", "decode ns/blk", "checksum ns/blk", "train s");
    std::map<std::tuple<int, bool, int>, std::vector<Layout>> layouts;
    for (const std::string& name : split_list(variants, ',')) {
      Variant v = parse_variant(name);
      for (int level : levels)
        for (int block : blocks) {
          auto& laid = layouts[{v.best_order, v.fill, block}];
          if (laid.empty())
            for (const Table& t : tables)
              laid.push_back(lay_out(t, v.best_order, v.fill, uint32_t(block)));
          std::vector<const Layout*> all;
          for (const Layout& l : laid) all.push_back(&l);
          Result r;
          if (v.repeats) {
            print_repeats(laid, block);
            continue;
          }
          if (!v.coder.empty()) {
            encode_with_value_coder(all, v, r);
          } else {
            std::vector<uint8_t> dict;
            if (v.shared) dict = shared_dictionary(all, v, r);
            for (const Layout* l : all) encode_table(*l, v, level, dict, r);
          }
          std::printf("%-24s %6d %5d %10.3f %16.0f %14.0f %14.0f %10.2f\n", name.c_str(), block,
                      level, double(r.bytes) / double(positions), median(r.compress_ns),
                      median(r.decode_ns), median(r.checksum_ns), r.train_ns / 1e9);
          std::fflush(stdout);
        }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "table_format_study: %s\n", e.what());
    return 1;
  }
  return 0;
}
