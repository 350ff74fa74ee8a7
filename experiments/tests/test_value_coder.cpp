// The value coder of the table-format study (experiments/value_coder.h): every design decodes
// every block to exactly its values, and a damaged block is refused, not misread silently.
#include <catch2/catch.hpp>

#include <random>

#include "value_coder.h"

using namespace ewn::study;

namespace {

// Values shaped like a table's: runs, rows that repeat a period back, a few recurring values,
// and jumps across the whole u16 range (differences that wrap around).
std::vector<uint16_t> table_like(size_t count, uint32_t period, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> v(count);
  const uint16_t common[4] = {0, 65535, 32768, 1234};
  for (size_t i = 0; i < count; ++i) {
    unsigned kind = rng() % 8;
    if (i > 0 && kind < 3)
      v[i] = v[i - 1];
    else if (i >= period && kind < 5)
      v[i] = v[i - period];
    else if (kind == 5)
      v[i] = common[rng() % 4];
    else if (i > 0 && kind == 6)
      v[i] = uint16_t(v[i - 1] + int(rng() % 64) - 32);
    else
      v[i] = uint16_t(rng());
  }
  return v;
}

struct Design {
  bool huffman;
  int contexts, streams;
};

}  // namespace

TEST_CASE("value coder: residual symbols cover every difference once") {
  for (uint32_t z = 0; z < 65536; ++z) {
    Residual r = residual_symbol(uint16_t(z));
    REQUIRE(r.symbol < kResidualSymbols);
    REQUIRE(r.raw_bits == symbol_raw_bits(r.symbol));
    REQUIRE(r.raw < (1u << r.raw_bits));
    REQUIRE(uint32_t(symbol_base(r.symbol)) + r.raw == z);
  }
}

TEST_CASE("value coder: every predictor and coder decodes every block exactly") {
  const uint32_t period = 19;
  const Design designs[] = {{false, 1, 1}, {false, 5, 1}, {false, 20, 1}, {true, 1, 1},
                            {true, 10, 1}, {true, 5, 2},  {true, 20, 2}};
  for (size_t count : {size_t(1), size_t(2), size_t(19), size_t(20), size_t(257), size_t(1024)})
    for (const Design& d : designs) {
      std::vector<std::vector<uint16_t>> blocks;
      for (uint32_t seed = 1; seed <= 4; ++seed) blocks.push_back(table_like(count, period, seed));
      for (int p = 0; p < kPredictors; ++p) {
        Histogram h(d.contexts);
        h.streams = d.streams;
        for (const auto& b : blocks) count_symbols(b, Predictor(p), period, h);
        Model model = make_model(h, d.huffman, 11);
        model.streams = d.streams;
        Decoder decoder(model);
        for (const auto& b : blocks) {
          std::vector<uint8_t> code = encode_block(b, Predictor(p), period, model);
          size_t bytes = code.size();
          code.resize(bytes + 8);
          std::vector<uint16_t> back(b.size());
          INFO("count " << count << " predictor " << p << " huffman " << d.huffman << " contexts "
                        << d.contexts << " streams " << d.streams);
          REQUIRE(decoder.decode({code.data(), bytes}, period, back.data(), back.size()));
          REQUIRE(back == b);
        }
      }
    }
}

TEST_CASE("value coder: the predictor chosen per block is one of the value predictors") {
  auto b = table_like(1024, 19, 7);
  CHECK(int(choose_predictor(b, 19)) < int(Predictor::recent));
}

TEST_CASE("value coder: a truncated or unknown block is refused") {
  const uint32_t period = 19;
  auto b = table_like(1024, period, 9);
  for (bool huffman : {false, true}) {
    Histogram h(1);
    count_symbols(b, Predictor::recent_up, period, h);
    Model model = make_model(h, huffman, 11);
    Decoder decoder(model);
    std::vector<uint8_t> code = encode_block(b, Predictor::recent_up, period, model);
    std::vector<uint16_t> back(b.size());
    std::vector<uint8_t> cut(code.begin(), code.end() - 3);
    cut.resize(cut.size() + 8);
    CHECK_FALSE(decoder.decode({cut.data(), code.size() - 3}, period, back.data(), back.size()));
    std::vector<uint8_t> unknown = code;
    unknown[0] = uint8_t(kPredictors);
    unknown.resize(unknown.size() + 8);
    CHECK_FALSE(decoder.decode({unknown.data(), code.size()}, period, back.data(), back.size()));
    CHECK_FALSE(decoder.decode({}, period, back.data(), back.size()));
  }
}

TEST_CASE("value coder: a block with any byte damaged decodes without reading out of bounds") {
  const uint32_t period = 19;
  auto b = table_like(300, period, 11);
  for (int p = 0; p < kPredictors; ++p)
    for (bool huffman : {false, true}) {
      Histogram h(20);
      count_symbols(b, Predictor(p), period, h);
      Model model = make_model(h, huffman, 11);
      Decoder decoder(model);
      std::vector<uint8_t> code = encode_block(b, Predictor(p), period, model);
      std::vector<uint16_t> back(b.size());
      int refused = 0;
      for (size_t at = 1; at < code.size(); ++at) {
        std::vector<uint8_t> damaged = code;
        damaged[at] ^= 0x5a;
        damaged.resize(damaged.size() + 8);
        bool ok = decoder.decode({damaged.data(), code.size()}, period, back.data(), back.size());
        refused += !ok || back != b;
      }
      INFO("predictor " << p << " huffman " << huffman);
      CHECK(refused > 0);  // most damage is seen; the point here is that none of it crashes
    }
}
