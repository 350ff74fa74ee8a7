// Explore mode: set up any position, see its value before the roll and every die's moves
// valued, and follow a line by clicking moves. The position lives in the URL (#<notation>,
// spaces written as _), so the browser's back button and a shared link both work.
import * as api from "./api.js";
import { dieCard, percent, scaleLegend } from "./moves.js";
import {
  START, formatPosition, legalMoves, parsePosition, parseSquare, playMove, randomSetup,
  rollDie, sideName, squareName, winner,
} from "./rules.js";

// The engine's budget for an estimate where the tables do not reach: nodes, not time, so that a
// position shows the same values on every load (about half a second of search).
const ESTIMATE_NODES = 1000000;
const TOOLS = ["play", "move", "remove", "r1", "r2", "r3", "r4", "r5", "r6", "b1", "b2", "b3", "b4", "b5", "b6"];

export function hashOf(pos) {
  return "#" + formatPosition(pos).replace(/ /g, "_");
}

export function positionFromHash(hash) {
  const text = decodeURIComponent(hash.replace(/^#/, "")).replace(/_/g, " ");
  return text.trim() ? parsePosition(text) : null;
}

export class Explorer {
  constructor(board, $) {
    this.board = board;
    this.$ = $;
    this.pos = parsePosition(START);
    this.tool = "play";
    this.selected = null;
    this.last = null;
    this.token = 0;
    this.buildControls();
  }

  buildControls() {
    const $ = this.$;
    $("#position-form").addEventListener("submit", (e) => {
      e.preventDefault();
      try {
        this.setPosition(parsePosition($("#position-text").value), null);
      } catch (err) {
        this.showError("Not a position: " + err.message);
      }
    });
    $("#copy-link").addEventListener("click", () => {
      navigator.clipboard.writeText(location.href).then(
        () => ($("#copy-link").textContent = "Link copied"),
        () => this.showError("The browser did not allow copying; copy the address bar instead."));
    });
    document.querySelectorAll(".seg[data-side]").forEach((b) =>
      b.addEventListener("click", () => this.edit((p) => (p.toMove = b.dataset.side))));
    const dice = $("#die-buttons");
    for (const d of [null, 1, 2, 3, 4, 5, 6]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "seg die";
      b.dataset.die = d ?? "";
      b.textContent = d ?? "none";
      b.setAttribute("aria-label", d ? "die " + d : "no die rolled");
      b.addEventListener("click", () => this.edit((p) => (p.die = d)));
      dice.appendChild(b);
    }
    const tools = $("#tools");
    for (const t of TOOLS) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tool";
      b.dataset.tool = t;
      if (t.length === 2) {
        b.innerHTML = `<span class="piece ${t[0] === "r" ? "red" : "blue"}"></span>`;
        b.firstChild.textContent = t[1];
        b.setAttribute("aria-label", "place " + sideName(t[0]) + " " + t[1]);
      } else {
        b.textContent = { play: "Play moves", move: "Move pieces", remove: "Remove" }[t];
      }
      b.addEventListener("click", () => {
        this.tool = t;
        this.selected = null;
        this.render();
      });
      tools.appendChild(b);
    }
    $("#set-start").addEventListener("click", () => this.setPosition(parsePosition(START), null));
    $("#set-random").addEventListener("click", () => this.setPosition(randomSetup(rollDie), null));
    $("#set-clear").addEventListener("click", () =>
      this.edit((p) => p.board.fill(null)));
  }

  showError(message) {
    const e = this.$("#position-error");
    e.textContent = message;
    e.hidden = !message;
  }

  // The position text when the position is legal input, else null (the error is shown).
  check() {
    try {
      return formatPosition(parsePosition(formatPosition(this.pos)));
    } catch (err) {
      this.showError("Not a position yet: " + err.message);
      return null;
    }
  }

  // Changes the position by editing (not by a move): the side and die stay unless changed.
  edit(change) {
    const pos = { board: this.pos.board.slice(), toMove: this.pos.toMove, die: this.pos.die };
    change(pos);
    this.setPosition(pos, null);
  }

  setPosition(pos, last) {
    this.pos = pos;
    this.last = last;
    this.selected = null;
    this.showError("");
    if (this.check() !== null && location.hash !== hashOf(pos)) history.pushState(null, "", hashOf(pos));
    this.show();
  }

  // From the URL (on load and on back or forward).
  loadHash() {
    try {
      const pos = positionFromHash(location.hash);
      if (pos && formatPosition(pos) === formatPosition(this.pos) && this.result) return;
      // The address always names the position shown, so that it can be copied as it is.
      if (!pos) history.replaceState(null, "", hashOf(this.pos));
      this.pos = pos || this.pos;
      this.last = null;
      this.selected = null;
      this.showError("");
    } catch (err) {
      this.showError("The link's position is not valid: " + err.message);
    }
    this.show();
  }

  playMove(move) {
    this.setPosition(playMove(this.pos, move), [parseSquare(move.slice(0, 2)), parseSquare(move.slice(2))]);
  }

  onSquare(sq) {
    const piece = this.pos.board[sq];
    if (this.tool === "play") {
      if (this.selected !== null && this.targets().has(sq)) {
        this.playMove(squareName(this.selected) + squareName(sq));
        return;
      }
      this.selected = piece && piece.side === this.pos.toMove && this.selected !== sq ? sq : null;
      this.render();
    } else if (this.tool === "move") {
      if (this.selected === null) {
        this.selected = piece ? sq : null;
        this.render();
      } else {
        const from = this.selected;
        this.edit((p) => {
          p.board[sq] = p.board[from];
          if (from !== sq) p.board[from] = null;
        });
      }
    } else if (this.tool === "remove") {
      this.onRemove(sq);
    } else {
      const side = this.tool[0];
      const n = Number(this.tool[1]);
      this.edit((p) => {
        p.board.forEach((q, i) => { if (q && q.side === side && q.n === n) p.board[i] = null; });
        p.board[sq] = { side, n };
      });
    }
  }

  onRemove(sq) {
    if (this.pos.board[sq]) this.edit((p) => (p.board[sq] = null));
  }

  // Where the selected piece can go with the die (or any die).
  targets() {
    if (this.selected === null) return new Set();
    const from = squareName(this.selected);
    return new Set(legalMoves(this.pos, this.pos.die)
      .filter((m) => m.startsWith(from)).map((m) => parseSquare(m.slice(2))));
  }

  render() {
    const $ = this.$;
    this.board.render(this.pos, { selected: this.selected, targets: this.targets(), last: this.last || [] });
    document.querySelectorAll(".seg[data-side]").forEach((b) =>
      b.setAttribute("aria-pressed", String(b.dataset.side === this.pos.toMove)));
    document.querySelectorAll(".seg.die").forEach((b) =>
      b.setAttribute("aria-pressed", String(b.dataset.die === String(this.pos.die ?? ""))));
    document.querySelectorAll(".tool").forEach((b) =>
      b.setAttribute("aria-pressed", String(b.dataset.tool === this.tool)));
    const w = winner(this.pos);
    $("#turn-line").textContent = w ? `${sideName(w)} has won` :
      `${sideName(this.pos.toMove)} to move` + (this.pos.die ? `, die ${this.pos.die}` : "");
    if (document.activeElement !== $("#position-text")) $("#position-text").value = formatPosition(this.pos);
  }

  // Draws the position, then asks the server for its value and moves.
  async show() {
    this.render();
    this.$("#position-text").value = formatPosition(this.pos);
    const text = this.check();
    const token = ++this.token;
    this.result = null;
    this.clearAnalysis(text === null ? "" : "Looking up…");
    if (text === null) return;
    const r = await api.evaluate(text, ESTIMATE_NODES);
    if (token !== this.token) return; // a newer position was asked for meanwhile
    this.result = r;
    this.showAnalysis(r);
  }

  clearAnalysis(message) {
    const $ = this.$;
    $("#value-text").textContent = message;
    $("#value-source").textContent = "";
    $("#coverage").hidden = true;
    $("#dice").replaceChildren();
  }

  showAnalysis(r) {
    const $ = this.$;
    const b = r.body;
    if (!r.ok) {
      this.clearAnalysis("");
      this.showError(b.error || "the server could not answer");
      return;
    }
    const mover = sideName(b.side);
    $("#value-text").textContent = b.winner ? `Decided: ${sideName(b.winner)} has won` :
      `${mover} to move wins ${percent(b.value)}` + (b.die ? ` (after rolling ${b.die}: ${percent(b.die_value)})` : "");
    $("#value-bar").style.width = percent(b.red_value).replace("%", "") + "%";
    $("#value-bar").parentElement.title = `Red ${percent(b.red_value)}, Blue ${percent(1 - b.red_value)}`;
    if (b.source === "estimate") {
      $("#value-source").textContent = `Engine estimate (expectimax search, depth ${b.depth}, ${b.nodes.toLocaleString("en")} nodes` +
        (b.exact ? ", exact" : ", not exact") + `), ${b.pieces} pieces` + (b.material ? `, class ${b.material}` : "");
      $("#coverage").textContent = "The tables do not cover this position, so these values are the engine's estimate. " +
        (r.notCovered || "");
      $("#coverage").hidden = false;
    } else {
      $("#value-source").textContent = "Exact, from the tables: " + `${b.pieces} pieces` +
        (b.material ? `, class ${b.material}` : "") + ". Red " + percent(b.red_value) + ", Blue " + percent(1 - b.red_value) + ".";
    }
    const dice = $("#dice");
    dice.replaceChildren();
    if (b.dice.length) dice.before(scaleLegendOnce());
    for (const entry of b.dice) dice.appendChild(dieCard(entry, (m) => this.playMove(m)));
  }
}

let legend = null;
function scaleLegendOnce() {
  legend = legend || scaleLegend();
  return legend;
}
