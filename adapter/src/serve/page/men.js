// The men. Two sets to choose from, the choice remembered (look.js): pictures, Colin
// M. L. Burnett's men (men/cburnett.svg, BSD; drawn from the sprite the server serves,
// so every machine shows the same), and the Unicode chess glyphs in the machine's own
// fonts.
const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const SPRITE = "/assets/men-cburnett.svg";

const SVG = "http://www.w3.org/2000/svg";

// The sets, by name: what the chooser offers.
export const MEN_SETS = { pictures: "Pictures (Burnett)", glyphs: "Glyphs (your fonts)" };
let set = "pictures";

export function setMen(name) {
  if (name in MEN_SETS) set = name;
}

// An SVG element drawing the man `letter` (FEN: upper case White) centred at x, y, in a
// square of side `size` / 0.8 (a glyph `size` high, a picture filling the square).
export function man(letter, x, y, size) {
  const white = letter === letter.toUpperCase();
  if (set === "pictures" && GLYPHS[letter.toLowerCase()]) {
    const side = size / 0.8;
    const u = document.createElementNS(SVG, "use");
    u.setAttribute("href", `${SPRITE}#${white ? "w" : "b"}${letter.toUpperCase()}`);
    u.setAttribute("x", x - side / 2);
    u.setAttribute("y", y - side / 2);
    u.setAttribute("width", side);
    u.setAttribute("height", side);
    u.setAttribute("class", white ? "man picture white" : "man picture black");
    return u;
  }
  const t = document.createElementNS(SVG, "text");
  t.textContent = GLYPHS[letter.toLowerCase()] || "?";
  t.setAttribute("x", x);
  t.setAttribute("y", y);
  t.setAttribute("font-size", size);
  t.setAttribute("class", white ? "man white" : "man black");
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
