// Play mode: a game against the engine. The page rolls the dice; on the person's turn the
// moves for the roll are offered (as buttons and on the board), on the engine's turn it asks
// /api/move. After every move the chart gets Red's win probability, from the tables where they
// cover the position and from the engine's estimate elsewhere. A finished game can be copied as
// text: setup, then one line per move with side, die and move.
import * as api from "./api.js";
import { drawChart } from "./chart.js";
import { dieFace, moveList } from "./moves.js";
import {
  START, formatPosition, legalMoves, parsePosition, parseSquare, playMove, randomSetup,
  rollDie, sideName, squareName, winner,
} from "./rules.js";

// The engine's budget for the chart's estimates and the hints where the tables do not reach
// (nodes, as the explorer's: the same values on every load; about a tenth of a second).
const ESTIMATE_NODES = 300000;

export class Game {
  constructor(board, $, explorer) {
    this.board = board;
    this.$ = $;
    this.explorer = explorer;
    this.pos = null;
    this.token = 0;
    $("#game-new").addEventListener("click", () => this.start());
    $("#copy-game").addEventListener("click", () => {
      navigator.clipboard.writeText(this.text()).then(
        () => ($("#copy-game").textContent = "Copied"),
        () => $("#game-text").select());
    });
    $("#game-hints").addEventListener("change", () => this.offerMoves());
  }

  // Shows the game, or until one is started, what to do.
  enter() {
    if (this.pos) this.render();
    else this.status("Choose your side, the engine's time and the start, then New game.");
  }

  start() {
    const $ = this.$;
    const choice = $("#game-start").value;
    let pos;
    if (choice === "random") pos = randomSetup(rollDie);
    else if (choice === "board" && this.explorer.check() !== null && !winner(this.explorer.pos))
      pos = { board: this.explorer.pos.board.slice(), toMove: this.explorer.pos.toMove, die: null };
    else pos = parsePosition(START);
    // Answers still on their way for an earlier game see another token and are dropped.
    const token = ++this.token;
    this.human = $("#game-side").value;
    this.movetimeMs = Number($("#game-time").value);
    this.setup = formatPosition(pos);
    this.pos = pos;
    this.moves = [];
    this.points = [];
    this.last = null;
    this.selected = null;
    this.over = null;
    $("#copy-game").textContent = "Copy game as text";
    $("#game-end").hidden = true;
    this.render();
    this.chartPoint(token).then(() => this.turn(token));
  }

  // Red's win probability in the current position, added to the chart.
  async chartPoint(token) {
    const r = await api.evaluate(formatPosition(this.pos), ESTIMATE_NODES);
    if (token !== this.token || !r.ok) return;
    this.points.push({ ply: this.moves.length, red: r.body.red_value, estimate: r.body.source === "estimate" });
    drawChart(this.$("#chart"), this.points);
  }

  async turn(token) {
    if (token !== this.token) return;
    const w = winner(this.pos);
    if (w) return this.finish(w);
    this.pos.die = rollDie();
    this.selected = null;
    const side = this.pos.toMove;
    if (side === this.human) {
      this.status(`You rolled ${dieFace(this.pos.die)} ${this.pos.die}: your move.`);
      this.render();
      this.offerMoves();
      return;
    }
    this.status(`The engine rolled ${dieFace(this.pos.die)} ${this.pos.die} and is thinking…`);
    this.render();
    this.$("#game-moves-now").replaceChildren();
    let r = await api.engineMove(formatPosition(this.pos), this.movetimeMs);
    // Busy with other requests' searches: ask again shortly.
    for (let tries = 0; r.status === 503 && tries < 10 && token === this.token; tries++) {
      this.status("The engine is busy with other requests; asking again…");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      r = await api.engineMove(formatPosition(this.pos), this.movetimeMs);
    }
    if (token !== this.token) return;
    if (!r.ok) {
      this.status("The engine could not move: " + (r.body.error || "no answer") + ". Start a new game.");
      return;
    }
    await this.play(r.body.move, token);
  }

  // The moves for the person's roll, valued when hints are on.
  async offerMoves() {
    const box = this.$("#game-moves-now");
    box.replaceChildren();
    if (!this.pos || this.over || this.pos.toMove !== this.human || !this.pos.die) return;
    const token = this.token;
    let moves = legalMoves(this.pos, this.pos.die).map((move) => ({ move }));
    if (this.$("#game-hints").checked) {
      const r = await api.evaluate(formatPosition(this.pos), ESTIMATE_NODES);
      if (token !== this.token) return;
      if (r.ok && r.body.dice.length) moves = r.body.dice[0].moves;
    }
    box.replaceChildren(moveList(moves, (m) => this.play(m, token)));
  }

  onSquare(sq) {
    if (!this.pos || this.over || this.pos.toMove !== this.human || !this.pos.die) return;
    if (this.selected !== null && this.targets().has(sq)) {
      this.play(squareName(this.selected) + squareName(sq), this.token);
      return;
    }
    const p = this.pos.board[sq];
    this.selected = p && p.side === this.human && this.selected !== sq ? sq : null;
    this.render();
  }

  targets() {
    if (this.selected === null || !this.pos.die) return new Set();
    const from = squareName(this.selected);
    return new Set(legalMoves(this.pos, this.pos.die)
      .filter((m) => m.startsWith(from)).map((m) => parseSquare(m.slice(2))));
  }

  async play(move, token) {
    if (token !== this.token || !legalMoves(this.pos, this.pos.die).includes(move)) return;
    const side = this.pos.toMove;
    this.moves.push({ side, die: this.pos.die, move });
    this.pos = playMove(this.pos, move);
    this.last = [parseSquare(move.slice(0, 2)), parseSquare(move.slice(2))];
    this.selected = null;
    this.$("#game-moves-now").replaceChildren();
    const li = document.createElement("li");
    li.textContent = `${sideName(side)} ${dieFace(this.moves.at(-1).die)} ${move}`;
    li.title = `${sideName(side)} rolled ${this.moves.at(-1).die} and played ${move}`;
    this.$("#move-list").appendChild(li);
    this.status(`${side === this.human ? "You" : "The engine"} played ${move}.`);
    this.render();
    await this.chartPoint(token);
    this.turn(token);
  }

  finish(w) {
    this.over = w;
    const you = w === this.human;
    this.status(`${sideName(w)} wins: ${you ? "you win" : "the engine wins"} after ${this.moves.length} moves.`);
    this.$("#game-text").value = this.text();
    this.$("#game-end").hidden = false;
    this.render();
  }

  // The game as text, in core/game_log.h's page format (kPageTitle, kPageSetup, kPageRed,
  // kPageBlue, kPageMoves, kPageResult; its writer page_text), which `ewn analyse` and the
  // analysis view read: tests/analysis/test_game_log.cpp holds this output for a game, and
  // web/tests/test_browser.py checks the page still writes it so.
  text() {
    const engine = `engine (${this.movetimeMs} ms a move)`;
    const lines = [
      "EinStein wuerfelt nicht! (ewn serve)",
      `Setup: ${this.setup}`,
      `Red: ${this.human === "r" ? "player" : engine}; Blue: ${this.human === "b" ? "player" : engine}`,
      "Moves (number, side, die, move):",
      ...this.moves.map((m, i) => `${i + 1}. ${m.side} ${m.die} ${m.move}`),
    ];
    if (this.over) lines.push(`Result: ${sideName(this.over)} wins`);
    return lines.join("\n") + "\n";
  }

  status(text) {
    this.$("#game-status").textContent = text;
  }

  render() {
    if (!this.pos) return;
    this.board.render(this.pos, { selected: this.selected, targets: this.targets(), last: this.last || [] });
    const w = winner(this.pos);
    this.$("#turn-line").textContent = w ? `${sideName(w)} has won` :
      `${sideName(this.pos.toMove)} to move` + (this.pos.die ? `, rolled ${this.pos.die}` : "") +
      (this.pos.toMove === this.human ? " (you)" : " (engine)");
    if (!this.moves.length) this.$("#move-list").replaceChildren();
    drawChart(this.$("#chart"), this.points);
  }
}
