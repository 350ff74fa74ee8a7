// Move lists as the page shows them: each die's moves, best first, each a button coloured by
// the mover's win probability after it, from loss (red) through even (amber) to win (green).

export function percent(v) {
  return (100 * v).toFixed(1) + "%";
}

export function valueColour(v) {
  const x = Math.min(1, Math.max(0, v));
  // Darker towards green so white text keeps its contrast on every shade.
  return `hsl(${Math.round(125 * x)} 62% ${Math.round(42 - 10 * x)}%)`;
}

const DIE_FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

export function dieFace(d) {
  return DIE_FACES[d];
}

// A card for one die: `entry` is { die, moves: [{ move, move_value, wins }] } as the API gives it,
// or { die, moves: [{ move }] } without values. onMove(move) runs when a move is chosen.
export function dieCard(entry, onMove) {
  const card = document.createElement("div");
  card.className = "die-card";
  card.dataset.die = entry.die;
  const title = document.createElement("h3");
  const name = document.createElement("span");
  name.innerHTML = `<span class="die-face" aria-hidden="true"></span>die ${entry.die}`;
  name.firstChild.textContent = dieFace(entry.die);
  title.appendChild(name);
  if (entry.moves.length && entry.moves[0].move_value !== undefined) {
    const best = document.createElement("span");
    best.className = "muted";
    best.textContent = percent(entry.moves[0].move_value);
    best.title = "the mover's win probability after rolling " + entry.die;
    title.appendChild(best);
  }
  card.appendChild(title);
  card.appendChild(moveList(entry.moves, onMove));
  return card;
}

export function moveList(moves, onMove) {
  const list = document.createElement("ul");
  list.className = "moves";
  for (const m of moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.move = m.move;
    const mv = document.createElement("span");
    mv.className = "mv";
    mv.textContent = m.move;
    b.appendChild(mv);
    if (m.move_value !== undefined) {
      const val = document.createElement("span");
      val.className = "val";
      val.textContent = percent(m.move_value);
      if (m.wins) {
        const w = document.createElement("span");
        w.className = "wins";
        w.textContent = "wins";
        val.appendChild(w);
      }
      b.appendChild(val);
      b.style.background = valueColour(m.move_value);
      b.title = `${m.move}: the mover wins with probability ${m.move_value.toFixed(6)} after it`;
      b.setAttribute("aria-label", `${m.move}, ${percent(m.move_value)}${m.wins ? ", wins at once" : ""}`);
    } else {
      b.classList.add("plain");
    }
    b.addEventListener("click", () => onMove(m.move));
    li.appendChild(b);
    list.appendChild(li);
  }
  return list;
}

// The colour scale's legend.
export function scaleLegend() {
  const p = document.createElement("p");
  p.className = "scale muted";
  p.innerHTML = '<span>loss</span><span class="ramp"></span><span>win</span>' +
    "<span>: the mover's win probability after the move</span>";
  return p;
}
