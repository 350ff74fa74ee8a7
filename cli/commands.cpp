#include "commands.h"

#include "error_kind.h"
#include "printable.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {
int g_exit_code = 0;
}

int exit_code() {
  return g_exit_code;
}
void set_exit_code(int code) {
  g_exit_code = code;
}

CLI::Option* add_tables_option(CLI::App* cmd, std::string& dir, const std::string& what) {
  return cmd->add_option("--tables", dir, what + " ($EWN_TABLES or data)")
      ->default_val(default_tables_dir())
      ->type_name("DIR");
}

void add_engine_options(CLI::App* cmd, std::string& engine, std::string& tables) {
  cmd->add_option("--engine", engine, "Engine spec (as for ewn match), default expectimax");
  cmd->add_option("--tables", tables,
                  "Table directory or none (default: $EWN_TABLES or data, if present)");
}

Duration duration_option(const char* name, const std::string& text, bool zero_ok,
                         std::optional<Duration> max) {
  std::optional<Duration> d = parse_duration(text);
  if (!d && zero_ok && text == "0") d = Duration::zero();
  if (d && (d->count() > 0 || (zero_ok && d->count() == 0)) && (!max || *d <= *max)) return *d;
  throw UsageError(std::string(name) + " '" + printable(text) + "' is not a duration" +
                   (max ? " of at most " + format_duration(*max) : "") +
                   " (write e.g. 500ms, 30s, 4min; a bare number is milliseconds)");
}

void register_commands(CLI::App& app) {
  register_show(app);
  register_gen(app);
  register_probe(app);
  register_info(app);
  register_match(app);
  register_train_eval(app);
  register_move_quality(app);
  register_play(app);
  register_connect(app);
  register_tcg(app);
  register_verify(app);
  register_convert(app);
  register_serve(app);
  register_analyse(app);
  register_setup(app);
}

}  // namespace ewn::cli
