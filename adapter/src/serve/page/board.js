// The board: an SVG of 64 squares, each a <g data-square="e4">, drawn from the FEN the
// server sends. A click on a man and then on a square (or a drag) asks the server for
// that move; what is legal and why a move is not is the server's to say.
import { man, manName, PROMOTION_NAMES } from "./men.js";

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";
const CELL = 60;

// The men of a FEN's placement: { e1: "K", ... }.
export function placement(fen) {
  const out = {};
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= "1" && c <= "8") file += Number(c);
      else out[FILES[file++] + (8 - i)] = c;
    }
  });
  return out;
}

export class Board {
  // `root`: the element that carries data-fen; `onMove(from, to, promotion)`.
  constructor(root, onMove) {
    this.root = root;
    this.onMove = onMove;
    this.flipped = false;
    this.selected = null;
    this.dragging = null;
    this.state = null;
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("viewBox", `0 0 ${CELL * 8} ${CELL * 8}`);
    this.svg.setAttribute("class", "board-svg");
    this.svg.setAttribute("aria-label", "The board");
    root.appendChild(this.svg);
    this.chooser = document.createElement("div");
    this.chooser.className = "chooser hidden";
    root.appendChild(this.chooser);
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", (e) => this.up(e));
  }

  flip() {
    this.flipped = !this.flipped;
    this.draw();
  }

  // Draws `state`; a new last move whose man stood on its square before slides there.
  show(state) {
    const before = this.state;
    const changed = !before || before.fen !== state.fen;
    this.state = state;
    this.root.dataset.fen = state.fen;
    if (changed) {
      this.selected = null;
      this.arrow = null;
    }
    const last = state.last;
    const moved = before && changed && last &&
      !(before.last && before.last.from === last.from && before.last.to === last.to) &&
      placement(before.fen)[last.from] && !placement(state.fen)[last.from];
    this.draw(moved ? last : null);
  }

  // An arrow for a suggested move (the hint), until the position changes.
  showArrow(from, to) {
    this.arrow = { from, to };
    this.draw();
  }

  xy(square) {
    const f = FILES.indexOf(square[0]);
    const r = Number(square[1]) - 1;
    return this.flipped ? [(7 - f) * CELL, r * CELL] : [f * CELL, (7 - r) * CELL];
  }

  legalFrom(square) {
    return this.state ? this.state.legal.filter((m) => m.from === square) : [];
  }

  draw(slide = null) {
    const s = this.state || { fen: "8/8/8/8/8/8/8/8 w - - 0 1", legal: [] };
    this.svg.replaceChildren();
    const men = placement(s.fen);
    const targets = new Set(this.selected ? this.legalFrom(this.selected).map((m) => m.to) : []);
    for (let r = 1; r <= 8; r++) {
      for (const f of FILES) {
        const sq = f + r;
        const [x, y] = this.xy(sq);
        const g = document.createElementNS(SVG, "g");
        g.dataset.square = sq;
        // What a screen reader says of the square: "e4, white Pawn", "e5, empty".
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", `${sq}, ${men[sq] ? manName(men[sq]) : "empty"}`);
        const light = (FILES.indexOf(f) + r) % 2 === 1;
        const rect = document.createElementNS(SVG, "rect");
        let cls = light ? "sq light" : "sq dark";
        if (s.last && (s.last.from === sq || s.last.to === sq)) cls += " last";
        if (s.check === sq) cls += " check";
        if (this.selected === sq) cls += " selected";
        rect.setAttribute("class", cls);
        rect.setAttribute("x", x);
        rect.setAttribute("y", y);
        rect.setAttribute("width", CELL);
        rect.setAttribute("height", CELL);
        g.appendChild(rect);
        const edgeFile = this.flipped ? "8" : "1";
        const edgeRank = this.flipped ? "h" : "a";
        if (r === Number(edgeFile) || f === edgeRank) {
          const label = document.createElementNS(SVG, "text");
          label.setAttribute("class", "coord");
          if (r === Number(edgeFile)) {
            label.setAttribute("x", x + CELL - 3);
            label.setAttribute("y", y + CELL - 3);
            label.setAttribute("text-anchor", "end");
            label.textContent = f;
          } else {
            label.setAttribute("x", x + 3);
            label.setAttribute("y", y + 11);
            label.textContent = String(r);
          }
          g.appendChild(label);
        }
        if (men[sq]) {
          const t = man(men[sq], x + CELL / 2, y + CELL / 2 + 2, CELL * 0.8);
          if (this.dragging && this.dragging.from === sq) t.classList.add("lifted");
          g.appendChild(t);
          if (slide && slide.to === sq) this.slide(t, slide.from, sq);
        }
        if (targets.has(sq)) {
          const dot = document.createElementNS(SVG, "circle");
          dot.setAttribute("class", men[sq] ? "target capture" : "target");
          dot.setAttribute("cx", x + CELL / 2);
          dot.setAttribute("cy", y + CELL / 2);
          dot.setAttribute("r", men[sq] ? CELL / 2 - 3 : CELL / 7);
          g.appendChild(dot);
        }
        this.svg.appendChild(g);
      }
    }
    if (this.arrow) this.svg.appendChild(this.arrowShape(this.arrow.from, this.arrow.to));
    if (this.dragging && this.dragging.at) {
      const [px, py] = this.dragging.at;
      const t = man(men[this.dragging.from], px, py, CELL * 0.9);
      t.classList.add("ghost");
      this.svg.appendChild(t);
    }
  }

  // The man drawn at `to` slides in from `from` (unless the person asks for less motion).
  slide(el, from, to) {
    if (!el.animate || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const [fx, fy] = this.xy(from);
    const [tx, ty] = this.xy(to);
    el.animate(
      [{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "translate(0, 0)" }],
      { duration: 180, easing: "ease-out" },
    );
  }

  // An arrow from the centre of `from` to that of `to`.
  arrowShape(from, to) {
    const [fx, fy] = this.xy(from);
    const [tx, ty] = this.xy(to);
    const c = CELL / 2;
    const [x1, y1, x2, y2] = [fx + c, fy + c, tx + c, ty + c];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const head = CELL * 0.35;
    const [bx, by] = [x2 - ux * head, y2 - uy * head];
    const w = CELL * 0.1;
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "arrow");
    g.dataset.arrow = `${from}${to}`;
    const line = document.createElementNS(SVG, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2: bx, y2: by, "stroke-width": w })) line.setAttribute(k, v);
    const tip = document.createElementNS(SVG, "polygon");
    const pts = [
      [x2, y2],
      [bx - uy * head * 0.6, by + ux * head * 0.6],
      [bx + uy * head * 0.6, by - ux * head * 0.6],
    ];
    tip.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
    g.append(line, tip);
    return g;
  }

  squareAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const g = el && el.closest ? el.closest("[data-square]") : null;
    return g ? g.dataset.square : null;
  }

  ownMan(sq) {
    const s = this.state;
    const m = s && placement(s.fen)[sq];
    if (!m) return false;
    return (m === m.toUpperCase()) === (s.human === "white");
  }

  down(e) {
    const sq = this.squareAt(e);
    if (!sq || !this.state) return;
    this.hideChooser();
    const men = placement(this.state.fen);
    if (this.selected && sq !== this.selected && !this.ownMan(sq)) {
      const from = this.selected;
      this.selected = null;
      this.attempt(from, sq);
      return;
    }
    if (this.selected === sq) {
      this.selected = null;
    } else if (men[sq]) {
      this.selected = sq;
      this.dragging = { from: sq, at: null, pointer: e.pointerId };
    }
    this.draw();
  }

  move(e) {
    if (!this.dragging || e.pointerId !== this.dragging.pointer) return;
    const box = this.svg.getBoundingClientRect();
    const scale = (CELL * 8) / box.width;
    this.dragging.at = [(e.clientX - box.left) * scale, (e.clientY - box.top) * scale];
    this.draw();
  }

  up(e) {
    const drag = this.dragging;
    this.dragging = null;
    if (!drag) return;
    const sq = this.squareAt(e);
    if (drag.at && sq && sq !== drag.from) {
      this.selected = null;
      this.attempt(drag.from, sq);
    } else {
      this.draw();
    }
  }

  // A move from `from` to `to`: a choice when it promotes, else straight to the server
  // (an illegal one too: the server says why).
  attempt(from, to) {
    const moves = this.legalFrom(from).filter((m) => m.to === to);
    const promotions = moves.filter((m) => m.promotion);
    if (promotions.length > 1) {
      this.choose(from, to, promotions.map((m) => m.promotion));
    } else {
      this.onMove(from, to, promotions.length === 1 ? promotions[0].promotion : null);
    }
    this.draw();
  }

  choose(from, to, letters) {
    this.chooser.replaceChildren();
    const title = document.createElement("div");
    title.textContent = "Promote to";
    this.chooser.appendChild(title);
    const white = this.state.human === "white";
    for (const p of letters) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.promotion = p;
      b.title = PROMOTION_NAMES[p] || p;
      b.textContent = `${PROMOTION_NAMES[p] || p}`;
      b.className = white ? "promo white" : "promo black";
      b.addEventListener("click", () => {
        this.hideChooser();
        this.onMove(from, to, p);
      });
      this.chooser.appendChild(b);
    }
    this.chooser.classList.remove("hidden");
  }

  hideChooser() {
    this.chooser.classList.add("hidden");
  }
}
