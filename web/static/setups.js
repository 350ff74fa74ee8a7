// The setup panel: which free-setup arrangements win (`ewn setup`, docs/SETUPS.md). A person
// places the opponent's six pieces on the start triangle and sees the best replies, moving first
// and moving second; the best arrangements against a random one and the equilibrium are shown
// beside them. Every value is the win probability of the side the answer is for.
import * as api from "./api.js";

// The start squares in the order the referee fills them (SPEC 2), laid out as the triangle.
const SQUARES = ["a5", "b5", "c5", "a4", "b4", "a3"];
const ROWS = [[0, 1, 2], [3, 4], [5]];
const pct = (v) => `${(100 * v).toFixed(1)}%`;

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
    this.$("#setup-matrix").textContent =
      `Setup matrix: ${m.rows} × ${m.columns} arrangement classes, each entry searched to depth ${m.depth}.`;
    this.$("#setup-equilibrium").textContent =
      `At equilibrium the first mover wins ${pct(eq.body.value)}, the second ${pct(1 - eq.body.value)}.`;
    this.fill("#setup-eq-first", eq.body.first, true);
    this.fill("#setup-eq-second", eq.body.second, true);
    if (best.ok) {
      this.fill("#setup-best-first", best.body.first, false);
      this.fill("#setup-best-second", best.body.second, false);
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
  }

  fill(selector, list, withProbability) {
    const ol = this.$(selector);
    ol.replaceChildren();
    for (const a of list) {
      const li = document.createElement("li");
      li.className = "setup-arrangement";
      li.textContent = `${a.arrangement} (or ${a.twin})` +
        (withProbability ? ` played ${pct(a.probability)},` : "") + ` wins ${pct(a.value)}`;
      ol.append(li);
    }
  }

  showError(message) {
    const p = this.$("#setup-error");
    p.textContent = message;
    p.hidden = false;
  }
}
