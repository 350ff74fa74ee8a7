"""The rules of EinStein wuerfelt nicht! in the course protocol's squares, for the test scripts:
a square is (column 0-4, row 0-4), "A1" = (0, 0) is Red's start corner, Red runs towards E5 =
(4, 4) (right, down the rows, or both), Blue towards A1. A position is a dict piece -> square,
pieces named ("R", n) and ("B", n)."""

RED_START = ["A1", "B1", "C1", "A2", "B2", "A3"]   # the referee fills Red's squares in this order
BLUE_START = ["E5", "E4", "E3", "D5", "D4", "C5"]  # Blue's, mirroring Red's


def square(text):
    return ord(text[0].upper()) - ord("A"), int(text[1]) - 1


def name(sq):
    return "ABCDE"[sq[0]] + str(sq[1] + 1)


def movable(pieces, side, die):
    """The numbers the die lets `side` move: the die's piece, else the nearest lower and higher."""
    own = sorted(n for (s, n) in pieces if s == side)
    if die in own:
        return [die]
    lower = [n for n in own if n < die]
    higher = [n for n in own if n > die]
    return ([lower[-1]] if lower else []) + ([higher[0]] if higher else [])


def legal_moves(pieces, side, die):
    steps = [(1, 0), (0, 1), (1, 1)] if side == "R" else [(-1, 0), (0, -1), (-1, -1)]
    out = []
    for n in movable(pieces, side, die):
        c, r = pieces[(side, n)]
        for dc, dr in steps:
            if 0 <= c + dc < 5 and 0 <= r + dr < 5:
                out.append(((c, r), (c + dc, r + dr)))
    return out


def play(pieces, move):
    """The position after `move` (a capture removes whatever stands on the target)."""
    mover = next(p for p, sq in pieces.items() if sq == move[0])
    out = {p: sq for p, sq in pieces.items() if sq != move[1]}
    out[mover] = move[1]
    return out


def winner(pieces):
    sides = {s for (s, _) in pieces}
    for p, sq in pieces.items():
        if p[0] == "R" and sq == (4, 4):
            return "R"
        if p[0] == "B" and sq == (0, 0):
            return "B"
    if sides != {"R", "B"}:
        return sides.pop() if sides else None
    return None


def get_args(pieces, side, die):
    """The words after `get`: colour, die, then Blue 1-6 and Red 1-6 (0: taken)."""
    words = [side, str(die)]
    for s in ("B", "R"):
        for n in range(1, 7):
            words.append(name(pieces[(s, n)]) if (s, n) in pieces else "0")
    return words


def parse_get(words):
    side, die = words[0], int(words[1])
    pieces = {}
    for i, w in enumerate(words[2:14]):
        if w != "0":
            pieces[("B" if i < 6 else "R", i % 6 + 1)] = square(w)
    return side, die, pieces


def start(red_order, blue_order):
    """A start position: red_order[i] is the piece on RED_START[i], blue_order[i] on BLUE_START[i]."""
    pieces = {("R", n): square(sq) for n, sq in zip(red_order, RED_START)}
    pieces.update({("B", n): square(sq) for n, sq in zip(blue_order, BLUE_START)})
    return pieces
