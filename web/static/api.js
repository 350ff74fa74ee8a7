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

export const probe = (position) => get("/api/probe", { position });
export const estimate = (position, movetime) => get("/api/estimate", { position, movetime });
export const engineMove = (position, movetime) => get("/api/move", { position, movetime });
export const info = () => get("/api/info", {});

// The value of a position and of its moves: from the tables where they cover it, else the
// engine's estimate (body.estimate is then true). { ok, body, notCovered } where notCovered
// holds the tables' message when the estimate stands in for them.
export async function evaluate(position, movetime) {
  const p = await probe(position);
  if (p.ok || p.status !== 404) return { ok: p.ok, body: p.body, notCovered: null };
  const e = await estimate(position, movetime);
  return { ok: e.ok, body: e.body, notCovered: p.body.error };
}
