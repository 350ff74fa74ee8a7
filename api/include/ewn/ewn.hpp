// ewn.hpp: the C API of ewn.h for C++, with classes that own their handles and exceptions
// for errors. Header-only over the C functions, so that it does not depend on the compiler
// the library was built with. Same answers, same threads rules (ewn.h); docs/API.md.
//
// The classes are written ewn::Position, ewn::Tablebase, ... but live in the inline namespace
// ewn::cpp: the library's own C++ (in libewn.a) has classes of those names in namespace ewn,
// and inline members of the same mangled name would be one symbol with two definitions in a
// program that links the static library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ewn.h"

namespace ewn {
inline namespace cpp {

// A failed call: code() is the EWN_E_* code, what() the library's message.
class Error : public std::runtime_error {
 public:
  Error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

namespace detail {

inline void check(int code) {
  if (code != EWN_OK) throw Error(code, ewn_last_error());
}

}  // namespace detail

class Tablebase;

// The analysis of a played game: the document `ewn analyse --json` prints (ewn_analyse_json):
// the game's `text`, `tables` (nullptr: none, every value the engine's estimate), `game` (which
// game of a log; 0: the text's last), nodes (0: 300000) and threads (0: one per core).
inline std::string analyse_json(const std::string& text, const Tablebase* tables = nullptr,
                                int game = 0, uint64_t nodes = 0, int threads = 0);

struct MoveValue {
  std::string move;   // "a5b4"
  double move_value;  // the mover's win probability after the move
  bool wins;          // the move wins at once
};

// A position: parsed, checked, written back, moves made.
class Position {
 public:
  explicit Position(const std::string& text) {
    detail::check(ewn_position_parse(text.c_str(), &p_));
  }

  std::string str() const {
    char buf[EWN_POSITION_TEXT_MAX];
    detail::check(ewn_position_format(&p_, buf, sizeof buf));
    return buf;
  }
  // The legal moves for `die` (0: the position's die); none when the game is decided.
  std::vector<std::string> legal_moves(int die = 0) const {
    char moves[EWN_MAX_DIE_MOVES][EWN_MOVE_TEXT_MAX];
    int n = 0;
    detail::check(ewn_position_moves(&p_, die, moves, &n));
    return std::vector<std::string>(moves, moves + n);
  }
  // The position after `move` (legal for the position's die, or for some die without one).
  Position play(const std::string& move) const {
    Position next = *this;
    detail::check(ewn_position_play(&next.p_, move.c_str()));
    return next;
  }
  // EWN_RED or EWN_BLUE once the game is decided.
  std::optional<int> winner() const {
    int w = -1;
    detail::check(ewn_position_winner(&p_, &w));
    return w < 0 ? std::nullopt : std::optional<int>(w);
  }
  int side() const { return p_.side; }
  std::optional<int> die() const { return p_.die ? std::optional<int>(p_.die) : std::nullopt; }

 private:
  ewn_position p_{};
};

// A directory of tables; share one between threads.
class Tablebase {
 public:
  explicit Tablebase(const std::string& dir, size_t cache_bytes = 0) {
    open(dir.c_str(), cache_bytes);
  }
  // $EWN_TABLES, else data, as the ewn program without --tables.
  Tablebase() { open(nullptr, 0); }
  // Every position with up to this many pieces is covered.
  int complete_up_to() const { return ewn_tb_complete_up_to(tb_.get()); }

  // The value: the side to move's win probability before its roll.
  double value(const std::string& position) const {
    double v = 0;
    detail::check(ewn_tb_value(tb_.get(), position.c_str(), &v));
    return v;
  }
  // The moves for `die` (0: the position's die) with their values, best first.
  std::vector<MoveValue> moves(const std::string& position, int die = 0) const {
    ewn_move_value mv[EWN_MAX_DIE_MOVES];
    int n = 0;
    detail::check(ewn_tb_moves(tb_.get(), position.c_str(), die, mv, &n));
    std::vector<MoveValue> out;
    for (int i = 0; i < n; ++i) out.push_back({mv[i].move, mv[i].move_value, mv[i].wins != 0});
    return out;
  }
  // The best of those moves ("a5b4"); its value is moves()'s first.
  std::string best_move(const std::string& position, int die = 0) const {
    char move[EWN_MOVE_TEXT_MAX];
    detail::check(ewn_tb_best_move(tb_.get(), position.c_str(), die, move));
    return move;
  }
  // The probe: the document of `ewn probe --json` (a covered position; otherwise Error).
  std::string probe_json(const std::string& position) const {
    std::string buf(1024, '\0');
    size_t needed = 0;
    int code = ewn_tb_probe_json(tb_.get(), position.c_str(), buf.data(), buf.size(), &needed);
    if (code == EWN_E_BUFFER) {
      buf.resize(needed);
      code = ewn_tb_probe_json(tb_.get(), position.c_str(), buf.data(), buf.size(), &needed);
    }
    detail::check(code);
    buf.resize(needed - 1);
    return buf;
  }

 private:
  friend std::string analyse_json(const std::string&, const Tablebase*, int, uint64_t, int);
  struct Close {
    void operator()(ewn_tablebase* tb) const { ewn_tb_close(tb); }
  };
  void open(const char* dir, size_t cache_bytes) {
    int code = EWN_OK;
    char err[1024];
    tb_.reset(ewn_tb_open_ex(dir, cache_bytes, &code, err, sizeof err));
    if (!tb_) throw Error(code, err);
  }
  std::unique_ptr<ewn_tablebase, Close> tb_;
};

inline std::string analyse_json(const std::string& text, const Tablebase* tables, int game,
                                uint64_t nodes, int threads) {
  const ewn_tablebase* tb = tables ? tables->tb_.get() : nullptr;
  std::string buf(size_t(64) << 10, '\0');
  size_t needed = 0;
  auto analyse = [&] {
    return ewn_analyse_json(tb, text.c_str(), game, nodes, threads, buf.data(), buf.size(),
                            &needed);
  };
  int code = analyse();
  if (code == EWN_E_BUFFER) {  // the library kept the document: the second call only copies it
    buf.resize(needed);
    code = analyse();
  }
  detail::check(code);
  buf.resize(needed - 1);
  return buf;
}

// The engine: `movetime_ms` milliseconds a move, with the tables in `tables` ("" for none).
class Engine {
 public:
  explicit Engine(const std::string& tables = "", int movetime_ms = EWN_MOVETIME_MS_DEFAULT) {
    int code = EWN_OK;
    char err[1024];
    e_.reset(ewn_engine_open(tables.c_str(), movetime_ms, &code, err, sizeof err));
    if (!e_) throw Error(code, err);
  }
  // The engine's move ("a5b4") for `die` (0: the position's die).
  std::string best_move(const std::string& position, int die = 0) {
    char move[EWN_MOVE_TEXT_MAX];
    detail::check(ewn_engine_best_move(e_.get(), position.c_str(), die, move));
    return move;
  }
  // The same move with the search's value, exactness, depth and nodes.
  ewn_engine_choice search(const std::string& position, int die = 0) {
    ewn_engine_choice c;
    detail::check(ewn_engine_search(e_.get(), position.c_str(), die, &c));
    return c;
  }

 private:
  struct Close {
    void operator()(ewn_engine* e) const { ewn_engine_close(e); }
  };
  std::unique_ptr<ewn_engine, Close> e_;
};

// The setup advisor over the matrix file of `ewn setup make`: the documents `ewn setup
// reply|best|equilibrium --json` print.
class Setups {
 public:
  explicit Setups(const std::string& matrix) {
    int code = EWN_OK;
    char err[1024];
    s_.reset(ewn_setups_open(matrix.c_str(), &code, err, sizeof err));
    if (!s_) throw Error(code, err);
  }
  std::string reply_json(const std::string& arrangement, int count = 5) {
    return document([&](char* buf, size_t len, size_t* needed) {
      return ewn_setups_reply_json(s_.get(), arrangement.c_str(), count, buf, len, needed);
    });
  }
  std::string best_json(int count = 5) {
    return document([&](char* buf, size_t len, size_t* needed) {
      return ewn_setups_best_json(s_.get(), count, buf, len, needed);
    });
  }
  std::string equilibrium_json() {
    return document([&](char* buf, size_t len, size_t* needed) {
      return ewn_setups_equilibrium_json(s_.get(), buf, len, needed);
    });
  }

 private:
  template <class Ask>
  std::string document(Ask ask) {
    std::string buf(4096, '\0');
    size_t needed = 0;
    int code = ask(buf.data(), buf.size(), &needed);
    if (code == EWN_E_BUFFER) {
      buf.resize(needed);
      code = ask(buf.data(), buf.size(), &needed);
    }
    detail::check(code);
    buf.resize(needed - 1);
    return buf;
  }
  struct Close {
    void operator()(ewn_setups* s) const { ewn_setups_close(s); }
  };
  std::unique_ptr<ewn_setups, Close> s_;
};

}  // namespace cpp
}  // namespace ewn
