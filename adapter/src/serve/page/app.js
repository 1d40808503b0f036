// The web board's page: starts the game named by the address (or the form), sends the
// person's moves and requests, and draws what the server answers. The server plays
// Morphy and judges everything; this page only draws and reads clicks.
import { Board } from "./board.js";
import { setUpLook } from "./look.js";
import { drawClocks, drawPanel, resultWords, say, showErrors, showThinking } from "./panel.js";

const $ = (id) => document.getElementById(id);
let state = null;
let since = performance.now();
let events = null;

const board = new Board($("board"), (from, to, promotion) => move(from, to, promotion));
setUpLook(() => board.draw());

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, options);
  let data = {};
  try {
    data = await r.json();
  } catch (_) {
    data = { error: `${r.status} ${r.statusText}` };
  }
  return { ok: r.ok, status: r.status, data };
}

// Draws `next`; true when it ends the game shown (the message under the board then
// gives the result in place of whatever was said before).
function show(next) {
  if (!next) return false;
  // A state older than the one shown (an event overtaken by an answer) is dropped: the
  // server's epoch counts the person's changes (a take-back among them), plies the moves.
  const older = (a, b) => a.epoch < b.epoch || (a.epoch === b.epoch && a.plies < b.plies);
  if (state && state.id === next.id && older(next, state)) return false;
  const fresh = !state || state.id !== next.id;
  const ended = next.over && (fresh || !state.over);
  state = next;
  since = performance.now();
  if (fresh) {
    board.flipped = state.human === "black";
    follow(state.id);
    // The game's own address: opened again (a closed tab, a restarted server), it
    // shows the game where it stands.
    const own = `/game/${state.id}`;
    if (location.pathname !== own) history.replaceState(null, "", own);
  }
  board.show(state);
  drawPanel(state, board.flipped);
  drawClocks(state, since, board.flipped);
  if (ended) say(resultWords(state), "result");
  return ended;
}

// Server-sent events: Morphy's thinking and the game's new state.
function follow(id) {
  if (events) events.close();
  events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener("state", (e) => show(JSON.parse(e.data)));
  events.addEventListener("thinking", (e) => showThinking(JSON.parse(e.data)));
}

async function start(params) {
  say("");
  const r = await api("/api/games", params);
  if (!r.ok) {
    showErrors(r.data.errors || [r.data.error]);
    return;
  }
  showErrors([]);
  show(r.data);
}

async function move(from, to, promotion) {
  if (!state) return;
  const r = await api(`/api/games/${state.id}/move`, { from, to, promotion });
  if (r.ok) {
    say("");
    show(r.data);
  } else {
    const law = r.data.law ? ` (${r.data.law})` : "";
    say(`Not played: ${r.data.error}${law}.`);
    if (r.data.state) show(r.data.state);
    else board.draw();
  }
}

async function request(what) {
  if (!state) return;
  const r = await api(`/api/games/${state.id}/${what}`, {});
  const words = r.data.said || r.data.error;
  show(r.data.state || (r.data.fen ? r.data : null));
  // Once the game is over the message gives the result (with its reason and law, which
  // say what a granted claim said).
  if (state && state.over) say(resultWords(state), "result");
  else if (words) say(words, r.ok);
}

// The address's parameters, or the form's.
function addressParams() {
  const out = {};
  for (const [k, v] of new URLSearchParams(location.search)) out[k] = v;
  return out;
}

function formParams(form) {
  const out = {};
  for (const [k, v] of new FormData(form)) if (v !== "") out[k] = String(v);
  return out;
}

async function choices() {
  const r = await api("/api/choices");
  if (!r.ok) return;
  $("odds").replaceChildren(...r.data.odds.map((o) => new Option(o.words, o.name)));
  $("rules").replaceChildren(...r.data.rules.map((n) => new Option(n, n)));
  for (let e = r.data.elo.min; e <= r.data.elo.max; e += 200) $("elo").appendChild(new Option(`Elo ${e}`, String(e)));
  const asked = addressParams();
  const form = $("new-game");
  for (const [k, v] of Object.entries(asked)) {
    const field = form.elements.namedItem(k);
    if (field && field.tagName === "SELECT" && ![...field.options].some((o) => o.value === v)) continue;
    if (field && field.type === "checkbox") field.checked = v === "true" || v === "1";
    else if (field) field.value = v;
  }
}

// The game a `/game/ID` address names, opened where it stands.
async function reopen(id) {
  const r = await api(`/api/games/${id}`);
  if (!r.ok) {
    showErrors([r.data.error || "no such game", "Start a new game below, or see your games."]);
    return;
  }
  showErrors([]);
  show(r.data);
}

function gameInAddress() {
  const m = location.pathname.match(/^\/game\/([0-9a-f]{32})$/);
  return m ? m[1] : null;
}

$("new-game").addEventListener("submit", (e) => {
  e.preventDefault();
  const params = formParams(e.target);
  history.pushState(null, "", `/?${new URLSearchParams(params)}`);
  start(params);
});
window.addEventListener("popstate", () => {
  const id = gameInAddress();
  if (id && (!state || state.id !== id)) reopen(id);
});
$("flip").addEventListener("click", () => {
  board.flip();
  if (state) drawPanel(state, board.flipped);
});
$("claim").addEventListener("click", () => request("claim"));
$("call").addEventListener("click", () => request("call"));
$("offer").addEventListener("click", () => request("offer"));
$("undo").addEventListener("click", () => request("undo"));
$("resign").addEventListener("click", () => {
  if (confirm("Resign the game?")) request("resign");
});
$("show-descriptive").addEventListener("change", () => state && drawPanel(state, board.flipped));
$("upload").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const pgn = await file.text();
  const elo = $("elo").value;
  const r = await api("/api/games/pgn", { pgn, elo });
  if (!r.ok) showErrors(r.data.errors || [r.data.error]);
  else {
    showErrors([]);
    show(r.data);
  }
  e.target.value = "";
});
setInterval(() => state && drawClocks(state, since, board.flipped), 250);
window.addEventListener("pagehide", () => {
  // The event stream is closed here, not left to the browser: a page kept for "back"
  // would hold its connection, and a browser opens only six to one server.
  if (events) events.close();
  if (state) navigator.sendBeacon(`/api/games/${state.id}/stop`);
});

await choices();
const asked = gameInAddress();
if (asked) reopen(asked);
else start(addressParams());
