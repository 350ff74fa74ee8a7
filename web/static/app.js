// The page: one board shared by three modes, explore (explorer.js), play (game.js) and analyse
// (analysis.js), and the setup advisor (setups.js) with a triangle of its own. The explorer's position is in the address (#<notation>); the analysis
// view is #analysis, so that the back button returns to it from a turn opened in the explorer.
import * as api from "./api.js";
import { Analysis } from "./analysis.js";
import { Board } from "./board.js";
import { Explorer, hashOf } from "./explorer.js";
import { Game } from "./game.js";
import { SetupPanel } from "./setups.js";

const $ = (selector) => document.querySelector(selector);

let mode = "explore";
const board = new Board($("#board"), {
  onSquare: (sq) => (mode === "explore" ? explorer.onSquare(sq) : mode === "play" && game.onSquare(sq)),
  onRemove: (sq) => mode === "explore" && explorer.onRemove(sq),
});
const explorer = new Explorer(board, $);
const game = new Game(board, $, explorer);
const analysis = new Analysis(board, $);
const setups = new SetupPanel($);
const ANALYSIS_HASH = "#analysis";

function setMode(m) {
  mode = m;
  for (const name of ["explore", "play", "analysis", "setups"]) {
    $("#tab-" + name).setAttribute("aria-selected", String(m === name));
    $(`#${name}-panel`).hidden = m !== name;
  }
  // The setup panel has its own triangle: the board is for the other modes.
  $("#board-area").hidden = m === "setups";
  if (m === "explore") explorer.render();
  else if (m === "play") game.enter();
  else if (m === "analysis") analysis.enter();
  else setups.enter();
}
// The address names what is shown: the explorer's position, or the analysis view.
function leaveAnalysisHash() {
  if (location.hash === ANALYSIS_HASH) history.pushState(null, "", hashOf(explorer.pos));
}
function showAnalysis() {
  if (location.hash !== ANALYSIS_HASH) history.pushState(null, "", ANALYSIS_HASH);
  setMode("analysis");
}
for (const name of ["explore", "play", "setups"])
  $("#tab-" + name).addEventListener("click", () => {
    leaveAnalysisHash();
    setMode(name);
  });
$("#tab-analysis").addEventListener("click", showAnalysis);
$("#analyse-game").addEventListener("click", () => {
  showAnalysis();
  analysis.analyseText(game.text());
});
function followHash() {
  if (location.hash === ANALYSIS_HASH) return setMode("analysis");
  setMode("explore");
  explorer.loadHash();
}
window.addEventListener("hashchange", followHash);

api.info().then((r) => {
  if (!r.ok) return;
  const n = r.body.complete_up_to;
  $("#tables-info").textContent = n ? `tables: every position with up to ${n} pieces` +
    (r.body.partial_classes.length ? ` and ${r.body.partial_classes.length} classes of ${n + 1}` : "") :
    "no tables: the engine estimates every value";
});
followHash();
