// The men, drawn as the Unicode chess glyphs in SVG text (no piece set is fetched):
// the solid glyph for both sides, filled white or black and outlined.
const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };

const SVG = "http://www.w3.org/2000/svg";

// An SVG text element drawing the man `letter` (FEN: upper case White) centred at x, y.
export function man(letter, x, y, size) {
  const t = document.createElementNS(SVG, "text");
  t.textContent = GLYPHS[letter.toLowerCase()] || "?";
  t.setAttribute("x", x);
  t.setAttribute("y", y);
  t.setAttribute("font-size", size);
  t.setAttribute("class", letter === letter.toUpperCase() ? "man white" : "man black");
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("dominant-baseline", "central");
  return t;
}

// A man as plain text for the side panel (men given and taken).
// White men in outline, Black's solid.
const OUTLINE = { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659" };
export function glyph(letter) {
  return OUTLINE[letter] || GLYPHS[letter] || "?";
}

// The names of promotion choices.
export const PROMOTION_NAMES = { q: "Queen", r: "Rook", b: "Bishop", n: "Knight", p: "stay a Pawn" };
