// Analysis mode: a played game judged turn by turn (/api/analyse, the document of
// `ewn analyse --json`). A game text is pasted (or handed over by Play mode after a game); the
// page shows Red's win probability before each turn with the luck of each roll and the marked
// moves (chart.js), a table of the turns and each side's summary. A turn's row, point or bar
// opens its position with its die in the explorer (/#<notation>); the board shows the turn the
// pointer or the keyboard is on.
import * as api from "./api.js";
import { ANALYSIS_H, drawAnalysisChart } from "./chart.js";
import { percent } from "./moves.js";
import { START, parsePosition, parseSquare, sideName } from "./rules.js";

const signed = (v) => (v >= 0 ? "+" : "\u2212") + (100 * Math.abs(v)).toFixed(1);
const points = (v) => (100 * v).toFixed(1);

export function explorerHash(turn) {
  return "#" + `${turn.position} ${turn.die ?? ""}`.trim().replace(/ /g, "_");
}

// How a game that was won ended, after "Red won" (the document's game_end).
const GAME_ENDS = { time: " on time", declaration: " by a declaration", illegal_move: " by the other side's illegal move" };

export class Analysis {
  constructor(board, $) {
    this.board = board;
    this.$ = $;
    this.token = 0;
    this.result = null;
    this.shown = null; // the turn on the board
    $("#analysis-chart").setAttribute("viewBox", `0 0 600 ${ANALYSIS_H}`);
    $("#analysis-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.run();
    });
  }

  // Analyses `text` (from Play mode) at once.
  analyseText(text) {
    this.$("#analysis-text").value = text;
    this.run();
  }

  enter() {
    this.render();
  }

  async run() {
    const $ = this.$;
    const text = $("#analysis-text").value;
    const token = ++this.token;
    this.error("");
    // The result shown is of the text analysed before: it goes, whatever this one gives.
    this.result = null;
    this.render();
    if (!text.trim()) {
      $("#analysis-run").disabled = false;
      this.error("Paste a game's text first: a setup line, then one turn a line (side, die, move).");
      return;
    }
    const nodes = Number($("#analysis-nodes").value);
    const number = $("#analysis-number").value.trim();
    $("#analysis-run").disabled = true;
    const started = Date.now();
    const tick = () => this.status(`Analysing the game… ${Math.round((Date.now() - started) / 1000)} s ` +
      `(each position the tables do not cover is searched to ${nodes.toLocaleString("en")} nodes)`);
    tick();
    const timer = setInterval(tick, 1000);
    const r = await api.analyse(text, nodes, number ? Number(number) : null);
    clearInterval(timer);
    if (token !== this.token) return; // a newer analysis was asked for meanwhile
    $("#analysis-run").disabled = false;
    if (!r.ok) {
      this.status("");
      this.error((r.status === 400 ? "The game could not be analysed: " : "") + (r.body.error || "no answer"));
      return;
    }
    this.result = r.body;
    this.shown = null;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    this.status(`Analysed ${r.body.turns.length} turns in ${secs} s.`);
    this.render();
  }

  status(text) {
    this.$("#analysis-status").textContent = text;
  }

  error(text) {
    const e = this.$("#analysis-error");
    e.textContent = text;
    e.hidden = !text;
  }

  // Opens the turn's position, with its die, in the explorer.
  open(turn) {
    location.hash = explorerHash(turn);
  }

  // The board shows `turn`'s position with its die (or the game's start).
  showOnBoard(turn) {
    const a = this.result;
    if (!a) return;
    this.shown = turn;
    const pos = parsePosition(turn ? `${turn.position} ${turn.die ?? ""}`.trim() : a.start);
    // The squares of the move played, shaded.
    const played = turn ? [parseSquare(turn.move.slice(0, 2)), parseSquare(turn.move.slice(2))] : [];
    this.board.render(pos, { selected: null, targets: new Set(), last: played });
    this.$("#turn-line").textContent = turn
      ? `Turn ${turn.turn}: ${sideName(turn.side)} rolled ${turn.die ?? "?"} and played ${turn.move}` +
        (turn.move !== turn.best_move ? ` (best ${turn.best_move})` : "")
      : "The game's start";
  }

  render() {
    const $ = this.$;
    const a = this.result;
    $("#analysis-result").hidden = !a;
    if (!a) {
      this.board.render(parsePosition(START), { selected: null, targets: new Set(), last: [] });
      $("#turn-line").textContent = "Paste a game, then Analyse.";
      return;
    }
    this.showOnBoard(this.shown);
    const estimated = a.turns.filter((t) => t.source === "estimate").length;
    $("#analysis-about").textContent = `Game ${a.game}` + (a.games > 1 ? ` of ${a.games}` : "") +
      ` (${a.format}), ${a.turns.length} turn${a.turns.length === 1 ? "" : "s"}, ` +
      (a.winner ? `${sideName(a.winner)} won${GAME_ENDS[a.game_end] || ""}` : "unfinished") + ". " +
      (estimated === a.turns.length ? `Every value is the engine's estimate at ${a.node_budget.toLocaleString("en")} nodes (marked ~): the tables cover none of the turns.`
        : estimated ? `${estimated} of the turns' values are the engine's estimate at ${a.node_budget.toLocaleString("en")} nodes (marked ~), the others exact from the tables.`
        : "Every value is exact, from the tables.");
    drawAnalysisChart($("#analysis-chart"), a, (t) => this.open(t));
    this.renderSummary(a);
    this.renderTurns(a);
    const notes = $("#analysis-notes");
    notes.replaceChildren(...a.notes.map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  }

  renderSummary(a) {
    const body = this.$("#analysis-summary tbody");
    body.replaceChildren();
    for (const side of ["r", "b"]) {
      const s = a.sides[side];
      const tr = document.createElement("tr");
      tr.dataset.side = side;
      const cells = [sideName(side), String(s.turns), signed(s.luck), points(s.value_lost), points(s.value_lost_mean),
        String(s.inaccuracies), String(s.mistakes), String(s.blunders)];
      cells.forEach((text, i) => {
        const td = document.createElement(i ? "td" : "th");
        td.textContent = text;
        if (i === 0) td.className = side === "r" ? "red" : "blue";
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
  }

  renderTurns(a) {
    const body = this.$("#analysis-turns tbody");
    body.replaceChildren();
    for (const t of a.turns) {
      const tr = document.createElement("tr");
      tr.dataset.turn = t.turn;
      if (t.mark) tr.classList.add("marked", t.mark);
      const estimate = t.source === "estimate";
      const link = document.createElement("a");
      link.href = explorerHash(t);
      link.textContent = t.turn;
      link.title = `Open turn ${t.turn}'s position, die ${t.die ?? "not known"}, in the explorer`;
      const cells = [
        link,
        sideName(t.side),
        t.die === null ? "?" : String(t.die),
        t.move,
        percent(t.value) + (estimate ? " ~" : ""),
        t.luck === null ? "?" : signed(t.luck),
        t.best_move === t.move ? "=" : `${t.best_move}`,
        t.value_lost ? points(t.value_lost) : "",
        t.mark || (t.choices === 1 ? "forced" : ""),
      ];
      cells.forEach((c, i) => {
        const td = document.createElement("td");
        if (typeof c === "string") td.textContent = c;
        else td.appendChild(c);
        td.className = ["turn", "side " + (t.side === "r" ? "red" : "blue"), "die", "played mv", "value", "luck", "best mv", "err", "mark"][i];
        tr.appendChild(td);
      });
      if (estimate) tr.cells[4].title = `engine estimate: depth ${t.depth}, ${t.nodes.toLocaleString("en")} nodes` + (t.exact ? " (exact)" : "");
      else tr.cells[4].title = "exact, from the tables";
      if (t.luck_mark) {
        tr.cells[5].classList.add(t.luck > 0 ? "lucky" : "unlucky");
        tr.cells[5].title = t.luck_mark;
      }
      if (t.best_move !== t.move) tr.cells[6].title = `the best move for die ${t.die ?? "?"}: ${percent(t.die_value)} against ${percent(t.move_value)}`;
      tr.addEventListener("click", (e) => {
        if (e.target !== link) this.open(t);
      });
      tr.addEventListener("mouseenter", () => this.showOnBoard(t));
      link.addEventListener("focus", () => this.showOnBoard(t));
      body.appendChild(tr);
    }
  }
}
