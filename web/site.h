// What `ewn serve`'s answers read, made once at start from the server's options (server.h): the
// tables, the engine's searches, the setup advisor, the inventory of /api/info and the name
// answers give the table directory. Every request only reads it (the engine's admission count
// aside), so that any number of workers share one.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>

#include "directory_name.h"
#include "engine_pool.h"
#include "json_text.h"
#include "server.h"
#include "setup_advice.h"
#include "tablebase.h"

namespace ewn::web {

struct Site {
  ServerOptions options;
  std::shared_ptr<const Tablebase> tables;
  std::unique_ptr<EnginePool> engine;
  std::string network_note;  // which evaluation network the engine uses
  // The setup advisor, its equilibrium solved at start (so that every answer only reads it);
  // none: why not, the message of /api/setup/*.
  std::shared_ptr<const SetupAdvisor> setups;
  std::string no_setups;
  Json info;  // /api/info
  DirectoryName directory;
  // Requests for the engine being answered (searching or waiting for a search), capped so that
  // they never hold more than half the workers: the rest stay free for probes and the page.
  mutable std::atomic<int> engine_requests = 0;
  int max_engine_requests() const { return std::max(options.searches, options.threads / 2); }

  explicit Site(const ServerOptions& o) : options(o), directory(o.tables) {}
};

// Opens the tables, makes the engine, reads the setup matrix and takes the inventory.
std::shared_ptr<const Site> open_site(const ServerOptions& options);

// The start-up line's words on the tables: what they cover (their complete_up_to, the figure of
// every surface), or that there are none and how to make them.
std::string tables_note(const Site& site);

}  // namespace ewn::web
