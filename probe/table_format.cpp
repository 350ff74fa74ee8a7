#include "table_format.h"

#define XXH_INLINE_ALL  // XXH3 inlined: a block's checksum is on the path of a first probe
#include <xxhash.h>

#include <cstring>

#include "tables_hint.h"

namespace ewn {

using namespace table_header;

namespace {

template <class T>
void put(uint8_t* out, size_t at, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) out[at + i] = uint8_t(uint64_t(v) >> (8 * i));
}
template <class T>
T get(const uint8_t* in, size_t at) {
  uint64_t v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) v |= uint64_t(in[at + i]) << (8 * i);
  return T(v);
}

}  // namespace

void serialize_header(const TableHeader& h, uint8_t out[kHeaderBytes]) {
  std::memset(out, 0, kHeaderBytes);
  std::memcpy(out + kAtMagic, kTableMagic, sizeof kTableMagic);
  put<uint32_t>(out, kAtVersion, h.format_version);
  put<uint32_t>(out, kAtHeaderBytes, kHeaderBytes);
  put<uint8_t>(out, kAtMover, h.material.mover);
  put<uint8_t>(out, kAtOpponent, h.material.opponent);
  put<uint8_t>(out, kAtPieces, uint8_t(h.material.piece_count()));
  put<uint8_t>(out, kAtEncoding, uint8_t(h.encoding));
  put<uint32_t>(out, kAtIndexScheme, h.index_scheme);
  put<uint8_t>(out, kAtFilter, uint8_t(h.filter));
  put<uint8_t>(out, kAtCompressor, uint8_t(h.compressor));
  put<uint32_t>(out, kAtBlockEntries, h.block_entries);
  put<uint64_t>(out, kAtEntryCount, h.entry_count);
  put<uint64_t>(out, kAtBlockCount, h.block_count);
  put<uint64_t>(out, kAtOffsets, h.offsets_offset);
  put<uint64_t>(out, kAtChecksums, h.checksums_offset);
  put<uint64_t>(out, kAtFileBytes, h.file_bytes);
  put<uint64_t>(out, kAtMetadataChecksum, h.metadata_checksum);
  put<uint64_t>(out, kAtBodyChecksum, h.body_checksum);
  put<uint32_t>(out, kAtDictionaryBytes, h.dictionary_bytes);
  put<uint64_t>(out, kAtDictionaryChecksum, h.dictionary_checksum);
  put<uint8_t>(out, kAtDigitCount, h.digit_count);
  if (has_twin_field(h.format_version)) put<uint8_t>(out, kAtDerivesTwin, h.derives_twin);
  for (size_t k = 0; k < h.digit_order.size(); ++k)
    put<uint8_t>(out, kAtDigitOrder + k, h.digit_order[k]);
  put<uint64_t>(out, kAtHeaderChecksum, XXH64(out, kAtHeaderChecksum, 0));
}

TableHeader parse_header(const std::filesystem::path& file, const uint8_t* in, size_t size) {
  if (size < kHeaderBytes)
    throw TableError(file, "truncated: " + std::to_string(size) +
                               " bytes, shorter than the table header (" +
                               std::to_string(kHeaderBytes) + ")");
  if (std::memcmp(in + kAtMagic, kTableMagic, sizeof kTableMagic) != 0)
    throw TableError(file, "not an ewn table file (wrong magic bytes)");
  TableHeader h;
  h.format_version = get<uint32_t>(in, kAtVersion);
  if (h.format_version < kOldestReadableVersion || h.format_version > kTableFormatVersion) {
    std::string made_by = h.format_version < kTableFormatVersion ? "an older" : "a newer";
    uint8_t pieces = get<uint8_t>(in, kAtPieces);
    std::string regenerate =
        h.format_version < kOldestReadableVersion && pieces >= 2 && pieces <= kMaxPieces
            ? "; regenerate the tables with: " + gen_command(pieces, "DIR")
            : "";
    throw TableError(file, "table format version " + std::to_string(h.format_version) +
                               ", made by " + made_by + " ewn; this program reads versions " +
                               std::to_string(kOldestReadableVersion) + " to " +
                               std::to_string(kTableFormatVersion) + regenerate);
  }
  if (get<uint64_t>(in, kAtHeaderChecksum) != XXH64(in, kAtHeaderChecksum, 0))
    throw TableError(file, "corrupt header (checksum mismatch)");
  if (get<uint32_t>(in, kAtHeaderBytes) != kHeaderBytes)
    throw TableError(file, "corrupt header (header size " +
                               std::to_string(get<uint32_t>(in, kAtHeaderBytes)) + ")");
  h.material = MaterialClass{get<uint8_t>(in, kAtMover), get<uint8_t>(in, kAtOpponent)};
  h.encoding = ValueEncoding(get<uint8_t>(in, kAtEncoding));
  h.index_scheme = get<uint32_t>(in, kAtIndexScheme);
  h.filter = BlockFilter(get<uint8_t>(in, kAtFilter));
  h.compressor = Compressor(get<uint8_t>(in, kAtCompressor));
  h.block_entries = get<uint32_t>(in, kAtBlockEntries);
  h.entry_count = get<uint64_t>(in, kAtEntryCount);
  h.block_count = get<uint64_t>(in, kAtBlockCount);
  h.offsets_offset = get<uint64_t>(in, kAtOffsets);
  h.checksums_offset = get<uint64_t>(in, kAtChecksums);
  h.file_bytes = get<uint64_t>(in, kAtFileBytes);
  h.metadata_checksum = get<uint64_t>(in, kAtMetadataChecksum);
  h.body_checksum = get<uint64_t>(in, kAtBodyChecksum);
  h.dictionary_bytes = get<uint32_t>(in, kAtDictionaryBytes);
  h.dictionary_checksum = get<uint64_t>(in, kAtDictionaryChecksum);
  h.digit_count = get<uint8_t>(in, kAtDigitCount);
  for (size_t k = 0; k < h.digit_order.size(); ++k)
    h.digit_order[k] = get<uint8_t>(in, kAtDigitOrder + k);
  if (has_twin_field(h.format_version)) {
    uint8_t twin = get<uint8_t>(in, kAtDerivesTwin);
    if (twin > 1)
      throw TableError(file, "corrupt header (derives_twin " + std::to_string(twin) + ")");
    h.derives_twin = twin == 1;
  }
  if (get<uint8_t>(in, kAtPieces) != h.material.piece_count())
    throw TableError(file, "corrupt header (piece count does not match the material class)");
  return h;
}

uint64_t block_checksum_of(uint32_t version, const uint8_t* data, size_t size) {
  return version == 1 ? XXH64(data, size, 0) : uint32_t(XXH3_64bits(data, size));
}

std::string table_file_name(MaterialClass mc) {
  return mc.name() + kTableExtension;
}

}  // namespace ewn
