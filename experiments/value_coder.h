// A coder made for table values (the third design family of table_format_study): each value is
// predicted from values before it in the same block (or found among the block's recent distinct
// values), the difference is mapped to one of kResidualSymbols symbols (small differences
// exactly, larger ones as a bucket of sign, magnitude and two leading bits followed by raw
// bits), and the symbols are entropy-coded with a static model (per table, or shared by every
// table of a piece count), optionally in contexts (the symbol before, whether the row before
// repeats): rANS or canonical Huffman, decoded in place with one table lookup per symbol.
// Blocks are independent: a block is a one-byte header (the predictor) and its code. The study
// measures it in docs/BENCHMARKS.md ("Fast random probes"); the product does not use it.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

namespace ewn::study {

// How a value is predicted: not at all, from the entry before (left), from the entry one
// fastest-digit period before (up: the same position with the fastest-varying piece one row
// back), or the LOCO-I median of left, up and left + up - upper left.
// recent: a value equal to one of the kRecent distinct values seen last in the block (kept in
// move-to-front order) is coded as its rank; another one as its difference to the entry before.
// fifo: the same with a symbol for "equal to the entry before" and the other values found by
// their place among the distinct values in the order they first came (no reordering on a hit).
// recent_up: recent with a symbol of its own (the last rank's) for "equal to the entry one
// period back" when it does not equal the entry before: a repeated row costs little.
enum class Predictor : uint8_t { none, left, up, median, recent, fifo, recent_up };
inline constexpr int kPredictors = 7;
inline constexpr int kRecent = 64;

// Residual symbols: zigzag differences below kDirect are symbols of their own; a larger one is
// (exponent, two bits below its top bit) plus exponent - 2 raw bits.
inline constexpr uint32_t kDirect = 32;
inline constexpr int kResidualSymbols = int(kDirect) + 4 * (16 - 5);
inline constexpr int kSymbols = kResidualSymbols + kRecent;  // then the ranks of `recent`

struct Residual {
  uint8_t symbol, raw_bits;
  uint16_t raw;
};
Residual residual_symbol(uint16_t zigzag);
uint16_t symbol_base(int symbol);
int symbol_raw_bits(int symbol);

// Symbol counts per context (the context of a symbol is the class of the one before it).
struct Histogram {
  int contexts = 1, streams = 1;  // streams: the context is the symbol this far back
  std::vector<std::array<uint64_t, kSymbols>> counts;
  explicit Histogram(int contexts_) : contexts(contexts_), counts(size_t(contexts_)) {}
};
// With 8 or more contexts, also whether the row before repeats at this place (the entry one
// period back equals the one before it); with 16 or more, also whether the entry before equals
// the one a period before it.
inline int context_of(int previous, int contexts, const uint16_t* values, size_t i,
                      uint32_t period) {
  int activity = 0;
  if (contexts >= 60) {
    // How much the neighbourhood varies: the size of a new value's difference depends on it.
    if (i > period) {
      int a = values[i - 1], b = values[i - period], c = values[i - period - 1];
      int g = std::abs(a - c) + std::abs(b - c);
      activity = g == 0 ? 0 : g < 512 ? 1 : 2;
    }
    return activity * 20 + context_of(previous, 20, values, i, period);
  }
  int flags = 0, classes = contexts;
  if (contexts >= 8) {
    classes = contexts >= 16 ? contexts / 4 : contexts / 2;
    flags = int(i > period && values[i - period] == values[i - period - 1]);
    if (contexts >= 16)
      flags = 2 * flags + int(i > period && values[i - 1] == values[i - 1 - period]);
  }
  int c = 0;
  if (classes == 2) {
    c = previous == 0 ? 0 : 1;
  } else if (classes == 3) {
    c = previous == 0 ? 0 : previous < 8 ? 1 : 2;
  } else if (classes == 4) {
    c = previous == 0 ? 0 : previous < 4 ? 1 : previous < int(kDirect) ? 2 : 3;
  } else if (classes == 5) {
    // For `recent`: rank 0, ranks 1-3, higher ranks, a new value.
    c = previous == kResidualSymbols      ? 0
        : previous < kResidualSymbols     ? 3
        : previous < kResidualSymbols + 4 ? 1
                                          : 2;
  }
  return c * (contexts / classes) + flags;
}

// The predictor that makes the block's residuals cheapest (sum of their bit lengths).
Predictor choose_predictor(std::span<const uint16_t> block, uint32_t period);
// Adds the block's symbols under `predictor` to `histogram`.
void count_symbols(std::span<const uint16_t> block, Predictor predictor, uint32_t period,
                   Histogram& histogram);

// A static model: rANS frequencies (sum 2^precision) or Huffman code lengths, per context.
struct Model {
  bool huffman = false;
  int contexts = 1, precision = 11;
  // Huffman: 2 = even and odd entries in two bit streams (the block starts with the first
  // one's length, u16), decoded side by side; a symbol's context is then the one two back.
  int streams = 1;
  std::vector<std::array<uint16_t, kSymbols>> frequency;  // rANS
  std::vector<std::array<uint8_t, kSymbols>> length;      // Huffman
  std::vector<std::array<uint16_t, kSymbols>> code;       // Huffman, bit-reversed (LSB first)
};
Model make_model(const Histogram& histogram, bool huffman, int precision);
// Bytes the model takes in a file (frequencies as u16, or code lengths as 4-bit nibbles, up to
// the last symbol used, per context, plus a byte per context for that count).
size_t model_bytes(const Model& model);

std::vector<uint8_t> encode_block(std::span<const uint16_t> block, Predictor predictor,
                                  uint32_t period, const Model& model);

// Decoding tables built once from the model (when a table is opened).
struct Decoder {
  struct RansEntry {  // 4 bytes: the tables of 2^precision slots stay small (precision <= 11)
    uint32_t frequency : 12, bias : 12, symbol : 8;  // bias = slot - start of the symbol
  };
  struct HuffmanEntry {
    uint8_t length, raw_bits, symbol, pad;
  };
  Model model;
  std::vector<RansEntry> rans;        // contexts x 2^precision
  std::vector<HuffmanEntry> huffman;  // contexts x 2^kHuffmanBits
  static constexpr int kHuffmanBits = 11;
  explicit Decoder(const Model& model);
  // Decodes a block of `count` values into out. `data` must be readable 8 bytes past its end
  // (the Huffman decoder loads 8 bytes at a time). Returns false on malformed input.
  bool decode(std::span<const uint8_t> data, uint32_t period, uint16_t* out, size_t count) const;
};

}  // namespace ewn::study
