// `ewn serve`'s routes: the JSON API (docs/WEB.md) and the page's files. Each answers from the
// answers/ layer, as the CLI's --json does (the probe is `ewn probe --json`'s document, byte for
// byte), and a failure's status comes from the one map (answers/failure.h). The checks around
// them are guards.h's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "http_message.h"
#include "site.h"

namespace ewn::web {

// The JSON API's paths, in the order docs/WEB.md and `ewn serve --help` list them.
const std::vector<std::string_view>& api_paths();

// The answer of the route of the request's path (throws RequestError for a bad request).
void route(const Site& site, const Request& req, Response& res);

}  // namespace ewn::web
