// The panel around the board: whose turn, the clocks, the men given and taken, the
// score in SAN or descriptive notation, what was said, and the result with its law.
import { glyph } from "./men.js";

const $ = (id) => document.getElementById(id);

function text(id, words) {
  $(id).textContent = words;
}

function list(id, items, tag = "li") {
  $(id).replaceChildren(
    ...items.map((t) => {
      const li = document.createElement(tag);
      li.textContent = t;
      return li;
    }),
  );
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The sides at the board's two edges: White at the bottom unless the board is flipped
// (the board itself decides the flip, once: playing Black it starts flipped).
function edges(flipped) {
  return flipped ? { bottom: "black", top: "white" } : { bottom: "white", top: "black" };
}

// Draws each side's name, and its clock when the game is timed, at its edge of the
// board, from `state` as of `since` (ms, performance.now()).
export function drawClocks(state, since, flipped) {
  const c = state.clocks;
  const { top, bottom } = edges(flipped);
  for (const [id, side] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const el = $(id);
    const who = side === state.human ? "You" : "Morphy";
    el.classList.remove("hidden");
    el.classList.toggle("untimed", !c);
    if (!c) {
      el.textContent = `${who} (${side})`;
      el.classList.remove("running", "out");
      continue;
    }
    let ms = c[side];
    if (c.running === side) ms -= performance.now() - since;
    el.textContent = `${who} (${side}) ${clockText(ms)}`;
    el.classList.toggle("running", c.running === side);
    el.classList.toggle("out", ms <= 0);
  }
}

// Whether the last state drawn had Morphy searching.
let searching = false;

export function drawPanel(state, flipped) {
  const over = state.over;
  const mine = state.turn === state.human;
  let status;
  if (over) status = "The game is over.";
  else if (mine) status = `Your move (${state.turn}), move ${state.move_number}.`;
  else status = `Morphy (${state.turn}) is thinking…`;
  if (state.turn_note && !over) status += ` ${state.turn_note}.`;
  if (state.check && !over) status += " Check.";
  text("status", status);
  const unkept = $("unkept");
  if (unkept) unkept.classList.toggle("hidden", state.kept);
  text("game-name", state.game);
  list("terms", state.terms);
  text("level", `Morphy's level: ${state.level}.`);
  const given = state.given.map(glyph).join(" ");
  text("given", state.given.length ? `Men given at the start: ${given} (by ${state.giver}).` : "No men given.");
  const { top, bottom } = edges(flipped);
  // Each row shows the men the side at that edge has taken: the other side's men.
  text("taken-bottom", state.taken[top].map(glyph).join(""));
  text("taken-top", state.taken[bottom].map(glyph).join(""));
  text("eval", state.eval ? `Evaluation: ${state.eval}.` : "No evaluation yet.");
  // "Thinking…" only while Morphy searches (its lines of thought replace it, and the
  // last stays after its move); nothing once the game is over.
  if (over) text("thinking", " ");
  else if (state.thinking && !searching) text("thinking", "Thinking…");
  else if (!state.thinking && $("thinking").textContent === "Thinking…") text("thinking", " ");
  searching = state.thinking && !over;
  const descriptive = $("show-descriptive").checked;
  text("score", (descriptive ? state.descriptive : state.san) || "(no moves yet)");
  list("log", state.log);
  $("log").scrollTop = $("log").scrollHeight;
  $("score").scrollTop = $("score").scrollHeight;
  const result = $("result");
  if (state.result) {
    result.textContent = resultWords(state);
    result.classList.remove("hidden");
  } else {
    result.classList.add("hidden");
  }
  const open = mine && !over;
  for (const id of ["claim", "offer"]) $(id).disabled = !open;
  $("resign").disabled = over;
  $("undo").disabled = !state.take_back;
  $("claim").title = state.claimable ? `You may claim: ${state.claimable}` : "Claim a draw (the law will say whether it is granted)";
  $("claim").classList.toggle("claimable", Boolean(state.claimable));
  $("call").classList.toggle("hidden", !state.call);
  $("call").title = state.call || "";
  $("download").href = `/api/games/${state.id}/pgn`;
}

export function showThinking(info) {
  const line = `Depth ${info.depth}: ${info.score}; ${info.pv}`;
  text("thinking", info.note ? `${line}. ${info.note}.` : line);
}

// The result with its law, in words.
export function resultWords(state) {
  return state.result ? `Result ${state.result.result}: ${state.result.reason}.` : "";
}

// A message under the board: refusals in red, grants (`kind` true) in green, the
// result (`kind` "result") in the result's colour.
export function say(words, kind = false) {
  const m = $("message");
  if (!words) {
    m.classList.add("hidden");
    return;
  }
  m.textContent = words;
  m.classList.toggle("granted", kind === true);
  m.classList.toggle("result", kind === "result");
  m.classList.remove("hidden");
}

export function showErrors(lines) {
  const e = $("errors");
  if (!lines || !lines.length) {
    e.classList.add("hidden");
    return;
  }
  e.textContent = `The game cannot start:\n${lines.join("\n")}`;
  e.classList.remove("hidden");
}
