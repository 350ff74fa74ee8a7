#include "exact_file.h"

#include <xxhash.h>

#include <cstring>
#include <stdexcept>

#include "file_io.h"
#include "index.h"

namespace ewn {

namespace {

constexpr char kMagic[8] = {'E', 'W', 'N', 'E', 'X', 'A', 'C', 'T'};
constexpr uint32_t kVersion = 1;

struct ExactHeader {
  char magic[8];
  uint32_t version;
  uint8_t mover, opponent;
  uint8_t reserved1[2];
  uint64_t entries;
  uint64_t values_xxh64;
  uint8_t reserved2[32];
};
static_assert(sizeof(ExactHeader) == 64);

ExactHeader exact_header(MaterialClass mc, uint64_t entries, uint64_t values_xxh64) {
  ExactHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.mover = mc.mover;
  h.opponent = mc.opponent;
  h.entries = entries;
  h.values_xxh64 = values_xxh64;
  return h;
}

}  // namespace

std::string exact_file_name(MaterialClass mc) {
  return mc.name() + ".ewx";
}

void write_exact_file(const std::filesystem::path& path, MaterialClass mc,
                      std::span<const double> values) {
  ExactHeader h = exact_header(mc, values.size(), XXH64(values.data(), values.size_bytes(), 0));
  OutputFile out(path);
  out.write(&h, sizeof h);
  out.write(values.data(), values.size_bytes());
  out.close();
}

ExactFileWriter::ExactFileWriter(const std::filesystem::path& path, MaterialClass mc)
    : path_(path),
      material_(mc),
      out_(std::make_unique<OutputFile>(path)),
      hash_(XXH64_createState(), [](void* s) { XXH64_freeState(static_cast<XXH64_state_t*>(s)); }) {
  XXH64_reset(static_cast<XXH64_state_t*>(hash_.get()), 0);
  ExactHeader placeholder{};
  out_->write(&placeholder, sizeof placeholder);
}

ExactFileWriter::~ExactFileWriter() = default;

void ExactFileWriter::append(std::span<const double> values) {
  XXH64_update(static_cast<XXH64_state_t*>(hash_.get()), values.data(), values.size_bytes());
  out_->write(values.data(), values.size_bytes());
  written_ += values.size();
}

void ExactFileWriter::close() {
  uint64_t expected = PositionIndex(material_).size();
  if (written_ != expected)
    throw std::runtime_error(path_.string() + ": " + std::to_string(written_) +
                             " values written, class " + material_.name() + " has " +
                             std::to_string(expected));
  ExactHeader h =
      exact_header(material_, written_, XXH64_digest(static_cast<XXH64_state_t*>(hash_.get())));
  out_->write_at(0, &h, sizeof h);
  out_->close();
}

ExactFile::ExactFile(const std::filesystem::path& path, MaterialClass mc, bool verify)
    : map_(path) {  // MapError is a std::runtime_error "<path>: <problem>"
  // A throw below unmaps the file with map_.
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(path.string() + ": " + what);
  };
  if (map_.size() < sizeof(ExactHeader)) fail("truncated (no complete header)");
  ExactHeader h;
  std::memcpy(&h, map_.data(), sizeof h);
  uint64_t expected = PositionIndex(mc).size();
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0)
    fail("not an exact-values file (bad magic)");
  if (h.version != kVersion) fail("unsupported version " + std::to_string(h.version));
  if (h.mover != mc.mover || h.opponent != mc.opponent) fail("holds another material class");
  if (h.entries != expected) fail("wrong entry count");
  if (map_.size() != sizeof h + expected * sizeof(double)) fail("truncated or oversized");
  if (verify && XXH64(values(), size() * sizeof(double), 0) != h.values_xxh64)
    fail("checksum mismatch (the file is damaged)");
}

const double* ExactFile::values() const {
  if (!map_.data()) return nullptr;
  return reinterpret_cast<const double*>(map_.data() + sizeof(ExactHeader));
}

uint64_t ExactFile::size() const {
  return map_.data() ? (map_.size() - sizeof(ExactHeader)) / sizeof(double) : 0;
}

std::optional<std::string> check_exact_file(const std::filesystem::path& path, MaterialClass mc) {
  try {
    ExactFile f(path, mc, true);
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace ewn
