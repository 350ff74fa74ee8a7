// The win-probability chart of a game: Red's chance after every move, 0 to 100%, with the
// points the tables gave filled and the engine's estimates hollow.
const NS = "http://www.w3.org/2000/svg";
const W = 600, H = 220, LEFT = 40, RIGHT = 10, TOP = 10, BOTTOM = 25;

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// points: [{ ply, red, estimate }], ply 0 being the start.
export function drawChart(svg, points) {
  svg.replaceChildren();
  const plies = Math.max(4, ...points.map((p) => p.ply));
  const x = (ply) => LEFT + ((W - LEFT - RIGHT) * ply) / plies;
  const y = (v) => TOP + (H - TOP - BOTTOM) * (1 - v);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.appendChild(el("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 0.5 ? "half" : "grid" }));
    svg.appendChild(el("text", { x: LEFT - 6, y: y(v) + 4, "text-anchor": "end" }, `${v * 100}%`));
  }
  const step = Math.max(1, Math.ceil(plies / 10));
  for (let ply = 0; ply <= plies; ply += step)
    svg.appendChild(el("text", { x: x(ply), y: H - 8, "text-anchor": "middle" }, String(ply)));
  if (!points.length) return;
  const path = points.map((p) => `${x(p.ply)},${y(p.red)}`).join(" ");
  svg.appendChild(el("polyline", { points: path, class: "line" }));
  for (const p of points) {
    const c = el("circle", { cx: x(p.ply), cy: y(p.red), r: 4, class: p.estimate ? "estimate" : "exact" });
    c.appendChild(el("title", {}, `after move ${p.ply}: Red ${(100 * p.red).toFixed(1)}%${p.estimate ? " (estimate)" : ""}`));
    svg.appendChild(c);
  }
}
