// The C API's analysis of a game: ewn_analyse_json over analysis/, the document `ewn analyse
// --json` prints.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "analysis_answer.h"
#include "c_errors.h"
#include "c_tablebase.h"
#include "game_analysis.h"
#include "game_record.h"
#include "printable.h"
#include "tablebase_values.h"

namespace ewn::api {

namespace {

constexpr int kMaxThreads = 256;  // as `ewn analyse --threads`
static_assert(EWN_MOVETIME_MS_DEFAULT == kDefaultMovetimeMs);
static_assert(EWN_ANALYSIS_NODES_DEFAULT == kDefaultAnalysisNodes &&
              EWN_ANALYSIS_NODES_MIN == kMinAnalysisNodes &&
              EWN_ANALYSIS_NODES_MAX == kMaxAnalysisNodes);

// What a document was made from: a call with the same gets the same document.
struct AnalysisRequest {
  const ewn_tablebase* tb = nullptr;
  std::string text;
  int game = 0;  // which game of the text (0: its last)
  uint64_t nodes = 0;
  bool operator==(const AnalysisRequest&) const = default;
};

// The last document of this thread that did not fit the caller's buffer: the caller asks again
// with a larger one, and an analysis takes seconds.
struct KeptDocument {
  AnalysisRequest request;
  std::string document;
};
thread_local std::optional<KeptDocument> kept;

int check_request(const AnalysisRequest& r, int threads) {
  if (r.game < 0)
    return fail(EWN_E_ARGUMENT,
                "game " + std::to_string(r.game) + ": give 1 or more (0: the last)");
  if (r.nodes < kMinAnalysisNodes || r.nodes > kMaxAnalysisNodes)
    return fail(EWN_E_ARGUMENT, "nodes " + std::to_string(r.nodes) + ": give " +
                                    std::to_string(kMinAnalysisNodes) + " to " +
                                    std::to_string(kMaxAnalysisNodes) + " (0: the default)");
  if (threads < 0 || threads > kMaxThreads)
    return fail(EWN_E_ARGUMENT, "threads " + std::to_string(threads) + ": give 1 to " +
                                    std::to_string(kMaxThreads) + " (0: one per core)");
  return EWN_OK;
}

// The engine of `ewn analyse --tables DIR` over the handle's tables (which outlive the call),
// or of `--tables none`.
AnalysisEngine engine_of(const ewn_tablebase* tb) {
  if (!tb) return AnalysisEngine{};
  std::shared_ptr<const Tablebase> borrowed(std::shared_ptr<void>(), &tb->tb);
  std::string note;
  return analysis_engine(std::make_shared<TablebaseValues>(std::move(borrowed)),
                         tb->tb.directory().string(), note);
}

// The document, or a code with its message.
int analyse(const AnalysisRequest& r, int threads, std::string& document) {
  GameRecord game;
  try {
    game = read_game(r.text, r.game ? std::optional<int>(r.game) : std::nullopt);
  } catch (const GameTextError& e) {
    return fail(EWN_E_GAME, printable(e.what()));
  }
  AnalysisOptions options;
  options.nodes = r.nodes;
  options.threads = threads;  // 0: one per core
  document = json_text(analysis_answer(analyse_game(game, engine_of(r.tb), options)));
  return EWN_OK;
}

}  // namespace

}  // namespace ewn::api

using namespace ewn;
using namespace ewn::api;

extern "C" {

int ewn_analyse_json(const ewn_tablebase* tb, const char* text, int game, uint64_t nodes,
                     int threads, char* buf, size_t len, size_t* needed) {
  return guarded([&]() -> int {
    if (!text) return fail(EWN_E_ARGUMENT, "no game text (a null pointer)");
    AnalysisRequest request{tb, text, game, nodes ? nodes : kDefaultAnalysisNodes};
    if (int rc = check_request(request, threads)) return rc;
    std::optional<KeptDocument> earlier = std::exchange(kept, std::nullopt);
    std::string document;
    if (earlier && earlier->request == request)
      document = std::move(earlier->document);
    else if (int rc = analyse(request, threads, document))
      return rc;
    int rc = put_text(document, buf, len, needed);
    if (rc == EWN_E_BUFFER) kept = KeptDocument{std::move(request), std::move(document)};
    return rc;
  });
}

}  // extern "C"
