// The token coder of the block-layout study (experiments/token_block_coder.h): blocks never
// exceed their size, cover the values in order, and every entry decodes to its value, whether
// the block is decoded up to it or whole.
#include <catch2/catch.hpp>

#include <random>

#include "token_block_coder.h"

using namespace study;

namespace {

// Values shaped like a table's: runs, rows that repeat a period back, a few recurring values and
// new values anywhere in the u16 range.
std::vector<uint16_t> table_like(size_t count, uint32_t period, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> v(count);
  const uint16_t recurring[5] = {0, 65535, 32768, 1234, 77};
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = rng() % 8;
    if (i > 0 && kind < 3)
      v[i] = v[i - 1];
    else if (i >= period && kind < 5)
      v[i] = v[i - period];
    else if (kind < 7)
      v[i] = recurring[rng() % 5];
    else
      v[i] = uint16_t(rng());
  }
  return v;
}

}  // namespace

TEST_CASE("token blocks decode every entry to its value", "[token_block_coder]") {
  const uint32_t period = 7;
  for (uint32_t seed : {1u, 2u}) {
    std::vector<uint16_t> values = table_like(20000, period, seed);
    TokenModel model = build_token_model(values, period);
    for (size_t block_bytes : {16, 64, 512}) {
      const size_t cap = 1000;
      TokenBlocks blocks = encode_token_blocks(values, period, model, block_bytes, cap);
      REQUIRE(blocks.first.size() == blocks.blocks.size() + 1);
      REQUIRE(blocks.first.front() == 0);
      REQUIRE(blocks.first.back() == values.size());
      std::vector<uint16_t> out(cap);
      for (size_t b = 0; b < blocks.blocks.size(); ++b) {
        const size_t count = blocks.first[b + 1] - blocks.first[b];
        REQUIRE(count >= 1);
        REQUIRE(count <= cap);
        REQUIRE(blocks.blocks[b].size() <= block_bytes);
        std::vector<uint8_t> data = blocks.blocks[b];
        data.resize(data.size() + 8);  // the decoder reads up to 8 bytes ahead
        // Whole block, then stopping at a few entries on the way.
        decode_token_block(data.data(), count - 1, period, model, out.data());
        for (size_t i = 0; i < count; ++i) REQUIRE(out[i] == values[blocks.first[b] + i]);
        for (size_t want : {size_t(0), count / 3, count - 1}) {
          std::fill(out.begin(), out.end(), uint16_t(0xdead));
          CHECK(decode_token_block(data.data(), want, period, model, out.data()) ==
                values[blocks.first[b] + want]);
        }
      }
    }
  }
}

TEST_CASE("token blocks fill their size: a larger size holds more entries", "[token_block_coder]") {
  std::vector<uint16_t> values = table_like(20000, 5, 3);
  TokenModel model = build_token_model(values, 5);
  size_t small = encode_token_blocks(values, 5, model, 64, 100000).blocks.size();
  size_t large = encode_token_blocks(values, 5, model, 256, 100000).blocks.size();
  CHECK(large * 3 < small);
  // Every code is at most kMaxCodeBits long and a code exists for every token.
  for (const auto& lengths : model.lengths)
    for (uint8_t l : lengths) {
      CHECK(l >= 1);
      CHECK(l <= kMaxCodeBits);
    }
}
