// block_layout_study: the block layout of the stored tables, measured (docs/BENCHMARKS.md,
// "Blocks of a fixed compressed size"). For the tables of one piece count of a set it lays the
// values each file stores (in its own entry order, filler included) out again in several ways
// and prints, side by side, bytes per position and the CPU time of a first touch:
//
//   (a) zstd, fixed E entries: blocks of E entries, zstd with the table's dictionary (formats 2
//       and 3 with E = 1024)
//   (b) zstd, fixed S B: blocks cut at a fixed compressed size, as many entries as fit in S
//       bytes compressed (at most C, a multiple of 8 but for a table's last block), zstd with
//       the same dictionary, a probe finding its block by binary search in an index of the first
//       entry of every block. "tight cut": the most entries that fit, by bisection (about ten
//       compressions a block); "quick cut": guessed from the compression ratio so far, one to
//       three compressions a block, a block may end below S (what a writer could afford)
//   (c) tokens, S B: token_block_coder.h (left, up, move-to-front rank, literal; canonical
//       Huffman per table), blocks of at most S bytes, exactly as many entries as fit
//
//   block_layout_study --tables DIR --pieces N [--every K] [--entries 512,1024,2048]
//                      [--sizes 512,768,1024,1536] [--caps 4096] [--cut tight|quick|both]
//                      [--token-sizes 512,1024|none] [--touches 20000] [--level 9]
//
// Bytes a position count the header, the dictionary (or model), the blocks and the index: 12
// bytes a block for (a) (u64 offset, u32 checksum, as the files), 16 for (b) and (c) (the first
// entry too), or, for blocks padded to S so that offsets are implicit, 8 (first entry,
// checksum). Positions are those the tables answer, their derived twins' included.
//
// A first touch is what a probe of an entry whose block is not decoded yet does beyond finding
// the file: find the block, copy its compressed bytes (the reader's pread, here from memory),
// hash them (the reader's first-read checksum), decode. "whole" decodes the whole block (zstd:
// with the reader's BlockDecoder); "stop" decodes only up to the wanted entry (zstd: its
// streaming decoder into a buffer that ends at the entry); "whole, streaming" decodes the whole
// block with that streaming decoder. The touches are random entries (tables weighted by entries),
// the same for every design (each mode its own), timed in turns of 500 touches per design so that
// the machine's load falls on all alike; CPU time of the thread per touch, medians and means. The
// compressed blocks of all designs are in memory, far more than the processor's caches hold, so a
// touch finds its block cold (as a warm page cache would give it), and the decoders' tables warm.
// Exit status 1 when a touch of any design returned another value than the table's.
#define ZSTD_STATIC_LINKING_ONLY  // magicless frames, ZSTD_DCtx_refDDict
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "block_codec.h"
#include "entry_order.h"
#include "index.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"
#include "token_block_coder.h"

using namespace ewn;

namespace {

double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

std::vector<int> parse_numbers(const std::string& s) {
  std::vector<int> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// One stored table: its values in file order and what the file pays besides its blocks.
struct Table {
  std::string name;
  std::vector<uint16_t> values;
  std::vector<uint8_t> dictionary;  // the file's (empty when it stores none)
  uint64_t positions = 0;           // canonical positions it answers, its derived twin's too
  uint64_t file_bytes = 0;
  uint32_t period = 1;  // the radix of the fastest-varying digit in file order ("one row back")
};

Table load_table(const std::filesystem::path& path) {
  TableFile file(path);
  Table t;
  t.name = file.material().name();
  t.values.resize(file.entry_count());
  uint64_t at = 0;
  for (uint64_t b = 0; b < file.block_count(); ++b) {
    file.read_block(b, t.values.data() + at);
    at += file.block_size(b);
  }
  t.dictionary.resize(file.header().dictionary_bytes);
  std::ifstream in(path, std::ios::binary);
  in.seekg(kHeaderBytes);
  in.read(reinterpret_cast<char*>(t.dictionary.data()), std::streamsize(t.dictionary.size()));
  t.positions = PositionIndex(file.material()).canonical_count();
  if (file.header().derives_twin)
    t.positions += PositionIndex(file.material().flipped()).canonical_count();
  t.file_bytes = file.file_bytes();
  t.period = index_radices(PositionIndex(file.material()))[file.order().order().back()];
  return t;
}

// A table laid out: its compressed blocks and the first entry of each (then the entry count).
struct Layout {
  std::vector<std::vector<uint8_t>> blocks;
  std::vector<uint64_t> first;
};

// Blocks of a fixed number of entries, as the writer cuts them.
Layout fixed_entries(const Table& t, const BlockEncoder& enc, uint32_t entries) {
  Layout l;
  for (uint64_t at = 0; at < t.values.size(); at += entries) {
    size_t n = std::min<uint64_t>(entries, t.values.size() - at);
    l.first.push_back(at);
    l.blocks.push_back(enc.encode(std::span(t.values.data() + at, n)));
  }
  l.first.push_back(t.values.size());
  return l;
}

// The most entries from `at` on, at most `cap` and a multiple of 8 unless the table ends first,
// whose compressed size is at most `limit`; searched from the guess `hint` outwards, then by
// bisection. Sets `out` to their compressed bytes. At least 8 entries whatever they cost (a
// real writer would have to refuse a limit that small).
size_t fit_block(const Table& t, const BlockEncoder& enc, uint64_t at, size_t limit, size_t cap,
                 size_t hint, std::vector<uint8_t>& out) {
  const size_t left = t.values.size() - at;
  auto size_of = [&](size_t n, std::vector<uint8_t>* keep) {
    std::vector<uint8_t> c = enc.encode(std::span(t.values.data() + at, n));
    size_t bytes = c.size();
    if (keep) *keep = std::move(c);
    return bytes;
  };
  auto round = [&](size_t n) { return n >= left ? left : std::max<size_t>(8, n / 8 * 8); };
  auto fits = [&](size_t n) { return size_of(n, nullptr) <= limit; };
  const size_t top = std::min(cap, left);
  size_t lo = 0, hi = top + 1;  // lo fits (0: none known), hi does not (top + 1: none known)
  if (size_t n = round(std::min(hint, top)); fits(n)) {
    for (lo = n; lo < top;) {  // grow
      size_t m = round(std::min(top, lo * 2));
      if (m <= lo) break;
      (fits(m) ? lo : hi) = m;
      if (hi == m) break;
    }
  } else {
    for (hi = n; hi > 8;) {  // shrink
      size_t m = round(hi / 2);
      if (m >= hi) break;
      (fits(m) ? lo : hi) = m;
      if (lo == m) break;
    }
  }
  while (hi <= top && hi - lo > 8) {  // bisect to a multiple of 8
    size_t mid = round((lo + hi) / 2);
    if (mid <= lo || mid >= hi) break;
    (fits(mid) ? lo : hi) = mid;
  }
  if (lo == 0) lo = std::min<size_t>(8, left);
  size_of(lo, &out);
  return lo;
}

// The cut a writer can afford: the entries that fit are guessed from the compression ratio of
// the block before and of each try (at most a few compressions a block), and a block may end
// below the limit. Each block is at most `limit` bytes, as with fit_block.
size_t quick_fit(const Table& t, const BlockEncoder& enc, uint64_t at, size_t limit, size_t cap,
                 double entries_per_byte, std::vector<uint8_t>& out) {
  const size_t left = t.values.size() - at, top = std::min(cap, left);
  auto round = [&](double n) {
    return n >= double(left) ? left : std::max<size_t>(8, size_t(n) / 8 * 8);
  };
  size_t n = std::min(top, round(entries_per_byte * double(limit) * 0.97));
  size_t kept = 0;
  for (int tries = 0; tries < 3; ++tries) {
    std::vector<uint8_t> c = enc.encode(std::span(t.values.data() + at, n));
    double ratio = double(n) / double(c.size());
    if (c.size() <= limit) {
      kept = n;
      out = std::move(c);
      // Grow once when the guess left more than 1/16 of the block empty.
      size_t grown = std::min(top, round(ratio * double(limit) * 0.97));
      if (tries > 0 || grown <= n || out.size() >= limit - limit / 16) break;
      n = grown;
    } else {
      if (kept) break;  // the grown guess did not fit: keep the one that did
      n = std::min(n - std::min<size_t>(n, 8), round(ratio * double(limit) * 0.94));
      if (n < 8) n = std::min<size_t>(8, left);
    }
  }
  for (; !kept; n = std::max<size_t>(std::min<size_t>(8, left), round(double(n) / 2))) {
    std::vector<uint8_t> c = enc.encode(std::span(t.values.data() + at, n));
    if (c.size() <= limit || n <= 8) {
      kept = n;
      out = std::move(c);
    }
  }
  return kept;
}

Layout fixed_size(const Table& t, const BlockEncoder& enc, size_t limit, size_t cap, bool quick) {
  Layout l;
  size_t hint = 1024;
  double entries_per_byte = 1;
  for (uint64_t at = 0; at < t.values.size();) {
    std::vector<uint8_t> bytes;
    size_t n = quick ? quick_fit(t, enc, at, limit, cap, entries_per_byte, bytes)
                     : fit_block(t, enc, at, limit, cap, hint, bytes);
    l.first.push_back(at);
    at += n;
    hint = n;
    entries_per_byte = double(n) / double(std::max<size_t>(bytes.size(), 1));
    l.blocks.push_back(std::move(bytes));
  }
  l.first.push_back(t.values.size());
  return l;
}

// Streaming decoder that stops once `count` values are out.
struct StopDecoder {
  ZSTD_DCtx* d = ZSTD_createDCtx();
  ZSTD_DDict* ddict = nullptr;
  explicit StopDecoder(const std::vector<uint8_t>& dictionary) {
    ZSTD_DCtx_setParameter(d, ZSTD_d_format, ZSTD_f_zstd1_magicless);
    if (!dictionary.empty())
      ddict = ZSTD_createDDict_byReference(dictionary.data(), dictionary.size());
  }
  ~StopDecoder() {
    ZSTD_freeDDict(ddict);
    ZSTD_freeDCtx(d);
  }
  bool decode(std::span<const uint8_t> data, uint16_t* out, size_t count) {
    ZSTD_DCtx_reset(d, ZSTD_reset_session_only);
    if (ddict) ZSTD_DCtx_refDDict(d, ddict);
    ZSTD_inBuffer in{data.data(), data.size(), 0};
    ZSTD_outBuffer o{out, count * 2, 0};
    while (o.pos < o.size) {
      size_t r = ZSTD_decompressStream(d, &o, &in);
      if (ZSTD_isError(r)) return false;
      if (r == 0 && o.pos < o.size) return false;
    }
    return true;
  }
};

struct Touch {
  size_t table;
  uint64_t entry;
};

std::vector<Touch> random_touches(const std::vector<Table>& tables, size_t count, uint64_t seed) {
  std::vector<double> weights;
  for (const Table& t : tables) weights.push_back(double(t.values.size()));
  std::mt19937_64 rng(seed);
  std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
  std::vector<Touch> out;
  for (size_t i = 0; i < count; ++i) {
    size_t k = pick(rng);
    out.push_back(
        {k, std::uniform_int_distribution<uint64_t>(0, tables[k].values.size() - 1)(rng)});
  }
  return out;
}

struct Sizes {
  uint64_t blocks = 0, compressed = 0, padded = 0, overhead = 0, positions = 0, entries = 0;
  double compress_ms = 0;
};

// One layout of all the tables: its sizes, and a first touch of an entry (decoding the whole
// block, or stopping at the entry), which returns the entry's value and the entries decoded.
struct Design {
  std::string name;
  Sizes sizes;
  bool has_padded_row = false;
  size_t index_bytes = 12, padded_index_bytes = 8;
  std::function<uint16_t(const Touch&, int mode, size_t& decoded)> touch;
  // Modes: 0 the whole block (zstd: the reader's BlockDecoder), 1 stopping at the entry, 2 the
  // whole block with the streaming decoder of mode 1 (token designs: as mode 0).
  std::array<std::vector<double>, 3> ns;
  std::array<double, 3> decoded{};
  bool ok = true;
};

// Bytes of the tables laid out by `layouts` (blocks of at most `limit` bytes, 0: no limit).
Sizes count_bytes(const std::vector<Table>& tables, const std::vector<Layout>& layouts,
                  size_t limit, size_t model_bytes) {
  Sizes s;
  for (size_t k = 0; k < tables.size(); ++k) {
    s.overhead += kHeaderBytes + tables[k].dictionary.size() + model_bytes;
    s.positions += tables[k].positions;
    s.entries += tables[k].values.size();
    s.blocks += layouts[k].blocks.size();
    for (const auto& b : layouts[k].blocks) {
      s.compressed += b.size();
      s.padded += std::max(limit, b.size());
    }
  }
  return s;
}

// A zstd design: the tables laid out by `make`, decoded with their dictionaries.
template <class Make>
Design zstd_design(const std::string& name, const std::vector<Table>& tables, size_t limit,
                   bool padded_row, Make make) {
  auto layouts = std::make_shared<std::vector<Layout>>();
  auto whole = std::make_shared<std::vector<std::shared_ptr<const BlockDecoder>>>();
  auto stop = std::make_shared<std::vector<std::unique_ptr<StopDecoder>>>();
  double t0 = thread_ns();
  for (const Table& t : tables) layouts->push_back(make(t));
  Design d;
  d.name = name;
  d.sizes = count_bytes(tables, *layouts, limit, 0);
  d.sizes.compress_ms = (thread_ns() - t0) / 1e6;
  for (const Table& t : tables) {
    whole->push_back(BlockDecoder::shared(t.dictionary));
    stop->push_back(std::make_unique<StopDecoder>(t.dictionary));
  }
  d.index_bytes = limit == 0 ? 12 : 16;
  d.has_padded_row = padded_row;
  d.touch = [layouts, whole, stop](const Touch& touch, int mode, size_t& decoded) {
    thread_local std::vector<uint8_t> buffer;
    thread_local std::vector<uint16_t> out(1 << 17);
    const Layout& l = (*layouts)[touch.table];
    size_t b =
        size_t(std::upper_bound(l.first.begin(), l.first.end(), touch.entry) - l.first.begin() - 1);
    buffer.assign(l.blocks[b].begin(), l.blocks[b].end());
    if (XXH3_64bits(buffer.data(), buffer.size()) == 42) out[0] = 0;  // the first-read checksum
    size_t in_block = size_t(l.first[b + 1] - l.first[b]), want = size_t(touch.entry - l.first[b]);
    decoded = mode == 1 ? want + 1 : in_block;
    bool good = mode != 0 ? (*stop)[touch.table]->decode(buffer, out.data(), decoded)
                          : !(*whole)[touch.table]->decode(buffer, out.data(), decoded);
    return good ? out[want] : uint16_t(~out[want]);
  };
  return d;
}

// Design (c): the token coder of token_block_coder.h, a model per table, blocks of at most
// `limit` bytes.
Design token_design(const std::vector<Table>& tables, size_t limit, size_t cap) {
  auto models = std::make_shared<std::vector<study::TokenModel>>();
  auto layouts = std::make_shared<std::vector<Layout>>();
  double t0 = thread_ns();
  for (const Table& t : tables) {
    models->push_back(study::build_token_model(t.values, t.period));
    study::TokenBlocks b =
        study::encode_token_blocks(t.values, t.period, models->back(), limit, cap);
    layouts->push_back(Layout{std::move(b.blocks), std::move(b.first)});
  }
  Design d;
  d.name = "tokens, Huffman per table, " + std::to_string(limit) + " B, at most " +
           std::to_string(cap) + " entries";
  d.sizes = count_bytes(tables, *layouts, limit, study::TokenModel::bytes());
  d.sizes.compress_ms = (thread_ns() - t0) / 1e6;
  d.index_bytes = 16;
  d.has_padded_row = true;
  std::vector<uint32_t> periods;
  for (const Table& t : tables) periods.push_back(t.period);
  d.touch = [models, layouts, periods](const Touch& touch, int mode, size_t& decoded) {
    thread_local std::vector<uint8_t> buffer;
    thread_local std::vector<uint16_t> out(1 << 17);
    const Layout& l = (*layouts)[touch.table];
    size_t b =
        size_t(std::upper_bound(l.first.begin(), l.first.end(), touch.entry) - l.first.begin() - 1);
    buffer.assign(l.blocks[b].begin(), l.blocks[b].end());
    buffer.resize(l.blocks[b].size() + 8);  // the decoder reads up to 8 bytes ahead
    if (XXH3_64bits(buffer.data(), l.blocks[b].size()) == 42) out[0] = 0;
    size_t in_block = size_t(l.first[b + 1] - l.first[b]), want = size_t(touch.entry - l.first[b]);
    size_t last = mode == 1 ? want : in_block - 1;
    decoded = last + 1;
    study::decode_token_block(buffer.data(), last, periods[touch.table], (*models)[touch.table],
                              out.data());
    return out[want];
  };
  return d;
}

// First touches of all designs, in turns of `turn` touches each, so that the machine's load falls
// on all of them alike. Each mode has touches of its own (touches[mode]): a mode that followed
// another over the same entries would find their blocks in the processor's caches.
void time_designs(std::vector<Design>& designs, const std::vector<Table>& tables,
                  const std::array<std::vector<Touch>, 3>& touches, size_t turn) {
  const size_t count = touches[0].size();
  for (size_t start = 0; start < count; start += turn)
    for (Design& d : designs)
      for (int mode = 0; mode < 3; ++mode)
        for (size_t i = start; i < std::min(count, start + turn); ++i) {
          const Touch& touch = touches[size_t(mode)][i];
          size_t decoded = 0;
          double t0 = thread_ns();
          uint16_t v = d.touch(touch, mode, decoded);
          d.ns[size_t(mode)].push_back(thread_ns() - t0);
          d.decoded[size_t(mode)] += double(decoded);
          if (v != tables[touch.table].values[touch.entry]) d.ok = false;
        }
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / double(v.size());
}

void print_row(const Design& d, bool padded) {
  const Sizes& s = d.sizes;
  uint64_t bytes = (padded ? s.padded : s.compressed) + s.overhead +
                   (padded ? d.padded_index_bytes : d.index_bytes) * s.blocks;
  std::string name = d.name +
                     (padded ? ", padded, index " + std::to_string(d.padded_index_bytes)
                             : ", index " + std::to_string(d.index_bytes)) +
                     " B/block";
  double n = double(d.ns[0].size());
  std::printf(
      "| %s | %.4f | %.0f | %.0f | %.2f (%.2f) | %.0f | %.2f (%.2f) | %.0f | %.2f (%.2f) "
      "| %.0f |%s\n",
      name.c_str(), double(bytes) / double(s.positions), double(s.entries) / double(s.blocks),
      double(s.compressed) / double(s.blocks), median(d.ns[0]) / 1000, mean(d.ns[0]) / 1000,
      d.decoded[0] / n, median(d.ns[1]) / 1000, mean(d.ns[1]) / 1000, d.decoded[1] / n,
      median(d.ns[2]) / 1000, mean(d.ns[2]) / 1000, s.compress_ms * 1000 / double(s.blocks),
      d.ok ? "" : " VALUES DIFFER");
}

struct Options {
  std::filesystem::path tables;
  int pieces = 5, every = 1, level = kDefaultZstdLevel;
  size_t touches = 20000;
  std::vector<int> entries{1024}, sizes{512, 768, 1024, 1536}, caps{4096};
  std::vector<bool> cuts{false, true};  // tight (bisection), quick (a writer's)
  std::vector<int> token_sizes{512, 1024, 2048};
};

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i], value = argv[i + 1];
    if (key == "--tables")
      o.tables = value;
    else if (key == "--pieces")
      o.pieces = std::stoi(value);
    else if (key == "--every")
      o.every = std::stoi(value);
    else if (key == "--level")
      o.level = std::stoi(value);
    else if (key == "--touches")
      o.touches = size_t(std::stoul(value));
    else if (key == "--entries")
      o.entries = parse_numbers(value);
    else if (key == "--sizes")
      o.sizes = parse_numbers(value);
    else if (key == "--caps")
      o.caps = parse_numbers(value);
    else if (key == "--token-sizes")
      o.token_sizes = value == "none" ? std::vector<int>{} : parse_numbers(value);
    else if (key == "--cut")
      o.cuts = value == "tight"   ? std::vector<bool>{false}
               : value == "quick" ? std::vector<bool>{true}
                                  : std::vector<bool>{false, true};
    else
      throw std::runtime_error("unknown option " + key);
  }
  if (o.tables.empty()) throw std::runtime_error("--tables DIR is required");
  return o;
}

std::vector<Table> load_tables(const Options& o) {
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::directory_iterator(o.tables))
    if (e.path().extension() == kTableExtension) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<Table> out;
  int seen = 0;
  for (const auto& p : paths) {
    TableFile f(p);
    if (f.material().piece_count() != o.pieces) continue;
    if (seen++ % o.every == 0) out.push_back(load_table(p));
  }
  return out;
}

// Lays every table out with `make`, then measures it.
std::vector<Design> make_designs(const Options& o, const std::vector<Table>& tables,
                                 const BlockEncoder& enc) {
  std::vector<Design> designs;
  for (int e : o.entries)
    designs.push_back(
        zstd_design("zstd, fixed " + std::to_string(e) + " entries", tables, 0, false,
                    [&](const Table& t) { return fixed_entries(t, enc, uint32_t(e)); }));
  for (int size : o.sizes)
    for (int cap : o.caps)
      for (bool quick : o.cuts)
        designs.push_back(zstd_design(
            "zstd, fixed " + std::to_string(size) + " B, at most " + std::to_string(cap) +
                " entries, " + (quick ? "quick cut" : "tight cut"),
            tables, size_t(size), !quick,
            [&](const Table& t) { return fixed_size(t, enc, size_t(size), size_t(cap), quick); }));
  for (int size : o.token_sizes)
    for (int cap : o.caps) designs.push_back(token_design(tables, size_t(size), size_t(cap)));
  return designs;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options o = parse_options(argc, argv);
    std::vector<Table> tables = load_tables(o);
    if (tables.empty()) throw std::runtime_error("no table of that piece count");
    uint64_t entries = 0, positions = 0, file_bytes = 0;
    for (const Table& t : tables) {
      entries += t.values.size();
      positions += t.positions;
      file_bytes += t.file_bytes;
    }
    std::printf(
        "%zu tables of %d pieces, %llu entries, %llu positions, files %.4f bytes a "
        "position\n\n",
        tables.size(), o.pieces, (unsigned long long)entries, (unsigned long long)positions,
        double(file_bytes) / double(positions));
    BlockEncoder enc(tables[0].dictionary, o.level);
    std::vector<Design> designs = make_designs(o, tables, enc);
    time_designs(designs, tables,
                 {random_touches(tables, o.touches, 1), random_touches(tables, o.touches, 2),
                  random_touches(tables, o.touches, 3)},
                 500);
    std::printf(
        "| design | bytes / position | entries / block | compressed bytes / block | "
        "first touch, whole block: median (mean) µs | entries decoded | first touch, "
        "stopping at the entry: median (mean) µs | entries decoded | first touch, whole block, "
        "streaming decoder: median (mean) µs | compress µs / block |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    bool all_ok = true;
    for (const Design& d : designs) {
      print_row(d, false);
      if (d.has_padded_row) print_row(d, true);
      all_ok = all_ok && d.ok;
    }
    return all_ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "block_layout_study: %s\n", e.what());
    return 2;
  }
}
