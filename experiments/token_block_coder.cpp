#include "token_block_coder.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <queue>

namespace study {

namespace {

// The move-to-front list of a block's recent new values.
struct Recent {
  std::array<uint16_t, kRecentValues> values{};
  int size = 0;

  void insert(uint16_t v) {
    std::memmove(&values[1], &values[0], sizeof(uint16_t) * size_t(std::min(size, 15)));
    values[0] = v;
    size = std::min(size + 1, kRecentValues);
  }
  uint16_t take(int rank) {
    uint16_t v = values[size_t(rank)];
    std::memmove(&values[1], &values[0], sizeof(uint16_t) * size_t(rank));
    values[0] = v;
    return v;
  }
  int find(uint16_t v) const {
    for (int r = 0; r < size; ++r)
      if (values[size_t(r)] == v) return r;
    return -1;
  }
};

int context_of(const uint16_t* block, size_t i, uint32_t period) {
  return i > period && block[i - period] == block[i - period - 1];
}

// The token of entry i of a block (block[0] is the block's first entry); updates `recent`.
int token_of(const uint16_t* block, size_t i, uint32_t period, Recent& recent) {
  uint16_t v = block[i];
  if (i > 0 && v == block[i - 1]) return kTokenLeft;
  if (i >= period && v == block[i - period]) return kTokenUp;
  if (int r = recent.find(v); r >= 0) {
    recent.take(r);
    return kTokenRecent + r;
  }
  recent.insert(v);
  return kTokenLiteral;
}

// Huffman code lengths of `freq` (every frequency at least 1), at most kMaxCodeBits: frequencies
// are halved until the longest code fits.
std::array<uint8_t, kTokens> code_lengths(std::array<uint64_t, kTokens> freq) {
  while (true) {
    using Node = std::pair<uint64_t, int>;  // weight, node
    std::priority_queue<Node, std::vector<Node>, std::greater<Node>> queue;
    std::vector<int> parent(2 * kTokens, -1);
    for (int s = 0; s < kTokens; ++s) queue.push({freq[size_t(s)], s});
    int next = kTokens;
    while (queue.size() > 1) {
      Node a = queue.top();
      queue.pop();
      Node b = queue.top();
      queue.pop();
      parent[size_t(a.second)] = parent[size_t(b.second)] = next;
      queue.push({a.first + b.first, next++});
    }
    std::array<uint8_t, kTokens> lengths{};
    bool fits = true;
    for (int s = 0; s < kTokens; ++s) {
      int depth = 0;
      for (int n = s; parent[size_t(n)] >= 0; n = parent[size_t(n)]) ++depth;
      lengths[size_t(s)] = uint8_t(depth);
      fits = fits && depth <= kMaxCodeBits;
    }
    if (fits) return lengths;
    for (auto& f : freq) f = std::max<uint64_t>(1, f / 2);
  }
}

// Canonical codes and the decoding table of one context.
void make_codes(TokenModel& m, int ctx) {
  std::array<int, kTokens> order{};
  for (int s = 0; s < kTokens; ++s) order[size_t(s)] = s;
  const auto& len = m.lengths[size_t(ctx)];
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return len[size_t(a)] != len[size_t(b)] ? len[size_t(a)] < len[size_t(b)] : a < b;
  });
  uint32_t code = 0;
  int previous = len[size_t(order[0])];
  auto& table = m.table[size_t(ctx)];
  table.assign(size_t(1) << kMaxCodeBits, 0);
  for (int s : order) {
    int l = len[size_t(s)];
    code <<= (l - previous);
    previous = l;
    m.codes[size_t(ctx)][size_t(s)] = code;
    uint32_t first = code << (kMaxCodeBits - l), last = (code + 1) << (kMaxCodeBits - l);
    for (uint32_t k = first; k < last; ++k) table[k] = uint16_t(s << 4 | l);
    ++code;
  }
}

struct BitWriter {
  std::vector<uint8_t> bytes;
  uint64_t acc = 0;
  int bits = 0;
  void put(uint32_t value, int count) {
    acc = (acc << count) | value;
    bits += count;
    while (bits >= 8) {
      bytes.push_back(uint8_t(acc >> (bits - 8)));
      bits -= 8;
    }
  }
  std::vector<uint8_t> finish() {
    if (bits > 0) bytes.push_back(uint8_t(acc << (8 - bits)));
    bits = 0;
    return std::move(bytes);
  }
};

uint64_t load_be64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

}  // namespace

TokenModel build_token_model(std::span<const uint16_t> values, uint32_t period) {
  std::array<std::array<uint64_t, kTokens>, kTokenContexts> freq{};
  for (auto& f : freq) f.fill(1);
  for (size_t at = 0; at < values.size(); at += 1024) {
    size_t n = std::min<size_t>(1024, values.size() - at);
    Recent recent;
    for (size_t i = 0; i < n; ++i) {
      int ctx = context_of(values.data() + at, i, period);
      ++freq[size_t(ctx)][size_t(token_of(values.data() + at, i, period, recent))];
    }
  }
  TokenModel m;
  for (int c = 0; c < kTokenContexts; ++c) {
    m.lengths[size_t(c)] = code_lengths(freq[size_t(c)]);
    make_codes(m, c);
  }
  return m;
}

TokenBlocks encode_token_blocks(std::span<const uint16_t> values, uint32_t period,
                                const TokenModel& model, size_t block_bytes, size_t cap) {
  TokenBlocks out;
  const size_t limit = 8 * block_bytes;
  for (size_t at = 0; at < values.size();) {
    const uint16_t* block = values.data() + at;
    const size_t left = std::min(cap, values.size() - at);
    BitWriter w;
    Recent recent;
    size_t bits = 0, i = 0;
    for (; i < left; ++i) {
      Recent before = recent;
      int ctx = context_of(block, i, period);
      int token = token_of(block, i, period, recent);
      size_t cost = model.lengths[size_t(ctx)][size_t(token)] + (token == kTokenLiteral ? 16 : 0);
      if (i > 0 && bits + cost > limit) {
        recent = before;
        break;
      }
      w.put(model.codes[size_t(ctx)][size_t(token)], model.lengths[size_t(ctx)][size_t(token)]);
      if (token == kTokenLiteral) w.put(block[i], 16);
      bits += cost;
    }
    out.first.push_back(at);
    out.blocks.push_back(w.finish());
    at += i;
  }
  out.first.push_back(values.size());
  return out;
}

uint16_t decode_token_block(const uint8_t* data, size_t want, uint32_t period,
                            const TokenModel& model, uint16_t* out) {
  Recent recent;
  uint64_t pos = 0;
  for (size_t i = 0; i <= want; ++i) {
    int ctx = context_of(out, i, period);
    uint64_t word = load_be64(data + (pos >> 3)) << (pos & 7);
    uint16_t e = model.table[size_t(ctx)][word >> (64 - kMaxCodeBits)];
    int token = e >> 4;
    pos += e & 15;
    uint16_t v;
    if (token == kTokenLeft) {
      v = out[i - 1];
    } else if (token == kTokenUp) {
      v = out[i - period];
    } else if (token == kTokenLiteral) {
      v = uint16_t((load_be64(data + (pos >> 3)) << (pos & 7)) >> 48);
      pos += 16;
      recent.insert(v);
    } else {
      v = recent.take(token - kTokenRecent);
    }
    out[i] = v;
  }
  return out[want];
}

}  // namespace study
