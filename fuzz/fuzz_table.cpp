// libFuzzer target: a table file as a damaged disk, a bad copy or a forged file may hold it.
//
// Input: one flag byte, then the file. Random damage almost never keeps the checksums right, so it
// would stop at the header check. The flag bits say which checksums to recompute after the damage
// (bit 0: every block, bit 1: the block index, bit 2: the whole body, bit 3: the header, bit 4: the
// dictionary), which lets the fuzzer reach the layout checks, the block index and the zstd decoder
// (with or without the table's dictionary) with any bytes, as a writer bug or a forged file could.
// The file is then opened the three ways a user's program opens it: the full check (ewn info, ewn
// gen), read_table, and probing through a Tablebase (lazy open, block cache). Errors must come as
// TableError; anything else (a crash, a sanitizer report, another exception, running out of memory)
// is a bug.
#include <unistd.h>
#include <xxhash.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "fuzz_check.h"
#include "index.h"
#include "table_file.h"
#include "table_format.h"
#include "tablebase.h"

using namespace ewn;
using namespace ewn::table_header;
namespace fs = std::filesystem;

namespace {

uint64_t get64(const std::vector<uint8_t>& f, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(f[at + i]) << (8 * i);
  return v;
}
uint32_t get32(const std::vector<uint8_t>& f, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(f[at + i]) << (8 * i);
  return v;
}
void put64(std::vector<uint8_t>& f, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) f[at + i] = uint8_t(v >> (8 * i));
}
void put32(std::vector<uint8_t>& f, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) f[at + i] = uint8_t(v >> (8 * i));
}
bool inside(uint64_t begin, uint64_t end, size_t size) {
  return begin <= end && end <= size;
}

void fix_checksums(std::vector<uint8_t>& f, uint8_t flags) {
  if (f.size() < kHeaderBytes) return;
  uint64_t blocks = get64(f, kAtBlockCount), offsets = get64(f, kAtOffsets),
           checksums = get64(f, kAtChecksums), file_bytes = get64(f, kAtFileBytes);
  if ((flags & 1) && blocks <= f.size() / 4) {
    for (uint64_t b = 0; b < blocks; ++b) {
      uint64_t at = offsets + 8 * b, sum_at = checksums + 4 * b;
      if (!inside(offsets, at + 16, f.size()) || !inside(checksums, sum_at + 4, f.size())) break;
      uint64_t begin = get64(f, at), end = get64(f, at + 8);
      if (inside(begin, end, f.size()))
        put32(f, sum_at,
              uint32_t(block_checksum_of(kTableFormatVersion, f.data() + begin, end - begin)));
    }
  }
  if ((flags & 2) && inside(offsets, file_bytes, f.size()))
    put64(f, kAtMetadataChecksum, XXH64(f.data() + offsets, file_bytes - offsets, 0));
  if (flags & 4)
    put64(f, kAtBodyChecksum, XXH64(f.data() + kHeaderBytes, f.size() - kHeaderBytes, 0));
  uint64_t dictionary = get32(f, kAtDictionaryBytes);
  if ((flags & 16) && inside(kHeaderBytes, kHeaderBytes + dictionary, f.size()))
    put64(f, kAtDictionaryChecksum, XXH64(f.data() + kHeaderBytes, dictionary, 0));
  if (flags & 8) put64(f, kAtHeaderChecksum, XXH64(f.data(), kAtHeaderChecksum, 0));
}

const fs::path& scratch_dir() {
  static fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("ewn-fuzz-table-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::vector<uint8_t> file(data + 1, data + size);
  fix_checksums(file, data[0]);

  // Named after the class in the header when that is a class, so that a Tablebase finds it.
  std::optional<MaterialClass> mc;
  if (file.size() >= kHeaderBytes) {
    MaterialClass named{file[kAtMover], file[kAtOpponent]};
    if (named.mover < 64 && named.opponent < 64 && named.mover && named.opponent &&
        parse_material_class(named.name()) == named)
      mc = named;
  }
  const fs::path& dir = scratch_dir();
  for (const auto& e : fs::directory_iterator(dir)) fs::remove(e.path());
  fs::path path = dir / (mc ? table_file_name(*mc) : std::string("unnamed.ewt"));
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
  }

  std::optional<std::string> problem = check_table(path);
  std::vector<uint16_t> values;
  try {
    values = read_table(path);
    FUZZ_CHECK(values.size() == PositionIndex(TableFile(path).material()).size(), "entry count");
  } catch (const TableError& e) {
    FUZZ_CHECK(problem, "check_table passed, read_table failed: %s", e.what());
  }

  if (mc) {
    Tablebase tb(dir, 1 << 20);
    uint64_t entries = PositionIndex(*mc).size();
    for (uint64_t index : {uint64_t(0), entries / 2, entries - 1, uint64_t(size) % entries}) {
      try {
        uint16_t v = tb.entry(TableKey{*mc, index});
        if (!problem) FUZZ_CHECK(v == values[index], "probe and read_table differ");
      } catch (const TableError& e) {
        FUZZ_CHECK(problem, "check_table passed, probing failed: %s", e.what());
      }
    }
  }
  return 0;
}
