// Writes the seed corpus of fuzz_table: small valid table files (one and several blocks), each
// behind the flag byte 0x1f (recompute every checksum after the fuzzer's changes); one is
// compressed with the standard dictionary of 5 pieces.
//   make_table_seeds DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "index.h"
#include "standard_dictionary.h"
#include "table_format.h"
#include "table_writer.h"

using namespace ewn;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_table_seeds DIR\n");
    return 2;
  }
  fs::path dir = argv[1];
  fs::create_directories(dir);
  struct Seed {
    const char* name;
    uint32_t block_entries;
    bool dictionary;
  };
  for (Seed s : {Seed{"1v1", 8192, false}, Seed{"1v1", 64, false}, Seed{"12v1", 2048, false},
                 Seed{"12v1", 128, true}}) {
    MaterialClass mc = *parse_material_class(s.name);
    // Values shaped like a table's: runs and steps; with small blocks a pattern that recurs
    // from block to block.
    std::vector<uint16_t> values(PositionIndex(mc).size());
    for (size_t i = 0; i < values.size(); ++i)
      values[i] = s.block_entries <= 128 ? uint16_t((i % 509) * 613) : uint16_t((i / 7) * 613);
    WriteOptions options;
    options.block_entries = s.block_entries;
    options.dictionary = s.dictionary ? standard_dictionary(5) : std::span<const uint8_t>();
    fs::path table = dir / "seed.tmp";
    write_table(table, mc, values, options);
    std::ifstream in(table, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
    fs::remove(table);
    std::string name = std::string(s.name) + "-blocks" + std::to_string(s.block_entries);
    std::ofstream out(dir / name, std::ios::binary);
    out.put(char(0x1f));
    out.write(bytes.data(), std::streamsize(bytes.size()));
    std::printf("%s: %zu bytes\n", name.c_str(), bytes.size() + 1);
  }
  return 0;
}
