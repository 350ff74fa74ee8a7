// The published manifest of the <= 5 set and `ewn verify --manifest`: the tables gen makes match
// it, and a copy that differs in any file is named.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_run.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "manifest.h"
#include "material.h"
#include "table_format.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

const fs::path kManifest = fs::path(EWN_SOURCE_DIR) / "docs" / "tables-5.manifest";

}  // namespace

TEST_CASE("the published manifest lists one file for every colour pair with up to 5 pieces",
          "[manifest]") {
  std::vector<ManifestEntry> entries = read_manifest(kManifest);
  std::set<std::string> listed;
  for (const auto& e : entries) CHECK(listed.insert(e.file).second);
  // Format 3: a class that is its own twin has its file, of any other pair exactly one class.
  size_t expected = 0;
  for (int n = 2; n <= 5; ++n)
    for (MaterialClass mc : material_classes(n)) {
      INFO(mc.name());
      bool own = listed.count(table_file_name(mc)) > 0;
      bool twin = listed.count(table_file_name(mc.flipped())) > 0;
      if (mc.flipped() == mc) {
        CHECK(own);
        ++expected;
      } else {
        CHECK(own != twin);
        expected += own;
      }
    }
  CHECK(listed.size() == expected);
}

TEST_CASE("verify --manifest: the tables gen makes match, a differing copy is named",
          "[manifest][cli]") {
  std::string manifest = kManifest.string();
  std::string made = generated_set(4).string();
  ChildResult same = run_ewn({"verify", "--tables", made, "--pieces", "4", "--manifest", manifest});
  INFO(same.out << same.err);
  CHECK(same.exit_code == 0);
  CHECK_THAT(same.out, Catch::Contains("65 files compared"));  // 120 classes, format 3

  TempDir tmp("manifest");
  fs::path copy = tmp.path() / "copy";
  fs::create_directories(copy);
  for (const auto& e : fs::directory_iterator(made))
    if (e.path().extension() == ".ewt") fs::copy_file(e.path(), copy / e.path().filename());
  overwrite_bytes(copy / "12v1.ewt", -1, "\x7f");
  fs::remove(copy / "1v1.ewt");
  fs::resize_file(copy / "123v1.ewt", 1000);
  ChildResult differs = run_ewn(
      {"verify", "--tables", copy.string(), "--pieces", "4", "--manifest", manifest, "--json"});
  CHECK(differs.exit_code == 4);  // as a damaged table
  auto doc = nlohmann::json::parse(differs.out);
  CHECK(doc["ok"] == false);
  CHECK(doc["errors"].size() == 3);
  std::string errors = doc["errors"].dump();
  CHECK_THAT(errors, Catch::Contains("12v1.ewt: its XXH3-128 digest differs"));
  CHECK_THAT(errors, Catch::Contains("1v1.ewt: missing (the manifest lists it)"));
  CHECK_THAT(errors, Catch::Contains("123v1.ewt: 1000 bytes, the manifest says"));

  // A manifest that is not one: bad use.
  fs::path bad = tmp.path() / "bad.manifest";
  std::ofstream(bad) << "not a manifest line\n";
  ChildResult malformed = run_ewn({"verify", "--tables", made, "--manifest", bad.string()});
  CHECK(malformed.exit_code == 2);
  CHECK_THAT(malformed.err, Catch::Contains(bad.string() + ":1: expected"));
}
