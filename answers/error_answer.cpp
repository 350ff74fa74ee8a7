#include "error_answer.h"

#include "printable.h"

namespace ewn {

Json error_answer(Failure failure, const std::string& message) {
  return Json{{"error", printable(message)}, {"error_kind", ways_of(failure).name}};
}

Json error_answer(Failure failure, const std::string& message, std::string_view position) {
  Json j = Json::object();
  j["position"] = printable(position);
  j["error"] = printable(message);
  j["error_kind"] = ways_of(failure).name;
  return j;
}

Answer failed_answer(Failure failure, const std::string& message) {
  return Answer{failure, error_answer(failure, message)};
}

}  // namespace ewn
