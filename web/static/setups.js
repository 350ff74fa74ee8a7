// The setup panel: which free-setup arrangements win (`ewn setup`, docs/SETUPS.md). A person
// places the opponent's six pieces on the start triangle and sees the best replies, moving first
// and moving second; the best arrangements against a random one and the equilibrium are shown
// beside them. Every value is the win probability of the side the answer is for.
import * as api from "./api.js";

// The start squares in the order the referee fills them (SPEC 2), laid out as the triangle.
const SQUARES = ["a5", "b5", "c5", "a4", "b4", "a3"];
const ROWS = [[0, 1, 2], [3, 4], [5]];
const pct = (v) => `${(100 * v).toFixed(1)}%`;
const points = (v) => (100 * v).toFixed(1);
const signedPoints = (v) => (v < 0 ? "−" : "+") + Math.abs(100 * v).toFixed(1);
// The 5 x 5 board's squares of each side's start triangle, in fill order: Red's (a5 b5 c5 a4 b4
// a3, row 0 at the top) and Blue's, mirrored (e1 e2 e3 d1 d2 c1).
const RED_CELLS = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 0]];
const BLUE_CELLS = [[4, 4], [3, 4], [2, 4], [4, 3], [3, 3], [4, 2]];

// A small picture of a start: `red` and `blue` are arrangements (six digits) or null.
function miniBoard(red, blue, label) {
  const grid = document.createElement("div");
  grid.className = "mini-board";
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", label);
  const cells = [];
  for (let i = 0; i < 25; i++) {
    const cell = document.createElement("span");
    cell.className = "mini-sq";
    cells.push(cell);
    grid.append(cell);
  }
  const place = (arrangement, where, side) => {
    if (!arrangement) return;
    where.forEach(([row, col], i) => {
      const cell = cells[row * 5 + col];
      cell.textContent = arrangement[i];
      cell.classList.add(side);
    });
  };
  place(red, RED_CELLS, "red");
  place(blue, BLUE_CELLS, "blue");
  return grid;
}

export class SetupPanel {
  constructor($) {
    this.$ = $;
    this.loaded = false;
    const grid = $("#setup-triangle");
    for (const row of ROWS) {
      const line = document.createElement("div");
      line.className = "setup-row";
      for (const i of row) {
        const select = document.createElement("select");
        select.id = "setup-" + SQUARES[i];
        select.setAttribute("aria-label", "piece on " + SQUARES[i]);
        for (let n = 1; n <= 6; n++) select.add(new Option(String(n), String(n), false, n === i + 1));
        line.append(select);
      }
      grid.append(line);
    }
    $("#setup-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.reply();
    });
  }

  arrangement() {
    return SQUARES.map((sq) => this.$("#setup-" + sq).value).join("");
  }

  // Loads the answers that do not depend on the opponent once, when the panel is first shown.
  async enter() {
    if (this.loaded) return;
    this.loaded = true;
    // The equilibrium first: without a matrix it is the message that says how to make one
    // (answered 200), and nothing else is asked.
    const eq = await api.setupEquilibrium();
    if (!eq.ok || eq.body.error) {
      this.showError(eq.body.error);
      this.loaded = false;
      return;
    }
    const best = await api.setupBest(5);
    const m = eq.body.matrix;
    const p = eq.body.precision;
    this.$("#setup-matrix").textContent =
      `Setup matrix: ${m.rows} × ${m.columns} arrangement classes, each entry searched to depth ${m.depth}.`;
    this.$("#setup-precision").textContent =
      `Each value is the engine's estimate from a short search: a search one ply deeper differs by ` +
      `about ${points(p.entry_error)} points, beyond a shift of ${signedPoints(p.depth_bias)} points ` +
      `for the first mover common to every entry. "tied" marks the arrangements not told apart ` +
      `from the best.`;
    this.$("#setup-equilibrium").textContent =
      `At equilibrium the first mover wins ${pct(eq.body.value)}, the second ` +
      `${pct(1 - eq.body.value)}, each within about ${points(p.value_error)} points. ` +
      `Within the entries' noise (${points(eq.body.within_noise.margin)} points) of that value, ` +
      `${eq.body.within_noise.first} of the first mover's classes and ` +
      `${eq.body.within_noise.second} of the second's do as well against the other's mix.`;
    this.fill("#setup-eq-first", eq.body.first, true);
    this.fill("#setup-eq-second", eq.body.second, true);
    this.alternatives("#setup-eq-first-more", eq.body.alternatives.first, "first");
    this.alternatives("#setup-eq-second-more", eq.body.alternatives.second, "second");
    this.picture("#setup-eq-board", eq.body.first[0].arrangement, eq.body.second[0].arrangement,
      "the most probable class of each mix");
    if (best.ok) {
      this.fill("#setup-best-first", best.body.first, false);
      this.fill("#setup-best-second", best.body.second, false);
      this.picture("#setup-best-board", best.body.first[0].arrangement,
        best.body.second[0].arrangement, "the best of each against a random arrangement");
    }
    this.reply();
  }

  async reply() {
    const text = this.arrangement();
    if (new Set(text).size !== 6) {
      this.showError("Each number 1-6 goes on exactly one square.");
      return;
    }
    const r = await api.setupReply(text, 5);
    if (!r.ok) {
      this.showError(r.body.error);
      return;
    }
    this.$("#setup-error").hidden = true;
    this.$("#setup-against").textContent = r.body.against;
    this.fill("#setup-reply-first", r.body.first, false);
    this.fill("#setup-reply-second", r.body.second, false);
    this.picture("#setup-reply-first-board", r.body.first[0].arrangement, r.body.against,
      "your best reply moving first, as Red, against " + r.body.against);
    this.picture("#setup-reply-second-board", r.body.against, r.body.second[0].arrangement,
      "your best reply moving second, as Blue, against " + r.body.against);
  }

  picture(selector, red, blue, label) {
    this.$(selector).replaceChildren(miniBoard(red, blue, label));
  }

  // Other optimal choices of a mover at equilibrium, in words.
  alternatives(selector, alt, mover) {
    const parts = [];
    if (alt.other_mixes.length)
      parts.push(`The ${mover} mover has several optimal mixes; others found: ` +
        alt.other_mixes.map((mix) => mix.map((a) => `${a.arrangement} ${pct(a.probability)}`).join(" + "))
          .join("; ") + ".");
    if (alt.equally_good.length)
      parts.push("As good against the other's mix: " +
        alt.equally_good.map((a) => a.arrangement).join(", ") + ".");
    this.$(selector).textContent = parts.join(" ");
  }

  fill(selector, list, withProbability) {
    const ol = this.$(selector);
    ol.replaceChildren();
    for (const a of list) {
      const li = document.createElement("li");
      li.className = "setup-arrangement";
      li.textContent = `${a.arrangement} (or ${a.twin})` +
        (withProbability ? ` played ${pct(a.probability)},` : "") + ` wins ${pct(a.value)}` +
        (a.tied ? " · tied" : "");
      ol.append(li);
    }
  }

  showError(message) {
    const p = this.$("#setup-error");
    p.textContent = message;
    p.hidden = false;
  }
}
