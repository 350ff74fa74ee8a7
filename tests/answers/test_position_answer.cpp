// The JSON document of a valued position (answers/position_answer.h): the keys `ewn probe
// --json`, /api/probe and /api/estimate share, in their order.
#include <catch2/catch.hpp>

#include "notation.h"
#include "position_answer.h"

using namespace ewn;

TEST_CASE("valued position: an undecided position with a die") {
  ParsedPosition parsed = parse_position("r1r23/5/5/5/3b11 r 2");
  ValuedPosition v{parsed.position, parsed.die, 0.75, {}};
  v.dice.push_back({2, {{parse_move("a5b5"), 0.5, false}, {parse_move("a5a4"), 0.25, false}}});
  CHECK(json_text(position_answer(v, ValueSource::Tables)) ==
        "{\"position\":\"r1r23/5/5/5/3b11 r 2\",\"side\":\"r\",\"value\":0.75,"
        "\"red_value\":0.75,\"die\":2,\"die_value\":0.5,\"pieces\":3,\"winner\":null,"
        "\"material\":\"12v1\",\"source\":\"tables\",\"dice\":[{\"die\":2,\"moves\":["
        "{\"move\":\"a5b5\",\"move_value\":0.5,\"wins\":false},"
        "{\"move\":\"a5a4\",\"move_value\":0.25,\"wins\":false}]}]}");
}

TEST_CASE("valued position: a decided position keeps its value whatever the die") {
  ParsedPosition parsed = parse_position("1b13/5/5/5/3r2r1 b 4");
  ValuedPosition v{parsed.position, parsed.die, 0.0, {}};
  CHECK(json_text(position_answer(v, ValueSource::Tables)) ==
        "{\"position\":\"1b13/5/5/5/3r2r1 b 4\",\"side\":\"b\",\"value\":0.0,\"red_value\":1.0,"
        "\"die\":4,\"die_value\":0.0,\"pieces\":3,\"winner\":\"r\",\"material\":null,"
        "\"source\":\"tables\",\"dice\":[]}");
}

TEST_CASE("valued position: no die, every key still there") {
  ParsedPosition parsed = parse_position("r1r23/5/5/5/3b11 r");
  ValuedPosition v{parsed.position, parsed.die, 0.5, {}};
  Json j = position_answer(v, ValueSource::Estimate);
  CHECK(j["die"].is_null());
  CHECK(j["die_value"].is_null());
  CHECK(j["winner"].is_null());
  CHECK(j["source"] == "estimate");
}
