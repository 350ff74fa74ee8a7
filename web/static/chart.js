// The win-probability charts: a game's (Red's chance after every move, 0 to 100%, with the
// points the tables gave filled and the engine's estimates hollow) and an analysed game's (the
// same before every turn, with each roll's luck as a bar and the marked moves ringed).
const NS = "http://www.w3.org/2000/svg";
const W = 600, H = 220, LEFT = 40, RIGHT = 10, TOP = 10, BOTTOM = 25;

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The grid of a chart of `steps` steps whose values span [top, bottom] in pixels: lines and
// labels at 0, 25, 50, 75 and 100%. Returns y(value).
function valueGrid(svg, top, bottom) {
  const y = (v) => top + (bottom - top) * (1 - v);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.appendChild(el("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 0.5 ? "half" : "grid" }));
    svg.appendChild(el("text", { x: LEFT - 6, y: y(v) + 4, "text-anchor": "end" }, `${v * 100}%`));
  }
  return y;
}

// Labels of the x axis, at most about ten.
function stepLabels(svg, x, first, last, labelY, name = String) {
  const step = Math.max(1, Math.ceil((last - first) / 10));
  for (let i = first; i <= last; i += step)
    svg.appendChild(el("text", { x: x(i), y: labelY, "text-anchor": "middle" }, name(i)));
}

// points: [{ ply, red, estimate }], ply 0 being the start.
export function drawChart(svg, points) {
  svg.replaceChildren();
  const plies = Math.max(4, ...points.map((p) => p.ply));
  const x = (ply) => LEFT + ((W - LEFT - RIGHT) * ply) / plies;
  const y = valueGrid(svg, TOP, H - BOTTOM);
  stepLabels(svg, x, 0, plies, H - 8);
  if (!points.length) return;
  const path = points.map((p) => `${x(p.ply)},${y(p.red)}`).join(" ");
  svg.appendChild(el("polyline", { points: path, class: "line" }));
  for (const p of points) {
    const c = el("circle", { cx: x(p.ply), cy: y(p.red), r: 4, class: p.estimate ? "estimate" : "exact" });
    c.appendChild(el("title", {}, `after move ${p.ply}: Red ${(100 * p.red).toFixed(1)}%${p.estimate ? " (estimate)" : ""}`));
    svg.appendChild(c);
  }
}

// The analysed game's chart, drawn in a viewBox of 600 x ANALYSIS_H: Red's win probability
// before each turn (a point per turn, filled from the tables, hollow where estimated; a ring and
// ?!, ? or ?? on a marked move), the final result, and below each turn its roll's luck for Red
// (a bar up when the roll helped Red, down when it helped Blue; none when the die is unknown).
// onPick(turn) runs when a turn's point or bar is clicked or chosen with Enter.
export const ANALYSIS_H = 300;
const VALUE_BOTTOM = 190, LUCK_TOP = 205, LUCK_BOTTOM = 270;
const MARK_SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function drawAnalysisChart(svg, analysis, onPick) {
  svg.replaceChildren();
  const turns = analysis.turns;
  const slots = Math.max(4, turns.length); // turn i at slot i - 1, the end at slot turns.length
  const x = (slot) => LEFT + 8 + ((W - LEFT - RIGHT - 16) * slot) / slots;
  const y = valueGrid(svg, TOP, VALUE_BOTTOM);
  // The luck strip: bars from its middle line, a full half-height for a roll worth 50%.
  const luckMid = (LUCK_TOP + LUCK_BOTTOM) / 2;
  const luckY = (v) => luckMid - (Math.max(-0.5, Math.min(0.5, v)) * (LUCK_BOTTOM - LUCK_TOP));
  svg.appendChild(el("line", { x1: LEFT, x2: W - RIGHT, y1: luckMid, y2: luckMid, class: "grid" }));
  svg.appendChild(el("text", { x: LEFT - 6, y: luckMid + 4, "text-anchor": "end" }, "luck"));
  svg.appendChild(el("text", { x: LEFT - 6, y: LUCK_TOP + 8, "text-anchor": "end", class: "small" }, "Red"));
  svg.appendChild(el("text", { x: LEFT - 6, y: LUCK_BOTTOM, "text-anchor": "end", class: "small" }, "Blue"));
  stepLabels(svg, x, 1, turns.length, ANALYSIS_H - 8, String);
  if (!turns.length) return;
  svg.setAttribute("aria-label", `Red's win probability before each of the ${turns.length} turns, and the luck of each roll`);

  const points = turns.map((t, i) => ({ slot: i, red: t.red_value }));
  if (analysis.winner) points.push({ slot: turns.length, red: analysis.winner === "r" ? 1 : 0 });
  svg.appendChild(el("polyline", { points: points.map((p) => `${x(p.slot)},${y(p.red)}`).join(" "), class: "line" }));

  const pickable = (node, t) => {
    node.classList.add("pick");
    node.dataset.turn = t.turn;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "link");
    node.addEventListener("click", () => onPick(t));
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onPick(t);
      }
    });
  };
  const pct = (v) => (100 * v).toFixed(1) + "%";
  turns.forEach((t, i) => {
    const cx = x(i), cy = y(t.red_value);
    const side = t.side === "r" ? "Red" : "Blue";
    const describe = `turn ${t.turn}: ${side} rolled ${t.die ?? "?"} and played ${t.move}; Red ${pct(t.red_value)} before the roll` +
      (t.source === "estimate" ? " (engine estimate)" : "") + (t.mark ? `; ${t.mark} (value lost ${pct(t.value_lost)})` : "") +
      (t.luck !== null ? `; luck ${t.luck >= 0 ? "+" : ""}${pct(t.luck)} for ${side}` : "");
    if (t.luck !== null && t.luck !== 0) {
      const redLuck = t.side === "r" ? t.luck : -t.luck;
      const top = Math.min(luckY(redLuck), luckMid), height = Math.max(1, Math.abs(luckY(redLuck) - luckMid));
      const bar = el("rect", { x: cx - 3, y: top, width: 6, height,
        class: "luck " + (redLuck > 0 ? "for-red" : "for-blue") + (t.luck_mark ? " marked" : "") });
      bar.appendChild(el("title", {}, describe));
      pickable(bar, t);
      svg.appendChild(bar);
    }
    const point = el("circle", { cx, cy, r: t.mark ? 6 : 4,
      class: (t.source === "estimate" ? "estimate" : "exact") + (t.mark ? " marked " + t.mark : "") });
    point.appendChild(el("title", {}, describe));
    pickable(point, t);
    svg.appendChild(point);
    if (t.mark)
      svg.appendChild(el("text", { x: cx, y: cy - 10, "text-anchor": "middle", class: "mark-sign " + t.mark }, MARK_SIGNS[t.mark]));
  });
  if (analysis.winner) {
    const end = el("circle", { cx: x(turns.length), cy: y(analysis.winner === "r" ? 1 : 0), r: 4, class: "exact end" });
    end.appendChild(el("title", {}, `${analysis.winner === "r" ? "Red" : "Blue"} won`));
    svg.appendChild(end);
  }
}
