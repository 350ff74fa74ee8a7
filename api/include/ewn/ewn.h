/* ewn.h: the tables and the engine of ewn from C (and from any language that calls C).
 *
 * Positions and moves are text in the notation of `ewn probe` (docs/SPEC.md section 3):
 *   "r1r23/5/2b3b41/5/5 r"  (ranks 5 to 1, the side to move, optionally the rolled die)
 *   "a5b4"                  (a move: from-square, to-square)
 * Every answer is the one `ewn probe` gives for the same position and tables.
 *
 * Errors: functions returning int return EWN_OK (0) or an EWN_E_* code; ewn_strerror() names a
 * code and ewn_last_error() gives the full message of the last failed call on the calling
 * thread (the one `ewn probe` prints, e.g. where a position is malformed). No C++ exception
 * leaves the library; a null pointer where one is needed is EWN_E_ARGUMENT.
 *
 * Threads: every function may be called from any number of threads at once, also on one
 * handle. A tablebase answers them in parallel (one cache of decompressed blocks for all); an
 * engine searches for one caller at a time and makes the others wait.
 *
 * Docs and complete examples: docs/API.md. */
#ifndef EWN_EWN_H
#define EWN_EWN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The return codes. Every `ewn` command exits with the same code for the same failure (a
 * malformed position 2, not covered 3, a damaged table 4, no directory 7, a game text 13, ...),
 * but for bad use: 2 there, as every command line program, and EWN_E_ARGUMENT here. */
enum {
  EWN_OK = 0,
  EWN_E_POSITION = 2,       /* malformed position or move */
  EWN_E_NOT_COVERED = 3,    /* the tables do not cover the position (too many pieces) */
  EWN_E_TABLE = 4,          /* a table file is missing or damaged (the message names it) */
  EWN_E_ARGUMENT = 5,       /* a null pointer, a die outside 1..6, an illegal move, a bad limit */
  EWN_E_BUFFER = 6,         /* the output buffer is too small (*needed says what suffices) */
  EWN_E_DIRECTORY = 7,      /* the table directory is missing */
  EWN_E_GAME_OVER = 8,      /* the position is decided: there is no move to make */
  EWN_E_MEMORY = 9,         /* out of memory */
  EWN_E_INTERNAL = 10,      /* a bug: please report it with ewn_last_error() */
  EWN_E_NOT_DIRECTORY = 11, /* the table directory's name is a file, not a directory */
  EWN_E_UNREADABLE = 12,    /* the table directory cannot be read (permissions, a loop of links) */
  EWN_E_GAME = 13,          /* a game text that cannot be read (the message names the line) */
  EWN_E_UNAVAILABLE = 14    /* the run failed for its surroundings: a file that cannot be read or
                               written, no file descriptors left; try again later */
};

/* The library's version, "MAJOR.MINOR.PATCH". */
const char* ewn_version(void);
/* A short description of a return code (never NULL): the words docs/API.md's failure table and
 * the ewn program's --help give its failure. */
const char* ewn_strerror(int code);
/* The message of the last call on this thread that failed ("" if none did). Valid until the
 * thread's next failing call. */
const char* ewn_last_error(void);

/* ---- Positions ---------------------------------------------------------------------------- */

enum { EWN_RED = 0, EWN_BLUE = 1 };

/* A position as data. board[row * 5 + col] from the top-left corner: board[0] is a5, board[4]
 * e5, board[20] a1, board[24] e1. Square codes: 0 empty, 1..6 red piece 1..6, 7..12 blue piece
 * 1..6. side: EWN_RED or EWN_BLUE to move. die: the rolled die 1..6, or 0 for none. */
typedef struct ewn_position {
  unsigned char board[25];
  int side;
  int die;
} ewn_position;

/* Room for any position's text, with its terminating NUL. */
#define EWN_POSITION_TEXT_MAX 64
/* Room for a move's text ("a5b4") with its NUL. */
#define EWN_MOVE_TEXT_MAX 5
/* The most legal moves a die can give (two pieces, three moves each). */
#define EWN_MAX_DIE_MOVES 6

/* Parses `text`; EWN_E_POSITION with the message of `ewn probe` when it is malformed. */
int ewn_position_parse(const char* text, ewn_position* pos);
/* Writes the position's text (with its die, if any) into buf (EWN_POSITION_TEXT_MAX bytes
 * always suffice); EWN_E_POSITION when the data is no valid position, or one side has no
 * pieces (the game ended by taking the last one: the notation has no such position, but the
 * other functions take it). */
int ewn_position_format(const ewn_position* pos, char* buf, size_t len);
/* The legal moves for `die` (1..6; 0: the position's die), as text, in *count (0 when the game
 * is decided). */
int ewn_position_moves(const ewn_position* pos, int die,
                       char moves[EWN_MAX_DIE_MOVES][EWN_MOVE_TEXT_MAX], int* count);
/* Plays `move`, which must be legal for the position's die (for some die when it names none);
 * the die is cleared and the other side is to move. */
int ewn_position_play(ewn_position* pos, const char* move);
/* *winner: EWN_RED or EWN_BLUE when the game is decided, otherwise -1. */
int ewn_position_winner(const ewn_position* pos, int* winner);

/* ---- Tables ------------------------------------------------------------------------------- */

typedef struct ewn_tablebase ewn_tablebase;

/* Opens the tables in directory `dir` (the files are mapped on first use; NULL: $EWN_TABLES,
 * else data, as the ewn program without --tables). NULL on failure, with the message in err
 * (err may be NULL; err_len bytes, always NUL-terminated). */
ewn_tablebase* ewn_tb_open(const char* dir, char* err, size_t err_len);
/* The same with the size in bytes of the cache of decompressed blocks (0: the default, 64 MiB)
 * and the failure's code in *code (EWN_E_DIRECTORY, EWN_E_NOT_DIRECTORY, EWN_E_UNREADABLE,
 * EWN_E_TABLE, EWN_E_MEMORY; code may be NULL). */
ewn_tablebase* ewn_tb_open_ex(const char* dir, size_t cache_bytes, int* code, char* err,
                              size_t err_len);
/* Closes the tables (NULL is fine). No call on the handle may be running or follow. */
void ewn_tb_close(ewn_tablebase* tb);

/* How far the tables reach: the largest n such that the tables cover every position with up to
 * n pieces (0: none); `complete_up_to` of `ewn info --json`. */
int ewn_tb_complete_up_to(const ewn_tablebase* tb);

/* The value: the probability that the side to move wins, before its roll (a die in the text is
 * ignored: see ewn_tb_moves for the value after a roll). 1 or 0 for a decided position. */
int ewn_tb_value(const ewn_tablebase* tb, const char* position, double* value);

/* The legal moves for `die` (1..6; 0: the die the position names) with the mover's win
 * probability after each, best first; wins is 1 for a move that wins at once. *count is 0 for
 * a decided position. */
typedef struct ewn_move_value {
  char move[EWN_MOVE_TEXT_MAX];
  double move_value;
  int wins;
} ewn_move_value;
int ewn_tb_moves(const ewn_tablebase* tb, const char* position, int die,
                 ewn_move_value moves[EWN_MAX_DIE_MOVES], int* count);
/* The best of those moves (the first), as text; EWN_E_GAME_OVER for a decided position. */
int ewn_tb_best_move(const ewn_tablebase* tb, const char* position, int die,
                     char move[EWN_MOVE_TEXT_MAX]);

/* The probe: the document `ewn probe --json` prints for the position, without the newline: the
 * value, the material and every die's moves, or on failure (the code returned) the position and the
 * error. buf gets len bytes at most, NUL-terminated; when it is too small (EWN_E_BUFFER)
 * nothing is written to it. *needed (may be NULL) receives the size the document needs,
 * NUL included. */
int ewn_tb_probe_json(const ewn_tablebase* tb, const char* position, char* buf, size_t len,
                      size_t* needed);

/* ---- The engine --------------------------------------------------------------------------- */

typedef struct ewn_engine ewn_engine;

/* The engine's time a move when nobody says, in milliseconds: the same in `ewn play`, a player
 * spec, ewn::Engine, Python's ewn.Engine and `ewn serve`'s /api/move. */
#define EWN_MOVETIME_MS_DEFAULT 1000

/* An expectimax engine (the player of `ewn play`) thinking `movetime_ms` milliseconds a move
 * (1 to 86400000, a day; at most: it keeps a margin), with the tables in `tables` (NULL or "":
 * none) where they cover the search. NULL on failure, with *code and err as for ewn_tb_open_ex. */
ewn_engine* ewn_engine_open(const char* tables, int movetime_ms, int* code, char* err,
                            size_t err_len);
void ewn_engine_close(ewn_engine* engine);

/* The engine's move for `die` (1..6; 0: the die the position names), as text, as
 * ewn_tb_best_move gives the tables' move. */
int ewn_engine_best_move(ewn_engine* engine, const char* position, int die,
                         char move[EWN_MOVE_TEXT_MAX]);

/* The same move with what the search says of it. move_value: the engine's estimate of the mover's
 * win probability after the move (-1 when it searched nothing, e.g. the only move), exact:
 * whether that value is exact (tables, or a search to the end), depth: the last depth
 * completed, nodes: the positions searched. */
typedef struct ewn_engine_choice {
  char move[EWN_MOVE_TEXT_MAX];
  double move_value;
  int exact;
  int depth;
  uint64_t nodes;
} ewn_engine_choice;
int ewn_engine_search(ewn_engine* engine, const char* position, int die, ewn_engine_choice* choice);

/* ---- A game's analysis -------------------------------------------------------------------- */

/* The analysis of a played game: the document `ewn analyse --json` prints for the same text,
 * tables and nodes, without the newline. It judges every turn (turns: the mover's win
 * probability before the roll, the roll's luck, the move played against the best one, the
 * value lost, the marks) and sums each side's (sides), with where the game came from (format,
 * game, games, start, winner, nodes) and what the reader noticed (notes); docs/API.md.
 *   tb:          the tables, with the network `ewn train-eval` left in their directory; NULL:
 *                none, every value is the engine's estimate (`ewn analyse --tables none`).
 *   text:        the game's text: what the page of `ewn serve` copies, a log of `ewn play`,
 *                `ewn connect` or `ewn match`, or a plain list (a setup line, then one turn a
 *                line: "r 3 a5b4").
 *   game:        which game of a text that holds several (1-based; 0: the last), as
 *                `ewn analyse --game`.
 *   nodes:       the engine's budget for each position the tables do not cover,
 *                EWN_ANALYSIS_NODES_MIN to _MAX (0: EWN_ANALYSIS_NODES_DEFAULT, the default of
 *                `ewn analyse`). The same nodes give the same document on every run.
 *   threads:     turns analysed at once, 1 to 256 (0: one per core); the document is the same.
 * buf, len and needed as for ewn_tb_probe_json; on failure nothing is written to buf. An
 * analysis takes time (about a tenth of a second a turn at 300000 nodes), so a document that
 * did not fit is kept for the thread: the same call again, with a buffer of *needed bytes,
 * copies it without analysing the game again.
 * Errors: EWN_E_GAME (the message names the line), EWN_E_ARGUMENT (a null text, a bad number),
 * EWN_E_TABLE (a damaged table file), EWN_E_BUFFER. */
#define EWN_ANALYSIS_NODES_DEFAULT 300000
#define EWN_ANALYSIS_NODES_MIN 1000
#define EWN_ANALYSIS_NODES_MAX 20000000
int ewn_analyse_json(const ewn_tablebase* tb, const char* text, int game, uint64_t nodes,
                     int threads, char* buf, size_t len, size_t* needed);

/* ---- The setup advisor ------------------------------------------------------------------ */

typedef struct ewn_setups ewn_setups;

/* The setup matrix file `ewn setup make` writes (docs/SETUPS.md). NULL on failure, with *code
 * EWN_E_TABLE for a missing or damaged file (the message names it and the command that makes
 * it), EWN_E_MEMORY; code and err may be NULL. */
ewn_setups* ewn_setups_open(const char* matrix, int* code, char* err, size_t err_len);
void ewn_setups_close(ewn_setups* setups);

/* The documents `ewn setup reply|best|equilibrium --json` print, without the newline, into buf
 * as ewn_tb_probe_json does (EWN_E_BUFFER and *needed when it is too small). reply: your best
 * arrangements against `arrangement` (six digits, e.g. "162534"; EWN_E_ARGUMENT when it is
 * none), for either turn order, at most `count` each; best: against a random arrangement; the
 * equilibrium: both mixes and the first mover's value. */
int ewn_setups_reply_json(ewn_setups* setups, const char* arrangement, int count, char* buf,
                          size_t len, size_t* needed);
int ewn_setups_best_json(ewn_setups* setups, int count, char* buf, size_t len, size_t* needed);
int ewn_setups_equilibrium_json(ewn_setups* setups, char* buf, size_t len, size_t* needed);

#ifdef __cplusplus
}
#endif

#endif /* EWN_EWN_H */
