// The rules and the notation of docs/SPEC.md, for the page: parsing and writing positions,
// the legal moves for a die, playing a move, who has won. The server checks every position
// again; these let the page draw, edit and play without asking it.

export const FILES = "abcde";
export const START = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r";

// Squares are 0..24: index = (5 - rank) * 5 + file, so index 0 is a5 and 24 is e1, in the
// order the notation writes them.
export function squareName(sq) {
  return FILES[sq % 5] + String(5 - Math.floor(sq / 5));
}
export function squareOf(file, rank) {
  return (5 - rank) * 5 + file;
}
export const RED_GOAL = squareOf(4, 1); // e1
export const BLUE_GOAL = squareOf(0, 5); // a5

export function sideName(side) {
  return side === "r" ? "Red" : "Blue";
}
export function other(side) {
  return side === "r" ? "b" : "r";
}

// { board: 25 squares of null or {side, n}, toMove: "r"|"b", die: null|1..6 }.
// Throws an Error whose message says what is wrong, as the server's parser would.
export function parsePosition(text) {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) throw new Error("write the ranks, then the side (r or b), then an optional die");
  const ranks = parts[0].split("/");
  if (ranks.length !== 5) throw new Error("five ranks separated by '/' are needed");
  const board = new Array(25).fill(null);
  const seen = new Set();
  ranks.forEach((rank, r) => {
    let file = 0;
    for (let i = 0; i < rank.length; i++) {
      const c = rank[i];
      if (c >= "1" && c <= "5") {
        file += Number(c);
      } else if (c === "r" || c === "b") {
        const n = Number(rank[i + 1]);
        if (!(n >= 1 && n <= 6)) throw new Error(`rank ${5 - r}: '${c}' must be followed by a number 1-6`);
        if (seen.has(c + n)) throw new Error(`${c}${n} appears twice`);
        seen.add(c + n);
        if (file < 5) board[r * 5 + file] = { side: c, n };
        file += 1;
        i += 1;
      } else {
        throw new Error(`rank ${5 - r}: unexpected character '${c}'`);
      }
      if (file > 5) throw new Error(`rank ${5 - r} covers more than five squares`);
    }
    if (file !== 5) throw new Error(`rank ${5 - r} covers ${file} squares, not five`);
  });
  if (![...seen].some((p) => p[0] === "r") || ![...seen].some((p) => p[0] === "b"))
    throw new Error("each side needs at least one piece");
  if (parts[1] !== "r" && parts[1] !== "b") throw new Error("the side to move must be r or b");
  let die = null;
  if (parts.length === 3) {
    if (!/^[1-6]$/.test(parts[2])) throw new Error("the die must be a single digit 1-6");
    die = Number(parts[2]);
  }
  return { board, toMove: parts[1], die };
}

export function formatPosition(pos, withDie = true) {
  const ranks = [];
  for (let r = 0; r < 5; r++) {
    let out = "";
    let empty = 0;
    for (let f = 0; f < 5; f++) {
      const p = pos.board[r * 5 + f];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) out += empty;
      empty = 0;
      out += p.side + p.n;
    }
    if (empty) out += empty;
    ranks.push(out);
  }
  let text = ranks.join("/") + " " + pos.toMove;
  if (withDie && pos.die) text += " " + pos.die;
  return text;
}

export function pieceCount(pos, side) {
  return pos.board.filter((p) => p && (!side || p.side === side)).length;
}

// "r" or "b" once a side has won (a piece on its goal corner, or the other side has none).
export function winner(pos) {
  const onRedGoal = pos.board[RED_GOAL];
  const onBlueGoal = pos.board[BLUE_GOAL];
  if (onRedGoal && onRedGoal.side === "r") return "r";
  if (onBlueGoal && onBlueGoal.side === "b") return "b";
  if (pieceCount(pos, "r") === 0) return "b";
  if (pieceCount(pos, "b") === 0) return "r";
  return null;
}

// The numbers of the pieces that may move for `die`: that piece, or else the nearest higher
// and the nearest lower one the side still has (SPEC section 1).
export function movablePieces(pos, die) {
  const have = pos.board.filter((p) => p && p.side === pos.toMove).map((p) => p.n);
  if (have.includes(die)) return [die];
  const higher = have.filter((n) => n > die);
  const lower = have.filter((n) => n < die);
  const out = [];
  if (higher.length) out.push(Math.min(...higher));
  if (lower.length) out.push(Math.max(...lower));
  return out;
}

// Moves as "a5b4" for `die` (null: every die), in no particular order.
export function legalMoves(pos, die) {
  if (winner(pos)) return [];
  const numbers = die ? movablePieces(pos, die) : [1, 2, 3, 4, 5, 6];
  const steps = pos.toMove === "r" ? [[1, 0], [0, -1], [1, -1]] : [[-1, 0], [0, 1], [-1, 1]];
  const moves = [];
  pos.board.forEach((p, sq) => {
    if (!p || p.side !== pos.toMove || !numbers.includes(p.n)) return;
    const file = sq % 5;
    const rank = 5 - Math.floor(sq / 5);
    for (const [df, dr] of steps) {
      const f = file + df;
      const r = rank + dr;
      if (f < 0 || f > 4 || r < 1 || r > 5) continue;
      moves.push(squareName(sq) + squareName(squareOf(f, r)));
    }
  });
  return moves;
}

export function parseSquare(name) {
  return squareOf(FILES.indexOf(name[0]), Number(name[1]));
}

// The position after `move` ("a5b4"): whatever stood on the target is removed, the other side
// is to move and no die is rolled yet.
export function playMove(pos, move) {
  const from = parseSquare(move.slice(0, 2));
  const to = parseSquare(move.slice(2, 4));
  const board = pos.board.slice();
  board[to] = board[from];
  board[from] = null;
  return { board, toMove: other(pos.toMove), die: null };
}

// The referee's random setup (SPEC section 2) for Red, mirrored for Blue, with `roll` giving
// dice 1..6.
export function randomSetup(roll, toMove = "r") {
  const redSquares = ["a5", "b5", "c5", "a4", "b4", "a3"];
  const mirror = { a5: "e1", b5: "e2", c5: "e3", a4: "d1", b4: "d2", a3: "c1" };
  const unplaced = [1, 2, 3, 4, 5, 6];
  const board = new Array(25).fill(null);
  for (const name of redSquares) {
    const n = unplaced.splice(roll() % unplaced.length, 1)[0];
    board[parseSquare(name)] = { side: "r", n };
    board[parseSquare(mirror[name])] = { side: "b", n };
  }
  return { board, toMove, die: null };
}

// A fair die from the browser's cryptographic generator (rejection keeps it unbiased).
export function rollDie() {
  const buf = new Uint8Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0] >= 252);
  return (buf[0] % 6) + 1;
}
