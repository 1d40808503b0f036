// Morphy's evaluation along a game, as an SVG line from White's side: above the middle
// White stands better. Scores are squashed so that a mate and a Pawn both show; the
// position replayed is marked, and a click on the graph goes to that position.
const SVG = "http://www.w3.org/2000/svg";
const W = 400;
const H = 120;

// -1 .. 1 from centipawns (a winning-chance curve, as a Pawn is worth less when ahead).
function squash(cp) {
  return 2 / (1 + Math.exp(-cp / 250)) - 1;
}

function el(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// Draws `evals` (one per position, null where none) into `svg`, `at` marked; a click
// calls `onPick(index)`.
export function drawGraph(svg, evals, at, onPick) {
  svg.replaceChildren();
  svg.appendChild(el("rect", { x: 0, y: 0, width: W, height: H / 2, class: "graph-white" }));
  svg.appendChild(el("rect", { x: 0, y: H / 2, width: W, height: H / 2, class: "graph-black" }));
  svg.appendChild(el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-axis" }));
  const n = Math.max(1, evals.length - 1);
  const x = (i) => (i * W) / n;
  const y = (cp) => H / 2 - (squash(cp) * (H / 2 - 4));
  let d = "";
  evals.forEach((e, i) => {
    if (!e) return;
    d += `${d === "" ? "M" : "L"}${x(i).toFixed(1)},${y(e.cp).toFixed(1)} `;
  });
  if (d) svg.appendChild(el("path", { d, class: "graph-line" }));
  if (at !== null && at >= 0) {
    svg.appendChild(el("line", { x1: x(at), y1: 0, x2: x(at), y2: H, class: "graph-at" }));
  }
  svg.onclick = (e) => {
    const box = svg.getBoundingClientRect();
    const i = Math.round(((e.clientX - box.left) / box.width) * n);
    onPick(Math.max(0, Math.min(evals.length - 1, i)));
  };
}

// A figure in words, from White's side.
export function evalWords(e) {
  if (!e) return "no move to search";
  if (e.mate !== null && e.mate !== undefined) {
    return e.mate > 0 ? `White mates in ${e.mate}` : `Black mates in ${-e.mate}`;
  }
  const p = (e.cp / 100).toFixed(2);
  return e.cp > 0 ? `+${p} (White)` : e.cp < 0 ? `${p} (Black)` : "0.00 (level)";
}
