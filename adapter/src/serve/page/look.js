// How the board looks: the men's set and the board's colours, chosen in the page's
// "Look" panel and remembered in this browser (localStorage). The page's own colours
// follow the system's light or dark theme (style.css).
import { MEN_SETS, setMen } from "./men.js";

const KEY = "morphy-look";
export const BOARDS = { brown: "Brown", green: "Green", blue: "Blue", grey: "Grey" };

function stored() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch (_) {
    return {};
  }
}

function apply(look) {
  setMen(look.men || "pictures");
  const board = look.board in BOARDS ? look.board : "brown";
  for (const name of Object.keys(BOARDS)) document.body.classList.toggle(`board-${name}`, name === board);
}

// Applies the remembered look, and fills the chooser (if the page has one): `redraw` is
// called after each change.
export function setUpLook(redraw) {
  const look = stored();
  apply(look);
  const menChoice = document.getElementById("look-men");
  const boardChoice = document.getElementById("look-board");
  if (!menChoice || !boardChoice) return;
  menChoice.replaceChildren(...Object.entries(MEN_SETS).map(([k, v]) => new Option(v, k)));
  boardChoice.replaceChildren(...Object.entries(BOARDS).map(([k, v]) => new Option(v, k)));
  menChoice.value = look.men in MEN_SETS ? look.men : "pictures";
  boardChoice.value = look.board in BOARDS ? look.board : "brown";
  const changed = () => {
    const next = { men: menChoice.value, board: boardChoice.value };
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch (_) {
      // A browser that keeps nothing still shows the choice until the page closes.
    }
    apply(next);
    redraw();
  };
  menChoice.addEventListener("change", changed);
  boardChoice.addEventListener("change", changed);
}
