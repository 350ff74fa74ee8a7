#include "tables_hint.h"

#include "printable.h"

namespace ewn {

std::string gen_command(int pieces, const std::filesystem::path& dir,
                        const std::string& only_class) {
  std::string command = "ewn gen --pieces " + std::to_string(pieces);
  if (!only_class.empty()) command += " --class " + only_class;
  return command + " --tables " + printable(dir.string());
}

std::string make_tables_hint(int pieces, const std::filesystem::path& dir) {
  return "make the tables with: " + gen_command(pieces, dir);
}

}  // namespace ewn
