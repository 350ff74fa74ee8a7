// The progress lines of long commands: the durations and ETAs people read on them.
#include <catch2/catch.hpp>

#include "progress_line.h"

using namespace ewn;

TEST_CASE("human_duration: seconds, then minutes and seconds, then hours", "[progress]") {
  CHECK(human_duration(0) == "0s");
  CHECK(human_duration(42.4) == "42s");
  CHECK(human_duration(89.4) == "89s");
  CHECK(human_duration(90) == "1m30s");
  CHECK(human_duration(187.9) == "3m07s");
  CHECK(human_duration(5399) == "89m59s");
  CHECK(human_duration(5400) == "1.5h");
  CHECK(human_duration(36000) == "10.0h");
}

TEST_CASE("eta_text: the time left at the rate so far", "[progress]") {
  CHECK(eta_text(0, 100, 10) == "ETA ?");  // nothing done yet: no rate
  CHECK(eta_text(5, 100, 0) == "ETA ?");
  CHECK(eta_text(25, 100, 10) == "ETA 30s");
  CHECK(eta_text(10, 100, 20) == "ETA 3m00s");
  CHECK(eta_text(100, 100, 20) == "ETA 0s");
  CHECK(eta_text(120, 100, 20) == "ETA 0s");  // overshoot (best of 7 counts) never goes negative
}
