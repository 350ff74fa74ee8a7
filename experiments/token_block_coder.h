// A value coder for block_layout_study (design (c), docs/BENCHMARKS.md "Blocks of a fixed
// compressed size"): each entry becomes one token of a canonical Huffman code made per table,
// cut into blocks of a fixed compressed size, decoded only up to the wanted entry.
//
// Tokens: equal to the entry before (left), equal to the entry one row back (up: `period`
// entries before, in the same block), the rank of the value in a move-to-front list of the
// block's 16 most recent new values, or a literal (the token, then the value in 16 bits). The
// first that applies is taken, in that order. Two contexts, each with its own code: whether the
// row back repeats at this entry (value[i - period] == value[i - period - 1]), which the decoder
// knows a row in advance, so no context waits on the entry before. Codes are at most 11 bits,
// decoded by one lookup in a table of 2^11 entries per context.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace study {

inline constexpr int kRecentValues = 16;
inline constexpr int kTokenLeft = 0, kTokenUp = 1, kTokenRecent = 2,
                     kTokenLiteral = kTokenRecent + kRecentValues, kTokens = kTokenLiteral + 1;
inline constexpr int kTokenContexts = 2;
inline constexpr int kMaxCodeBits = 11;

struct TokenModel {
  std::array<std::array<uint8_t, kTokens>, kTokenContexts> lengths{};
  std::array<std::array<uint32_t, kTokens>, kTokenContexts> codes{};
  // Decoding: next kMaxCodeBits bits -> token << 4 | length.
  std::array<std::vector<uint16_t>, kTokenContexts> table;
  // Bytes the model takes in a file: the code lengths, 4 bits each.
  static constexpr size_t bytes() { return (kTokenContexts * kTokens + 1) / 2; }
};

// The model of a table's values in file order, its tokens counted in stretches of 1024 entries
// (block starts reset the left, up and recent tokens).
TokenModel build_token_model(std::span<const uint16_t> values, uint32_t period);

// Blocks of at most `block_bytes` bytes (and `cap` entries): the first entry of each block
// (then values.size()) and each block's bytes, padded to block_bytes when `pad`.
struct TokenBlocks {
  std::vector<uint64_t> first;
  std::vector<std::vector<uint8_t>> blocks;
};
TokenBlocks encode_token_blocks(std::span<const uint16_t> values, uint32_t period,
                                const TokenModel& model, size_t block_bytes, size_t cap);

// Decodes entries 0..want of a block into out[0, want]. `data` must be readable 8 bytes past
// its end (the caller's buffer). Returns out[want].
uint16_t decode_token_block(const uint8_t* data, size_t want, uint32_t period,
                            const TokenModel& model, uint16_t* out);

}  // namespace study
