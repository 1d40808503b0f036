// The score, laid out as the engine lays it out (one line a move number, a turn of
// several moves in one cell, Am. IV 4), each move a button that shows the position
// after it: a look back, view only, until the person goes back to the game.

function cellText(cells, descriptive) {
  return cells.map((c) => (descriptive ? c.descriptive : c.san)).join(", ");
}

// Draws `rows` (the page state's `score`) into `el`; `current` is the ply shown (marked),
// `onPick(ply)` is called on a click.
export function drawScore(el, rows, descriptive, current, onPick) {
  el.replaceChildren();
  if (!rows.length) {
    el.textContent = "(no moves yet)";
    return;
  }
  const number = (r) => `${r.number}.`;
  const white = (r) => (r.white.length ? cellText(r.white, descriptive) : "...");
  const numberWidth = Math.max(...rows.map((r) => number(r).length));
  const whiteWidth = Math.max(0, ...rows.filter((r) => r.black.length).map((r) => white(r).length));
  const moves = (cells) => {
    const out = [];
    cells.forEach((c, i) => {
      if (i > 0) out.push(document.createTextNode(", "));
      const b = document.createElement("button");
      b.type = "button";
      b.className = c.ply === current ? "ply current" : "ply";
      b.dataset.ply = String(c.ply);
      b.textContent = descriptive ? c.descriptive : c.san;
      b.addEventListener("click", () => onPick(c.ply));
      out.push(b);
    });
    return out;
  };
  rows.forEach((r, i) => {
    if (i > 0) el.appendChild(document.createTextNode("\n"));
    el.appendChild(document.createTextNode(`${number(r).padStart(numberWidth)} `));
    if (r.white.length) el.append(...moves(r.white));
    else el.appendChild(document.createTextNode("..."));
    if (r.black.length) {
      el.appendChild(document.createTextNode(`${" ".repeat(Math.max(0, whiteWidth - white(r).length))}  `));
      el.append(...moves(r.black));
    }
  });
}
