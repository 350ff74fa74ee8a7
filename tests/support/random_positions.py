"""Random positions in the notation of `ewn probe`, written out independently of the library:
the one generator of the Python tests (python/tests) and the browser tests (web/tests), which
put this folder on sys.path. The C++ tests and benchmarks have theirs in random_positions.h."""

import random


def write(board, side, die=None):
    """board: 25 entries, a5..e5 to a1..e1, None or ('r'|'b', number)."""
    ranks = []
    for row in range(5):
        text, empty = "", 0
        for col in range(5):
            piece = board[row * 5 + col]
            if piece is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += f"{piece[0]}{piece[1]}"
        if empty:
            text += str(empty)
        ranks.append(text)
    return "/".join(ranks) + f" {side}" + (f" {die}" if die else "")


def random_position(rng: random.Random, max_pieces: int = 5, die_chance: float = 1 / 3) -> str:
    """A legal position with 2..max_pieces pieces (each side at least one), any side to move,
    a die with probability die_chance; some are decided (a piece on its goal corner, never
    both)."""
    while True:
        board = random_board(rng, max_pieces)
        red_home = board[24] is not None and board[24][0] == "r"
        blue_home = board[0] is not None and board[0][0] == "b"
        if not (red_home and blue_home):
            die = rng.randint(1, 6) if rng.random() < die_chance else None
            return write(board, rng.choice("rb"), die)


def random_board(rng, max_pieces):
    pieces = rng.randint(2, max_pieces)
    red = rng.randint(1, min(6, pieces - 1))
    blue = pieces - red
    squares = rng.sample(range(25), pieces)
    board = [None] * 25
    for i, number in enumerate(rng.sample(range(1, 7), red)):
        board[squares[i]] = ("r", number)
    for i, number in enumerate(rng.sample(range(1, 7), blue)):
        board[squares[red + i]] = ("b", number)
    return board
