#include "value_coder.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <queue>
#include <stdexcept>

namespace ewn::study {

namespace {

constexpr uint32_t kRansLow = 1u << 23;  // rANS state in [kRansLow, kRansLow << 8)

// symbol_base and symbol_raw_bits of every symbol, for the decoders.
const std::array<uint16_t, kSymbols> kSymbolBase = [] {
  std::array<uint16_t, kSymbols> a{};
  for (int s = 0; s < kSymbols; ++s) a[size_t(s)] = symbol_base(s);
  return a;
}();
const std::array<uint8_t, kSymbols> kSymbolRawBits = [] {
  std::array<uint8_t, kSymbols> a{};
  for (int s = 0; s < kSymbols; ++s) a[size_t(s)] = uint8_t(symbol_raw_bits(s));
  return a;
}();

uint16_t zigzag(uint16_t value, uint16_t prediction) {
  auto r = int16_t(uint16_t(value - prediction));
  return uint16_t((uint16_t(r) << 1) ^ uint16_t(r >> 15));
}
uint16_t unzigzag(uint32_t z, uint16_t prediction) {
  uint16_t r = uint16_t((z >> 1) ^ (0u - (z & 1)));
  return uint16_t(prediction + r);
}

template <Predictor P>
inline uint16_t predict(const uint16_t* v, size_t i, uint32_t period) {
  if constexpr (P == Predictor::none) {
    return 0;
  } else if constexpr (P == Predictor::left) {
    return i > 0 ? v[i - 1] : 0;
  } else if constexpr (P == Predictor::up) {
    return i >= period ? v[i - period] : (i > 0 ? v[i - 1] : 0);
  } else {
    if (i <= period) return i > 0 ? v[i - 1] : 0;
    int a = v[i - 1], b = v[i - period], c = v[i - period - 1];
    int lo = std::min(a, b), hi = std::max(a, b);
    return uint16_t(c >= hi ? lo : c <= lo ? hi : a + b - c);
  }
}

uint16_t predict_any(Predictor p, const uint16_t* v, size_t i, uint32_t period) {
  switch (p) {
    case Predictor::none:
      return predict<Predictor::none>(v, i, period);
    case Predictor::left:
      return predict<Predictor::left>(v, i, period);
    case Predictor::up:
      return predict<Predictor::up>(v, i, period);
    default:
      return predict<Predictor::median>(v, i, period);
  }
}

// The last kRecent distinct values in a ring: in move-to-front order (take() moves a value to
// the front), or in the order they came (push() only).
struct Recent {
  static constexpr unsigned kMask = kRecent - 1;
  uint16_t value[kRecent] = {};
  unsigned head = 0;
  int size = 0;
  uint16_t at(int rank) const { return value[(head + unsigned(rank)) & kMask]; }
  int find(uint16_t v) const {
    for (int r = 0; r < size; ++r)
      if (at(r) == v) return r;
    return -1;
  }
  uint16_t take(int rank) {
    uint16_t v = at(rank);
    for (unsigned k = unsigned(rank); k > 0; --k)
      value[(head + k) & kMask] = value[(head + k - 1) & kMask];
    value[head & kMask] = v;
    return v;
  }
  void push(uint16_t v) {
    head = (head - 1) & kMask;
    value[head] = v;
    if (size < kRecent) ++size;
  }
};

std::vector<Residual> residuals(std::span<const uint16_t> block, Predictor p, uint32_t period) {
  std::vector<Residual> out(block.size());
  if (p == Predictor::recent) {
    Recent recent;
    for (size_t i = 0; i < block.size(); ++i) {
      int r = recent.find(block[i]);
      if (r >= 0) {
        out[i] = {uint8_t(kResidualSymbols + r), 0, 0};
        recent.take(r);
      } else {
        out[i] = residual_symbol(zigzag(block[i], i > 0 ? block[i - 1] : 0));
        recent.push(block[i]);
      }
    }
    return out;
  }
  if (p == Predictor::recent_up) {
    Recent recent;
    constexpr int kUp = kResidualSymbols + kRecent - 1;
    for (size_t i = 0; i < block.size(); ++i) {
      int r = recent.find(block[i]);
      if (r >= kRecent - 1) r = -1;
      bool equals_left = i > 0 && block[i] == block[i - 1];
      if (!equals_left && i >= period && block[i] == block[i - period]) {
        out[i] = {uint8_t(kUp), 0, 0};
        if (r >= 0)
          recent.take(r);
        else
          recent.push(block[i]);
      } else if (r >= 0) {
        out[i] = {uint8_t(kResidualSymbols + r), 0, 0};
        recent.take(r);
      } else {
        out[i] =
            residual_symbol(zigzag(block[i], predict<Predictor::median>(block.data(), i, period)));
        recent.push(block[i]);
      }
    }
    return out;
  }
  if (p == Predictor::fifo) {
    Recent recent;
    for (size_t i = 0; i < block.size(); ++i) {
      int r = recent.find(block[i]);
      if (i > 0 && block[i] == block[i - 1]) {
        out[i] = {uint8_t(kResidualSymbols), 0, 0};
      } else if (r >= 0 && r < kRecent - 1) {
        out[i] = {uint8_t(kResidualSymbols + 1 + r), 0, 0};
      } else {
        out[i] = residual_symbol(zigzag(block[i], i > 0 ? block[i - 1] : 0));
        if (r < 0) recent.push(block[i]);
      }
    }
    return out;
  }
  for (size_t i = 0; i < block.size(); ++i)
    out[i] = residual_symbol(zigzag(block[i], predict_any(p, block.data(), i, period)));
  return out;
}

std::array<uint16_t, kSymbols> normalized(const std::array<uint64_t, kSymbols>& counts,
                                          int precision) {
  std::array<uint16_t, kSymbols> f{};
  uint64_t total = 0;
  for (uint64_t c : counts) total += c;
  const uint32_t scale = 1u << precision;
  if (total == 0) {
    f[0] = uint16_t(scale);
    return f;
  }
  int64_t sum = 0;
  for (int s = 0; s < kSymbols; ++s) {
    if (!counts[size_t(s)]) continue;
    f[size_t(s)] = uint16_t(std::max<uint64_t>(1, (counts[size_t(s)] * scale + total / 2) / total));
    sum += f[size_t(s)];
  }
  // Give or take the difference from the largest frequencies, never below 1.
  while (sum != int64_t(scale)) {
    int s = int(std::max_element(f.begin(), f.end()) - f.begin());
    if (sum < int64_t(scale)) {
      f[size_t(s)] = uint16_t(f[size_t(s)] + (int64_t(scale) - sum));
      sum = scale;
    } else {
      int64_t take = std::min<int64_t>(sum - int64_t(scale), f[size_t(s)] / 2);
      if (take == 0) throw std::runtime_error("cannot normalize frequencies");
      f[size_t(s)] = uint16_t(f[size_t(s)] - take);
      sum -= take;
    }
  }
  return f;
}

// Huffman code lengths of at most `limit` bits (counts halved until the code fits).
std::array<uint8_t, kSymbols> huffman_lengths(std::array<uint64_t, kSymbols> counts, int limit) {
  for (;;) {
    std::array<uint8_t, kSymbols> len{};
    using Node = std::pair<uint64_t, int>;
    std::priority_queue<Node, std::vector<Node>, std::greater<>> heap;
    std::vector<int> parent(2 * kSymbols, -1);
    int nodes = kSymbols, used = 0;
    for (int s = 0; s < kSymbols; ++s)
      if (counts[size_t(s)]) heap.push({counts[size_t(s)], s}), ++used;
    if (used == 0) {
      len[0] = 1;
      return len;
    }
    if (used == 1) {
      len[size_t(heap.top().second)] = 1;
      return len;
    }
    while (heap.size() > 1) {
      auto a = heap.top();
      heap.pop();
      auto b = heap.top();
      heap.pop();
      parent[size_t(a.second)] = parent[size_t(b.second)] = nodes;
      heap.push({a.first + b.first, nodes++});
    }
    int longest = 0;
    for (int s = 0; s < kSymbols; ++s) {
      if (!counts[size_t(s)]) continue;
      int depth = 0;
      for (int n = s; parent[size_t(n)] >= 0; n = parent[size_t(n)]) ++depth;
      len[size_t(s)] = uint8_t(depth);
      longest = std::max(longest, depth);
    }
    if (longest <= limit) return len;
    for (auto& c : counts)
      if (c) c = (c + 1) / 2;
  }
}

std::array<uint16_t, kSymbols> canonical_codes(const std::array<uint8_t, kSymbols>& len) {
  std::array<uint16_t, kSymbols> code{};
  uint32_t next = 0;
  for (int l = 1; l <= 16; ++l) {
    for (int s = 0; s < kSymbols; ++s)
      if (len[size_t(s)] == l) {
        uint32_t c = next++, reversed = 0;
        for (int b = 0; b < l; ++b) reversed |= ((c >> b) & 1) << (l - 1 - b);
        code[size_t(s)] = uint16_t(reversed);
      }
    next <<= 1;
  }
  return code;
}

std::vector<uint8_t> encode_rans(const std::vector<Residual>& r, const Model& m,
                                 const uint16_t* values, uint32_t period) {
  std::vector<uint8_t> buffer(8 * r.size() + 16);
  uint8_t* end = buffer.data() + buffer.size();
  uint8_t* p = end;
  uint32_t x = kRansLow;
  auto put = [&](uint32_t start, uint32_t freq, int bits) {
    uint32_t x_max = ((kRansLow >> bits) << 8) * freq;
    while (x >= x_max) {
      *--p = uint8_t(x);
      x >>= 8;
    }
    x = ((x / freq) << bits) + (x % freq) + start;
  };
  for (size_t i = r.size(); i-- > 0;) {
    if (r[i].raw_bits) put(r[i].raw, 1, r[i].raw_bits);
    int ctx = context_of(i > 0 ? r[i - 1].symbol : 0, m.contexts, values, i, period);
    const auto& f = m.frequency[size_t(ctx)];
    uint32_t start = 0;
    for (int s = 0; s < r[i].symbol; ++s) start += f[size_t(s)];
    put(start, f[r[i].symbol], m.precision);
  }
  p -= 4;
  for (int b = 0; b < 4; ++b) p[b] = uint8_t(x >> (8 * b));
  return std::vector<uint8_t>(p, end);
}

std::vector<uint8_t> encode_huffman(const std::vector<Residual>& r, const Model& m,
                                    const uint16_t* values, uint32_t period) {
  std::vector<uint8_t> all;
  const size_t streams = size_t(m.streams);
  for (size_t first = 0; first < streams; ++first) {
    std::vector<uint8_t> out;
    uint64_t acc = 0;
    int bits = 0;
    auto put = [&](uint32_t value, int n) {
      acc |= uint64_t(value) << bits;
      bits += n;
      while (bits >= 8) {
        out.push_back(uint8_t(acc));
        acc >>= 8;
        bits -= 8;
      }
    };
    for (size_t i = first; i < r.size(); i += streams) {
      int ctx = context_of(i >= streams ? r[i - streams].symbol : 0, m.contexts, values, i, period);
      put(m.code[size_t(ctx)][r[i].symbol], m.length[size_t(ctx)][r[i].symbol]);
      if (r[i].raw_bits) put(r[i].raw, r[i].raw_bits);
    }
    if (bits) out.push_back(uint8_t(acc));
    if (first + 1 < streams) {
      all.push_back(uint8_t(out.size()));
      all.push_back(uint8_t(out.size() >> 8));
    }
    all.insert(all.end(), out.begin(), out.end());
  }
  return all;
}

template <Predictor P>
struct Emit {
  explicit Emit(uint32_t period_) : period(period_) {}
  uint32_t period;
  uint16_t operator()(const uint16_t* out, size_t i, int, uint32_t z) {
    return unzigzag(z, predict<P>(out, i, period));
  }
};
template <>
struct Emit<Predictor::recent> {
  explicit Emit(uint32_t period_) : period(period_) {}
  uint32_t period;
  Recent recent;
  uint16_t operator()(const uint16_t* out, size_t i, int symbol, uint32_t z) {
    if (symbol >= kResidualSymbols) return recent.take(symbol - kResidualSymbols);
    uint16_t v = unzigzag(z, i > 0 ? out[i - 1] : 0);
    recent.push(v);
    return v;
  }
};

template <>
struct Emit<Predictor::recent_up> {
  explicit Emit(uint32_t period_) : period(period_) {}
  uint32_t period;
  Recent recent;
  uint16_t operator()(const uint16_t* out, size_t i, int symbol, uint32_t z) {
    if (symbol == kResidualSymbols + kRecent - 1) {
      uint16_t v = i >= period ? out[i - period] : 0;  // 0: a damaged block
      int r = recent.find(v);
      if (r >= 0 && r < kRecent - 1)
        recent.take(r);
      else
        recent.push(v);
      return v;
    }
    if (symbol >= kResidualSymbols) return recent.take(symbol - kResidualSymbols);
    uint16_t v = unzigzag(z, predict<Predictor::median>(out, i, period));
    recent.push(v);
    return v;
  }
};

template <>
struct Emit<Predictor::fifo> {
  explicit Emit(uint32_t period_) : period(period_) {}
  uint32_t period;
  Recent recent;
  uint16_t operator()(const uint16_t* out, size_t i, int symbol, uint32_t z) {
    if (symbol == kResidualSymbols) return i > 0 ? out[i - 1] : 0;  // 0: a damaged block
    if (symbol > kResidualSymbols) return recent.at(symbol - kResidualSymbols - 1);
    uint16_t v = unzigzag(z, i > 0 ? out[i - 1] : 0);
    if (recent.find(v) < 0) recent.push(v);
    return v;
  }
};

template <Predictor P>
bool decode_rans(const Decoder& d, const uint8_t* p, const uint8_t* end, uint32_t period,
                 uint16_t* out, size_t count) {
  if (end - p < 4) return false;
  uint32_t x = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  p += 4;
  const int precision = d.model.precision;
  const uint32_t mask = (1u << precision) - 1;
  const Decoder::RansEntry* table = d.rans.data();
  const int contexts = d.model.contexts;
  int previous = 0;
  Emit<P> emit(period);
  auto renormalize = [&] {
    while (x < kRansLow) x = (x << 8) | (p < end ? *p++ : (++p, 0u));
  };
  for (size_t i = 0; i < count; ++i) {
    const auto& e =
        table[(size_t(context_of(previous, contexts, out, i, period)) << precision) + (x & mask)];
    x = e.frequency * (x >> precision) + e.bias;
    renormalize();
    const int raw_bits = kSymbolRawBits[e.symbol];
    uint32_t z = kSymbolBase[e.symbol];
    if (raw_bits) {
      z += x & ((1u << raw_bits) - 1);
      x >>= raw_bits;
      renormalize();
    }
    previous = e.symbol;
    out[i] = emit(out, i, e.symbol, z);
  }
  return p == end && x == kRansLow;
}

template <Predictor P>
bool decode_huffman(const Decoder& d, const uint8_t* p, const uint8_t* end, uint32_t period,
                    uint16_t* out, size_t count) {
  const Decoder::HuffmanEntry* table = d.huffman.data();
  const int contexts = d.model.contexts;
  constexpr uint32_t mask = (1u << Decoder::kHuffmanBits) - 1;
  uint64_t pos = 0;
  const uint64_t limit = uint64_t(end - p) * 8;
  int previous = 0;
  Emit<P> emit(period);
  for (size_t i = 0; i < count; ++i) {
    uint64_t word;
    std::memcpy(&word, p + (pos >> 3), 8);
    word >>= pos & 7;
    const auto& e =
        table[(size_t(context_of(previous, contexts, out, i, period)) << Decoder::kHuffmanBits) +
              (word & mask)];
    if (e.length == 0) return false;
    uint32_t z = kSymbolBase[e.symbol] + uint32_t((word >> e.length) & ((1u << e.raw_bits) - 1));
    pos += e.length + e.raw_bits;
    if (pos > limit) return false;
    previous = e.symbol;
    out[i] = emit(out, i, e.symbol, z);
  }
  return (pos + 7) / 8 == limit / 8;
}

template <Predictor P>
bool decode_huffman2(const Decoder& d, const uint8_t* p, const uint8_t* end, uint32_t period,
                     uint16_t* out, size_t count) {
  if (end - p < 2) return false;
  const size_t first_bytes = size_t(p[0]) | size_t(p[1]) << 8;
  p += 2;
  if (size_t(end - p) < first_bytes) return false;
  const uint8_t* q = p + first_bytes;
  const Decoder::HuffmanEntry* table = d.huffman.data();
  const int contexts = d.model.contexts;
  constexpr uint32_t mask = (1u << Decoder::kHuffmanBits) - 1;
  uint64_t pa = 0, pb = 0;
  const uint64_t la = first_bytes * 8, lb = uint64_t(end - q) * 8;
  int prev_a = 0, prev_b = 0;
  Emit<P> emit(period);
  for (size_t i = 0; i < count; i += 2) {
    uint64_t wa, wb;
    std::memcpy(&wa, p + (pa >> 3), 8);
    std::memcpy(&wb, q + (pb >> 3), 8);
    wa >>= pa & 7;
    wb >>= pb & 7;
    const auto& ea =
        table[(size_t(context_of(prev_a, contexts, out, i, period)) << Decoder::kHuffmanBits) +
              (wa & mask)];
    if (ea.length == 0) return false;
    uint32_t za = kSymbolBase[ea.symbol] + uint32_t((wa >> ea.length) & ((1u << ea.raw_bits) - 1));
    pa += ea.length + ea.raw_bits;
    prev_a = ea.symbol;
    out[i] = emit(out, i, ea.symbol, za);
    // A context that looks at values waits for entry i (contexts < 8 do not).
    const auto& eb =
        table[(size_t(context_of(prev_b, contexts, out, i + 1, period)) << Decoder::kHuffmanBits) +
              (wb & mask)];
    if (eb.length == 0) return false;
    uint32_t zb = kSymbolBase[eb.symbol] + uint32_t((wb >> eb.length) & ((1u << eb.raw_bits) - 1));
    if (i + 1 < count) {
      pb += eb.length + eb.raw_bits;
      prev_b = eb.symbol;
      out[i + 1] = emit(out, i + 1, eb.symbol, zb);
    }
    if (pa > la || pb > lb) return false;
  }
  return (pa + 7) / 8 == la / 8 && (pb + 7) / 8 == lb / 8;
}

}  // namespace

Residual residual_symbol(uint16_t z) {
  if (z < kDirect) return {uint8_t(z), 0, 0};
  int e = 31 - std::countl_zero(uint32_t(z));  // 5..15
  int top2 = (z >> (e - 2)) & 3;
  return {uint8_t(int(kDirect) + (e - 5) * 4 + top2), uint8_t(e - 2),
          uint16_t(z & ((1u << (e - 2)) - 1))};
}
uint16_t symbol_base(int s) {
  if (s < int(kDirect) || s >= kResidualSymbols) return uint16_t(s < int(kDirect) ? s : 0);
  int e = (s - int(kDirect)) / 4 + 5, top2 = (s - int(kDirect)) % 4;
  return uint16_t((4 + top2) << (e - 2));
}
int symbol_raw_bits(int s) {
  return s < int(kDirect) || s >= kResidualSymbols ? 0 : (s - int(kDirect)) / 4 + 3;
}

Predictor choose_predictor(std::span<const uint16_t> block, uint32_t period) {
  Predictor best = Predictor::none;
  uint64_t best_cost = UINT64_MAX;
  for (int p = 0; p < int(Predictor::recent); ++p) {  // the value predictors
    uint64_t cost = 0;
    for (size_t i = 0; i < block.size(); ++i)
      cost +=
          1 + std::bit_width(zigzag(block[i], predict_any(Predictor(p), block.data(), i, period)));
    if (cost < best_cost) best_cost = cost, best = Predictor(p);
  }
  return best;
}

void count_symbols(std::span<const uint16_t> block, Predictor predictor, uint32_t period,
                   Histogram& h) {
  auto r = residuals(block, predictor, period);
  for (size_t i = 0; i < r.size(); ++i)
    ++h.counts[size_t(context_of(i >= size_t(h.streams) ? r[i - size_t(h.streams)].symbol : 0,
                                 h.contexts, block.data(), i, period))][r[i].symbol];
}

Model make_model(const Histogram& h, bool huffman, int precision) {
  Model m;
  m.huffman = huffman;
  m.contexts = h.contexts;
  m.precision = precision;
  for (const auto& counts : h.counts) {
    if (huffman) {
      m.length.push_back(huffman_lengths(counts, Decoder::kHuffmanBits));
      m.code.push_back(canonical_codes(m.length.back()));
    } else {
      m.frequency.push_back(normalized(counts, precision));
    }
  }
  return m;
}

size_t model_bytes(const Model& m) {
  size_t bytes = 0;
  for (int c = 0; c < m.contexts; ++c) {
    int last = 0;
    for (int s = 0; s < kSymbols; ++s)
      if (m.huffman ? m.length[size_t(c)][size_t(s)] : m.frequency[size_t(c)][size_t(s)]) last = s;
    bytes += 1 + (m.huffman ? size_t(last + 2) / 2 : 2 * size_t(last + 1));
  }
  return bytes;
}

std::vector<uint8_t> encode_block(std::span<const uint16_t> block, Predictor predictor,
                                  uint32_t period, const Model& model) {
  auto r = residuals(block, predictor, period);
  std::vector<uint8_t> code = model.huffman ? encode_huffman(r, model, block.data(), period)
                                            : encode_rans(r, model, block.data(), period);
  code.insert(code.begin(), uint8_t(predictor));
  return code;
}

Decoder::Decoder(const Model& m) : model(m) {
  if (m.huffman) {
    huffman.assign(size_t(m.contexts) << kHuffmanBits, HuffmanEntry{});
    for (int c = 0; c < m.contexts; ++c)
      for (int s = 0; s < kSymbols; ++s) {
        int l = m.length[size_t(c)][size_t(s)];
        if (!l) continue;
        HuffmanEntry e{uint8_t(l), uint8_t(symbol_raw_bits(s)), uint8_t(s), 0};
        for (uint32_t j = m.code[size_t(c)][size_t(s)]; j < (1u << kHuffmanBits); j += 1u << l)
          huffman[(size_t(c) << kHuffmanBits) + j] = e;
      }
  } else {
    rans.resize(size_t(m.contexts) << m.precision);
    for (int c = 0; c < m.contexts; ++c) {
      uint32_t start = 0;
      for (int s = 0; s < kSymbols; ++s) {
        uint32_t f = m.frequency[size_t(c)][size_t(s)];
        for (uint32_t slot = start; slot < start + f; ++slot)
          rans[(size_t(c) << m.precision) + slot] = RansEntry{f, slot - start, uint32_t(s)};
        start += f;
      }
    }
  }
}

bool Decoder::decode(std::span<const uint8_t> data, uint32_t period, uint16_t* out,
                     size_t count) const {
  if (data.empty() || data[0] >= kPredictors) return false;
  const uint8_t* p = data.data() + 1;
  const uint8_t* end = data.data() + data.size();
  auto run = [&]<Predictor P>() {
    if (model.huffman && model.streams == 2)
      return decode_huffman2<P>(*this, p, end, period, out, count);
    return model.huffman ? decode_huffman<P>(*this, p, end, period, out, count)
                         : decode_rans<P>(*this, p, end, period, out, count);
  };
  switch (Predictor(data[0])) {
    case Predictor::none:
      return run.template operator()<Predictor::none>();
    case Predictor::left:
      return run.template operator()<Predictor::left>();
    case Predictor::up:
      return run.template operator()<Predictor::up>();
    case Predictor::median:
      return run.template operator()<Predictor::median>();
    case Predictor::recent:
      return run.template operator()<Predictor::recent>();
    case Predictor::fifo:
      return run.template operator()<Predictor::fifo>();
    default:
      return run.template operator()<Predictor::recent_up>();
  }
}

}  // namespace ewn::study
