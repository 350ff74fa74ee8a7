// values_checksum: one digest over every value a probe can read in a directory of tables, so
// that two sets can be compared value for value whatever their files' bytes (another format,
// another entry order, another compression level give the same digest when the values agree).
//
// For each table file (*.ewt, by name) it decodes all values in PositionIndex order and hashes
// the class name, then each read entry's index and 16-bit value (probe/read_entries.h: the
// entries that are waste or the larger renumbering twin hold filler and are left out). It
// prints one line per piece count and one for the whole set: tables, values hashed, XXH3-64.
//
// Usage: values_checksum DIR [--per-table]
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "index.h"
#include "read_entries.h"
#include "table_file.h"

using namespace ewn;

namespace {

struct Digest {
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state{XXH3_createState(),
                                                                 &XXH3_freeState};
  uint64_t tables = 0, values = 0;
  Digest() { XXH3_64bits_reset(state.get()); }
  void add(const void* data, size_t bytes) { XXH3_64bits_update(state.get(), data, bytes); }
  uint64_t value() const { return XXH3_64bits_digest(state.get()); }
};

// Hashes one table's read entries into every digest of `into`.
void hash_table(const std::filesystem::path& path, const std::vector<Digest*>& into) {
  std::vector<uint16_t> values = read_table(path, std::nullopt, 0);
  TableFile file(path);
  const MaterialClass mc = file.material();
  std::vector<uint8_t> read = read_entry_flags(PositionIndex(mc));
  const std::string name = mc.name();
  std::vector<uint8_t> buffer;
  buffer.reserve(values.size() * 10);
  for (uint64_t i = 0; i < values.size(); ++i) {
    if (!read[i]) continue;
    uint8_t item[10];
    std::memcpy(item, &i, 8);
    std::memcpy(item + 8, &values[i], 2);
    buffer.insert(buffer.end(), item, item + 10);
  }
  for (Digest* d : into) {
    d->add(name.data(), name.size() + 1);
    d->add(buffer.data(), buffer.size());
    d->tables += 1;
    d->values += buffer.size() / 10;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: values_checksum DIR [--per-table]\n");
    return 2;
  }
  const bool per_table = argc > 2 && std::strcmp(argv[2], "--per-table") == 0;
  try {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(argv[1]))
      if (e.path().extension() == ".ewt") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    Digest all;
    std::map<int, Digest> by_pieces;
    for (const auto& path : files) {
      const int pieces = TableFile(path).material().piece_count();
      Digest one;
      hash_table(path, {&all, &by_pieces[pieces], &one});
      if (per_table)
        std::printf("%s %llu %016llx\n", path.filename().c_str(), (unsigned long long)one.values,
                    (unsigned long long)one.value());
    }
    for (const auto& [pieces, d] : by_pieces)
      std::printf("pieces %d: tables %llu values %llu xxh3 %016llx\n", pieces,
                  (unsigned long long)d.tables, (unsigned long long)d.values,
                  (unsigned long long)d.value());
    std::printf("all: tables %llu values %llu xxh3 %016llx\n", (unsigned long long)all.tables,
                (unsigned long long)all.values, (unsigned long long)all.value());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "values_checksum: %s\n", e.what());
    return 1;
  }
  return 0;
}
