// The page: one board shared by the two modes, explore (explorer.js) and play (game.js).
import * as api from "./api.js";
import { Board } from "./board.js";
import { Explorer } from "./explorer.js";
import { Game } from "./game.js";
import { SetupPanel } from "./setups.js";

const $ = (selector) => document.querySelector(selector);

let mode = "explore";
const board = new Board($("#board"), {
  onSquare: (sq) => (mode === "explore" ? explorer.onSquare(sq) : game.onSquare(sq)),
  onRemove: (sq) => mode === "explore" && explorer.onRemove(sq),
});
const explorer = new Explorer(board, $);
const game = new Game(board, $, explorer);
const setups = new SetupPanel($);

function setMode(m) {
  mode = m;
  $("#tab-explore").setAttribute("aria-selected", String(m === "explore"));
  $("#tab-play").setAttribute("aria-selected", String(m === "play"));
  $("#tab-setups").setAttribute("aria-selected", String(m === "setups"));
  $("#explore-panel").hidden = m !== "explore";
  $("#play-panel").hidden = m !== "play";
  $("#setups-panel").hidden = m !== "setups";
  // The setup panel has its own triangle: the board is for the other two modes.
  $("#board-area").hidden = m === "setups";
  if (m === "explore") explorer.render();
  else if (m === "play") game.enter();
  else setups.enter();
}
$("#tab-explore").addEventListener("click", () => setMode("explore"));
$("#tab-play").addEventListener("click", () => setMode("play"));
$("#tab-setups").addEventListener("click", () => setMode("setups"));
window.addEventListener("hashchange", () => {
  setMode("explore");
  explorer.loadHash();
});

api.info().then((r) => {
  if (!r.ok) return;
  const n = r.body.complete_up_to;
  $("#tables-info").textContent = n ? `tables: every position with up to ${n} pieces` +
    (r.body.partial_classes.length ? ` and ${r.body.partial_classes.length} classes of ${n + 1}` : "") :
    "no tables: the engine estimates every value";
});
explorer.loadHash();
