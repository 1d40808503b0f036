// The history page: the person's games from the games' database, newest first and
// filtered by odds and result, how the person stands, and one game replayed move by
// move (buttons, the ← → Home End keys, a click on a move or on the graph) with
// Morphy's evaluation along it. Everything shown comes from the server as text.
import { Board } from "./board.js";
import { drawGraph, evalWords } from "./graph.js";
import { setUpLook } from "./look.js";

const $ = (id) => document.getElementById(id);
const board = new Board($("board"), () => {});
setUpLook(() => board.draw());
let replay = null;
let at = 0;
let evals = [];

async function getJson(path) {
  const r = await fetch(path);
  let data = {};
  try {
    data = await r.json();
  } catch (_) {
    data = { error: `${r.status} ${r.statusText}` };
  }
  return { ok: r.ok, data };
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

export function levelWords(level) {
  return level === null || level === undefined ? "full strength" : `Elo ${level}`;
}

function moves(plies) {
  return String(Math.ceil(plies / 2));
}

function showErrors(lines) {
  $("errors").textContent = lines.join("\n");
  $("errors").classList.toggle("hidden", lines.length === 0);
}

// The filters in the address, else none.
function filters() {
  const q = new URLSearchParams(location.search);
  return { odds: q.get("odds") || "all", result: q.get("result") || "all" };
}

function query(f) {
  const q = new URLSearchParams();
  if (f.odds !== "all") q.set("odds", f.odds);
  if (f.result !== "all") q.set("result", f.result);
  const s = q.toString();
  return s ? `?${s}` : "";
}

async function loadList() {
  const f = filters();
  $("odds").value = f.odds;
  $("result-filter").value = f.result;
  $("all-pgn").href = `/api/history/pgn${query(f)}`;
  const r = await getJson(`/api/history${query(f)}`);
  if (!r.ok) {
    showErrors([r.data.error || "the games cannot be read"]);
    return;
  }
  showErrors([]);
  $("kept-in").textContent = r.data.file ? `Kept in ${r.data.file}` : "";
  const body = $("games").querySelector("tbody");
  body.replaceChildren(
    ...r.data.games.map((g) => {
      const tr = document.createElement("tr");
      tr.dataset.id = g.id;
      tr.className = `row ${g.outcome}`;
      const date = document.createElement("td");
      const a = document.createElement("a");
      a.href = `/games/${encodeURIComponent(g.id)}`;
      a.textContent = new Date(g.created * 1000).toLocaleString();
      date.appendChild(a);
      const result = cell(g.outcome === "unfinished" ? "unfinished" : `${g.outcome} ${g.result}`);
      if (g.reason) result.title = g.reason;
      const odds = cell(g.odds);
      odds.title = g.odds_words;
      tr.append(date, odds, cell(g.rules), cell(levelWords(g.level)), cell(g.human), result, cell(moves(g.plies)));
      if (g.reason) {
        const why = document.createElement("div");
        why.className = "small-print";
        why.textContent = g.reason;
        result.appendChild(why);
      }
      tr.addEventListener("click", (e) => {
        if (e.target.tagName !== "A") open(g.id);
      });
      return tr;
    }),
  );
  $("none").classList.toggle("hidden", r.data.games.length > 0);
  if (r.data.standing) drawStanding(r.data.standing);
}

// How the person stands: the estimate of his strength, the next game to ask for, and
// the results per odds and level (when the server gives them).
function drawStanding(s) {
  if (s.estimate) {
    const e = s.estimate;
    $("estimate").textContent =
      `Your strength: about ${Math.round(e.elo)} Elo (95%: ${Math.round(e.low)} to ${Math.round(e.high)}), from ${e.games} finished game${e.games === 1 ? "" : "s"} at odds Morphy gave.`;
  } else {
    $("estimate").textContent = "Your strength: not estimated yet (no finished game at odds Morphy gave).";
  }
  if (s.suggestion) {
    const g = s.suggestion;
    $("suggestion").replaceChildren();
    const words = document.createElement("span");
    words.textContent = `Next game: ${g.odds} odds from Morphy at ${levelWords(g.level)}, where you are expected to score ${Math.round(g.expected * 100)}%. `;
    words.title = g.odds_words;
    const a = document.createElement("a");
    a.id = "play-suggested";
    a.className = "button";
    a.href = `/?${new URLSearchParams(g.params)}`;
    a.textContent = "Play it";
    $("suggestion").append(words, a);
  }
  const rows = s.tally || [];
  $("tally").classList.toggle("hidden", rows.length === 0);
  $("tally").querySelector("tbody").replaceChildren(
    ...rows.map((t) => {
      const tr = document.createElement("tr");
      const odds = cell(t.person_gives ? `${t.odds} (you gave)` : t.odds);
      odds.title = t.odds_words;
      tr.append(odds, cell(levelWords(t.level)), cell(String(t.won)), cell(String(t.drawn)), cell(String(t.lost)));
      return tr;
    }),
  );
}

// The position after `i` moves (0: the start).
function go(i) {
  if (!replay) return;
  at = Math.max(0, Math.min(replay.moves.length, i));
  const m = at === 0 ? null : replay.moves[at - 1];
  board.show({
    fen: m ? m.fen : replay.start,
    legal: [],
    human: replay.row.human,
    last: m ? { from: m.from, to: m.to } : null,
    check: m ? m.check : null,
  });
  const word = at === 0 ? "The start" : `After ${m.number} ${m.san}`;
  const e = evals[at];
  $("at").textContent = evals.length ? `${word}: ${evalWords(e)}` : word;
  for (const b of $("replay-moves").querySelectorAll("button")) {
    b.classList.toggle("current", Number(b.dataset.ply) === at);
  }
  const current = $("replay-moves").querySelector("button.current");
  if (current) current.scrollIntoView({ block: "nearest" });
  if (evals.length) drawGraph($("graph"), evals, at, go);
}

async function open(id, push = true) {
  if (push) history.pushState(null, "", `/games/${encodeURIComponent(id)}`);
  const r = await getJson(`/api/history/${encodeURIComponent(id)}`);
  if (!r.ok) {
    showErrors([r.data.error || "the game cannot be read"]);
    return;
  }
  showErrors([]);
  replay = r.data;
  evals = [];
  const g = replay.row;
  $("replay").classList.remove("hidden");
  $("replay-title").textContent =
    `${new Date(g.created * 1000).toLocaleString()}: ${g.odds_words}`;
  $("replay-game").textContent =
    `${replay.game}. Morphy at ${levelWords(g.level)}; you played ${g.human}. ` +
    (g.outcome === "unfinished" ? "Not finished." : `${g.result}: ${g.reason || g.outcome}.`);
  $("replay-pgn").href = `/api/history/${encodeURIComponent(id)}/pgn`;
  $("go-on").href = `/game/${encodeURIComponent(id)}`;
  $("go-on").classList.toggle("hidden", g.outcome !== "unfinished");
  board.flipped = g.human === "black";
  $("replay-moves").replaceChildren(
    ...replay.moves.map((m, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.ply = String(i + 1);
      b.textContent = `${m.number} ${m.san}`;
      b.addEventListener("click", () => go(i + 1));
      li.appendChild(b);
      return li;
    }),
  );
  go(replay.moves.length);
  $("graph-note").textContent = "searching…";
  const e = await getJson(`/api/history/${encodeURIComponent(id)}/evals`);
  if (!replay || replay.row.id !== id) return;
  if (e.ok) {
    evals = e.data.evals;
    $("graph-note").textContent = `${e.data.nodes} nodes a position, White's side`;
    go(at);
  } else {
    $("graph-note").textContent = e.data.error || "";
  }
}

function fromAddress() {
  const m = location.pathname.match(/^\/games\/([0-9a-f]+)$/);
  if (m) open(m[1], false);
  else {
    replay = null;
    $("replay").classList.add("hidden");
  }
}

document.addEventListener("keydown", (e) => {
  if (!replay || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: replay.moves.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  go(to);
});
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(at - 1));
$("forward").addEventListener("click", () => go(at + 1));
$("last").addEventListener("click", () => replay && go(replay.moves.length));
$("filters").addEventListener("change", () => {
  const f = { odds: $("odds").value, result: $("result-filter").value };
  history.replaceState(null, "", `${location.pathname}${query(f)}`);
  loadList();
});
window.addEventListener("popstate", fromAddress);

const choices = await getJson("/api/choices");
if (choices.ok) {
  $("odds").append(...choices.data.odds.map((o) => new Option(o.name, o.name)));
}
await loadList();
fromAddress();
