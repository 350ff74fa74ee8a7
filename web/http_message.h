// A request and its answer as the routes see them, whatever carries them: the transport
// (web/http_server.h) fills a Request from the bytes a client sent and writes the Response
// back. The routes (web/server.cpp) read only these, so that what they answer is independent
// of the HTTP library.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <string>

#include "failure.h"

namespace ewn::web {

struct Request {
  std::string method;  // "GET" or "HEAD" (the transport refuses any other)
  std::string target;  // as sent: the path and the query
  std::string path;    // the path, percent-decoded
  std::string host;    // the Host header's value; "" without one (HTTP/1.0)
  // The query's parameters, percent-decoded ('+' is a space), in the order sent; only '&'
  // separates them.
  std::multimap<std::string, std::string> params;
  // Set by the transport when the client has gone (closed its connection): a route that works
  // for long (a search) stops, as nobody will read its answer. Never null.
  std::shared_ptr<const std::atomic<bool>> client_gone =
      std::make_shared<const std::atomic<bool>>(false);

  bool has_param(const std::string& name) const { return params.count(name) > 0; }
  // The parameter's first value, or "".
  std::string get_param_value(const std::string& name) const {
    auto it = params.find(name);
    return it == params.end() ? std::string() : it->second;
  }
};

struct Response {
  int status = kSuccessHttpStatus;
  std::string body;
  std::string content_type;

  void set_content(std::string text, std::string type) {
    body = std::move(text);
    content_type = std::move(type);
  }
};

}  // namespace ewn::web
