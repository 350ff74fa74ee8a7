// Whom the server lets in (web/connection_table.h) and how it shares its descriptors
// (web/descriptor_budget.h): no sockets, the bookkeeping alone.
#include <catch2/catch.hpp>

#include <string>

#include "connection_table.h"
#include "descriptor_budget.h"

using namespace ewn::web;

TEST_CASE("one address holds at most its cap; beyond, a refusal that names it", "[web]") {
  ConnectionTable table(100, 3);
  for (uint64_t id = 1; id <= 3; ++id) CHECK(table.admit(id, "127.0.0.2").admitted);
  ConnectionTable::Admission over = table.admit(4, "127.0.0.2");
  CHECK_FALSE(over.admitted);
  CHECK(over.refusal == "too many connections from 127.0.0.2 (3 open)");
  CHECK(table.admit(5, "127.0.0.3").admitted);
  table.leave(2);
  table.leave(2);  // an id already gone is ignored
  CHECK(table.from("127.0.0.2") == 2);
  CHECK(table.admit(6, "127.0.0.2").admitted);
  CHECK(table.open() == 4);
}

TEST_CASE(
    "when all are taken, a newcomer takes the place of the heaviest address's longest "
    "waiting connection",
    "[web]") {
  ConnectionTable table(6, 4);
  // 127.0.0.2 holds 4 (ids 1-4), 127.0.0.3 holds 2 (ids 5-6): all six taken.
  for (uint64_t id = 1; id <= 4; ++id) CHECK(table.admit(id, "127.0.0.2").admitted);
  for (uint64_t id = 5; id <= 6; ++id) CHECK(table.admit(id, "127.0.0.3").admitted);
  // None waits on its client yet (all being answered): nothing to close, the newcomer refused.
  ConnectionTable::Admission refused = table.admit(7, "127.0.0.9");
  CHECK_FALSE(refused.admitted);
  CHECK(refused.refusal == "too many connections (6 open)");
  table.set_waiting(3, true);
  table.set_waiting(2, true);
  table.set_waiting(5, true);
  // The heaviest address's connection that has waited longest: 3 (before 2).
  ConnectionTable::Admission in = table.admit(8, "127.0.0.9");
  CHECK(in.admitted);
  REQUIRE(in.evicted);
  CHECK(*in.evicted == 3);
  CHECK(table.from("127.0.0.2") == 3);
  CHECK(table.open() == 6);
  CHECK(*table.admit(9, "127.0.0.10").evicted == 2);
  // 127.0.0.2 and 127.0.0.3 now hold 2 each: a third address with one holds too many to take
  // the place of either (no address is made lighter than the newcomer's).
  CHECK(table.from("127.0.0.2") == 2);
  CHECK_FALSE(table.admit(10, "127.0.0.9").admitted);
  // A connection no longer waiting is not closed to make room.
  table.set_waiting(5, false);
  CHECK_FALSE(table.admit(11, "127.0.0.11").admitted);
}

TEST_CASE("the descriptors: the tables' share kept whatever the limit", "[web]") {
  // A common default limit with the <= 5-piece set (318 tables).
  DescriptorBudget b = plan_descriptors(1024, 318);
  CHECK(b.tables + b.process + b.connections + b.refusals <= 1024);
  CHECK(b.connections >= 512);
  CHECK(b.per_address * 8 <= b.connections);
  CHECK_FALSE(b.short_of_room);
  // A large limit: the connections wanted, 256 from one address.
  DescriptorBudget large = plan_descriptors(1 << 20, 586);
  CHECK(large.connections == kWantedConnections);
  CHECK(large.per_address == 256);
  CHECK(large.refusals == 256);
  // Too small a limit: the least that serves at all, and said.
  DescriptorBudget small = plan_descriptors(256, 318);
  CHECK(small.short_of_room);
  CHECK(small.connections == 16);
  CHECK(describe(small).find("raise the limit") != std::string::npos);
  CHECK(describe(b).find("318 for the tables") != std::string::npos);
}
