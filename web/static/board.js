// The board: 25 square buttons in a grid, drawn to scale, with the pieces as numbered discs.
// Each square is a button, so a click, a tap or the keyboard (arrow keys move between squares,
// Enter or Space acts, Delete removes) all reach the same handler.
import { squareName, sideName, RED_GOAL, BLUE_GOAL } from "./rules.js";

export class Board {
  // onSquare(square) for a click or Enter; onRemove(square) for Delete or Backspace.
  constructor(element, { onSquare, onRemove }) {
    this.element = element;
    this.cursor = 20; // a1, where a keyboard user starts
    this.squares = [];
    element.setAttribute("role", "grid");
    for (let sq = 0; sq < 25; sq++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq " + ((Math.floor(sq / 5) + (sq % 5)) % 2 ? "dark" : "light");
      if (sq === RED_GOAL) b.classList.add("goal-red");
      if (sq === BLUE_GOAL) b.classList.add("goal-blue");
      b.dataset.square = squareName(sq);
      b.addEventListener("click", () => {
        this.cursor = sq;
        onSquare(sq);
      });
      b.addEventListener("keydown", (e) => this.key(e, sq, onRemove));
      this.squares.push(b);
      element.appendChild(b);
    }
  }

  key(e, sq, onRemove) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 };
    if (e.key in moves) {
      const next = sq + moves[e.key];
      const sameRow = Math.abs(moves[e.key]) === 5 || Math.floor(next / 5) === Math.floor(sq / 5);
      if (next >= 0 && next < 25 && sameRow) {
        this.cursor = next;
        this.updateFocus();
        this.squares[next].focus();
      }
      e.preventDefault();
    } else if (e.key === "Delete" || e.key === "Backspace") {
      onRemove(sq);
      e.preventDefault();
    }
  }

  updateFocus() {
    this.squares.forEach((b, i) => (b.tabIndex = i === this.cursor ? 0 : -1));
  }

  // marks: { selected: square, targets: Set of squares, last: [from, to] }
  render(pos, marks = {}) {
    const targets = marks.targets || new Set();
    const last = marks.last || [];
    this.squares.forEach((b, sq) => {
      const p = pos.board[sq];
      b.replaceChildren();
      const name = squareName(sq);
      if (sq % 5 === 0 || sq >= 20) {
        const label = document.createElement("span");
        label.className = "coord";
        label.textContent = (sq >= 20 ? name[0] : "") + (sq % 5 === 0 ? name[1] : "");
        label.setAttribute("aria-hidden", "true");
        b.appendChild(label);
      }
      if (p) {
        const disc = document.createElement("span");
        disc.className = "piece " + (p.side === "r" ? "red" : "blue");
        disc.textContent = p.n;
        b.appendChild(disc);
      }
      b.classList.toggle("selected", marks.selected === sq);
      b.classList.toggle("target", targets.has(sq));
      b.classList.toggle("last", last.includes(sq));
      let label = name + ": " + (p ? sideName(p.side) + " " + p.n : "empty");
      if (targets.has(sq)) label += ", a move goes here";
      b.setAttribute("aria-label", label);
    });
    this.updateFocus();
  }
}
