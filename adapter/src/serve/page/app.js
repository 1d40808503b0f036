// The web board's page: starts the game named by the address (or the form), sends the
// person's moves and requests, and draws what the server answers. The server plays
// Morphy and judges everything; this page only draws and reads clicks.
import { Board, placement } from "./board.js";
import { setUpLook } from "./look.js";
import { play as sound, setUpSounds } from "./sounds.js";
import { drawClocks, drawPanel, resultWords, say, setLookBack, showErrors, showThinking } from "./panel.js";

const $ = (id) => document.getElementById(id);
let state = null;
let since = performance.now();
let events = null;

const board = new Board($("board"), (from, to, promotion) => move(from, to, promotion));
setUpLook(() => board.draw());
setUpSounds($("sounds"));
// Set while the person's own move is on its way, to say who played it.
let personMoved = false;

// Words for a screen reader (a live region).
function announce(words) {
  $("announce").textContent = words;
}

// The last move in SAN, from the score's rows (a row's Black moves come after its White's).
function lastSan(rows) {
  const row = rows[rows.length - 1];
  const cells = row ? [...row.white, ...row.black] : [];
  return cells.length ? cells[cells.length - 1].san : "";
}

// Morphy's last evaluation from the person's side as the bar's light share.
function drawEvalBar(cp) {
  const share = cp === null || cp === undefined ? 0.5 : 1 / (1 + Math.exp(-cp / 250));
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
}

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
  const newMove = !fresh && next.plies > state.plies && next.last;
  if (newMove) {
    const who = personMoved ? "You play" : "Morphy plays";
    announce(`${who} ${lastSan(next.score || [])}.`);
    const captured = Object.keys(placement(next.fen)).length < Object.keys(placement(state.fen)).length;
    sound(next.check ? "check" : captured ? "capture" : "move");
  }
  if (!fresh && next.plies !== state.plies) personMoved = false;
  state = next;
  since = performance.now();
  if (fresh) {
    lookingAt = null;
    setLookBack(null, lookBack);
    $("looking").classList.add("hidden");
    board.flipped = state.human === "black";
    follow(state.id);
    // The game's own address: opened again (a closed tab, a restarted server), it
    // shows the game where it stands.
    const own = `/game/${state.id}`;
    if (location.pathname !== own) history.replaceState(null, "", own);
  }
  if (lookingAt === null) board.show(state);
  else $("looking-words").textContent = lookingWords();
  drawPanel(state, board.flipped);
  drawClocks(state, since, board.flipped);
  drawEvalBar(state.eval_cp);
  if (ended) {
    say(resultWords(state), "result");
    announce(resultWords(state));
  }
  return ended;
}

// A look back at the position after `lookingAt` moves (view only), from the game's
// moves as the server lists them; null: the game as it stands.
let lookingAt = null;
let looked = null;

function lookingWords() {
  const m = looked && looked.moves[lookingAt - 1];
  const where = m ? `after ${m.number} ${m.san}` : "at the start";
  const moved = state && looked && state.plies !== looked.moves.length ? " The game has moved on." : "";
  return `Looking back ${where} (view only).${moved}`;
}

async function lookBack(ply) {
  if (!state) return;
  if (!looked || looked.id !== state.id || looked.moves.length !== state.plies) {
    const r = await api(`/api/games/${state.id}/moves`);
    if (!r.ok) return;
    looked = { id: state.id, ...r.data };
  }
  lookingAt = Math.max(0, Math.min(looked.moves.length, ply));
  if (lookingAt === looked.moves.length) {
    backToGame();
    return;
  }
  const m = looked.moves[lookingAt - 1];
  board.show({
    fen: m ? m.fen : looked.start,
    legal: [],
    human: state.human,
    last: m ? { from: m.from, to: m.to } : null,
    check: m ? m.check : null,
  });
  setLookBack(lookingAt, lookBack);
  drawPanel(state, board.flipped);
  $("looking-words").textContent = lookingWords();
  $("looking").classList.remove("hidden");
}

function backToGame() {
  lookingAt = null;
  setLookBack(null, lookBack);
  $("looking").classList.add("hidden");
  if (state) {
    board.show(state);
    drawPanel(state, board.flipped);
  }
}
setLookBack(null, lookBack);

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
  personMoved = true;
  answered(await api(`/api/games/${state.id}/move`, { from, to, promotion }));
}

// A move typed in SAN, UCI or descriptive notation; the server reads it.
async function typed(text) {
  if (!state || !text.trim()) return;
  personMoved = true;
  const r = await api(`/api/games/${state.id}/typed`, { text });
  answered(r);
  if (r.ok) $("move-text").value = "";
}

// The server's answer to a move: the new state, or why it was not played.
function answered(r) {
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
$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  typed($("move-text").value);
});
$("hint").addEventListener("click", async () => {
  if (!state) return;
  const r = await api(`/api/games/${state.id}/hint`, {});
  if (r.ok) {
    board.showArrow(r.data.from, r.data.to);
    say(`Hint: ${r.data.san} (${r.data.score}).`, true);
  } else say(r.data.error || "no hint now");
});
$("back-to-game").addEventListener("click", backToGame);
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
