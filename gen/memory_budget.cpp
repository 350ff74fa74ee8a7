#include "memory_budget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace ewn {

std::optional<uint64_t> parse_memory_size(const std::string& text) {
  size_t i = 0;
  uint64_t number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (number > (UINT64_MAX - 9) / 10) return std::nullopt;
    number = number * 10 + uint64_t(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  int shift = 0;
  if (i < text.size()) {
    switch (std::toupper(static_cast<unsigned char>(text[i]))) {
      case 'K':
        shift = 10;
        break;
      case 'M':
        shift = 20;
        break;
      case 'G':
        shift = 30;
        break;
      case 'T':
        shift = 40;
        break;
      default:
        return std::nullopt;
    }
    ++i;
    // Accept "16G", "16GB" and "16GiB" alike.
    if (i < text.size() && (text[i] == 'i' || text[i] == 'I')) ++i;
    if (i < text.size() && (text[i] == 'b' || text[i] == 'B')) ++i;
  }
  if (i != text.size()) return std::nullopt;
  if (shift && number > (UINT64_MAX >> shift)) return std::nullopt;
  return number << shift;
}

std::string format_memory_size(uint64_t bytes) {
  char buf[32];
  double b = double(bytes);
  if (bytes >= (uint64_t(1) << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", b / double(1 << 30));
  else if (bytes >= (uint64_t(1) << 20))
    std::snprintf(buf, sizeof buf, "%.1f MiB", b / double(1 << 20));
  else
    std::snprintf(buf, sizeof buf, "%.0f KiB", b / 1024.0);
  return buf;
}

std::string memory_size_argument(uint64_t bytes) {
  uint64_t mib = (bytes + (uint64_t(1) << 20) - 1) >> 20;
  return std::to_string(mib) + "M";
}

uint64_t physical_memory_bytes() {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

uint64_t default_memory_budget() {
  uint64_t physical = physical_memory_bytes();
  return physical ? physical / 4 * 3 : uint64_t(4) << 30;
}

namespace {

// A "VmRSS:   1234 kB" line of /proc/self/status.
uint64_t status_kib(const char* field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  std::string prefix = std::string(field) + ":";
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) {
      std::istringstream s(line.substr(prefix.size()));
      uint64_t kib = 0;
      s >> kib;
      return kib * 1024;
    }
  return 0;
}

}  // namespace

uint64_t current_rss_bytes() {
  return status_kib("VmRSS");
}

uint64_t peak_rss_bytes() {
  return status_kib("VmHWM");
}

double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

}  // namespace ewn
