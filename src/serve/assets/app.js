// dama: the playing app's page.
//
// The page draws the board and turns taps, drags and keys into move
// requests. It never decides a rule: the legal moves with their paths
// and captured pieces, the reasons for refusals, hints, the computer's
// moves and the result all come from the server (the dama library).
// The page only narrows the legal moves it was sent to the ones that
// fit the squares tapped so far, to draw dots, paths and rings.
"use strict";

const S = 100;          // square size in SVG units
const M = 36;           // margin for the coordinates
const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  state: null,        // the server's view of the game
  flip: false,        // the player's Flip on top of "own side at the bottom"
  sel: null,          // { from, taps: [], ambiguous: null | square }
  cursor: null,       // { f, r } keyboard cursor
  hint: null,         // { version, move, stage }
  drag: null,         // pointer drag state
  want: null,         // what to send once connected
  left: false,        // "leave" sent, its answer not yet heard: late states of the old game are dropped
  retry: 0,
  lostAt: null,       // when the connection dropped (ms)
  opened: 0,          // connections opened so far
  heardAt: 0,         // when the server was last heard (performance.now(), ms)
  pingAt: null,       // when a ping went out that is not answered yet (ms)
  beatAt: 0,          // when the heartbeat last ran (ms)
  // A connection can die without closing (a phone that changed
  // networks): the page pings after `every` ms without a word from the
  // server and reconnects when the answer takes longer than `wait`.
  beat: { every: 10000, wait: 20000 },
  timer: null,
};

// ---------- storage ----------

const store = {
  get(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  },
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ }
  },
  del(key) {
    try { localStorage.removeItem(key); } catch (e) { /* private mode */ }
  },
};

// Each tab keeps its own game, so that two tabs of one browser do not
// overwrite each other's: each tab's game under its own key
// ("dama.tab:" and the tab's name, which lives in sessionStorage: a
// reload keeps it, a new tab has none), and the last game saved by any
// tab ("dama.game"), which a new tab continues. One key per tab, not one
// record of all tabs, so two tabs saving at once cannot undo each
// other's writes.
//
// A tab the browser duplicates starts with a copy of the other's
// sessionStorage, name included. So open tabs also mark their names
// ("dama.open:" and the name, dropped when the page goes away): a tab
// opened (not reloaded) under a name another page holds is a copy, and
// takes a new name with a copy of the game. A reload keeps its name
// (the page it replaces may drop its mark only after the new one looked).
//
// That first look cannot catch every copy: some browsers give a
// duplicated tab the navigation type of the tab it copies (a "reload"
// if that one was last reloaded), and a page restored from the
// back-forward cache may find its name taken meanwhile by a copy of its
// tab. So once up, and again after each such restore, a page asks the
// other open pages over a BroadcastChannel whether one holds its name;
// a page that does answers, and the asking page takes a new name with a
// copy of its game. (Two pages asking at once both answer, and both
// move on to new names: still no name shared.) A page on its way out
// (from `beforeunload`, which comes before the next page loads) does not
// answer, so the page of a reload gets no answer from the page it
// replaces.
const KEEP_TABS = 8;
const TAB_KEY = "dama.tab:";
const OPEN_KEY = "dama.open:";
const session = {
  get(key) { try { return sessionStorage.getItem(key); } catch (e) { return null; } },
  set(key, value) { try { sessionStorage.setItem(key, value); } catch (e) { /* private mode */ } },
};
// The keys of localStorage that start with `prefix`, oldest value first
// (by the number `at(value)` gives).
function keysOf(prefix, at) {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(prefix)) keys.push(k);
    }
  } catch (e) { return []; }
  return keys.map((k) => [k, at(store.get(k))]).sort((x, y) => x[1] - y[1]).map((x) => x[0]);
}
// Keeps the newest `n` keys of `prefix` (and `keep`, and those `held`
// says to keep whatever their age).
function trim(prefix, n, at, keep, held) {
  const keys = keysOf(prefix, at).filter((k) => k !== keep && !(held && held(k)));
  for (const k of keys.slice(0, Math.max(0, keys.length - (n - 1)))) store.del(k);
}
function reloaded() {
  try {
    const nav = performance.getEntriesByType("navigation")[0];
    return (nav && nav.type === "reload") || document.wasDiscarded === true;
  } catch (e) { return false; }
}
function newTabName() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
}
let TAB = (() => {
  store.del("dama.tabs"); // the one record of all tabs of an earlier page
  let name = session.get("dama.tab");
  if (!name || (!reloaded() && store.get(OPEN_KEY + name) !== null)) {
    const copied = name && store.get(TAB_KEY + name);
    name = newTabName();
    session.set("dama.tab", name);
    if (copied) store.set(TAB_KEY + name, Object.assign({}, copied, { tab: name, at: Date.now() }));
  }
  return name;
})();
function markOpen(open) {
  if (open) {
    store.set(OPEN_KEY + TAB, Date.now());
    // Pages that went away unseen (a crash) leave their marks: keep the last few.
    trim(OPEN_KEY, 32, (v) => Number(v) || 0, OPEN_KEY + TAB);
  } else {
    store.del(OPEN_KEY + TAB);
  }
}
markOpen(true);
// This page among the others of the browser (see above).
const PAGE = newTabName();
let tabs = null;
function openTabs() {
  if (typeof BroadcastChannel === "undefined") return;
  try { tabs = new BroadcastChannel("dama.tabs"); } catch (e) { return; }
  tabs.onmessage = (ev) => {
    const m = ev.data || {};
    if (m.name !== TAB || m.page === PAGE) return;
    if (m.t === "who" && Date.now() - leavingAt > LEAVING) tabs.postMessage({ t: "mine", name: TAB, page: PAGE, to: m.page });
    else if (m.t === "mine" && m.to === PAGE) renameTab();
  };
  tabs.postMessage({ t: "who", name: TAB, page: PAGE });
}
// When this page was last told it is about to go (a reload or another
// address); a navigation called off (a download) makes it stay, so the
// flag holds only for a few seconds.
let leavingAt = 0;
const LEAVING = 3000;
window.addEventListener("beforeunload", () => { leavingAt = Date.now(); });
// What this page last saved as its game (the other page may have
// written the shared key since).
let ownGame = null;
// Another open page holds this tab's name: this one moves to a new name
// with a copy of its own game. The old mark stays, as it is the other's too.
function renameTab() {
  const old = TAB;
  const game = ownGame || store.get(TAB_KEY + old);
  TAB = newTabName();
  session.set("dama.tab", TAB);
  if (game) store.set(TAB_KEY + TAB, Object.assign({}, game, { tab: TAB, at: Date.now() }));
  const last = store.get("dama.game");
  if (last && last.tab === old && ownGame && last.at === ownGame.at && game.mode !== "none") store.set("dama.game", Object.assign({}, game, { tab: TAB, at: Date.now() }));
  markOpen(true);
}
openTabs();
window.addEventListener("pagehide", () => {
  if (tabs) { tabs.close(); tabs = null; }
  markOpen(false);
});
window.addEventListener("pageshow", (ev) => {
  if (!ev.persisted) return;
  markOpen(true);
  openTabs();
});
function saveGame(game) {
  const saved = Object.assign({}, game, { tab: TAB, at: Date.now() });
  ownGame = saved;
  store.set(TAB_KEY + TAB, saved);
  store.set("dama.game", saved);
  // Only the games of the last few tabs are kept, and those of open pages.
  trim(TAB_KEY, KEEP_TABS, (v) => (v && v.at) || 0, TAB_KEY + TAB,
    (k) => store.get(OPEN_KEY + k.slice(TAB_KEY.length)) !== null);
}
// This tab has no game now (a reload shows the choice, not another
// tab's game).
function dropGame() {
  ownGame = { mode: "none", tab: TAB, at: Date.now() };
  store.set(TAB_KEY + TAB, ownGame);
  const last = store.get("dama.game");
  if (last && (!last.tab || last.tab === TAB)) store.del("dama.game");
}
function loadGame() {
  return store.get(TAB_KEY + TAB) || store.get("dama.game");
}

function seatTokens() { return store.get("dama.seats") || {}; }
function saveSeat(code, token) {
  const t = seatTokens();
  t[code] = token;
  store.set("dama.seats", t);
}

// ---------- connection ----------

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws`);
  app.ws = ws;
  ws.onopen = () => {
    app.opened++;
    app.retry = 0;
    app.lostAt = null;
    app.heardAt = performance.now();
    app.pingAt = null;
    // A new connection carries nothing of a game left before.
    app.left = false;
    showConnection();
    if (app.want) {
      send(app.want);
      if (app.want.t === "create") app.want = null;
    }
  };
  ws.onmessage = (ev) => {
    app.heardAt = performance.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    receive(msg);
  };
  ws.onclose = () => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (app.lostAt === null) app.lostAt = Date.now();
    showConnection();
    const delay = Math.min(5000, 300 * Math.pow(2, app.retry++));
    setTimeout(connect, delay);
  };
}

// Called every second: pings a connection that has been quiet for a
// while, and gives up on one whose ping went unanswered. Times are on
// the monotonic clock (a wall clock set forward must not drop a live
// connection). A timer that ran late (a background tab runs it as
// seldom as once a minute; a frozen tab not at all) may find the answer
// still queued behind it, so it pings afresh rather than giving up: in
// such a tab a dead connection is found once the tab is in view again.
const LATE = 3000; // the timer runs every second; three is late
function heartbeat(now) {
  const late = now - app.beatAt > LATE;
  app.beatAt = now;
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) return;
  if (late) {
    ping(now);
  } else if (awaiting()) {
    if (now - app.pingAt > app.beat.wait) dropConnection();
  } else if (now - app.heardAt >= app.beat.every) {
    ping(now);
  }
}

// A ping went out and nothing has been heard since.
function awaiting() {
  return app.pingAt !== null && app.heardAt < app.pingAt;
}

function ping(now) {
  if (send({ t: "ping" })) app.pingAt = now;
}

// The connection is dead without having closed: forget it and open a
// new one (its late close, if it ever comes, is ignored).
function dropConnection() {
  const ws = app.ws;
  app.ws = null;
  if (app.lostAt === null) app.lostAt = Date.now();
  try { ws.close(); } catch (e) { /* already closing */ }
  showConnection();
  connect();
}

// Asks at once whether the connection still works.
function checkConnection() {
  if (!awaiting()) ping(performance.now());
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

// What to send on every (re)connection: the current game.
function want(msg) {
  app.want = msg;
  send(msg);
}

function receive(msg) {
  switch (msg.t) {
    case "state": onState(msg); break;
    case "refused": onRefused(msg); break;
    case "hint": onHint(msg); break;
    case "seat": onSeat(msg); break;
    case "error": onError(msg); break;
    case "left": app.left = false; break;
    default: break;
  }
}

// ---------- messages from the server ----------

function onState(st) {
  // A state sent before the server read our "leave" (the computer's
  // reply to the last move, say) must not bring the old game back.
  if (app.left) return;
  const changed = !app.state || app.state.version !== st.version || app.state.variant !== st.variant;
  // Another board: the keyboard cursor starts again from the corner.
  if (!app.state || app.state.variant !== st.variant) app.cursor = null;
  app.state = st;
  if (changed) {
    app.sel = null;
    if (app.hint && app.hint.version !== st.version) app.hint = null;
  }
  if (st.mode === "solo" && st.you) {
    // A resignation is part of the game: it is not a move of the record.
    const r = st.result;
    const resigned = r && r.rule === "resignation" ? (r.winner === "white" ? "black" : "white") : null;
    const saved = {
      mode: "solo", variant: st.variant, level: st.level, human: st.you,
      start: st.start, moves: st.record, resigned,
    };
    saveGame(saved);
    // A new connection (the server restarted) continues this game.
    app.want = resumeOf(saved);
  }
  showGame();
  render();
  if (changed) say("");
}

// The message that continues a saved game against the computer.
function resumeOf(saved) {
  return {
    t: "resume", variant: saved.variant, level: saved.level, human: saved.human,
    start: saved.start, moves: saved.moves, resigned: saved.resigned || null,
  };
}

function onRefused(msg) {
  say(capital(msg.reason));
  app.sel = null;
  render();
  if (msg.square) shake(msg.square);
}

function onHint(msg) {
  if (!app.state || msg.version !== app.state.version) return;
  app.hint = { version: msg.version, move: msg.move, stage: 1 };
  const m = msg.move;
  if (m.from) {
    const p = pieceAt(m.from);
    say(`Hint: the ${p ? p.kind : "piece"} on ${m.from} is worth moving (press Hint again for the whole move).`, true);
  } else {
    say("Hint: you have no move; press Pass.", true);
  }
  render();
}

function onSeat(msg) {
  if (msg.token) saveSeat(msg.code, msg.token);
  saveGame({ mode: "room", code: msg.code });
  app.want = { t: "join", code: msg.code, token: msg.token || seatTokens()[msg.code] || null };
  const url = new URL(location.href);
  if (url.searchParams.get("room") !== msg.code) {
    url.searchParams.set("room", msg.code);
    history.replaceState(null, "", url);
  }
}

function onError(msg) {
  // The room of the game on the board is gone (it expired while this
  // page was away): back to the start, saying so.
  const gone = app.state && app.state.mode !== "solo" && /^there is no room with the code/.test(msg.message);
  if (gone) {
    app.state = null;
    app.sel = null;
    app.hint = null;
    const url = new URL(location.href);
    url.searchParams.delete("room");
    history.replaceState(null, "", url);
  }
  if (!app.state) {
    $("setup-message").textContent = capital(msg.message);
    // A room that is gone or a game that cannot be continued: back to the start.
    if (app.want && (app.want.t === "join" || app.want.t === "resume")) {
      app.want = null;
      dropGame();
      showSetup();
    }
  } else {
    say(capital(msg.message));
  }
}

// ---------- the game's helpers ----------

function myTurn() {
  const st = app.state;
  return !!(st && st.you && !st.result && st.turn === st.you && st.moves.length > 0);
}
// Ossetian and Gothic draughts: a player without a move passes, and
// `pass` (a move with no squares) is then the only legal move.
function mustPass() {
  return myTurn() && app.state.moves.length === 1 && !app.state.moves[0].from;
}
function pieceAt(sq) { return app.state ? app.state.pieces.find((p) => p.sq === sq) || null : null; }
function sqName(f, r) { return String.fromCharCode(97 + f) + (r + 1); }
function sqCoords(sq) { return { f: sq.charCodeAt(0) - 97, r: parseInt(sq.slice(1), 10) - 1 }; }
function last(a) { return a[a.length - 1]; }
function capital(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }
function flipped() {
  const st = app.state;
  const black = st && st.you === "black";
  return black !== app.flip;
}
// Screen position (column, row from the top) of a square.
function screen(sq) {
  const st = app.state;
  const { f, r } = sqCoords(sq);
  return flipped() ? { c: st.files - 1 - f, w: r } : { c: f, w: st.ranks - 1 - r };
}
function centre(sq) {
  const { c, w } = screen(sq);
  return { x: M + c * S + S / 2, y: w * S + S / 2 };
}
function squareAtPoint(x, y) {
  const st = app.state;
  const c = Math.floor((x - M) / S);
  const w = Math.floor(y / S);
  if (c < 0 || w < 0 || c >= st.files || w >= st.ranks) return null;
  return flipped() ? sqName(st.files - 1 - c, w) : sqName(c, st.ranks - 1 - w);
}
function movesFrom(sq) { return app.state.moves.filter((m) => m.from === sq); }
// True when the squares tapped appear in the path in order.
function fits(taps, path) {
  let i = 0;
  for (const p of path) if (i < taps.length && p === taps[i]) i++;
  return i === taps.length;
}
function candidates() {
  if (!app.sel) return [];
  return movesFrom(app.sel.from).filter((m) => fits(app.sel.taps, m.path));
}

// ---------- drawing ----------

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// The pieces, drawn by the project as SVG.
function drawPiece(g, p) {
  const kind = p.kind;
  if (kind === "king") {
    el("ellipse", { class: "body", cx: 0, cy: 10, rx: 37, ry: 27, "stroke-width": 3 }, g);
    el("ellipse", { class: "body", cx: 0, cy: -2, rx: 37, ry: 27, "stroke-width": 3 }, g);
    el("ellipse", { class: "line", cx: 0, cy: -2, rx: 26, ry: 18, "stroke-width": 2 }, g);
    el("path", { class: "crown", d: "M-19 4 L-22 -22 L-10 -10 L0 -28 L10 -10 L22 -22 L19 4 Z" }, g);
    return;
  }
  el("circle", { class: "body", r: 38, "stroke-width": 3 }, g);
  el("circle", { class: "line", r: 27, "stroke-width": 2 }, g);
  if (kind === "knight") {
    // A horse's head facing left.
    el("path", {
      class: "mark",
      d: "M14 24 L-14 24 L-12 14 Q-4 6 -6 -2 L-18 4 Q-24 2 -22 -4 L-8 -18 Q-6 -26 2 -26 L4 -20 Q18 -16 18 2 Q18 14 14 24 Z",
    }, g);
  } else if (kind === "commander") {
    // A five-pointed star.
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 === 0 ? 22 : 9;
      pts.push(`${(Math.cos(a) * rr).toFixed(1)},${(-Math.sin(a) * rr).toFixed(1)}`);
    }
    el("polygon", { class: "mark", points: pts.join(" ") }, g);
  } else if (kind === "pawn") {
    el("circle", { class: "mark", cx: 0, cy: -9, r: 8 }, g);
    el("path", { class: "mark", d: "M-13 18 Q-12 2 -5 -2 L5 -2 Q12 2 13 18 Z" }, g);
  }
}

function render() {
  const st = app.state;
  if (!st) return;
  const svg = $("board");
  const W = M + st.files * S + 8;
  const H = st.ranks * S + M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const playable = new Set(st.playable);
  const squares = el("g", {}, svg);
  for (let r = 0; r < st.ranks; r++) {
    for (let f = 0; f < st.files; f++) {
      const sq = sqName(f, r);
      const { c, w } = screen(sq);
      // On boards where every square is played, the colours still alternate.
      const dark = (f + r) % 2 === 0;
      el("rect", {
        x: M + c * S, y: w * S, width: S, height: S,
        class: dark ? "sq-dark" : "sq-light", "data-square": sq,
        "data-playable": playable.has(sq) ? "1" : "0",
      }, squares);
    }
  }
  // A numbered board (international, English, …) carries its square
  // numbers on the squares, as printed boards do; a board whose squares
  // are named (c3) carries letters and digits on its edges.
  const numbered = st.numbers && st.numbers.length === st.playable.length;
  if (numbered) {
    st.playable.forEach((sq, i) => {
      const { c, w } = screen(sq);
      const t = el("text", {
        x: M + c * S + 6, y: w * S + 20, class: "sq-number", "data-number": String(st.numbers[i]),
      }, squares);
      t.textContent = String(st.numbers[i]);
    });
  }
  for (let f = 0; f < st.files && !numbered; f++) {
    const { c } = screen(sqName(f, 0));
    const t = el("text", { x: M + c * S + S / 2, y: st.ranks * S + 26, "text-anchor": "middle", class: "coord" }, svg);
    t.textContent = String.fromCharCode(97 + f);
  }
  for (let r = 0; r < st.ranks && !numbered; r++) {
    const { w } = screen(sqName(0, r));
    const t = el("text", { x: M / 2, y: w * S + S / 2 + 8, "text-anchor": "middle", class: "coord" }, svg);
    t.textContent = String(r + 1);
  }
  const mark = (sq, cls) => {
    const { c, w } = screen(sq);
    return el("rect", { x: M + c * S, y: w * S, width: S, height: S, class: cls }, svg);
  };
  // The last move.
  if (st.last && st.last.from) {
    mark(st.last.from, "sq-last");
    for (const s of st.last.path) mark(s, "sq-last");
  }
  if (app.sel) mark(app.sel.from, "sq-selected").setAttribute("data-selected", app.sel.from);
  // Pieces.
  const pieces = el("g", {}, svg);
  for (const p of st.pieces) {
    const { x, y } = centre(p.sq);
    const g = el("g", {
      class: `piece p-${p.color}`, transform: `translate(${x} ${y})`,
      "data-square": p.sq, "data-kind": p.kind, "data-color": p.color,
    }, pieces);
    drawPiece(g, p);
  }
  const over = el("g", {}, svg);
  // Pieces that must capture, before a choice.
  if (myTurn() && !app.sel) {
    for (const s of st.must_capture) {
      const { x, y } = centre(s);
      el("circle", { cx: x, cy: y, r: 44, class: "must", "data-must": s }, over);
    }
  }
  // The selected piece: its paths, the pieces it takes, the dots.
  if (app.sel) {
    const cands = candidates();
    const from = centre(app.sel.from);
    const rings = new Set();
    for (const m of cands) {
      if (m.captured.length === 0) continue;
      const pts = [from].concat(m.path.map(centre)).map((p) => `${p.x},${p.y}`).join(" ");
      el("polyline", { points: pts, class: "capture-path", "data-path": m.text }, over);
      for (const s of m.captured) rings.add(s);
    }
    for (const s of rings) {
      const { x, y } = centre(s);
      el("circle", { cx: x, cy: y, r: 43, class: "capture-ring", "data-captured": s }, over);
    }
    const dests = new Set(cands.map((m) => last(m.path)));
    for (const s of dests) {
      const { x, y } = centre(s);
      el("circle", { cx: x, cy: y, r: 15, class: "dot", "data-dot": s }, over);
    }
    // Two paths to one square: the first landing squares that tell them apart.
    if (app.sel.ambiguous) {
      const same = cands.filter((m) => last(m.path) === app.sel.ambiguous);
      const ways = new Set();
      for (const m of same) {
        const step = m.path.find((s, i) => i < m.path.length - 1 && !app.sel.taps.includes(s)
          && same.some((o) => o !== m && !o.path.includes(s)));
        if (step) ways.add(step);
      }
      for (const s of ways) {
        const { x, y } = centre(s);
        el("circle", { cx: x, cy: y, r: 22, class: "dot waypoint", "data-waypoint": s }, over);
      }
    }
  }
  // The hint: the piece, then its path.
  if (app.hint && app.hint.move.from) {
    const m = app.hint.move;
    const a = centre(m.from);
    el("circle", { cx: a.x, cy: a.y, r: 45, class: "hint-ring", "data-hint": m.from }, over);
    if (app.hint.stage >= 2) {
      const pts = [a].concat(m.path.map(centre)).map((p) => `${p.x},${p.y}`).join(" ");
      el("polyline", { points: pts, class: "hint-path", "data-hint-path": m.text }, over);
      for (const s of m.captured) {
        const { x, y } = centre(s);
        el("circle", { cx: x, cy: y, r: 43, class: "capture-ring", "data-captured": s }, over);
      }
    }
  }
  // The keyboard cursor.
  if (app.cursor && document.activeElement === svg) {
    const sq = sqName(app.cursor.f, app.cursor.r);
    const { c, w } = screen(sq);
    el("rect", { x: M + c * S + 4, y: w * S + 4, width: S - 8, height: S - 8, class: "cursor", "data-cursor": sq }, svg);
  }
  renderSide();
}

function renderSide() {
  const st = app.state;
  $("game-title").textContent = st.title + (st.mode === "solo" ? ` · level ${st.level}` : "");
  const status = $("status");
  status.classList.toggle("over", !!st.result);
  if (st.result) {
    let head = "Draw";
    if (st.result.winner) {
      head = st.you ? (st.result.winner === st.you ? "You won" : "You lost") : `${capital(st.result.winner)} won`;
    }
    status.textContent = `${head}. ${capital(st.result.text)} (${st.result.score}).`;
  } else if (st.room && !st.room.seats.every((s) => s.taken)) {
    status.textContent = "Waiting for your friend to join with the code…";
  } else if (st.thinking) {
    status.textContent = st.mode === "solo" ? "The computer is thinking…" : `The computer is moving for ${st.turn}…`;
  } else if (mustPass()) {
    status.textContent = "You have no move: press Pass.";
  } else if (st.you && st.turn === st.you) {
    status.textContent = st.must_capture.length ? "Your move: capturing is compulsory." : "Your move.";
  } else if (st.you) {
    status.textContent = st.mode === "solo" ? "The computer's move." : "Your friend's move.";
  } else {
    status.textContent = `You are watching: ${st.turn} to move.`;
  }
  $("pass").hidden = !mustPass();
  $("hint").disabled = !myTurn();
  $("hint").hidden = st.mode !== "solo";
  $("undo").disabled = !st.can_undo;
  $("undo").hidden = st.mode !== "solo";
  $("resign").disabled = !myTurn();
  const rec = $("record");
  rec.replaceChildren();
  for (const m of st.record) {
    const li = document.createElement("li");
    li.textContent = m;
    rec.appendChild(li);
  }
  renderRoom();
}

function renderRoom() {
  const st = app.state;
  const panel = $("room-panel");
  if (!st.room) { panel.hidden = true; return; }
  panel.hidden = false;
  const code = st.room.code;
  $("room-code").textContent = code;
  const link = `${location.origin}/?room=${code}`;
  const a = $("room-link");
  a.href = link;
  a.textContent = link;
  const qr = $("room-qr");
  if (qr.getAttribute("src") !== `/qr/${code}`) qr.setAttribute("src", `/qr/${code}`);
  const seats = $("seats");
  seats.replaceChildren();
  ["white", "black"].forEach((color, i) => {
    const s = st.room.seats[i];
    const li = document.createElement("li");
    li.dataset.seat = color;
    const who = st.you === color ? "you" : (st.you ? "your friend" : color);
    let text = `${capital(color)} (${who}): `;
    if (!s.taken) text += "waiting for a player";
    else if (s.present) text += "here";
    else if (s.computer) text += "away; the computer moves for them until they return";
    else if (s.takeover_in !== null && s.takeover_in !== undefined) {
      text += `connection lost; the computer moves for them in `;
      li.dataset.deadline = String(Date.now() + s.takeover_in * 1000);
    } else text += "away";
    li.textContent = text;
    if (li.dataset.deadline) {
      const span = document.createElement("span");
      span.className = "countdown";
      li.appendChild(span);
    }
    seats.appendChild(li);
  });
  tick();
}

// Countdowns: a friend's absence, and one's own lost connection.
function tick() {
  for (const li of document.querySelectorAll("#seats li[data-deadline]")) {
    const left = Math.max(0, Math.ceil((Number(li.dataset.deadline) - Date.now()) / 1000));
    const span = li.querySelector(".countdown");
    if (left > 0) {
      if (span) span.textContent = `${left} s`;
    } else {
      // The wait is over; the computer moves when the absent player's
      // turn comes (the server's next state says so).
      li.removeAttribute("data-deadline");
      li.textContent = li.textContent.replace(/ in [^;]*$/, " on their turn");
    }
  }
  showConnection();
}

const CONNECTING = "Connecting to the server…";
function showConnection() {
  // The start page says so while no connection is up (what is chosen
  // there is sent once one is).
  const note = $("setup-message");
  const up = !!(app.ws && app.ws.readyState === WebSocket.OPEN);
  if (!up && !app.state && note.textContent === "") note.textContent = CONNECTING;
  else if (up && note.textContent === CONNECTING) note.textContent = "";
  const box = $("connection");
  if (app.lostAt === null || !app.state) { box.hidden = true; return; }
  box.hidden = false;
  const st = app.state;
  if (st.room && st.you) {
    const left = Math.max(0, Math.ceil((app.lostAt + st.room.wait * 1000 - Date.now()) / 1000));
    box.textContent = left > 0
      ? `Connection lost, reconnecting… In ${left} s the computer starts moving for you.`
      : "Connection lost, reconnecting… The computer is moving for you until you are back.";
  } else {
    box.textContent = "Connection lost, reconnecting…";
  }
}

function say(text, info) {
  const m = $("message");
  m.textContent = text || "";
  m.classList.toggle("info", !!info);
}

function shake(sq) {
  const g = document.querySelector(`#board .piece[data-square="${sq}"]`);
  if (!g) return;
  g.classList.remove("shake");
  void g.getBoundingClientRect();
  g.classList.add("shake");
  setTimeout(() => g.classList.remove("shake"), 500);
}

// ---------- playing ----------

function select(sq) {
  app.sel = { from: sq, taps: [], ambiguous: null };
  if (movesFrom(sq).length === 0) {
    // The server says why this piece cannot move.
    send({ t: "why", square: sq });
    app.sel = null;
  } else {
    say("");
  }
  render();
}

function play(path) {
  app.sel = null;
  send({ t: "move", path });
  render();
}

// A tap (or Enter) on a square.
function tap(sq) {
  const st = app.state;
  if (!st) return;
  if (st.result) { say("The game is over."); return; }
  if (!st.you) { say("You are watching: only the two players can move."); return; }
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) { say("Not connected: wait until the game is back."); return; }
  const piece = pieceAt(sq);
  if (!myTurn()) {
    if (piece && piece.color === st.you) shake(sq);
    say(st.thinking ? "Wait: the computer is thinking." : "Wait for your turn.");
    return;
  }
  if (!app.sel) {
    if (piece) select(sq);
    return;
  }
  if (sq === app.sel.from && app.sel.taps.length === 0) { app.sel = null; render(); return; }
  if (piece && piece.color === st.you && app.sel.taps.length === 0 && sq !== app.sel.from) {
    select(sq);
    return;
  }
  const taps = app.sel.taps.concat([sq]);
  const cands = movesFrom(app.sel.from).filter((m) => fits(taps, m.path));
  const ending = cands.filter((m) => last(m.path) === sq);
  if (ending.length === 1) {
    play([app.sel.from].concat(taps));
  } else if (ending.length > 1) {
    app.sel.ambiguous = sq;
    say(`Two paths lead to ${sq}: tap the first landing square first, then ${sq}.`, true);
    render();
  } else if (cands.length > 0) {
    app.sel.taps = taps;
    app.sel.ambiguous = null;
    render();
  } else {
    // Not a legal move: the server tells why.
    play([app.sel.from].concat(taps));
  }
}

// ---------- pointer: taps and drags ----------

function svgPoint(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function onPointerDown(ev) {
  if (!app.state || ev.button > 0) return;
  const p = svgPoint(ev);
  const sq = squareAtPoint(p.x, p.y);
  if (!sq) return;
  const piece = pieceAt(sq);
  app.drag = { sq, x: p.x, y: p.y, moved: false, piece, id: ev.pointerId };
  $("board").setPointerCapture(ev.pointerId);
  ev.preventDefault();
}

function onPointerMove(ev) {
  const d = app.drag;
  if (!d || ev.pointerId !== d.id) return;
  const p = svgPoint(ev);
  if (!d.moved && Math.hypot(p.x - d.x, p.y - d.y) < 18) return;
  if (!d.piece || !myTurn() || d.piece.color !== app.state.you) return;
  if (!d.moved) {
    d.moved = true;
    if (!app.sel || app.sel.from !== d.sq) {
      app.sel = { from: d.sq, taps: [], ambiguous: null };
      render();
    }
  }
  const g = document.querySelector(`#board .piece[data-square="${d.sq}"]`);
  if (g) {
    g.classList.add("dragging");
    g.setAttribute("transform", `translate(${p.x} ${p.y}) scale(1.1)`);
    g.parentNode.appendChild(g);
  }
}

function onPointerUp(ev) {
  const d = app.drag;
  if (!d || ev.pointerId !== d.id) return;
  app.drag = null;
  const p = svgPoint(ev);
  const sq = squareAtPoint(p.x, p.y);
  if (!d.moved) {
    if (sq) tap(sq);
    return;
  }
  if (!sq || sq === d.sq) { app.sel = null; render(); return; }
  const ending = movesFrom(d.sq).filter((m) => last(m.path) === sq);
  if (ending.length > 1) {
    app.sel = { from: d.sq, taps: [], ambiguous: sq };
    say(`Two paths lead to ${sq}: tap the first landing square first, then ${sq}.`, true);
    render();
    return;
  }
  play([d.sq, sq]);
}

// ---------- keyboard ----------

function onKey(ev) {
  const st = app.state;
  if (!st) return;
  if (!app.cursor) {
    const start = st.you === "black" ? sqName(st.files - 1, st.ranks - 1) : sqName(0, 0);
    app.cursor = sqCoords((app.sel && app.sel.from) || start);
  }
  const fl = flipped();
  let { f, r } = app.cursor;
  const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[ev.key];
  if (step) {
    const [df, dr] = fl ? [-step[0], -step[1]] : step;
    f = Math.min(st.files - 1, Math.max(0, f + df));
    r = Math.min(st.ranks - 1, Math.max(0, r + dr));
    app.cursor = { f, r };
    ev.preventDefault();
    render();
    return;
  }
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    tap(sqName(f, r));
    render();
  } else if (ev.key === "Escape") {
    app.sel = null;
    say("");
    render();
  }
}

// ---------- buttons ----------

function onHintButton() {
  if (!myTurn()) return;
  if (app.hint && app.hint.version === app.state.version) {
    app.hint.stage = 2;
    say(`Hint: play ${app.hint.move.text}.`, true);
    render();
  } else {
    say("Looking for a good move…", true);
    send({ t: "hint" });
  }
}

function onResign() {
  if (!myTurn()) return;
  const dlg = $("confirm-resign");
  if (typeof dlg.showModal === "function") {
    dlg.returnValue = "";
    dlg.showModal();
  } else if (confirm("Resign this game?")) {
    send({ t: "resign" });
  }
}

function newGame() {
  app.left = send({ t: "leave" });
  app.want = null;
  app.state = null;
  app.hint = null;
  app.sel = null;
  app.cursor = null;
  dropGame();
  const url = new URL(location.href);
  url.searchParams.delete("room");
  history.replaceState(null, "", url);
  showSetup();
}

function showSetup() {
  $("setup").hidden = false;
  $("game").hidden = true;
}

function showGame() {
  // The focus would be left on a hidden button (the one that started the
  // game); a keyboard player goes on from the board instead.
  const lost = $("setup").contains(document.activeElement);
  $("setup").hidden = true;
  $("game").hidden = false;
  if (lost) $("board").focus({ preventScroll: true });
  $("setup-message").textContent = "";
}

function formValue(name) {
  const el = document.querySelector(`input[name="${name}"]:checked`);
  return el ? el.value : null;
}

async function loadGames() {
  try {
    const res = await fetch("/api/games");
    const games = await res.json();
    const sel = $("variant");
    sel.replaceChildren();
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = g.title;
      sel.appendChild(o);
    }
  } catch (e) { /* keep Czech draughts */ }
}

function init() {
  loadGames();
  $("new-game").addEventListener("submit", (ev) => {
    ev.preventDefault();
    app.flip = false;
    app.state = null;
    want({ t: "new", variant: $("variant").value, level: Number(formValue("level")), color: formValue("color") });
  });
  $("create").addEventListener("click", () => {
    app.flip = false;
    app.state = null;
    // Sent now, or once connected if not yet: only once, as a second
    // would make a second room.
    const msg = { t: "create", variant: $("variant").value };
    app.want = send(msg) ? null : msg;
  });
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = $("join-code").value.trim().toUpperCase().replace(/[\s-]/g, "");
    if (!code) { $("setup-message").textContent = "Type the room code your friend gave you."; return; }
    app.flip = false;
    app.state = null;
    want({ t: "join", code, token: seatTokens()[code] || null });
  });
  $("pass").addEventListener("click", () => {
    if (!mustPass()) return;
    app.hint = null;
    app.sel = null;
    send({ t: "move", path: [] });
  });
  $("hint").addEventListener("click", onHintButton);
  $("undo").addEventListener("click", () => { app.hint = null; send({ t: "undo" }); });
  $("flip").addEventListener("click", () => { app.flip = !app.flip; render(); });
  $("resign").addEventListener("click", onResign);
  $("confirm-resign").addEventListener("close", () => {
    if ($("confirm-resign").returnValue === "yes") send({ t: "resign" });
  });
  $("new").addEventListener("click", newGame);
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { app.drag = null; render(); });
  board.addEventListener("keydown", onKey);
  board.addEventListener("focus", () => render());
  board.addEventListener("blur", () => render());
  app.beatAt = performance.now();
  app.timer = setInterval(() => { tick(); heartbeat(performance.now()); }, 1000);
  window.addEventListener("online", checkConnection);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) checkConnection(); });

  // Where to go on load: a room link, a saved game, or the choice.
  const room = new URL(location.href).searchParams.get("room");
  const saved = loadGame();
  if (room) {
    const code = room.toUpperCase();
    app.want = { t: "join", code, token: seatTokens()[code] || null };
  } else if (saved && saved.mode === "room") {
    app.want = { t: "join", code: saved.code, token: seatTokens()[saved.code] || null };
  } else if (saved && saved.mode === "solo") {
    app.want = resumeOf(saved);
  } else {
    showSetup();
  }
  connect();
}

init();
