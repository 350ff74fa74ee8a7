// The server's JSON API (docs/WEB.md). Every answer, errors included, is a JSON object; these
// return { ok, status, body } and never throw for an HTTP error.

async function get(path, params) {
  const query = new URLSearchParams(params).toString();
  try {
    const res = await fetch(path + (query ? "?" + query : ""), { headers: { Accept: "application/json" } });
    const body = await res.json();
    return { ok: res.ok, status: res.status, body };
  } catch (e) {
    return { ok: false, status: 0, body: { error: "the server does not answer (" + e.message + ")" } };
  }
}

export const engineMove = (position, movetimeMs) => get("/api/move", { position, movetime_ms: movetimeMs });
export const info = () => get("/api/info", {});
// The setup advisor (docs/SETUPS.md): the answers of `ewn setup reply|best|equilibrium --json`.
export const setupReply = (arrangement, count) => get("/api/setup/reply", { arrangement, count });
export const setupBest = (count) => get("/api/setup/best", { count });
// Without a setup matrix the equilibrium's answer is the error, with status 200 (missing=ok): the
// page asks it first, and a server without a matrix is no failed load in the console.
export const setupEquilibrium = () => get("/api/setup/equilibrium", { missing: "ok" });

// The value of a position and of its moves: from the tables where they cover it, else the
// engine's estimate searched to a fixed budget of `nodes` (the same answer on every load).
// One request, answered 200 either way (/api/probe's fallback=estimate), so that an uncovered
// position is no failed load. { ok, body, notCovered }: body.source is "estimate" for an estimate,
// and notCovered then holds the tables' message (what they cover, how to make the rest).
export async function evaluate(position, nodes) {
  const r = await get("/api/probe", { position, fallback: "estimate", nodes });
  return { ok: r.ok, body: r.body, notCovered: r.ok ? r.body.not_covered || null : null };
}

// A played game judged turn by turn: the document of `ewn analyse --json` (docs/WEB.md). `text`
// is the game's text; `nodes` each estimated position's budget; `game` which game of a log
// (null: its last).
export function analyse(text, nodes, game) {
  const params = { text, nodes };
  if (game) params.game = game;
  return get("/api/analyse", params);
}
